import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { recordId } from './rules';

/** A new licence: the product and one of its plans; validity and seats come from the plan. */
export const licenceInput = z.object({
  productId: recordId('Choose a product'),
  planId: recordId('Choose a plan'),
});

export type LicenceInput = z.input<typeof licenceInput>;

/** Another plan of the same product for a licence. */
export const licencePlanInput = z.object({
  planId: recordId('Choose a plan'),
});

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
