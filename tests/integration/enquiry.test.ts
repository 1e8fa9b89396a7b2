import { describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Product = { id: string; name: string; plans: { id: string; name: string; planGroup: string }[] };
type SubmitData = { submitEnquiry: { enquiryId: string | null; errors: { code: string; field: string | null; message: string }[] } };

const PRODUCTS = '{ products { id name plans { id name planGroup } } }';
const SUBMIT = /* GraphQL */ `
  mutation Submit($input: SubmitEnquiryInput!) {
    submitEnquiry(input: $input) {
      enquiryId
      errors {
        code
        field
        message
      }
    }
  }
`;

describe('sign-up enquiries and product addresses', () => {
  const stack = useStack('pglite');

  async function form(session: GraphQLSession, overrides: Record<string, unknown> = {}) {
    const products = (await session.request<{ products: Product[] }>(PRODUCTS)).data!.products;
    const web = products.find((p) => p.name === 'Yozy Web')!;
    return {
      companyName: 'Oscorp Labs',
      addressLine1: '1 Science Way',
      city: 'New York',
      country: 'United States',
      countryCode: 'US',
      currencyCode: 'usd',
      adminFirstName: 'Norman',
      adminLastName: 'Osborn',
      adminEmail: 'norman@oscorp.example',
      adminPhone: '+1 555 0100',
      adminDepartment: 'IT',
      contactName: 'Harry Osborn',
      contactDesignation: 'CTO',
      contactEmail: 'harry@oscorp.example',
      productId: web.id,
      planId: web.plans[0]!.id,
      captcha: await session.captcha(),
      ...overrides,
    };
  }

  it('lists the products with their plans for the public form', async () => {
    const products = (await new GraphQLSession(stack.gatewayUrl).request<{ products: Product[] }>(PRODUCTS)).data!.products;
    expect(products.map((p) => p.name)).toEqual(['Yozy Lite', 'Yozy Web']);
    expect(products[0]!.plans.every((plan) => plan.planGroup === 'MICROSAAS')).toBe(true);
  });

  it('stores an enquiry pending approval and refuses a second one for the same admin email', async () => {
    const session = new GraphQLSession(stack.gatewayUrl);
    const first = await session.request<SubmitData>(SUBMIT, { input: await form(session) });
    expect(first.data?.submitEnquiry.errors).toEqual([]);
    const [row] = await stack.db.query<{ company_name: string; is_approved: string | null; currency_code: string }>(
      'SELECT company_name, is_approved, currency_code FROM enquiries WHERE enquiry_id = $1',
      [Number(first.data?.submitEnquiry.enquiryId)],
    );
    expect(row).toEqual({ company_name: 'Oscorp Labs', is_approved: null, currency_code: 'USD' });

    const again = await session.request<SubmitData>(SUBMIT, { input: await form(session, { adminEmail: 'NORMAN@oscorp.example' }) });
    expect(again.data?.submitEnquiry).toEqual({
      enquiryId: null,
      errors: [{ code: 'CONFLICT', field: 'adminEmail', message: 'An enquiry for this email is already waiting for approval' }],
    });
  });

  it.each([
    ['adminEmail', 'not-an-email'],
    ['contactEmail', 'harry@'],
    ['companyName', '  '],
    ['planId', '999999'],
  ])('refuses a bad %s with the field named and stores nothing', async (field, value) => {
    const session = new GraphQLSession(stack.gatewayUrl);
    const before = await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM enquiries');
    // A fresh admin email per case, unless the admin email is what is being tested.
    const input = await form(session, { adminEmail: `${field}@new.example`, [field]: value });
    const answer = await session.request<SubmitData>(SUBMIT, { input });
    expect(answer.data?.submitEnquiry.errors[0]).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM enquiries')).toEqual(before);
  });

  it('refuses an enquiry without a solved captcha', async () => {
    const session = new GraphQLSession(stack.gatewayUrl);
    const answer = await session.request<SubmitData>(SUBMIT, {
      input: await form(session, { captcha: 'forged', adminEmail: 'x@captcha.example' }),
    });
    expect(answer.data?.submitEnquiry.errors[0]).toMatchObject({ code: 'CAPTCHA_FAILED', field: 'captcha' });
  });

  describe('productRedirectUrl', () => {
    it('answers an OrgAdmin for their own people, by the MICROSAAS rule', async () => {
      const globex = await signedIn(stack.gatewayUrl, 'admin@globex.local');
      const answer = await globex.request('{ productRedirectUrl(email: "mindy.simmons@globex.local") }');
      expect(answer.data).toEqual({ productRedirectUrl: 'https://lite.yozy.local' });
    });

    it("answers FORBIDDEN when an OrgAdmin asks about another organisation's people", async () => {
      const acme = await signedIn(stack.gatewayUrl, 'admin@acme.local');
      const answer = await acme.request('{ productRedirectUrl(email: "admin@globex.local") }');
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(answer.data).toBeNull();
    });

    it('answers UNAUTHENTICATED when signed out', async () => {
      const answer = await new GraphQLSession(stack.gatewayUrl).request('{ productRedirectUrl(email: "admin@acme.local") }');
      expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});
