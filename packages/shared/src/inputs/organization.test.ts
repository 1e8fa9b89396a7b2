import { describe, expect, it } from 'vitest';
import { ORGANIZATION_REST_FIELDS, organizationInput } from './organization';
import { restSchema } from './fieldMap';

const valid = { companyName: 'Initech', currencyCode: 'usd', defaultRegions: ['eu-west', 'eu-west'] };

describe('organizationInput', () => {
  it('accepts a company name and currency with everything else left blank, tidying what was typed', () => {
    const result = organizationInput.parse({ ...valid, city: '  ', revenueUsd: '2,500,000' });
    expect(result).toMatchObject({ companyName: 'Initech', currencyCode: 'USD', city: null, revenueUsd: 2_500_000 });
    expect(result.defaultRegions).toEqual(['eu-west']);
  });

  it('names each refused field with its message', () => {
    const result = organizationInput.safeParse({
      companyName: ' ',
      currencyCode: 'dollars',
      revenueUsd: '-1',
      defaultRegions: ['EU West'],
    });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      companyName: 'Enter the company name',
      currencyCode: 'Enter a three-letter currency code such as USD',
      revenueUsd: 'Enter the revenue as a number of 0 or more',
      defaultRegions: 'Choose regions from the list',
    });
  });

  it('checks a REST body under the REST names with the same rules', () => {
    const result = restSchema(organizationInput, ORGANIZATION_REST_FIELDS).safeParse({ ...valid, ClientCompanyName: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0])).toContain('ClientCompanyName');
  });
});
