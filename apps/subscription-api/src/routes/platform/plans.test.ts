import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, openRestApi, type RestApi } from '#testing/restApi';
import { PLANS_PATH } from './plans';

let api: RestApi;
let superAdmin: string;
let orgAdmin: string;
let member: string;
let webProductId: number;

beforeAll(async () => {
  api = await openRestApi();
  [superAdmin, orgAdmin, member] = await Promise.all([
    api.signIn('admin@yozy.local'),
    api.signIn('admin@acme.local'),
    api.signIn('member@acme.local'),
  ]);
  const [web] = await api.db.query<{ product_id: number }>("SELECT product_id FROM products WHERE product_code = 'YOZY-WEB'");
  webProductId = web!.product_id;
});
afterAll(() => api.close());

type PlanRecord = Record<string, unknown> & { PlanId: number };

const newPlan = (name: string) => ({
  ProductId: webProductId,
  PlanName: name,
  PlanGroup: 'STANDARD',
  Cost: '1,250.50',
  Currency: 'eur',
  Frequency: 'YEARLY',
  Capacity: 75,
});

const auditOf = (planId: number) =>
  api.db.query<{ action: string; actor: string; client_id: number | null; before: unknown; after: unknown }>(
    `SELECT a.action, u.email AS actor, a.client_id, a.before, a.after
       FROM audit_log a JOIN client_users u ON u.user_id = a.actor_user_id
      WHERE a.entity_type = 'plan' AND a.entity_id = $1 ORDER BY a.audit_id`,
    [String(planId)],
  );

const onSale = async () =>
  (await api.agent.get('/subscription_plan_master?limit=1000')).body.map((plan: { PlanName: string }) => plan.PlanName);

