import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { REVENUE_MESSAGE } from './enquiry';
import { MAX_ORGANIZATION_CHOICE_NAME } from './organizationChoice';
import { countryCode, CURRENCY, optionalAmount, optionalText, requiredText } from './rules';

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
  isProvider: 'IsProvider',
  defaultRegions: 'DefaultRegions',
  userCount: 'UserCount',
  seatsUsed: 'SeatsUsed',
  seatCapacity: 'SeatCapacity',
  licenceExpiresOn: 'LicenceExpiresOn',
} as const satisfies FieldMap;

/** How far ahead the organisation list's "licence expiring" filter looks. */
export const LICENCE_EXPIRY_WARNING_DAYS = 30;

/** How many default regions one organisation may name. */
export const MAX_DEFAULT_REGIONS = 20;

const REGION_CODE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * What the provider's organisation form sends: every field of the organisation as it was
 * onboarded, and the regions its data and services live in by default (codes of the regions master).
 */
export const organizationInput = z.object({
  companyName: requiredText('Enter the company name'),
  addressLine1: optionalText(300),
  addressLine2: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  /** Kept for callers that still send it; the country's name follows from countryCode. */
  country: optionalText(100),
  countryCode: countryCode(),
  pincode: optionalText(20),
  contactName: optionalText(200),
  designation: optionalText(100),
  currencyCode: requiredText(CURRENCY.message, 100)
    .refine((code) => code === '' || CURRENCY.regex.test(code), CURRENCY.message)
    .transform((code) => code.toUpperCase()),
  clientType: optionalText(MAX_ORGANIZATION_CHOICE_NAME),
  natureOfBusiness: optionalText(200),
  businessVertical: optionalText(MAX_ORGANIZATION_CHOICE_NAME),
  revenueUsd: optionalAmount(REVENUE_MESSAGE),
  defaultRegions: z
    .array(z.string({ error: 'Choose regions from the list' }).regex(REGION_CODE, 'Choose regions from the list'), {
      error: 'Choose regions from the list',
    })
    .max(MAX_DEFAULT_REGIONS, `Choose at most ${MAX_DEFAULT_REGIONS} regions`)
    .transform((codes) => [...new Set(codes)]),
});

export type OrganizationInput = z.input<typeof organizationInput>;
export type OrganizationDetails = z.output<typeof organizationInput>;
