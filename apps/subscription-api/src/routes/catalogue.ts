import { type ResourceDefinition, recordOf } from '#http/resource';
import { listRoute } from '#http/route';
import { answerSchema } from '#openapi/components';

/** The product master of SPEC section 3: what the provider sells, for the public sign-up form. */
export const productFields = {
  ProductId: { sql: 'p.product_id', type: 'int' },
  ProductName: { sql: 'p.product_name', type: 'text', sort: { index: 'products_product_name_sort_idx', by: 'lower(p.product_name)' } },
  ProductCode: { sql: 'p.product_code', type: 'text' },
  Domain: { sql: 'p.domain', type: 'text' },
  IncludedProducts: { sql: 'p.included_products', type: 'textList' },
} satisfies ResourceDefinition['fields'];

/** The plan master: PlanGroup MICROSAAS marks the lite tier (SPEC section 4). */
export const planFields = {
  PlanId: { sql: 'pl.plan_id', type: 'int' },
  ProductId: { sql: 'pl.product_id', type: 'int' },
  PlanName: { sql: 'pl.plan_name', type: 'text' },
  PlanGroup: { sql: 'pl.plan_group', type: 'text' },
  Cost: { sql: 'pl.cost', type: 'number', sort: { index: 'plans_cost_sort_idx' } },
  Currency: { sql: 'pl.currency', type: 'text' },
  Frequency: { sql: 'pl.frequency', type: 'text' },
  Capacity: { sql: 'pl.capacity', type: 'int' },
} satisfies ResourceDefinition['fields'];

// Only what is on sale: withdrawn products and plans stay in the tables for old licences.
export const products: ResourceDefinition = {
  from: 'products p',
  where: 'p.is_active',
  fields: productFields,
  tieBreaker: 'p.product_id',
};

export const plans: ResourceDefinition = {
  from: 'plans pl JOIN products p ON p.product_id = pl.product_id',
  where: 'pl.is_active AND p.is_active',
  fields: planFields,
  tieBreaker: 'pl.plan_id',
};

export const productRecord = answerSchema('Product', recordOf(productFields));
export const planRecord = answerSchema('Plan', recordOf(planFields));

/** Public: the sign-up form lists products and plans before anyone has an account. */
export const catalogueRoutes = [
  listRoute({
    path: '/subscription_product_master',
    access: 'public',
    operationId: 'listProducts',
    tag: 'Catalogue',
    summary: 'Products on sale (public)',
    resource: products,
    rows: 'Rows on sale',
    record: productRecord,
  }),

  listRoute({
    path: '/subscription_plan_master',
    access: 'public',
    operationId: 'listPlans',
    tag: 'Catalogue',
    summary: 'Plans on sale (public); PlanGroup MICROSAAS is the lite tier',
    resource: plans,
    rows: 'Rows on sale',
    record: planRecord,
  }),
];
