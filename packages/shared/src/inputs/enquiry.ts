import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { MAX_ORGANIZATION_CHOICE_NAME } from './organizationChoice';
import { countryCode, CURRENCY, emailAddress, optionalAmount, optionalText, PHONE, recordId, requiredText } from './rules';

export const REVENUE_MESSAGE = 'Enter the revenue as a number of 0 or more';

/** A company's request to subscribe (the public sign-up form), in the GraphQL input's names. */
export const enquiryInput = z.object({
  companyName: requiredText('Enter the company name'),
  addressLine1: optionalText(300),
  addressLine2: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  /** Kept for callers that still send it; the country's name follows from countryCode. */
  country: optionalText(100),
  countryCode: countryCode(),
  pincode: optionalText(20),
  currencyCode: optionalText(3, CURRENCY).transform((code) => code?.toUpperCase() ?? null),
  clientType: optionalText(MAX_ORGANIZATION_CHOICE_NAME),
  natureOfBusiness: optionalText(200),
  businessVertical: optionalText(MAX_ORGANIZATION_CHOICE_NAME),
  revenueUsd: optionalAmount(REVENUE_MESSAGE),
  adminFirstName: requiredText("Enter the administrator's first name", 100),
  adminLastName: requiredText("Enter the administrator's last name", 100),
  adminEmail: emailAddress("Enter the administrator's email address"),
  adminPhone: optionalText(32, PHONE),
  adminDepartment: optionalText(100),
  contactName: requiredText('Enter the contact name'),
  contactDesignation: optionalText(100),
  contactEmail: emailAddress("Enter the contact's email address"),
  contactPhone: optionalText(32, PHONE),
  productId: recordId('Choose a product'),
  planId: recordId('Choose a plan'),
});

export type EnquiryInput = z.input<typeof enquiryInput>;
export type Enquiry = z.output<typeof enquiryInput>;

/** The enquiry's fields as the provider's REST service names them. */
export const ENQUIRY_REST_FIELDS = {
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
  adminFirstName: 'AdminFirstname',
  adminLastName: 'AdminLastname',
  adminEmail: 'AdminEmail',
  adminPhone: 'AdminPhone',
  adminDepartment: 'AdminDepartment',
  contactName: 'ContactName',
  contactDesignation: 'ContactDesignation',
  contactEmail: 'ContactEmail',
  contactPhone: 'ContactPhone',
  productId: 'ProductId',
  planId: 'PlanId',
} as const satisfies FieldMap<keyof EnquiryInput & string>;
