import { PLAN_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { ManagedPlanRecord } from '../../datasources/types';
import type { ManagedPlanFilter, ManagedPlanSortField, Resolvers } from '../../generated/graphql';
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

/** A refused change as the payload's errors, naming the input's fields; anything else is thrown. */
const refusedPlan = (error: unknown) => ({ plan: null, errors: userErrorsOf(error, FIELDS) });

export const platformResolvers: Resolvers = {
  Query: {
    planMaster: superAdmin((_parent, args, ctx) =>
      listPage(args, PLAN_MASTER, (params) => ctx.dataSources.platform.listPlans(params).catch(namingFields(FIELDS))),
    ),
  },
  Mutation: {
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
  ManagedPlan: {
    ...readRestFields<ManagedPlanRecord>()(FIELDS),
    id: (plan) => String(plan.PlanId),
    productId: (plan) => String(plan.ProductId),
  },
};
