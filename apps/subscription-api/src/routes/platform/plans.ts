import { z } from 'zod';
import { PLAN_REST_FIELDS, planChangesInput, planInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { recordById, recordQuery, type ResourceDefinition, recordOf } from '#http/resource';
import { listRoute, route } from '#http/route';
import { changeRecord, createRecord, deleteRecord, type Master } from '#domain/masters';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const PLANS_PATH = '/platform/subscription_plan_master';

/** Every plan, retired ones too, with how many licences hold it: the plan master the provider keeps. */
export const managedPlanFields = {
  PlanId: { sql: 'pl.plan_id', type: 'int' },
  ProductId: { sql: 'pl.product_id', type: 'int' },
  ProductName: { sql: 'p.product_name', type: 'text', searchable: true },
  PlanName: {
    sql: 'pl.plan_name',
    type: 'text',
    searchable: true,
    sort: { index: 'plans_plan_name_sort_idx', by: 'lower(pl.plan_name)' },
  },
  PlanGroup: { sql: 'pl.plan_group', type: 'text', searchable: true, sort: { index: 'plans_plan_group_sort_idx' } },
  Cost: { sql: 'pl.cost', type: 'number', sort: { index: 'plans_cost_sort_idx' } },
  Currency: { sql: 'pl.currency', type: 'text' },
  Frequency: { sql: 'pl.frequency', type: 'text' },
  Capacity: { sql: 'pl.capacity', type: 'int', sort: { index: 'plans_capacity_sort_idx' } },
  Retired: { sql: 'NOT pl.is_active', type: 'bool' },
  LicenceCount: { sql: '(SELECT count(*)::int FROM licences l WHERE l.plan_id = pl.plan_id)', type: 'int' },
  // Sign-up enquiries name their plan too, and must keep it: a plan either holds is kept, retired instead.
  Deletable: {
    sql: 'NOT EXISTS (SELECT 1 FROM licences l WHERE l.plan_id = pl.plan_id) AND NOT EXISTS (SELECT 1 FROM enquiries e WHERE e.plan_id = pl.plan_id)',
    type: 'bool',
  },
} satisfies ResourceDefinition['fields'];

export const managedPlans: ResourceDefinition = {
  from: 'plans pl JOIN products p ON p.product_id = pl.product_id',
  fields: managedPlanFields,
  tieBreaker: 'pl.plan_id',
};

/** A new plan in the provider's field names, with the rules the console's form checks. */
export const planBody = requestSchema('PlanForm', restSchema(planInput, PLAN_REST_FIELDS));
/** A plan's changed terms; `Retired` takes it off sale (or puts it back) without touching its terms. */
export const planChangesBody = requestSchema(
  'PlanChanges',
  restSchema(planChangesInput, PLAN_REST_FIELDS)
    .partial()
    .extend({ Retired: z.boolean({ error: 'Retired is true or false' }).optional() })
    .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send at least one field to change'),
);
export const planQuery = recordQuery('PlanId');

type PlanRow = z.output<typeof planBody> & {
  PlanId: number;
  ProductName: string;
  Retired: boolean;
  LicenceCount: number;
  Deletable: boolean;
};

const COLUMNS = {
  PlanName: 'plan_name',
  PlanGroup: 'plan_group',
  Cost: 'cost',
  Currency: 'currency',
  Frequency: 'frequency',
  Capacity: 'capacity',
} as const;

const DUPLICATE_NAME = 'This product already has a plan of that name';

const plan: Master<PlanRow, 'plan'> = {
  entity: 'plan',
  table: 'plans',
  key: 'plan_id',
  query: planQuery,
  idField: 'PlanId',
  read: (db, planId, lock) => recordById(db, managedPlans, 'pl.plan_id', planId, lock ? 'pl' : undefined),
  // What the audit log keeps of a plan: its terms and whether it is on sale.
  described: ({ ProductId, PlanName, PlanGroup, Cost, Currency, Frequency, Capacity, Retired }) => ({
    ProductId,
    PlanName,
    PlanGroup,
    Cost,
    Currency,
    Frequency,
    Capacity,
    Retired,
  }),
  duplicates: { plans_product_plan_name_key: [DUPLICATE_NAME, 'PlanName'] },
};

async function nameTaken(db: Queryable, productId: number, name: string, exceptPlanId: number | null) {
  const [row] = await db.query(
    'SELECT 1 FROM plans WHERE product_id = $1 AND lower(plan_name) = lower($2) AND plan_id IS DISTINCT FROM $3',
    [productId, name, exceptPlanId],
  );
  return Boolean(row);
}

export const managedPlanRecord = answerSchema('ManagedPlan', recordOf(managedPlanFields));

/** The plan master for the provider's SuperAdmins: list, add, change, retire and delete plans. */
export const platformPlanRoutes = [
  listRoute({
    path: PLANS_PATH,
    access: 'superAdmin',
    operationId: 'listManagedPlans',
    tag: 'Platform',
    summary: 'Every plan, retired ones too, with the number of licences holding it (SuperAdmins)',
    resource: managedPlans,
    rows: 'Plans',
    record: managedPlanRecord,
  }),

  route(
    {
      method: 'post',
      path: PLANS_PATH,
      access: 'superAdmin',
      operationId: 'createPlan',
      idempotent: true,
      tag: 'Platform',
      summary: 'Add a plan to a product on sale; it is offered at once',
      body: planBody,
      responses: {
        201: { description: 'The new plan', body: managedPlanRecord },
        400: refused('BAD_REQUEST naming the field: missing, too long, out of the column’s range, or a product not on sale (ProductId)'),
        409: refused('CONFLICT (field PlanName): the product already has a plan of that name'),
      },
    },
    createRecord(plan, planBody, async (tx, body) => {
      const [product] = await tx.query('SELECT 1 FROM products WHERE product_id = $1 AND is_active', [body.ProductId]);
      if (!product) throw new HttpError('BAD_REQUEST', 'Choose a product from the list', 'ProductId');
      if (await nameTaken(tx, body.ProductId, body.PlanName, null)) throw new HttpError('CONFLICT', DUPLICATE_NAME, 'PlanName');
      const [row] = await tx.query<{ plan_id: number }>(
        `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING plan_id`,
        [body.ProductId, body.PlanName, body.PlanGroup, body.Cost, body.Currency, body.Frequency, body.Capacity],
      );
      return row!.plan_id;
    }),
  ),

  route(
    {
      method: 'patch',
      path: PLANS_PATH,
      access: 'superAdmin',
      operationId: 'updatePlan',
      tag: 'Platform',
      summary: 'Change a plan’s terms, or retire it (Retired: true) so it is no longer offered; licences keep it',
      query: planQuery,
      body: planChangesBody,
      responses: {
        200: { description: 'The plan as changed', body: managedPlanRecord },
        400: refused('BAD_REQUEST naming the field, or no field to change'),
        404: refused('NOT_FOUND: no such plan'),
        409: refused('CONFLICT (field PlanName): the product already has a plan of that name'),
      },
    },
    changeRecord(plan, planChangesBody, verbOf, async (tx, planId, changes, before) => {
      if (changes.PlanName !== undefined && (await nameTaken(tx, before.ProductId, changes.PlanName, planId))) {
        throw new HttpError('CONFLICT', DUPLICATE_NAME, 'PlanName');
      }
      const sets: string[] = [];
      const params: unknown[] = [planId];
      for (const [field, column] of Object.entries(COLUMNS)) {
        const value = changes[field as keyof typeof COLUMNS];
        if (value !== undefined) sets.push(`${column} = $${params.push(value)}`);
      }
      if (changes.Retired !== undefined) sets.push(`is_active = $${params.push(!changes.Retired)}`);
      await tx.query(`UPDATE plans SET ${sets.join(', ')} WHERE plan_id = $1`, params);
    }),
  ),

  route(
    {
      method: 'delete',
      path: PLANS_PATH,
      access: 'superAdmin',
      operationId: 'deletePlan',
      tag: 'Platform',
      summary: 'Delete a plan no licence or enquiry uses',
      query: planQuery,
      responses: {
        204: { description: 'Deleted' },
        400: refused('BAD_REQUEST: the plan is not named as PlanId=eq.<id>'),
        404: refused('NOT_FOUND: no such plan'),
        409: refused('CONFLICT (field PlanId): licences or enquiries use the plan; retire it instead'),
      },
    },
    deleteRecord(plan, async (tx, { PlanId, PlanName }) => {
      const [use] = await tx.query<{ licences: number; enquiries: number }>(
        `SELECT (SELECT count(*)::int FROM licences WHERE plan_id = $1) AS licences,
                (SELECT count(*)::int FROM enquiries WHERE plan_id = $1) AS enquiries`,
        [PlanId],
      );
      return use!.licences > 0 || use!.enquiries > 0 ? inUseMessage(PlanName, use!) : null;
    }),
  ),
];

/** Retiring or reinstating is its own entry in the log; any other change is an update. */
function verbOf(changed: Record<string, unknown>): 'retire' | 'reinstate' | 'update' {
  if (Object.keys(changed).length === 1 && 'Retired' in changed) return changed.Retired ? 'retire' : 'reinstate';
  return 'update';
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function inUseMessage(name: string, use: { licences: number; enquiries: number }): string {
  const holders = [
    use.licences ? count(use.licences, 'licence', 'licences') : null,
    use.enquiries ? count(use.enquiries, 'sign-up enquiry', 'sign-up enquiries') : null,
  ].filter(Boolean);
  return `${name} is used by ${holders.join(' and ')}: retire it instead, so it is no longer offered`;
}
