import { PLAN_REST_FIELDS, PRODUCT_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { ManagedPlanRecord, ManagedProductRecord } from '#datasources/types';
import type { ManagedPlanFilter, ManagedPlanSortField, ManagedProductSortField, Resolvers } from '#generated/graphql';
import { namingFields } from '#errors';
import { superAdmin, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = PLAN_REST_FIELDS;

const PLAN_MASTER: ListSpec<ManagedPlanFilter, ManagedPlanSortField> = {
  search: [FIELDS.name, FIELDS.planGroup, FIELDS.productName],
  filter: {
    productId: [FIELDS.productId, 'eq'],
    retired: [FIELDS.retired, 'eq'],
  },
  sort: {
    NAME: FIELDS.name,
    PLAN_GROUP: FIELDS.planGroup,
    COST: FIELDS.cost,
    CAPACITY: FIELDS.capacity,
  },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

const PRODUCT_MASTER: ListSpec<Record<never, never>, ManagedProductSortField> = {
  search: [PRODUCT_REST_FIELDS.name, PRODUCT_REST_FIELDS.code, PRODUCT_REST_FIELDS.domain],
  filter: {},
  sort: { NAME: PRODUCT_REST_FIELDS.name, CODE: PRODUCT_REST_FIELDS.code },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

export const platformResolvers: Resolvers = {
  Query: {
    planMaster: superAdmin((_parent, args, ctx) =>
      listPage(args, PLAN_MASTER, (params) => ctx.dataSources.platform.listPlans(params).catch(namingFields(FIELDS))),
    ),
    productMaster: superAdmin((_parent, args, ctx) =>
      listPage(args, PRODUCT_MASTER, (params) => ctx.dataSources.platform.listProducts(params).catch(namingFields(PRODUCT_REST_FIELDS))),
    ),
  },
  Mutation: {
    createProduct: superAdmin(
      withUserErrors(PRODUCT_REST_FIELDS, { product: null })(async (_parent, { input }, ctx) => ({
        product: await ctx.dataSources.platform.createProduct(toRestFields(PRODUCT_REST_FIELDS, input)),
      })),
    ),
    updateProduct: superAdmin(
      withUserErrors(PRODUCT_REST_FIELDS, { product: null })(async (_parent, { input: { id, ...product } }, ctx) => ({
        product: await ctx.dataSources.platform.updateProduct(id, toRestFields(PRODUCT_REST_FIELDS, product)),
      })),
    ),
    createPlan: superAdmin(
      withUserErrors(FIELDS, { plan: null })(async (_parent, { input }, ctx) => ({
        plan: await ctx.dataSources.platform.createPlan(toRestFields(FIELDS, input)),
      })),
    ),
    updatePlan: superAdmin(
      withUserErrors(FIELDS, { plan: null })(async (_parent, { input: { id, ...changes } }, ctx) => ({
        plan: await ctx.dataSources.platform.updatePlan(id, toRestFields(FIELDS, changes)),
      })),
    ),
    setPlanRetired: superAdmin(
      withUserErrors(FIELDS, { plan: null })(async (_parent, { input: { id, retired } }, ctx) => ({
        plan: await ctx.dataSources.platform.updatePlan(id, { [FIELDS.retired]: retired }),
      })),
    ),
    deletePlan: superAdmin(
      withUserErrors(FIELDS, { deletedId: null })(async (_parent, { input: { id } }, ctx) => {
        await ctx.dataSources.platform.deletePlan(id);
        return { deletedId: id };
      }),
    ),
  },
  ManagedProduct: {
    ...readRestFields<ManagedProductRecord>()(PRODUCT_REST_FIELDS),
    id: (product) => String(product.ProductId),
  },
  ManagedPlan: {
    ...readRestFields<ManagedPlanRecord>()(FIELDS),
    id: (plan) => String(plan.PlanId),
    productId: (plan) => String(plan.ProductId),
  },
};
