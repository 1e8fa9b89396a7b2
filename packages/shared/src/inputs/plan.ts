import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { requiredNumber } from './numbers';
import { CURRENCY, recordId, requiredText } from './rules';
import { PLAN_GROUP_MESSAGE, PLAN_GROUPS } from '../planGroups';

/** How often a plan's price is charged: the plans table allows these two. */
export const PLAN_FREQUENCIES = ['MONTHLY', 'YEARLY'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

export const PLAN_COST_MESSAGE = 'Enter the cost as a number of 0 or more, at most 9,999,999,999.99';
/** The largest capacity an `integer` column holds. */
export const MAX_PLAN_CAPACITY = 2_147_483_647;
export const PLAN_CAPACITY_MESSAGE = `Enter the number of users as a whole number from 1 to ${MAX_PLAN_CAPACITY.toLocaleString('en-US')}`;

/** A required amount of money that fits the plans table's `numeric(12, 2)` cost. */
const planCost = requiredNumber({ message: PLAN_COST_MESSAGE, decimals: 2, min: 0, max: 10 ** 10 - 0.01 });

/** Seats: a whole number the `integer` column holds, typed or sent as a number. */
const planCapacity = requiredNumber({ message: PLAN_CAPACITY_MESSAGE, decimals: 0, min: 1, max: MAX_PLAN_CAPACITY });

/** What a plan is and costs, whether new or changed (a plan stays with the product it was made for). */
const planFields = {
  name: requiredText('Enter the plan name', 100),
  // A closed list: the group decides where people go after setting a password (MICROSAAS: the lite product).
  planGroup: z.enum(PLAN_GROUPS, { error: PLAN_GROUP_MESSAGE }),
  cost: planCost,
  currency: requiredText('Enter the currency', 3)
    .refine((code) => CURRENCY.regex.test(code), CURRENCY.message)
    .transform((code) => code.toUpperCase()),
  frequency: z.enum(PLAN_FREQUENCIES, { error: 'Choose monthly or yearly' }),
  capacity: planCapacity,
};

/** A new plan of a product, in the GraphQL input's names. */
export const planInput = z.object({ productId: recordId('Choose a product'), ...planFields });
/** A plan's changed terms, in the GraphQL input's names. */
export const planChangesInput = z.object(planFields);

export type PlanInput = z.input<typeof planInput>;
export type Plan = z.output<typeof planInput>;
export type PlanChangesInput = z.input<typeof planChangesInput>;

/** A plan's fields as the provider's REST service names them (the plan master of the specification). */
export const PLAN_REST_FIELDS = {
  id: 'PlanId',
  productId: 'ProductId',
  productName: 'ProductName',
  name: 'PlanName',
  planGroup: 'PlanGroup',
  cost: 'Cost',
  currency: 'Currency',
  frequency: 'Frequency',
  capacity: 'Capacity',
  retired: 'Retired',
  licenceCount: 'LicenceCount',
  deletable: 'Deletable',
} as const satisfies FieldMap;
