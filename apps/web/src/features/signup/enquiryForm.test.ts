import { EMAIL_FORMAT_MESSAGE } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_MESSAGE,
  EMPTY_ENQUIRY,
  ENQUIRY_FIELDS,
  enquiryAfterChange,
  enquiryOutcome,
  planOptionLabel,
  REVENUE_MESSAGE,
  thanksText,
  toEnquiryInput,
  validateEnquiry,
  type EnquiryValues,
} from './enquiryForm';

const complete: EnquiryValues = {
  ...EMPTY_ENQUIRY,
  companyName: ' Oscorp Labs ',
  adminFirstName: 'Norman',
  adminLastName: 'Osborn',
  adminEmail: 'norman@oscorp.example',
  contactName: 'Harry Osborn',
  contactEmail: 'harry@oscorp.example',
  productId: '2',
  planId: '3',
};

describe('the enquiry fields', () => {
  it('cover every field of SubmitEnquiryInput but the captcha, once', () => {
    expect(new Set(ENQUIRY_FIELDS).size).toBe(ENQUIRY_FIELDS.length);
    expect(ENQUIRY_FIELDS).toHaveLength(24);
    expect(Object.values(EMPTY_ENQUIRY).every((value) => value === '')).toBe(true);
  });
});

describe('validateEnquiry', () => {
  it('names every required field of an empty form', () => {
    expect(Object.keys(validateEnquiry(EMPTY_ENQUIRY)).sort()).toEqual(
      ['adminEmail', 'adminFirstName', 'adminLastName', 'companyName', 'contactEmail', 'contactName', 'planId', 'productId'].sort(),
    );
  });

  it('accepts a form with only the required fields', () => {
    expect(validateEnquiry(complete)).toEqual({});
  });

  it('checks the email format, the revenue and the currency code', () => {
    const errors = validateEnquiry({ ...complete, adminEmail: 'norman@', contactEmail: 'harry', revenueUsd: '-5', currencyCode: 'US' });
    expect(errors).toEqual({
      adminEmail: EMAIL_FORMAT_MESSAGE,
      contactEmail: EMAIL_FORMAT_MESSAGE,
      revenueUsd: REVENUE_MESSAGE,
      currencyCode: CURRENCY_MESSAGE,
    });
    expect(validateEnquiry({ ...complete, revenueUsd: '2,500,000.50', currencyCode: 'inr' })).toEqual({});
  });
});

describe('toEnquiryInput', () => {
  it('trims, leaves blanks out and reads the revenue as a number', () => {
    const input = toEnquiryInput({ ...complete, city: '  ', revenueUsd: '2,500,000', currencyCode: 'usd' }, 'solved');
    expect(input).toMatchObject({
      companyName: 'Oscorp Labs',
      city: undefined,
      revenueUsd: 2_500_000,
      currencyCode: 'USD',
      captcha: 'solved',
    });
  });
});

describe('enquiryAfterChange', () => {
  it('drops the plan when the product changes, and only then', () => {
    expect(enquiryAfterChange(complete, 'productId', '1').planId).toBe('');
    expect(enquiryAfterChange(complete, 'productId', '2').planId).toBe('3');
    expect(enquiryAfterChange(complete, 'city', 'New York')).toEqual({ ...complete, city: 'New York' });
  });
});

describe('enquiryOutcome', () => {
  it('puts the duplicate-enquiry conflict under the admin email', () => {
    const message = 'An enquiry for this email is already waiting for approval';
    expect(enquiryOutcome([{ code: 'CONFLICT', field: 'adminEmail', message }])).toEqual({
      fieldErrors: { adminEmail: message },
      formError: null,
    });
    expect(enquiryOutcome([{ code: 'CAPTCHA_FAILED', field: 'captcha', message: 'x' }])).toEqual({ fieldErrors: {}, formError: 'x' });
  });
});

describe('planOptionLabel', () => {
  it('shows cost, currency, frequency and seats', () => {
    const plan = { id: '4', name: 'Web Enterprise', cost: 4900, currency: 'USD', frequency: 'YEARLY', capacity: 500 };
    expect(planOptionLabel(plan)).toBe('Web Enterprise — 4,900 USD yearly, 500 seats');
    expect(planOptionLabel({ ...plan, cost: 9.5, capacity: 1, frequency: 'MONTHLY' })).toBe('Web Enterprise — 9.5 USD monthly, 1 seat');
  });
});

describe('thanksText', () => {
  it('names the company and the address we write to', () => {
    expect(thanksText('Oscorp Labs', 'norman@oscorp.example')).toBe(
      "Thank you. Your enquiry for Oscorp Labs is waiting for the provider's approval; we will write to norman@oscorp.example.",
    );
  });
});
