import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

type Licence = Record<string, unknown> & {
  ClientId: number;
  ProductName: string;
  PlanName: string;
  SeatsUsed: number;
  SeatsCapacity: number;
};

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'member@acme.local'] as const;
let tokens: Record<(typeof PEOPLE)[number], string>;
beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
});
afterAll(() => api.close());

const ids = async (name: string) =>
  (await api.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE company_name = $1', [name]))[0]!.client_id;

describe('GET /subscription_client_license_details', () => {
  it("answers an OrgAdmin their own organisation's licences with plan and seats, soonest to expire first", async () => {
    const acme = await ids('Acme Corporation');
    const answer = await api.agent
      .get('/subscription_client_license_details?order=ValidTill.asc')
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(answer.status).toBe(200);
    // Every licence Acme holds, live or not, the soonest last day first (the oldest licence first on a tie).
    const held = await api.db.query<{ product_name: string; plan_name: string }>(
      `SELECT pr.product_name, pl.plan_name FROM licences l
         JOIN products pr ON pr.product_id = l.product_id JOIN plans pl ON pl.plan_id = l.plan_id
        WHERE l.client_id = $1 ORDER BY l.valid_till, l.licence_id`,
      [acme],
    );
    expect(held.map((l) => l.product_name)).toEqual(expect.arrayContaining(['Yozy Lite', 'Yozy Web']));
    expect(answer.body.map((l: Licence) => [l.ClientId, l.ProductName, l.PlanName])).toEqual(
      held.map((l) => [acme, l.product_name, l.plan_name]),
    );
    expect(String(answer.body[0]!.ValidTill) < String(answer.body.at(-1)!.ValidTill)).toBe(true);
    // A product's seats: the capacity of all its live licences together, taken by Acme's active people with a role for it.
    const seats = await api.db.query<{ product_name: string; capacity: number; used: number }>(
      `SELECT pr.product_name,
              (SELECT coalesce(sum(pl.capacity), 0)::int FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id
                WHERE l.client_id = $1 AND l.product_id = pr.product_id AND l.is_active AND l.valid_till >= current_date) AS capacity,
              (SELECT count(DISTINCT u.user_id)::int FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
                WHERE u.client_id = $1 AND u.is_active AND ur.product_id = pr.product_id) AS used
         FROM products pr WHERE pr.product_name IN ('Yozy Lite', 'Yozy Web')`,
      [acme],
    );
    const seatsOf = (productName: string) => seats.find((row) => row.product_name === productName)!;
    expect(seatsOf('Yozy Web').used).toBeGreaterThan(0);
    expect(answer.body.find((l: Licence) => l.PlanName === 'Web Business')).toMatchObject({
      Cost: 49,
      Currency: 'USD',
      Frequency: 'MONTHLY',
      Capacity: 50,
      IsActive: true,
      SeatsUsed: seatsOf('Yozy Web').used,
      SeatsCapacity: seatsOf('Yozy Web').capacity,
    });
    const lites = answer.body.filter((l: Licence) => l.ProductName === 'Yozy Lite');
    for (const lite of lites) {
      expect(lite).toMatchObject({ Capacity: 10, SeatsUsed: seatsOf('Yozy Lite').used, SeatsCapacity: seatsOf('Yozy Lite').capacity });
    }
    expect(lites.length).toBeGreaterThan(0);
    expect(seatsOf('Yozy Lite').capacity).toBeGreaterThan(0);
  });

  it('shows a SuperAdmin the organisation named, and refuses it to another organisation’s admin and to members', async () => {
    const globex = await ids('Globex Industries');
    const provider = await api.agent
      .get(`/subscription_client_license_details?ClientId=eq.${globex}`)
      .auth(tokens['admin@yozy.local'], { type: 'bearer' });
    expect(provider.body.map((l: Licence) => l.PlanName)).toEqual(['Lite Team']);
    const refused = await api.agent
      .get(`/subscription_client_license_details?ClientId=eq.${globex}`)
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(refused.status).toBe(403);
    expect((await api.agent.get('/subscription_client_license_details').auth(tokens['member@acme.local'], { type: 'bearer' })).status).toBe(
      403,
    );
    expect((await api.agent.get('/subscription_client_license_details')).status).toBe(401);
  });
});
