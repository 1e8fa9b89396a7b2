import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo';
import { hashPassword } from '../security/passwords';
import { bearer, openRestApi, type RestApi } from '../testing/restApi';
import { CLIENTS_PATH, ORGANIZATION_DEACTIVATED } from './clients';
import { ORGANIZATION_INACTIVE_MESSAGE } from './users';

let api: RestApi;
let superAdmin: string;
let orgAdmin: string;
let member: string;
let clientId: number;
let providerId: number;
let ownAdminEmail: string;

const patchAs = (token: string | undefined, id: number, body: object) =>
  api.agent.patch(`${CLIENTS_PATH}?ClientId=eq.${id}`).use(bearer(token)).send(body);
const patch = (id: number, body: object) => patchAs(superAdmin, id, body);

const auditOf = (id: number) =>
  api.db.query<{ action: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
    "SELECT action, before, after FROM audit_log WHERE entity_type = 'organization' AND entity_id = $1 ORDER BY audit_id",
    [String(id)],
  );

const details = {
  ClientCompanyName: 'Initech Holdings',
  AddressLine1: '1 Main Street',
  AddressLine2: null,
  City: 'Austin',
  State: 'Texas',
  Country: 'United States',
  CountryCode: 'US',
  Pincode: '73301',
  ClientContactName: 'Bill Lumbergh',
  ClientDesignation: 'Vice President',
  CurrencyCode: 'eur',
  ClientType: 'Enterprise',
  NatureOfBusiness: 'Software',
  BusinessVertical: 'Finance',
  ClientRevenueInUSD: '1,500,000.50',
  DefaultRegions: ['test-north-1'],
};

beforeAll(async () => {
  api = await openRestApi();
  [superAdmin, orgAdmin, member] = await Promise.all([
    api.signIn('admin@yozy.local'),
    api.signIn('admin@acme.local'),
    api.signIn('member@acme.local'),
  ]);
  // An organisation of this test's own, with an admin who can sign in, and regions of its own.
  const [client] = await api.db.query<{ client_id: number }>(
    "INSERT INTO clients (company_name, currency_code) VALUES ('Initech', 'USD') RETURNING client_id",
  );
  clientId = client!.client_id;
  ownAdminEmail = `admin-${clientId}@initech.test`;
  await api.db.query(
    "INSERT INTO client_users (client_id, first_name, email, type_of_user, password_hash) VALUES ($1, 'Peter', $2, 'OrgAdmin', $3)",
    [clientId, ownAdminEmail, await hashPassword(DEMO_PASSWORD)],
  );
  await api.db.query(
    "INSERT INTO regions (region_code, region_name, is_active) VALUES ('test-north-1', 'Test North', true), ('test-old-1', 'Test Old', false)",
  );
  const [provider] = await api.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE is_provider');
  providerId = provider!.client_id;
});
afterAll(() => api.close());

