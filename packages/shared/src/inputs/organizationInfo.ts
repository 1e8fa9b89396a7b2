import { z } from 'zod';
import { enquiryInput } from './enquiry';
import type { FieldMap } from './fieldMap';
import { CURRENCY, optionalText, requiredText } from './rules';

export const MAX_DEFAULT_REGIONS = 10;
const REGION_CODE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An organisation's own fields as the provider edits them on its info tab, with its default regions. */
export const organizationInfoInput = enquiryInput
  .pick({
    companyName: true,
    addressLine1: true,
    addressLine2: true,
    city: true,
    state: true,
    country: true,
    countryCode: true,
    pincode: true,
    clientType: true,
    natureOfBusiness: true,
    businessVertical: true,
    revenueUsd: true,
    contactName: true,
  })
  .extend({
    designation: optionalText(100),
    // The organisation's currency is always known (it prices its licences): required, unlike on the sign-up form.
    currencyCode: requiredText(CURRENCY.message, 3)
      .refine((code) => CURRENCY.regex.test(code), CURRENCY.message)
      .transform((code) => code.toUpperCase()),
    defaultRegions: z
      .array(z.string().regex(REGION_CODE, 'Choose regions from the list'), { error: 'Choose regions from the list' })
      .max(MAX_DEFAULT_REGIONS, `Choose at most ${MAX_DEFAULT_REGIONS} regions`)
      .transform((codes) => [...new Set(codes)]),
  });

export type OrganizationInfoInput = z.input<typeof organizationInfoInput>;

/** The info tab's fields as the REST service names them. */
export const ORGANIZATION_INFO_REST_FIELDS = {
  companyName: 'ClientCompanyName',
  addressLine1: 'AddressLine1',
  addressLine2: 'AddressLine2',
  city: 'City',
  state: 'State',
  country: 'Country',
  countryCode: 'CountryCode',
  pincode: 'Pincode',
  currencyCode: 'CurrencyCode',
  clientType: 'ClientType',
  natureOfBusiness: 'NatureOfBusiness',
  businessVertical: 'BusinessVertical',
  revenueUsd: 'ClientRevenueInUSD',
  contactName: 'ClientContactName',
  designation: 'ClientDesignation',
  defaultRegions: 'DefaultRegions',
} as const satisfies FieldMap<keyof OrganizationInfoInput & string>;