describe('the plan master of Platform Settings', () => {
  it.each([
    ['an organisation admin', () => orgAdmin, 403],
    ['a member', () => member, 403],
    ['nobody signed in', () => undefined, 401],
  ])('refuses %s every call, writing nothing', async (_who, token, status) => {
    const [{ n: before }] = (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM plans')) as [{ n: number }];
    const [lite] = await api.db.query<{ plan_id: number }>("SELECT plan_id FROM plans WHERE plan_name = 'Lite Starter'");
    const answers = await Promise.all([
      api.agent.get(PLANS_PATH).use(bearer(token())),
      api.agent.post(PLANS_PATH).use(bearer(token())).send(newPlan('Sneaky')),
      api.agent.patch(`${PLANS_PATH}?PlanId=eq.${lite!.plan_id}`).use(bearer(token())).send({ Retired: true }),
      api.agent.delete(`${PLANS_PATH}?PlanId=eq.${lite!.plan_id}`).use(bearer(token())),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([status, status, status, status]);
    expect(await api.db.query('SELECT count(*)::int AS n FROM plans')).toEqual([{ n: before }]);
    expect(await onSale()).toContain('Lite Starter');
  });

  it('lists every plan with its product and how many licences hold it, searched and sorted', async () => {
    const answer = await api.agent
      .get(`${PLANS_PATH}?or=(PlanName.ilike.*web*,ProductName.ilike.*web*)&order=Capacity.desc`)
      .auth(superAdmin, { type: 'bearer' })
      .set({ prefer: 'count=exact' });
    expect(answer.status).toBe(200);
    expect(answer.body.map((plan: PlanRecord) => [plan.PlanName, plan.ProductName, plan.Capacity, plan.Retired])).toEqual([
      ['Web Enterprise', 'Yozy Web', 500, false],
      ['Web Business', 'Yozy Web', 50, false],
    ]);
    const [held] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM licences l JOIN plans p ON p.plan_id = l.plan_id WHERE p.plan_name = 'Web Business'",
    );
    expect(held!.n).toBeGreaterThan(0);
    expect(answer.body[1]!.LicenceCount).toBe(held!.n);
  });

  it('adds a plan, offered at once in the public catalogue, with the change in the audit log', async () => {
    const answer = await api.agent.post(PLANS_PATH).auth(superAdmin, { type: 'bearer' }).send(newPlan('Web Scale'));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      PlanName: 'Web Scale',
      PlanGroup: 'STANDARD',
      Cost: 1250.5,
      Currency: 'EUR',
      Frequency: 'YEARLY',
      Capacity: 75,
      Retired: false,
      LicenceCount: 0,
    });
    expect(await onSale()).toContain('Web Scale');
    expect(await auditOf(answer.body.PlanId)).toEqual([
      {
        action: 'plan.create',
        actor: 'admin@yozy.local',
        client_id: null,
        before: null,
        after: expect.objectContaining({ PlanName: 'Web Scale', Cost: 1250.5, Retired: false }),
      },
    ]);
  });

  it.each([
    ['Cost', { Cost: 10_000_000_000 }],
    ['Cost', { Cost: -1 }],
    ['Capacity', { Capacity: 0 }],
    ['Capacity', { Capacity: 2_147_483_648 }],
    ['Frequency', { Frequency: 'DAILY' }],
    ['Currency', { Currency: 'EURO' }],
    ['PlanGroup', { PlanGroup: 'lite tier' }],
    // A closed list: a typo of a group, or a group of one's own, would change where people are sent after a reset.
    ['PlanGroup', { PlanGroup: 'MICROSAS' }],
    ['PlanGroup', { PlanGroup: 'ENTERPRISE' }],
    ['PlanGroup', { PlanGroup: '' }],
  ])('refuses a %s out of range, naming the field', async (field, change) => {
    const answer = await api.agent
      .post(PLANS_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ ...newPlan('Out Of Range'), ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe(field);
  });

  it('refuses a plan group outside the list on a change too, and keeps a group stored before the list was closed', async () => {
    const created = await api.agent.post(PLANS_PATH).auth(superAdmin, { type: 'bearer' }).send(newPlan('Web Legacy Group'));
    const planId = created.body.PlanId as number;
    const typo = await api.agent
      .patch(`${PLANS_PATH}?PlanId=eq.${planId}`)
      .auth(superAdmin, { type: 'bearer' })
      .send({ PlanGroup: 'MICROSAS' });
    expect(typo.status).toBe(400);
    expect(typo.body.error).toMatchObject({ field: 'PlanGroup', message: 'Choose Lite or Standard' });
    expect(await api.db.query('SELECT plan_group FROM plans WHERE plan_id = $1', [planId])).toEqual([{ plan_group: 'STANDARD' }]);

    // A row written before the list was closed still reads, and can still be taken off sale.
    await api.db.query("UPDATE plans SET plan_group = 'OLD_TIER' WHERE plan_id = $1", [planId]);
    const listed = await api.agent.get(`${PLANS_PATH}?PlanId=eq.${planId}`).auth(superAdmin, { type: 'bearer' });
    expect(listed.body).toEqual([expect.objectContaining({ PlanGroup: 'OLD_TIER' })]);
    const retired = await api.agent.patch(`${PLANS_PATH}?PlanId=eq.${planId}`).auth(superAdmin, { type: 'bearer' }).send({ Retired: true });
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ PlanGroup: 'OLD_TIER', Retired: true });
  });

  it('refuses a second plan of the same name for a product', async () => {
    const answer = await api.agent.post(PLANS_PATH).auth(superAdmin, { type: 'bearer' }).send(newPlan('web business'));
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: 'CONFLICT', field: 'PlanName' });
  });

  it('changes a plan’s terms and logs only what changed', async () => {
    const created = await api.agent.post(PLANS_PATH).auth(superAdmin, { type: 'bearer' }).send(newPlan('Web Edit'));
    const answer = await api.agent
      .patch(`${PLANS_PATH}?PlanId=eq.${created.body.PlanId}`)
      .auth(superAdmin, { type: 'bearer' })
      .send({ ...newPlan('Web Edited'), ProductId: undefined, Capacity: 80 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ PlanName: 'Web Edited', Capacity: 80 });
    const entries = await auditOf(created.body.PlanId);
    expect(entries.at(-1)).toEqual({
      action: 'plan.update',
      actor: 'admin@yozy.local',
      client_id: null,
      before: { PlanName: 'Web Edit', Capacity: 75 },
      after: { PlanName: 'Web Edited', Capacity: 80 },
    });
  });

  it('retires a plan in use: gone from the catalogue and refused for sign-up, kept by its licences', async () => {
    // A plan of its own that one organisation holds and two sign-up enquiries ask for.
    const created = await api.agent.post(PLANS_PATH).auth(superAdmin, { type: 'bearer' }).send(newPlan('Web Retiring'));
    const planId = created.body.PlanId;
    await api.db.query(
      `INSERT INTO licences (client_id, product_id, plan_id, valid_till, is_active)
       SELECT client_id, $1, $2, current_date + 365, true FROM clients WHERE company_name = 'Acme Corporation'`,
      [webProductId, planId],
    );
    for (const company of ['Retiring One', 'Retiring Two']) {
      const email = `${company.toLowerCase().replace(' ', '.')}@plans.example`;
      await api.db.query(
        `INSERT INTO enquiries (company_name, city, admin_first_name, admin_last_name, admin_email, contact_name, contact_email, product_id, plan_id)
         VALUES ($1, 'Lagos', 'Ada', 'Obi', $2, 'Chi Obi', $2, $3, $4)`,
        [company, email, webProductId, planId],
      );
    }

    const refused = await api.agent.delete(`${PLANS_PATH}?PlanId=eq.${planId}`).auth(superAdmin, { type: 'bearer' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Web Retiring is used by 1 licence and 2 sign-up enquiries: retire it instead, so it is no longer offered',
    );

    const retired = await api.agent.patch(`${PLANS_PATH}?PlanId=eq.${planId}`).auth(superAdmin, { type: 'bearer' }).send({ Retired: true });
    expect(retired.body).toMatchObject({ Retired: true, LicenceCount: 1 });
    expect(await onSale()).not.toContain('Web Retiring');
    expect(await api.db.query('SELECT count(*)::int AS n FROM licences WHERE plan_id = $1', [planId])).toEqual([{ n: 1 }]);
    expect((await auditOf(planId)).map((entry) => [entry.action, entry.before, entry.after]).slice(1)).toEqual([
      ['plan.retire', { Retired: false }, { Retired: true }],
    ]);

    await api.agent.patch(`${PLANS_PATH}?PlanId=eq.${planId}`).auth(superAdmin, { type: 'bearer' }).send({ Retired: false });
    expect(await onSale()).toContain('Web Retiring');
    expect((await auditOf(planId)).at(-1)?.action).toBe('plan.reinstate');
  });

  it('deletes an unused plan and logs what it was', async () => {
    const created = await api.agent.post(PLANS_PATH).auth(superAdmin, { type: 'bearer' }).send(newPlan('Web Short Lived'));
    const answer = await api.agent.delete(`${PLANS_PATH}?PlanId=eq.${created.body.PlanId}`).auth(superAdmin, { type: 'bearer' });
    expect(answer.status).toBe(204);
    expect(await api.db.query('SELECT 1 FROM plans WHERE plan_id = $1', [created.body.PlanId])).toEqual([]);
    expect((await auditOf(created.body.PlanId)).map((entry) => entry.action)).toEqual(['plan.create', 'plan.delete']);
  });

  it('answers 404 for a plan that does not exist, and 400 for a malformed id', async () => {
    const missing = await api.agent.patch(`${PLANS_PATH}?PlanId=eq.999999`).auth(superAdmin, { type: 'bearer' }).send({ Capacity: 5 });
    expect(missing.status).toBe(404);
    const malformed = await api.agent.delete(`${PLANS_PATH}?PlanId=gt.1`).auth(superAdmin, { type: 'bearer' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.field).toBe('PlanId');
  });
});