describe('PATCH /subscription_client_details', () => {
  it.each([
    ['an organisation admin, even for their own organisation', () => orgAdmin, 403],
    ['a member', () => member, 403],
    ['nobody signed in', () => undefined, 401],
  ])('refuses %s, writing nothing', async (_who, token, status) => {
    const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@acme.local'");
    const ids = [clientId, acme!.client_id];
    for (const id of ids) {
      const answer = await patchAs(token(), id, { ClientCompanyName: 'Taken over', IsActive: false });
      expect(answer.status).toBe(status);
    }
    expect(
      await api.db.query(
        'SELECT company_name, is_active FROM clients WHERE client_id = ANY($1::int[]) AND (company_name = $2 OR NOT is_active)',
        [ids, 'Taken over'],
      ),
    ).toEqual([]);
  });

  it('saves every field and the default regions, and audits what changed before and after', async () => {
    const answer = await patch(clientId, details);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ClientId: clientId,
      ClientCompanyName: 'Initech Holdings',
      AddressLine2: null,
      City: 'Austin',
      CurrencyCode: 'EUR',
      ClientRevenueInUSD: 1500000.5,
      DefaultRegions: ['test-north-1'],
      IsActive: true,
    });
    const listed = await api.agent.get(`${CLIENTS_PATH}?ClientId=eq.${clientId}`).auth(superAdmin, { type: 'bearer' });
    expect(listed.body[0]).toMatchObject({
      ClientContactName: 'Bill Lumbergh',
      BusinessVertical: 'Finance',
      DefaultRegions: ['test-north-1'],
    });
    const [entry] = await auditOf(clientId);
    expect(entry!.action).toBe('organization.update');
    expect(entry!.before).toMatchObject({ ClientCompanyName: 'Initech', CurrencyCode: 'USD', City: null, DefaultRegions: [] });
    expect(entry!.after).toMatchObject({ ClientCompanyName: 'Initech Holdings', CurrencyCode: 'EUR', City: 'Austin' });
    expect(entry!.after).not.toHaveProperty('AddressLine2');
  });

  it.each([
    [{ ClientCompanyName: '  ' }, 'ClientCompanyName', 'Enter the company name'],
    [{ CurrencyCode: 'dollars' }, 'CurrencyCode', 'Enter a three-letter currency code such as USD'],
    [{ ClientRevenueInUSD: -5 }, 'ClientRevenueInUSD', 'Enter the revenue as a number of 0 or more'],
    [{ DefaultRegions: ['nowhere-1'] }, 'DefaultRegions', 'Choose regions from the list; nowhere-1 is not offered'],
    [{ DefaultRegions: ['test-old-1'] }, 'DefaultRegions', 'Choose regions from the list; test-old-1 is not offered'],
  ])('refuses %o naming the field, writing nothing', async (body, field, message) => {
    const entries = (await auditOf(clientId)).length;
    const answer = await patch(clientId, { ...body, City: 'Changed' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field, message });
    const [row] = await api.db.query<{ city: string }>('SELECT city FROM clients WHERE client_id = $1', [clientId]);
    expect(row!.city).toBe('Austin');
    expect(await auditOf(clientId)).toHaveLength(entries);
  });

  it('refuses a change that changes nothing', async () => {
    const answer = await patch(clientId, {});
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Send at least one field to change');
  });

  it('answers 404 for an organisation that is not there', async () => {
    const answer = await patch(2_000_000_000, { City: 'Nowhere' });
    expect(answer.status).toBe(404);
  });

  it('deactivates an organisation: every live session of its people ends in the same change, and sign-in is refused', async () => {
    const token = await api.signIn(ownAdminEmail);
    expect((await api.agent.get('/users/me').auth(token, { type: 'bearer' })).status).toBe(200);

    const answer = await patch(clientId, { IsActive: false });
    expect(answer.status).toBe(200);
    expect(answer.body.IsActive).toBe(false);
    expect((await api.agent.get('/users/me').auth(token, { type: 'bearer' })).status).toBe(401);
    const sessions = await api.db.query<{ end_reason: string | null }>('SELECT end_reason FROM sessions WHERE client_id = $1', [clientId]);
    expect(sessions.map((s) => s.end_reason)).toEqual([ORGANIZATION_DEACTIVATED]);
    expect((await auditOf(clientId)).at(-1)).toMatchObject({
      action: 'organization.deactivate',
      before: { IsActive: true },
      after: { IsActive: false, SessionsEnded: 1 },
    });

    const refused = await api.agent.post('/users/signIn').send({ email: ownAdminEmail, password: DEMO_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(ORGANIZATION_INACTIVE_MESSAGE);
    // A wrong password learns nothing about the organisation.
    const wrong = await api.agent.post('/users/signIn').send({ email: ownAdminEmail, password: 'Wrong!pass1' });
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('activates it again, and its people sign in', async () => {
    const answer = await patch(clientId, { IsActive: true });
    expect(answer.body.IsActive).toBe(true);
    expect((await auditOf(clientId)).at(-1)).toMatchObject({ action: 'organization.activate', after: { IsActive: true } });
    expect(typeof (await api.signIn(ownAdminEmail))).toBe('string');
  });

  it("refuses to deactivate the provider's own organisation", async () => {
    const answer = await patch(providerId, { IsActive: false, City: 'Elsewhere' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'CONFLICT', field: 'IsActive' });
    const [provider] = await api.db.query<{ is_active: boolean; city: string | null }>(
      'SELECT is_active, city FROM clients WHERE client_id = $1',
      [providerId],
    );
    expect(provider!.is_active).toBe(true);
    expect(provider!.city).not.toBe('Elsewhere');
    expect((await api.agent.get('/users/me').auth(superAdmin, { type: 'bearer' })).status).toBe(200);
  });

  it('keeps a retired region an organisation already had, but does not let it be chosen anew', async () => {
    await api.db.query('UPDATE org_settings SET default_regions = $2 WHERE client_id = $1', [clientId, ['test-old-1']]);
    const kept = await patch(clientId, { DefaultRegions: ['test-old-1', 'test-north-1'] });
    expect(kept.status).toBe(200);
    expect(kept.body.DefaultRegions).toEqual(['test-old-1', 'test-north-1']);
  });
});
