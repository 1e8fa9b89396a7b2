import type { FieldMap } from './fieldMap';

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
