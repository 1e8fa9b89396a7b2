import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, openRestApi, type RestApi } from '#testing/restApi';
import { LICENCE_ACTIVE_PATH, LICENCE_EXTEND_PATH, LICENCE_PATH, LICENCE_PLAN_PATH } from './licences';

let api: RestApi;
let superAdmin: string;
let orgAdmin: string;
let member: string;
let sequence = 0;

beforeAll(async () => {
  api = await openRestApi();
  [superAdmin, orgAdmin, member] = await Promise.all([
    api.signIn('admin@yozy.local'),
    api.signIn('admin@acme.local'),
    api.signIn('member@acme.local'),
  ]);
});
afterAll(() => api.close());

const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await api.db.query<T>(sql, params))[0]!;

/** A product of its own with plans of the capacities given, and an organisation whose `users` people take its seats. */
async function scene({ capacities = [10, 2], users = 3 }: { capacities?: number[]; users?: number } = {}) {
  const tag = `licence-actions-${process.pid}-${++sequence}`;
  const { product_id: productId } = await one<{ product_id: number }>(
    "INSERT INTO products (product_name, product_code, domain) VALUES ($1, $1, 'https://' || $1 || '.test') RETURNING product_id",
    [tag],
  );
  const plans: { planId: number; name: string; capacity: number }[] = [];
  for (const [index, capacity] of capacities.entries()) {
    const name = `${tag} plan ${index} ${capacity}`;
    const { plan_id } = await one<{ plan_id: number }>(
      `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
       VALUES ($1, $2, 'STANDARD', 10, 'USD', $3, $4) RETURNING plan_id`,
      [productId, name, index === 0 ? 'MONTHLY' : 'YEARLY', capacity],
    );
    plans.push({ planId: plan_id, name, capacity });
  }
  const companyName = `Company ${tag}`;
  const { client_id: clientId } = await one<{ client_id: number }>(
    "INSERT INTO clients (company_name, currency_code, contact_name) VALUES ($1, 'USD', 'Pat') RETURNING client_id",
    [companyName],
  );
  const { role_id: roleId } = await one<{ role_id: number }>(
    'INSERT INTO roles (role_name, product_id) VALUES ($1, $2) RETURNING role_id',
    [tag, productId],
  );
  for (let n = 0; n < users; n++) {
    const { user_id } = await one<{ user_id: number }>(
      "INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user) VALUES ($1, 'Seat', $2, $3, 'User') RETURNING user_id",
      [clientId, `Taker ${n}`, `${tag}-${n}@seats.test`],
    );
    await api.db.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [user_id, roleId, productId]);
  }
  return { productId, plans, clientId, companyName };
}

const dayFromToday = async (days: number) =>
  (await one<{ day: string }>("SELECT to_char(current_date + $1::int, 'YYYY-MM-DD') AS day", [days])).day;

const licenceRow = (licenceId: number) =>
  one<{ plan_id: number; valid_till: string; is_active: boolean }>(
    "SELECT plan_id, to_char(valid_till, 'YYYY-MM-DD') AS valid_till, is_active FROM licences WHERE licence_id = $1",
    [licenceId],
  );

const auditOf = (licenceId: number) =>
  api.db.query<{ action: string; actor: string; client_id: number; before: unknown; after: unknown }>(
    `SELECT a.action, u.email AS actor, a.client_id, a.before, a.after
       FROM audit_log a JOIN client_users u ON u.user_id = a.actor_user_id
      WHERE a.entity_type = 'licence' AND a.entity_id = $1 ORDER BY a.audit_id`,
    [String(licenceId)],
  );

