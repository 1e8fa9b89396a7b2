import type { Resolvers } from '#generated/graphql';
import { readRestFields } from '#resolvers/restFields';
import type { PlanRecord, ProductWithPlans } from '#datasources/types';

export const catalogueResolvers: Resolvers = {
  Query: {
    async products(_parent, _args, { dataSources }) {
      const [products, plans] = await Promise.all([dataSources.catalogue.listProducts(), dataSources.catalogue.listPlans()]);
      return products.map((product) => ({ ...product, plans: plans.filter((plan) => plan.ProductId === product.ProductId) }));
    },
  },
  Product: {
    id: (p) => String(p.ProductId),
    ...readRestFields<ProductWithPlans>()({ name: 'ProductName', code: 'ProductCode', domain: 'Domain', plans: 'plans' }),
  },
  Plan: {
    id: (p) => String(p.PlanId),
    ...readRestFields<PlanRecord>()({
      name: 'PlanName',
      planGroup: 'PlanGroup',
      cost: 'Cost',
      currency: 'Currency',
      frequency: 'Frequency',
      capacity: 'Capacity',
    }),
  },
};
