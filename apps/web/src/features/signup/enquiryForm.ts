import type { ProductListQuery, SubmitEnquiryInput } from '../../generated/graphql';
import { emailError, requiredError } from '../../lib/formChecks';
import { splitUserErrors, type FormOutcome, type UserErrorLike } from '../../lib/userErrors';

/** Every field of the public enquiry (SubmitEnquiryInput without the captcha), as typed. */
export type EnquiryField = Exclude<keyof SubmitEnquiryInput, 'captcha'>;
export type EnquiryValues = Record<EnquiryField, string>;
export type EnquiryErrors = Partial<Record<EnquiryField, string>>;

export type Product = ProductListQuery['products'][number];
export type Plan = Product['plans'][number];

type TextField = {
  name: Exclude<EnquiryField, 'productId' | 'planId'>;
  label: string;
  required?: boolean;
  type?: 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'decimal' | 'email' | 'tel';
  placeholder?: string;
  /** Spans both columns of the section. */
  wide?: boolean;
};

export type EnquirySection = { title: string; description: string; fields: TextField[] };

/** The form's sections in order (the subscription section, with its selects, comes last). */
export const ENQUIRY_SECTIONS: EnquirySection[] = [
  {
    title: 'Company',
    description: 'The organisation that will subscribe.',
    fields: [
      { name: 'companyName', label: 'Company name', required: true, autoComplete: 'organization', wide: true },
      { name: 'clientType', label: 'Client type', placeholder: 'Enterprise, SMB, Government…' },
      { name: 'natureOfBusiness', label: 'Nature of business' },
      { name: 'businessVertical', label: 'Business vertical', wide: true },
      { name: 'revenueUsd', label: 'Annual revenue (USD)', inputMode: 'decimal', placeholder: '2500000' },
      { name: 'currencyCode', label: 'Currency code', placeholder: 'USD' },
    ],
  },
  {
    title: 'Address',
    description: 'Where the company is registered.',
    fields: [
      { name: 'addressLine1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
      { name: 'addressLine2', label: 'Address line 2', autoComplete: 'address-line2', wide: true },
      { name: 'city', label: 'City', autoComplete: 'address-level2' },
      { name: 'state', label: 'State', autoComplete: 'address-level1' },
      { name: 'country', label: 'Country', autoComplete: 'country-name' },
      { name: 'countryCode', label: 'Country code', autoComplete: 'country', placeholder: 'US' },
      { name: 'pincode', label: 'Pincode', autoComplete: 'postal-code' },
    ],
  },
  {
    title: 'Administrator',
    description: 'The person who will manage the organisation in the console. We write to this address.',
    fields: [
      { name: 'adminFirstName', label: 'First name', required: true, autoComplete: 'given-name' },
      { name: 'adminLastName', label: 'Last name', required: true, autoComplete: 'family-name' },
      { name: 'adminEmail', label: 'Email', required: true, type: 'email', inputMode: 'email', autoComplete: 'email' },
      { name: 'adminPhone', label: 'Phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
      { name: 'adminDepartment', label: 'Department' },
    ],
  },
  {
    title: 'Contact',
    description: 'Who we talk to about the subscription.',
    fields: [
      { name: 'contactName', label: 'Name', required: true },
      { name: 'contactDesignation', label: 'Designation' },
      { name: 'contactEmail', label: 'Email', required: true, type: 'email', inputMode: 'email' },
      { name: 'contactPhone', label: 'Phone', type: 'tel', inputMode: 'tel' },
    ],
  },
];

export const ENQUIRY_FIELDS: readonly EnquiryField[] = [
  ...ENQUIRY_SECTIONS.flatMap((s) => s.fields.map((f) => f.name)),
  'productId',
  'planId',
];

export const EMPTY_ENQUIRY = Object.fromEntries(ENQUIRY_FIELDS.map((field) => [field, ''])) as EnquiryValues;

const MISSING: Partial<Record<EnquiryField, string>> = {
  companyName: 'Enter the company name',
  adminFirstName: "Enter the administrator's first name",
  adminLastName: "Enter the administrator's last name",
  contactName: 'Enter the contact name',
  productId: 'Choose a product',
  planId: 'Choose a plan',
};

export const REVENUE_MESSAGE = 'Enter the revenue as a number of 0 or more';
export const CURRENCY_MESSAGE = 'Enter a three-letter currency code such as USD';

/** "2,500,000" and " 2500000.50 " are numbers; empty is "not given". */
function parseRevenue(value: string): number | null | undefined {
  const text = value.replace(/[,\s]/g, '');
  if (!text) return null;
  const amount = Number(text);
  return /^\d+(\.\d+)?$/.test(text) && Number.isFinite(amount) ? amount : undefined;
}

/** Checks done before calling the server (which checks them again, and more). */
export function validateEnquiry(values: EnquiryValues): EnquiryErrors {
  const errors: EnquiryErrors = {};
  for (const [field, missing] of Object.entries(MISSING) as [EnquiryField, string][]) {
    const problem = requiredError(values[field], missing);
    if (problem) errors[field] = problem;
  }
  const adminEmail = emailError(values.adminEmail, "Enter the administrator's email address");
  if (adminEmail) errors.adminEmail = adminEmail;
  const contactEmail = emailError(values.contactEmail, "Enter the contact's email address");
  if (contactEmail) errors.contactEmail = contactEmail;
  if (parseRevenue(values.revenueUsd) === undefined) errors.revenueUsd = REVENUE_MESSAGE;
  if (values.currencyCode.trim() && !/^[A-Za-z]{3}$/.test(values.currencyCode.trim())) errors.currencyCode = CURRENCY_MESSAGE;
  return errors;
}

/** The mutation's input: trimmed, blanks left out, revenue as a number. Call after validateEnquiry. */
export function toEnquiryInput(values: EnquiryValues, captcha: string): SubmitEnquiryInput {
  const optional = (value: string) => value.trim() || undefined;
  return {
    companyName: values.companyName.trim(),
    addressLine1: optional(values.addressLine1),
    addressLine2: optional(values.addressLine2),
    city: optional(values.city),
    state: optional(values.state),
    country: optional(values.country),
    countryCode: optional(values.countryCode),
    pincode: optional(values.pincode),
    currencyCode: optional(values.currencyCode)?.toUpperCase(),
    clientType: optional(values.clientType),
    natureOfBusiness: optional(values.natureOfBusiness),
    businessVertical: optional(values.businessVertical),
    revenueUsd: parseRevenue(values.revenueUsd) ?? undefined,
    adminFirstName: values.adminFirstName.trim(),
    adminLastName: values.adminLastName.trim(),
    adminEmail: values.adminEmail.trim(),
    adminPhone: optional(values.adminPhone),
    adminDepartment: optional(values.adminDepartment),
    contactName: values.contactName.trim(),
    contactDesignation: optional(values.contactDesignation),
    contactEmail: values.contactEmail.trim(),
    contactPhone: optional(values.contactPhone),
    productId: values.productId,
    planId: values.planId,
    captcha,
  };
}

/** The values after `field` changed: a new product drops the plan, which belonged to the old one. */
export function enquiryAfterChange(values: EnquiryValues, field: EnquiryField, value: string): EnquiryValues {
  const next = { ...values, [field]: value };
  if (field === 'productId' && value !== values.productId) next.planId = '';
  return next;
}

/** Server errors under the fields they name; the rest above the form. */
export function enquiryOutcome(errors: readonly UserErrorLike[]): FormOutcome<EnquiryField> {
  return splitUserErrors(errors, ENQUIRY_FIELDS);
}

const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "monthly", "yearly"… from the plan master's MONTHLY, YEARLY. */
export const frequencyLabel = (frequency: string) => frequency.toLowerCase();

/** One line per plan for the select: name, cost, currency, frequency and seats. */
export function planOptionLabel(plan: Plan): string {
  const seats = `${amount.format(plan.capacity)} ${plan.capacity === 1 ? 'seat' : 'seats'}`;
  return `${plan.name} — ${amount.format(plan.cost)} ${plan.currency} ${frequencyLabel(plan.frequency)}, ${seats}`;
}

export const thanksText = (company: string, adminEmail: string) =>
  `Thank you. Your enquiry for ${company} is waiting for the provider's approval; we will write to ${adminEmail}.`;
