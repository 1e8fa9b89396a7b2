import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestApi, type ErrorBody, type RestApi } from '../testing/restApi';

type ClientRow = Record<string, unknown> & { ClientId: number; IsActive: boolean; DefaultRegions: string[]; SessionsEnded?: number };

let api: RestApi;
let provider: string;
let globex: number;
let providerId: number;
beforeAll(async () => {
  api = await startRestApi();
  provider = await api.signIn('admin@yozy.local');
  const ids = await api.db.query<{ company_name: string; client_id: number; is_provider: boolean }>(
    'SELECT company_name, client_id, is_provider FROM clients',
  );
  globex = ids.find((row) => row.company_name === 'Globex Industries')!.client_id;
  providerId = ids.find((row) => row.is_provider)!.client_id;
});
afterAll(() => api.stop());

const INFO = {
  ClientCompanyName: 'Globex Industries',
  AddressLine1: '1 Cypress Creek',
  City: 'Springfield',
  Country: 'United States',
  CurrencyCode: 'usd',
  ClientContactName: 'Lisa Simpson',
  ClientDesignation: 'Founder',
  ClientRevenueInUSD: '2,500,000',
  DefaultRegions: ['us-east-1', 'eu-central-1'],
};
const patch = (body: Record<string, unknown>, token = provider, id = globex) =>
  api.call<ClientRow & ErrorBody>('PATCH', `/subscription_client_details?ClientId=eq.${id}`, body, { token });
const activation = (body: Record<string, unknown>, token = provider) =>
  api.post<ClientRow & ErrorBody>('/subscription_client_details/activation', body, token);

describe('PATCH /subscription_client_details', () => {
  it('saves every field and the default regions, and writes what changed to the audit log', async () => {
    const answer = await patch(INFO);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ClientContactName: 'Lisa Simpson',
      CurrencyCode: 'USD',
      ClientRevenueInUSD: 2500000,
      DefaultRegions: ['us-east-1', 'eu-central-1'],
      AddressLine2: null,
    });
    const [entry] = await api.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'organization.update' AND client_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [globex],
    );
    expect(entry!.after).toMatchObject({ ClientContactName: 'Lisa Simpson', DefaultRegions: ['us-east-1', 'eu-central-1'] });
  });

  it('refuses bad input by field and changes nothing', async () => {
    const before = await api.db.query('SELECT * FROM clients WHERE client_id = $1', [globex]);
    for (const [body, field] of [
      [{ ...INFO, ClientCompanyName: ' ' }, 'ClientCompanyName'],
      [{ ...INFO, CurrencyCode: 'dollars' }, 'CurrencyCode'],
      [{ ...INFO, DefaultRegions: ['mars-1'] }, 'DefaultRegions'],
      [{ ...INFO, DefaultRegions: ['sa-east-1'] }, 'DefaultRegions'],
    ] as const) {
      const answer = await patch(body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.field).toContain(field);
    }
    expect(await api.db.query('SELECT * FROM clients WHERE client_id = $1', [globex])).toEqual(before);
    expect((await patch(INFO, provider, 999_999)).status).toBe(404);
  });

  it('is for the provider only', async () => {
    const admin = await api.signIn('admin@globex.local');
    expect((await patch(INFO, admin)).status).toBe(403);
    expect((await activation({ ClientId: globex, IsActive: false }, admin)).status).toBe(403);
  });
});

describe('POST /subscription_client_details/activation', () => {
  it('deactivating ends every session of the organisation and keeps its people out; activating lets them back', async () => {
    const admin = await api.signIn('admin@globex.local');
    expect((await api.get('/users/me', admin)).status).toBe(200);
    const off = await activation({ ClientId: globex, IsActive: false });
    expect(off.status).toBe(200);
    expect(off.body.IsActive).toBe(false);
    expect(off.body.SessionsEnded).toBeGreaterThanOrEqual(1);
    expect((await api.get('/users/me', admin)).status).toBe(401);
    const live = await api.db.query('SELECT 1 FROM sessions WHERE client_id = $1 AND ended_at IS NULL AND expires_at > now()', [globex]);
    expect(live).toEqual([]);

    const on = await activation({ ClientId: globex, IsActive: true });
    expect(on.body.IsActive).toBe(true);
    const actions = await api.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE client_id = $1 AND action LIKE 'organization.%activate' ORDER BY audit_id",
      [globex],
    );
    expect(actions.map((row) => row.action)).toEqual(['organization.deactivate', 'organization.activate']);
  });

  it("refuses to deactivate the provider's own organisation", async () => {
    const answer = await activation({ ClientId: providerId, IsActive: false });
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('The provider’s own organisation cannot be deactivated');
  });
});
