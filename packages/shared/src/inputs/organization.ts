import type { FieldMap } from './fieldMap';

/** An organisation's (client's) fields: the GraphQL name of each, and the REST service's. */
export const ORGANIZATION_REST_FIELDS = {
  id: 'ClientId',
  companyName: 'ClientCompanyName',
  dateOnboarded: 'DateOnboarded',
  addressLine1: 'AddressLine1',
  addressLine2: 'AddressLine2',
  city: 'City',
  state: 'State',
  country: 'Country',
  countryCode: 'CountryCode',
  pincode: 'Pincode',
  contactName: 'ClientContactName',
  designation: 'ClientDesignation',
  currencyCode: 'CurrencyCode',
  clientType: 'ClientType',
  natureOfBusiness: 'NatureOfBusiness',
  businessVertical: 'BusinessVertical',
  revenueUsd: 'ClientRevenueInUSD',
  isActive: 'IsActive',
  userCount: 'UserCount',
  seatsUsed: 'SeatsUsed',
  seatCapacity: 'SeatCapacity',
  licenceExpiresOn: 'LicenceExpiresOn',
} as const satisfies FieldMap;

/** How far ahead the organisation list's "licence expiring" filter looks. */
export const LICENCE_EXPIRY_WARNING_DAYS = 30;
