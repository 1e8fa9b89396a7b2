import { PLAN_REST_FIELDS, PRODUCT_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { ManagedPlanRecord, ManagedProductRecord } from '../../datasources/types';
import type { ManagedPlanFilter, ManagedPlanSortField, ManagedProductSortField, Resolvers } from '../../generated/graphql';
import { namingFields, userErrorsOf } from '../../errors';
import { superAdmin } from '../../guards';
import { listPage, type ListSpec } from '../../lists';
import { readRestFields } from '../restFields';

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

const refusedProduct = (error: unknown) => ({ product: null, errors: userErrorsOf(error, PRODUCT_REST_FIELDS) });

/** A refused change as the payload's errors, naming the input's fields; anything else is thrown. */
const refusedPlan = (error: unknown) => ({ plan: null, errors: userErrorsOf(error, FIELDS) });

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
    createProduct: superAdmin(async (_parent, { input }, ctx) => {
      try {
        return { product: await ctx.dataSources.platform.createProduct(toRestFields(PRODUCT_REST_FIELDS, input)), errors: [] };
      } catch (error) {
        return refusedProduct(error);
      }
    }),
    updateProduct: superAdmin(async (_parent, { input: { id, ...product } }, ctx) => {
      try {
        return { product: await ctx.dataSources.platform.updateProduct(id, toRestFields(PRODUCT_REST_FIELDS, product)), errors: [] };
      } catch (error) {
        return refusedProduct(error);
      }
    }),
    createPlan: superAdmin(async (_parent, { input }, ctx) => {
      try {
        return { plan: await ctx.dataSources.platform.createPlan(toRestFields(FIELDS, input)), errors: [] };
      } catch (error) {
        return refusedPlan(error);
      }
    }),
    updatePlan: superAdmin(async (_parent, { input: { id, ...changes } }, ctx) => {
      try {
        return { plan: await ctx.dataSources.platform.updatePlan(id, toRestFields(FIELDS, changes)), errors: [] };
      } catch (error) {
        return refusedPlan(error);
      }
    }),
    setPlanRetired: superAdmin(async (_parent, { input: { id, retired } }, ctx) => {
      try {
        return { plan: await ctx.dataSources.platform.updatePlan(id, { [FIELDS.retired]: retired }), errors: [] };
      } catch (error) {
        return refusedPlan(error);
      }
    }),
    deletePlan: superAdmin(async (_parent, { input: { id } }, ctx) => {
      try {
        await ctx.dataSources.platform.deletePlan(id);
        return { deletedId: id, errors: [] };
      } catch (error) {
        return { deletedId: null, errors: userErrorsOf(error, FIELDS) };
      }
    }),
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
