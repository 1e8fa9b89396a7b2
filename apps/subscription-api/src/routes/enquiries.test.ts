import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';
import { PENDING_ENQUIRY_MESSAGE } from './enquiries';

let api: RestApi;
let lite: { productId: number; planId: number };
let web: { productId: number; planId: number };

beforeAll(async () => {
  api = await openRestApi();
  const plans = await api.db.query<{ product_code: string; product_id: number; plan_id: number }>(
    'SELECT p.product_code, p.product_id, min(pl.plan_id) AS plan_id FROM products p JOIN plans pl USING (product_id) GROUP BY 1, 2',
  );
  const pick = (code: string) => {
    const row = plans.find((p) => p.product_code === code)!;
    return { productId: row.product_id, planId: row.plan_id };
  };
  lite = pick('YOZY-LITE');
  web = pick('YOZY-WEB');
});
afterAll(() => api.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  ClientCompanyName: 'Oscorp Labs',
  AddressLine1: '1 Science Way',
  AddressLine2: 'Floor 5',
  City: 'New York',
  State: 'NY',
  Country: 'United States',
  CountryCode: 'US',
  Pincode: '10001',
  CurrencyCode: 'usd',
  ClientType: 'Enterprise',
  NatureOfBusiness: 'Research',
  BusinessVertical: 'Health',
  ClientRevenueInUSD: 2500000.5,
  AdminFirstname: 'Norman',
  AdminLastname: 'Osborn',
  AdminEmail: 'norman@oscorp.example',
  AdminPhone: '+1 (555) 010-2000',
  AdminDepartment: 'Board',
  ContactName: 'Harry Osborn',
  ContactDesignation: 'Director',
  ContactEmail: 'harry@oscorp.example',
  ContactPhone: '+1 555 010 2001',
  ProductId: web.productId,
  PlanId: web.planId,
  ...overrides,
});

const submit = (body: object) => api.agent.post('/form/subscription_web_enquiry').send(body);

