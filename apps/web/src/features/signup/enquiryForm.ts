import type { Enquiry, EnquiryInput } from '@yozy/shared';
import type { ProductListQuery, SubmitEnquiryInput } from '@/generated/graphql';
import { frequencyLabel } from '@/lib/labels';
import { formatMoney, formatNumber } from '@/lib/numbers';

/** A field of the enquiry, as the shared enquiry schema and the GraphQL input name it. */
export type EnquiryField = keyof EnquiryInput;

export type Product = ProductListQuery['products'][number];
export type Plan = Product['plans'][number];

/** The fields chosen from a list: the standard lists of countries and currencies, the provider's of verticals and types. */
export type ListField = 'countryCode' | 'currencyCode' | 'clientType' | 'businessVertical';

type TextField = {
  name: Exclude<EnquiryField, 'productId' | 'planId' | 'country'>;
  /** Chosen from this list rather than typed. */
  list?: ListField;
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
    description: 'The organization that will subscribe.',
    fields: [
      { name: 'companyName', label: 'Company name', required: true, autoComplete: 'organization', wide: true },
      { name: 'clientType', label: 'Client type', list: 'clientType' },
      { name: 'natureOfBusiness', label: 'Nature of business' },
      { name: 'businessVertical', label: 'Business vertical', list: 'businessVertical' },
      { name: 'revenueUsd', label: 'Annual revenue (USD)', inputMode: 'decimal', placeholder: '2500000' },
      { name: 'currencyCode', label: 'Currency', list: 'currencyCode' },
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
      { name: 'countryCode', label: 'Country', list: 'countryCode', autoComplete: 'country' },
      { name: 'pincode', label: 'Pincode', autoComplete: 'postal-code' },
    ],
  },
  {
    title: 'Administrator',
    description: 'The person who will manage the organization in the console. We write to this address.',
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

export const EMPTY_ENQUIRY = Object.fromEntries(ENQUIRY_FIELDS.map((field) => [field, ''])) as Record<EnquiryField, string>;

/** The mutation's input from the checked enquiry: ids as GraphQL IDs. */
// The country goes by its code alone: its name follows on the server.
export function submitEnquiryInput({ productId, planId, country: _name, ...enquiry }: Enquiry, captcha: string): SubmitEnquiryInput {
  return { ...enquiry, productId: String(productId), planId: String(planId), captcha };
}

/** One line per plan for the select: name, cost, currency, frequency and seats. */
export function planOptionLabel(plan: Plan): string {
  const seats = `${formatNumber(plan.capacity)} ${plan.capacity === 1 ? 'seat' : 'seats'}`;
  return `${plan.name} — ${formatMoney(plan.cost, plan.currency)} ${frequencyLabel(plan.frequency).toLowerCase()}, ${seats}`;
}

export const thanksText = (company: string, adminEmail: string) =>
  `Thank you. Your enquiry for ${company} is waiting for the provider's approval; we will write to ${adminEmail}.`;