async function addLicence(s: Awaited<ReturnType<typeof scene>>, planIndex = 0, days = 30) {
  const answer = await api.agent
    .post(LICENCE_PATH)
    .auth(superAdmin, { type: 'bearer' })
    .send({ ClientId: s.clientId, ProductId: s.productId, PlanId: s.plans[planIndex]!.planId, ValidTill: await dayFromToday(days) });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('licence actions of the provider', () => {
  it('adds a licence with its seats, audited, and refuses a second live one of the product', async () => {
    const s = await scene();
    const validTill = await dayFromToday(30);
    const licence = await addLicence(s);
    expect(licence).toMatchObject({
      ClientId: s.clientId,
      ProductId: s.productId,
      PlanId: s.plans[0]!.planId,
      ValidTill: validTill,
      IsActive: true,
      Capacity: s.plans[0]!.capacity,
      SeatsUsed: 3,
      SeatsCapacity: s.plans[0]!.capacity,
    });
    expect(await auditOf(licence.LicenceId)).toEqual([
      {
        action: 'licence.create',
        actor: 'admin@yozy.local',
        client_id: s.clientId,
        before: null,
        after: expect.objectContaining({ PlanId: s.plans[0]!.planId, ValidTill: validTill, IsActive: true }),
      },
    ]);

    const second = await api.agent
      .post(LICENCE_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ ClientId: s.clientId, ProductId: s.productId, PlanId: s.plans[1]!.planId, ValidTill: await dayFromToday(60) });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'CONFLICT', field: 'ProductId' });
    expect(second.body.error.message).toContain(`${s.companyName} already has a live`);
    const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM licences WHERE client_id = $1', [s.clientId]);
    expect(n).toBe(1);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const s = await scene();
    const other = await scene();
    const cases: [Record<string, unknown>, string][] = [
      [{ ClientId: s.clientId, ProductId: s.productId, PlanId: other.plans[0]!.planId, ValidTill: await dayFromToday(5) }, 'PlanId'],
      [{ ClientId: s.clientId, ProductId: s.productId, PlanId: s.plans[0]!.planId, ValidTill: '2027-02-30' }, 'ValidTill'],
      [{ ClientId: s.clientId, ProductId: s.productId, PlanId: s.plans[0]!.planId, ValidTill: await dayFromToday(-1) }, 'ValidTill'],
      [{ ClientId: s.clientId, PlanId: s.plans[0]!.planId, ValidTill: await dayFromToday(5) }, 'ProductId'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.agent.post(LICENCE_PATH).auth(superAdmin, { type: 'bearer' }).send(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.field).toBe(field);
    }
    await api.db.query('UPDATE plans SET is_active = false WHERE plan_id = $1', [s.plans[1]!.planId]);
    const retired = await api.agent
      .post(LICENCE_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ ClientId: s.clientId, ProductId: s.productId, PlanId: s.plans[1]!.planId, ValidTill: await dayFromToday(5) });
    expect(retired.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'PlanId' });
    const { n } = await one<{ n: number }>('SELECT count(*)::int AS n FROM licences WHERE client_id = $1', [s.clientId]);
    expect(n).toBe(0);
  });

  it('extends only to a later day, audited before and after', async () => {
    const s = await scene();
    const licence = await addLicence(s);
    const earlier = await api.agent
      .post(LICENCE_EXTEND_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: licence.LicenceId, ValidTill: licence.ValidTill });
    expect(earlier.status).toBe(400);
    expect(earlier.body.error).toMatchObject({ field: 'ValidTill' });
    const later = await dayFromToday(400);
    const extended = await api.agent
      .post(LICENCE_EXTEND_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: licence.LicenceId, ValidTill: later });
    expect(extended.status).toBe(200);
    expect(extended.body.ValidTill).toBe(later);
    expect((await licenceRow(licence.LicenceId)).valid_till).toBe(later);
    expect((await auditOf(licence.LicenceId)).at(-1)).toMatchObject({
      action: 'licence.extend',
      before: { ValidTill: licence.ValidTill },
      after: { ValidTill: later },
    });
  });

  it('refuses to bring a lapsed licence back while another licence of the product is live', async () => {
    const s = await scene();
    const live = await addLicence(s);
    const { licence_id: lapsed } = await one<{ licence_id: number }>(
      'INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, current_date - 3) RETURNING licence_id',
      [s.clientId, s.productId, s.plans[1]!.planId],
    );
    const before = await licenceRow(lapsed);
    const refused = await api.agent
      .post(LICENCE_EXTEND_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: lapsed, ValidTill: await dayFromToday(60) });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', field: 'LicenceId' });
    expect(await licenceRow(lapsed)).toEqual(before);
    await api.agent.post(LICENCE_ACTIVE_PATH).auth(superAdmin, { type: 'bearer' }).send({ LicenceId: live.LicenceId, IsActive: false });
    const extended = await api.agent
      .post(LICENCE_EXTEND_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: lapsed, ValidTill: await dayFromToday(60) });
    expect(extended.status).toBe(200);
  });

  it('changes the plan, and refuses one that holds fewer seats than are used, writing nothing', async () => {
    const s = await scene({ capacities: [10, 2, 5], users: 3 });
    const licence = await addLicence(s);
    const refused = await api.agent
      .post(LICENCE_PLAN_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: licence.LicenceId, PlanId: s.plans[1]!.planId });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'SEAT_LIMIT',
      field: 'PlanId',
      message: `${s.companyName} uses 3 seats; ${s.plans[1]!.name} holds 2`,
    });
    expect((await licenceRow(licence.LicenceId)).plan_id).toBe(s.plans[0]!.planId);
    expect(await auditOf(licence.LicenceId)).toHaveLength(1);

    const other = await scene();
    const foreign = await api.agent
      .post(LICENCE_PLAN_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: licence.LicenceId, PlanId: other.plans[0]!.planId });
    expect(foreign.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'PlanId' });

    const changed = await api.agent
      .post(LICENCE_PLAN_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: licence.LicenceId, PlanId: s.plans[2]!.planId });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ PlanId: s.plans[2]!.planId, Capacity: 5, SeatsCapacity: 5, SeatsUsed: 3 });
    expect((await auditOf(licence.LicenceId)).at(-1)).toMatchObject({
      action: 'licence.change_plan',
      before: { PlanId: s.plans[0]!.planId, Capacity: 10 },
      after: { PlanId: s.plans[2]!.planId, Capacity: 5 },
    });
  });

  it('deactivates (the seats go) and reactivates, unless another licence of the product is live', async () => {
    const s = await scene();
    const licence = await addLicence(s);
    const off = await api.agent
      .post(LICENCE_ACTIVE_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: licence.LicenceId, IsActive: false });
    expect(off.body).toMatchObject({ IsActive: false, SeatsCapacity: 0 });
    const replacement = await addLicence(s, 1);
    const on = await api.agent
      .post(LICENCE_ACTIVE_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: licence.LicenceId, IsActive: true });
    expect(on.status).toBe(409);
    expect(on.body.error.field).toBe('LicenceId');
    expect((await licenceRow(licence.LicenceId)).is_active).toBe(false);
    await api.agent
      .post(LICENCE_ACTIVE_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: replacement.LicenceId, IsActive: false });
    const back = await api.agent
      .post(LICENCE_ACTIVE_PATH)
      .auth(superAdmin, { type: 'bearer' })
      .send({ LicenceId: licence.LicenceId, IsActive: true });
    expect(back.body).toMatchObject({ IsActive: true, SeatsCapacity: s.plans[0]!.capacity });
    expect((await auditOf(licence.LicenceId)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['licence.create', null, expect.anything()],
      ['licence.deactivate', { IsActive: true }, { IsActive: false }],
      ['licence.reactivate', { IsActive: false }, { IsActive: true }],
    ]);
  });

  it.each([
    ['an organisation admin', () => orgAdmin, 403],
    ['a member', () => member, 403],
    ['nobody signed in', () => undefined, 401],
  ])('refuses every action to %s, writing nothing', async (_who, token, status) => {
    const s = await scene();
    const licence = await addLicence(s);
    const answers = await Promise.all([
      api.agent
        .post(LICENCE_PATH)
        .use(bearer(token()))
        .send({ ClientId: s.clientId, ProductId: s.productId, PlanId: s.plans[1]!.planId, ValidTill: await dayFromToday(9) }),
      api.agent
        .post(LICENCE_EXTEND_PATH)
        .use(bearer(token()))
        .send({ LicenceId: licence.LicenceId, ValidTill: await dayFromToday(900) }),
      api.agent.post(LICENCE_PLAN_PATH).use(bearer(token())).send({ LicenceId: licence.LicenceId, PlanId: s.plans[1]!.planId }),
      api.agent.post(LICENCE_ACTIVE_PATH).use(bearer(token())).send({ LicenceId: licence.LicenceId, IsActive: false }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([status, status, status, status]);
    expect(await licenceRow(licence.LicenceId)).toEqual({ plan_id: licence.PlanId, valid_till: licence.ValidTill, is_active: true });
    expect(await auditOf(licence.LicenceId)).toHaveLength(1);
  });
});
