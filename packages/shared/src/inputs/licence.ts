import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { recordId } from './rules';

export { onePeriodAfter } from '../period';

/** A licence's fields as the REST service names them. */
export const LICENCE_REST_FIELDS = {
  id: 'LicenceId',
  organizationId: 'ClientId',
  productId: 'ProductId',
  productName: 'ProductName',
  planId: 'PlanId',
  planName: 'PlanName',
  cost: 'Cost',
  currency: 'Currency',
  frequency: 'Frequency',
  capacity: 'Capacity',
  validTill: 'ValidTill',
  isActive: 'IsActive',
  planGroup: 'PlanGroup',
  seatsUsed: 'SeatsUsed',
  seatsCapacity: 'SeatsCapacity',
} as const satisfies FieldMap;

export const VALID_TILL_MESSAGE = 'Enter the last valid day as a date, such as 2027-01-31';

/** A calendar date written YYYY-MM-DD that exists (no 31st of June). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 9999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const validTill = z
  .string({ error: VALID_TILL_MESSAGE })
  .trim()
  .refine((value) => isCalendarDay(value), VALID_TILL_MESSAGE);

/** The provider gives an organisation a licence for one active plan of a product, until a day. */
export const addLicenceInput = z.object({
  organizationId: recordId('Choose an organization'),
  productId: recordId('Choose a product'),
  planId: recordId('Choose a plan'),
  validTill,
});

/** A licence runs on to a later last day. */
export const extendLicenceInput = z.object({ id: recordId('Choose a licence'), validTill });

/** A licence moves to another active plan of its product. */
export const changeLicencePlanInput = z.object({ id: recordId('Choose a licence'), planId: recordId('Choose a plan') });

/** A licence is switched off (its seats are lost) or back on. */
export const setLicenceActiveInput = z.object({
  id: recordId('Choose a licence'),
  isActive: z.boolean({ error: 'Say whether the licence is active: true or false' }),
});

export type AddLicenceInput = z.input<typeof addLicenceInput>;
export type ExtendLicenceInput = z.input<typeof extendLicenceInput>;
export type ChangeLicencePlanInput = z.input<typeof changeLicencePlanInput>;
export type SetLicenceActiveInput = z.input<typeof setLicenceActiveInput>;