describe('POST /form/subscription_web_enquiry', () => {
  it('stores every field of the form as a pending enquiry', async () => {
    const answer = await submit(form());
    expect(answer.status).toBe(201);
    expect(answer.body.EnquiryId).toEqual(expect.any(Number));

    const [row] = await api.db.query('SELECT * FROM enquiries WHERE enquiry_id = $1', [answer.body.EnquiryId]);
    expect(row).toMatchObject({
      company_name: 'Oscorp Labs',
      address_line1: '1 Science Way',
      address_line2: 'Floor 5',
      city: 'New York',
      state: 'NY',
      country: 'United States',
      country_code: 'US',
      pincode: '10001',
      currency_code: 'USD',
      client_type: 'Enterprise',
      nature_of_business: 'Research',
      business_vertical: 'Health',
      admin_first_name: 'Norman',
      admin_last_name: 'Osborn',
      admin_email: 'norman@oscorp.example',
      admin_phone: '+1 (555) 010-2000',
      admin_department: 'Board',
      contact_name: 'Harry Osborn',
      contact_designation: 'Director',
      contact_email: 'harry@oscorp.example',
      contact_phone: '+1 555 010 2001',
      product_id: web.productId,
      plan_id: web.planId,
      is_approved: null,
    });
    expect(Number(row!.revenue_usd)).toBe(2500000.5);
  });

  it('accepts only the required fields, ids as strings, and stores blanks as NULL', async () => {
    const answer = await submit({
      ClientCompanyName: ' Minimal Co ',
      AdminFirstname: 'Min',
      AdminLastname: 'Imal',
      AdminEmail: 'min@minimal.example',
      ContactName: 'Min Imal',
      ContactEmail: 'min@minimal.example',
      ProductId: String(lite.productId),
      PlanId: String(lite.planId),
      City: '',
      AdminPhone: null,
    });
    expect(answer.status).toBe(201);
    const [row] = await api.db.query('SELECT company_name, city, admin_phone, revenue_usd FROM enquiries WHERE enquiry_id = $1', [
      answer.body.EnquiryId,
    ]);
    expect(row).toEqual({ company_name: 'Minimal Co', city: null, admin_phone: null, revenue_usd: null });
  });

  it.each(['ClientCompanyName', 'AdminFirstname', 'AdminLastname', 'AdminEmail', 'ContactName', 'ContactEmail', 'ProductId', 'PlanId'])(
    'answers 400 naming a missing %s',
    async (field) => {
      const answer = await submit(
        form({ [field]: undefined, AdminEmail: field === 'AdminEmail' ? undefined : `missing-${field}@x.example` }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
    },
  );

  it.each([
    ['AdminEmail', { AdminEmail: 'norman@' }],
    ['ContactEmail', { ContactEmail: 'harry oscorp.example' }],
    ['AdminPhone', { AdminPhone: 'call me' }],
    ['CurrencyCode', { CurrencyCode: 'dollars' }],
    ['CurrencyCode', { CurrencyCode: 'ABC' }],
    ['CountryCode', { CountryCode: 'ZZ' }],
    ['Country', { CountryCode: null, Country: 'Atlantis' }],
    ['BusinessVertical', { BusinessVertical: 'Biotech' }],
    ['ClientType', { ClientType: 'Government' }],
    ['ClientRevenueInUSD', { ClientRevenueInUSD: -1 }],
    ['ClientCompanyName', { ClientCompanyName: 'x'.repeat(201) }],
    ['ProductId', { ProductId: 'abc' }],
    ['ProductId', { ProductId: 999999 }],
    ['PlanId', { PlanId: 999999 }],
  ])('answers 400 naming %s for %j', async (field, overrides) => {
    const answer = await submit(form({ AdminEmail: 'invalid-case@x.example', ...overrides }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
    expect(answer.body.error.message).toBeTruthy();
  });

  it('refuses a plan of another product', async () => {
    const answer = await submit(form({ AdminEmail: 'mixed@x.example', ProductId: web.productId, PlanId: lite.planId }));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: 'BAD_REQUEST', message: 'Choose a plan of the chosen product', field: 'PlanId' });
  });

  it('refuses a second enquiry for an admin email while one is pending, in any letter case', async () => {
    expect((await submit(form({ AdminEmail: 'dup@wonka.example' }))).status).toBe(201);
    const again = await submit(form({ AdminEmail: 'DUP@Wonka.example' }));
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'CONFLICT', message: PENDING_ENQUIRY_MESSAGE, field: 'AdminEmail' });
    // The seeded pending enquiry of Umbrella Health counts too.
    expect((await submit(form({ AdminEmail: 'alice@umbrella.example' }))).status).toBe(409);
  });

  it('accepts a new enquiry once the earlier one was decided', async () => {
    // Cyberdyne's seeded enquiry was rejected.
    expect((await submit(form({ AdminEmail: 'miles@cyberdyne.example' }))).status).toBe(201);
  });

  it('lets exactly one of two simultaneous enquiries for the same email through', async () => {
    const answers = await Promise.all([submit(form({ AdminEmail: 'race@x.example' })), submit(form({ AdminEmail: 'race@x.example' }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('an enquiry sent again with its Idempotency-Key', () => {
  it('is recorded once and answered the first answer', async () => {
    const key = randomUUID();
    const body = form({ ClientCompanyName: 'Retry Labs', AdminEmail: 'ada@retry.example', ContactEmail: 'bo@retry.example' });
    const first = await api.agent.post('/form/subscription_web_enquiry').set('Idempotency-Key', key).send(body);
    const again = await api.agent.post('/form/subscription_web_enquiry').set('Idempotency-Key', key).send(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = await api.db.query(`SELECT 1 FROM enquiries WHERE company_name = 'Retry Labs'`);
    expect(rows).toHaveLength(1);
  });
});
