import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ENQUIRY_REST_FIELDS, enquiryInput, REVENUE_MESSAGE } from './enquiry';
import { fromRestField, restSchema, toRestFields } from './fieldMap';
import { ORGANIZATION_REST_FIELDS } from './organization';
import { CONTROL_CHARACTER_MESSAGE, optionalAmount, optionalText, requiredText } from './rules';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('text rules', () => {
  it('trims, and refuses blank required text with its own message', () => {
    expect(requiredText('Enter the name').parse('  Acme  ')).toBe('Acme');
    expect(firstMessage(requiredText('Enter the name').safeParse('   '))).toBe('Enter the name');
  });

  it.each(['Ac\u0000me', 'line\nbreak', 'tab\there', 'del\u007F', 'c1\u0085'])('refuses control characters in %j', (value) => {
    expect(firstMessage(requiredText('Enter it').safeParse(value))).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(firstMessage(optionalText().safeParse(value))).toBe(CONTROL_CHARACTER_MESSAGE);
  });

  it('keeps unicode, quotes and markup as text', () => {
    expect(requiredText('x').parse('Ünïcødé 日本 <b>"x"</b>; DROP TABLE')).toBe('Ünïcødé 日本 <b>"x"</b>; DROP TABLE');
  });

  it('stores blank optional text as null and bounds its length', () => {
    expect(optionalText().parse('  ')).toBeNull();
    expect(optionalText().parse(undefined)).toBeNull();
    expect(firstMessage(optionalText(5).safeParse('123456'))).toBe('Use at most 5 characters');
  });
});

describe('optionalAmount', () => {
  const revenue = optionalAmount(REVENUE_MESSAGE);
  it.each([
    [2500000, 2500000],
    ['2,500,000', 2500000],
    [' 12.34 ', 12.34],
    ['12,34', 12.34],
    [12.345, 12.35],
    ['', null],
    [null, null],
  ])('%j -> %j', (value, expected) => {
    expect(revenue.parse(value)).toBe(expected);
  });

  it.each([-1, '1e14', 1e14, 'ten', Number.NaN, Infinity, '1.2.3'])(
    'refuses %j, which numeric(16,2) cannot hold or is no amount',
    (value) => {
      expect(firstMessage(revenue.safeParse(value))).toBe(REVENUE_MESSAGE);
    },
  );

  it('takes the largest amount the column holds', () => {
    expect(revenue.parse('99999999999999.98')).toBe(Number('99999999999999.98'));
  });
});

describe('field maps', () => {
  it('renames input to REST names both ways and drops unknown keys', () => {
    expect(toRestFields(ENQUIRY_REST_FIELDS, { companyName: 'Acme', revenueUsd: 5, captcha: 'x' } as never)).toEqual({
      ClientCompanyName: 'Acme',
      ClientRevenueInUSD: 5,
    });
    expect(fromRestField(ENQUIRY_REST_FIELDS, 'AdminEmail')).toBe('adminEmail');
    expect(fromRestField(ENQUIRY_REST_FIELDS, 'constructor')).toBeNull();
    expect(fromRestField({ domains: 'AllowedEmailDomains' }, 'AllowedEmailDomains.3')).toBe('domains');
  });

  it.each([
    ['enquiry', ENQUIRY_REST_FIELDS],
    ['organization', ORGANIZATION_REST_FIELDS],
  ])('names each REST field of the %s once, so a REST refusal names one input field', (_name, map) => {
    const restNames = Object.values(map);
    expect(new Set(restNames).size).toBe(restNames.length);
    for (const [graph, rest] of Object.entries(map)) expect(fromRestField(map, rest)).toBe(graph);
  });

  it("types the REST schema by the REST names with the rules' own types", () => {
    type RestEnquiry = z.output<ReturnType<typeof restSchema<typeof enquiryInput.shape, typeof ENQUIRY_REST_FIELDS>>>;
    expectTypeOf<RestEnquiry['ProductId']>().toEqualTypeOf<number>();
    expectTypeOf<RestEnquiry['ClientCompanyName']>().toEqualTypeOf<string>();
    expectTypeOf<RestEnquiry['City']>().toEqualTypeOf<string | null>();
  });

  it('checks a REST body with the same rules and messages under the REST names', () => {
    const rest = restSchema(enquiryInput, ENQUIRY_REST_FIELDS);
    const result = rest.safeParse({ ClientCompanyName: ' ', AdminEmail: 'x' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((issue) => issue.path[0] === 'ClientCompanyName')?.message).toBe('Enter the company name');
    expect(result.error!.issues.find((issue) => issue.path[0] === 'AdminEmail')?.message).toMatch(/valid email/);
  });
});

describe('organizationSettingsForm', () => {
  it('reads minutes and one domain per line into the input the mutation takes', async () => {
    const { organizationSettingsForm } = await import('./organizationSettings');
    expect(
      organizationSettingsForm.parse({
        twoFactorRequired: true,
        sessionIdleMinutes: ' 30 ',
        allowedEmailDomains: 'Acme.com\n@acme.local\n\nacme.com',
      }),
    ).toEqual({
      twoFactorRequired: true,
      sessionIdleMinutes: 30,
      allowedEmailDomains: ['acme.com', 'acme.local'],
    });
    expect(organizationSettingsForm.parse({ twoFactorRequired: false, sessionIdleMinutes: '', allowedEmailDomains: '' })).toEqual({
      twoFactorRequired: false,
      sessionIdleMinutes: null,
      allowedEmailDomains: [],
    });
    const refused = organizationSettingsForm.safeParse({
      twoFactorRequired: false,
      sessionIdleMinutes: 'ten',
      allowedEmailDomains: 'not a domain',
    });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['sessionIdleMinutes', 'Enter whole minutes from 5 to 1440'],
      ['allowedEmailDomains', 'Enter domains such as example.com, one per line'],
    ]);
  });
});
