import { enquiryInput } from '@yozy/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_ENQUIRY, ENQUIRY_FIELDS, planOptionLabel, submitEnquiryInput, thanksText } from './enquiryForm';

describe('the enquiry fields', () => {
  it('show every field of the shared enquiry schema once (the country by its code, whose name follows), so each of its messages has a place', () => {
    expect(new Set(ENQUIRY_FIELDS).size).toBe(ENQUIRY_FIELDS.length);
    expect([...ENQUIRY_FIELDS].sort()).toEqual(
      Object.keys(enquiryInput.shape)
        .filter((field) => field !== 'country')
        .sort(),
    );
  });

  it('start empty', () => {
    expect(Object.values(EMPTY_ENQUIRY).every((value) => value === '')).toBe(true);
  });

  it('name every required field of an empty form', () => {
    const result = enquiryInput.safeParse(EMPTY_ENQUIRY);
    expect(new Set(result.error?.issues.map((issue) => issue.path[0]))).toEqual(
      new Set(['companyName', 'adminFirstName', 'adminLastName', 'adminEmail', 'contactName', 'contactEmail', 'productId', 'planId']),
    );
  });
});

describe('submitEnquiryInput', () => {
  it('sends the checked enquiry with its ids as GraphQL IDs and the captcha', () => {
    const enquiry = enquiryInput.parse({
      ...EMPTY_ENQUIRY,
      companyName: ' Oscorp Labs ',
      revenueUsd: '2,500,000',
      currencyCode: 'usd',
      adminFirstName: 'Norman',
      adminLastName: 'Osborn',
      adminEmail: 'norman@oscorp.example',
      contactName: 'Harry Osborn',
      contactEmail: 'harry@oscorp.example',
      productId: '2',
      planId: '3',
    });
    expect(submitEnquiryInput(enquiry, 'solved')).toMatchObject({
      companyName: 'Oscorp Labs',
      city: null,
      revenueUsd: 2_500_000,
      currencyCode: 'USD',
      productId: '2',
      planId: '3',
      captcha: 'solved',
    });
  });
});

describe('planOptionLabel', () => {
  it('shows cost, currency, frequency and seats', () => {
    const plan = { id: '4', name: 'Web Enterprise', cost: 4900, currency: 'USD', frequency: 'YEARLY', capacity: 500 };
    expect(planOptionLabel(plan)).toBe('Web Enterprise — 4,900.00 USD yearly, 500 seats');
    expect(planOptionLabel({ ...plan, cost: 9.5, capacity: 1, frequency: 'MONTHLY' })).toBe('Web Enterprise — 9.50 USD monthly, 1 seat');
  });
});

describe('thanksText', () => {
  it('names the company and the address we write to', () => {
    expect(thanksText('Oscorp Labs', 'norman@oscorp.example')).toBe(
      "Thank you. Your enquiry for Oscorp Labs is waiting for the provider's approval; we will write to norman@oscorp.example.",
    );
  });
});
