import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestApi, type ErrorBody, type RestApi } from '../testing/restApi';

type Licence = Record<string, unknown> & {
  ClientId: number;
  ProductName: string;
  PlanName: string;
  SeatsUsed: number;
  SeatsCapacity: number;
};

let api: RestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await startRestApi();
  for (const email of ['admin@yozy.local', 'admin@acme.local', 'member@acme.local']) tokens[email] = await api.signIn(email);
});
afterAll(() => api.stop());

const ids = async (name: string) =>
  (await api.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE company_name = $1', [name]))[0]!.client_id;

describe('GET /subscription_client_license_details', () => {
  it("answers an OrgAdmin their own organisation's licences with plan and seats, soonest to expire first", async () => {
    const acme = await ids('Acme Corporation');
    const answer = await api.get<Licence[]>('/subscription_client_license_details?order=ValidTill.asc', tokens['admin@acme.local']);
    expect(answer.status).toBe(200);
    expect(answer.body.map((l) => [l.ClientId, l.ProductName, l.PlanName])).toEqual([
      [acme, 'Yozy Lite', 'Lite Starter'],
      [acme, 'Yozy Web', 'Web Business'],
    ]);
    // Acme's active people with a Yozy Web role take its seats; nobody holds a Yozy Lite role.
    const [web] = await api.db.query<{ used: number }>(
      `SELECT count(DISTINCT u.user_id)::int AS used FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
         JOIN products p ON p.product_id = ur.product_id WHERE u.client_id = $1 AND u.is_active AND p.product_code = 'YOZY-WEB'`,
      [acme],
    );
    expect(answer.body[1]).toMatchObject({
      Cost: 49,
      Currency: 'USD',
      Frequency: 'MONTHLY',
      Capacity: 50,
      IsActive: true,
      SeatsUsed: web!.used,
      SeatsCapacity: 50,
    });
    expect(answer.body[0]).toMatchObject({ Capacity: 10, SeatsUsed: 0, SeatsCapacity: 10 });
  });

  it('shows a SuperAdmin the organisation named, and refuses it to another organisation’s admin and to members', async () => {
    const globex = await ids('Globex Industries');
    const provider = await api.get<Licence[]>(`/subscription_client_license_details?ClientId=eq.${globex}`, tokens['admin@yozy.local']);
    expect(provider.body.map((l) => l.PlanName)).toEqual(['Lite Team']);
    const refused = await api.get<ErrorBody>(`/subscription_client_license_details?ClientId=eq.${globex}`, tokens['admin@acme.local']);
    expect(refused.status).toBe(403);
    expect((await api.get('/subscription_client_license_details', tokens['member@acme.local'])).status).toBe(403);
    expect((await api.get('/subscription_client_license_details')).status).toBe(401);
  });
});
