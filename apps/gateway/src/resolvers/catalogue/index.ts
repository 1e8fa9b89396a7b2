import type { Resolvers } from '#generated/graphql';

export const catalogueResolvers: Resolvers = {
  Query: {
    async products(_parent, _args, { dataSources }) {
      const [products, plans] = await Promise.all([dataSources.catalogue.listProducts(), dataSources.catalogue.listPlans()]);
      return products.map((product) => ({ ...product, plans: plans.filter((plan) => plan.ProductId === product.ProductId) }));
    },
  },
  Product: {
    id: (p) => String(p.ProductId),
    name: (p) => p.ProductName,
    code: (p) => p.ProductCode,
    domain: (p) => p.Domain,
    plans: (p) => p.plans,
  },
  Plan: {
    id: (p) => String(p.PlanId),
    name: (p) => p.PlanName,
    planGroup: (p) => p.PlanGroup,
    cost: (p) => p.Cost,
    currency: (p) => p.Currency,
    frequency: (p) => p.Frequency,
    capacity: (p) => p.Capacity,
  },
};
