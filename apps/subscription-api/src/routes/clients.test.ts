import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#seed/demo';
import { hashPassword } from '#security/passwords';
import { bearer, openRestApi, type RestApi } from '#testing/restApi';
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

  it.each([
    [{ CountryCode: 'UK' }, 'CountryCode', 'Choose the country from the list: UK is no ISO 3166-1 country code'],
    [{ Country: 'Narnia' }, 'Country', 'Choose the country from the list: send its CountryCode, and its name follows'],
    [{ CurrencyCode: 'XAU' }, 'CurrencyCode', 'Choose the currency from the list: XAU is no ISO 4217 currency code'],
    [{ BusinessVertical: 'Space mining' }, 'BusinessVertical', 'Choose the business vertical from the list; Space mining is not in it'],
    [{ ClientType: 'Government' }, 'ClientType', 'Choose the client type from the list; Government is not in it'],
  ])('refuses %o, a value of no list, naming the field and writing nothing', async (body, field, message) => {
    const before = await api.db.query('SELECT * FROM clients WHERE client_id = $1', [clientId]);
    const answer = await patch(clientId, { ...body, City: 'Elsewhere' });
    expect([answer.status, answer.body.error]).toEqual([400, expect.objectContaining({ code: 'BAD_REQUEST', field, message })]);
    expect(await api.db.query('SELECT * FROM clients WHERE client_id = $1', [clientId])).toEqual(before);
  });

  it('stores the country’s code with its name, and list entries as the list spells them', async () => {
    const answer = await patch(clientId, { CountryCode: 'ke', CurrencyCode: 'kes', BusinessVertical: 'logistics', ClientType: 'smb' });
    expect(answer.body).toMatchObject({
      CountryCode: 'KE',
      Country: 'Kenya',
      CurrencyCode: 'KES',
      BusinessVertical: 'Logistics',
      ClientType: 'SMB',
    });
    expect((await patch(clientId, { CountryCode: null })).body).toMatchObject({ CountryCode: null, Country: null });
  });

  it('keeps a value from before the lists visible, and asks for a choice from the list when it is sent again', async () => {
    await api.db.query("UPDATE clients SET business_vertical = 'Widgets', country_code = 'USA' WHERE client_id = $1", [clientId]);
    const listed = await api.agent.get(`${CLIENTS_PATH}?ClientId=eq.${clientId}`).auth(superAdmin, { type: 'bearer' });
    expect(listed.body[0]).toMatchObject({ BusinessVertical: 'Widgets', CountryCode: 'USA' });
    const again = await patch(clientId, { BusinessVertical: 'Widgets', City: 'Dallas' });
    expect([again.status, again.body.error.field]).toEqual([400, 'BusinessVertical']);
    // A change of other fields alone leaves it as it is.
    expect((await patch(clientId, { City: 'Dallas' })).body).toMatchObject({ City: 'Dallas', BusinessVertical: 'Widgets' });
  });

  it('keeps a retired business vertical an organisation already has, but does not let it be chosen anew', async () => {
    const [retired] = await api.db.query<{ choice_id: number }>(
      "INSERT INTO organization_choices (choice_list, choice_name, is_active) VALUES ('BusinessVertical', 'Telegraphy', false) RETURNING choice_id",
    );
    const refused = await patch(clientId, { BusinessVertical: 'Telegraphy' });
    expect([refused.status, refused.body.error.message]).toEqual([
      400,
      'Choose the business vertical from the list; Telegraphy is no longer offered',
    ]);
    await api.db.query("UPDATE clients SET business_vertical = 'Telegraphy' WHERE client_id = $1", [clientId]);
    expect((await patch(clientId, { BusinessVertical: 'Telegraphy', City: 'Waco' })).status).toBe(200);
    await api.db.query("UPDATE clients SET business_vertical = 'Finance' WHERE client_id = $1", [clientId]);
    await api.db.query('DELETE FROM organization_choices WHERE choice_id = $1', [retired!.choice_id]);
  });
});

describe('GET /subscription_client_details/values_in_use', () => {
  it('answers every country, currency, vertical and type organisations have, for SuperAdmins only', async () => {
    await api.db.query("UPDATE clients SET client_type = 'Co-operative' WHERE client_id = $1", [clientId]);
    const answer = await api.agent.get(`${CLIENTS_PATH}/values_in_use`).auth(superAdmin, { type: 'bearer' });
    expect(answer.status).toBe(200);
    expect(answer.body.CountryCodes).toEqual(expect.arrayContaining(['IN', 'US']));
    expect(answer.body.CurrencyCodes).toEqual(expect.arrayContaining(['INR', 'USD']));
    expect(answer.body.BusinessVerticals).toEqual(expect.arrayContaining(['Industrial', 'Media', 'SaaS']));
    expect(answer.body.ClientTypes).toEqual(expect.arrayContaining(['Co-operative', 'Enterprise', 'Startup']));
    expect((await api.agent.get(`${CLIENTS_PATH}/values_in_use`).auth(orgAdmin, { type: 'bearer' })).status).toBe(403);
    expect((await api.agent.get(`${CLIENTS_PATH}/values_in_use`)).status).toBe(401);
  });
});
