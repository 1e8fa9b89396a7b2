import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

type UserRow = { ClientUserId: number; ClientId: number; UserFirstname: string; OfficialEmail: string; Status: string };

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local', 'member@acme.local'] as const;
type Person = (typeof PEOPLE)[number];
let tokens: Record<Person, string>;
let acme: number;
let globex: number;
let webMember: number;

beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
  const ids = await api.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients');
  acme = ids.find((c) => c.company_name === 'Acme Corporation')!.client_id;
  globex = ids.find((c) => c.company_name === 'Globex Industries')!.client_id;
  const [role] = await api.db.query<{ role_id: number }>(
    "SELECT r.role_id FROM roles r JOIN products p USING (product_id) WHERE p.product_code = 'YOZY-WEB' AND r.role_name = 'Member'",
  );
  webMember = role!.role_id;
});
afterAll(() => api.close());

const list = (viewer: Person, query = '') => api.agent.get(`/subscription_client_users${query}`).auth(tokens[viewer], { type: 'bearer' });

/** A fresh organisation with a licence of `capacity` seats on the web product. */
async function organisationWithSeats(capacity: number) {
  const [client] = await api.db.query<{ client_id: number }>(
    "INSERT INTO clients (company_name) VALUES ('Seat Test ' || gen_random_uuid()) RETURNING client_id",
  );
  const [plan] = await api.db.query<{ plan_id: number; product_id: number }>(
    `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
     SELECT product_id, 'Tiny ' || gen_random_uuid(), 'STANDARD', 1, 'USD', 'MONTHLY', $1 FROM products WHERE product_code = 'YOZY-WEB'
     RETURNING plan_id, product_id`,
    [capacity],
  );
  await api.db.query('INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, current_date + 30)', [
    client!.client_id,
    plan!.product_id,
    plan!.plan_id,
  ]);
  return client!.client_id;
}

const invitation = (email: string, extra: Record<string, unknown> = {}) => ({
  UserFirstname: 'Nina',
  UserLastname: 'Invitee',
  OfficialEmail: email,
  DepartmentName: 'Research',
  DepartmentCode: 'RND',
  Phone: '+1 555 0100',
  RoleId: webMember,
  ...extra,
});

describe('GET /subscription_client_users', () => {
  it('lists only the organisation admin’s own people, with their status', async () => {
    const answer = await list('admin@acme.local', '?limit=100');
    expect(answer.status).toBe(200);
    expect(new Set(answer.body.map((u: UserRow) => u.ClientId))).toEqual(new Set([acme]));
    expect(answer.body.map((u: UserRow) => u.Status).sort()).toContain('DISABLED');
    expect(answer.body.find((u: UserRow) => u.OfficialEmail === 'grace.hopper@acme.local')?.Status).toBe('INVITED');
  });

  it('refuses an organisation admin another organisation, and lets a SuperAdmin name it', async () => {
    expect((await list('admin@acme.local', `?ClientId=eq.${globex}`)).status).toBe(403);
    expect((await list('member@acme.local')).status).toBe(403);
    const answer = await list('admin@yozy.local', `?ClientId=eq.${globex}&limit=100`);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(3);
    expect(new Set(answer.body.map((u: UserRow) => u.ClientId))).toEqual(new Set([globex]));
  });

  it('gives a SuperAdmin who names no organisation their own, never everyone’s', async () => {
    const answer = await list('admin@yozy.local', '?limit=100');
    const own = await api.db.query<{ email: string }>(
      "SELECT email FROM client_users WHERE client_id = (SELECT client_id FROM client_users WHERE email = 'admin@yozy.local') ORDER BY user_id",
    );
    expect(own.length).toBeLessThan(10);
    expect(answer.body.map((u: UserRow) => u.OfficialEmail).sort()).toEqual(own.map((row) => row.email).sort());
  });

  it('filters by status, searches and sorts on the server', async () => {
    const disabled = await list('admin@acme.local', '?Status=eq.DISABLED');
    expect(disabled.body.map((u: UserRow) => u.Status)).toEqual(['DISABLED', 'DISABLED', 'DISABLED']);
    const found = await list('admin@acme.local', '?or=(UserFirstname.ilike.*kenji*,OfficialEmail.ilike.*kenji*)');
    expect(found.body.map((u: UserRow) => u.UserFirstname)).toEqual(['Kenji']);
    const sorted = await list('admin@acme.local', '?order=UserFirstname.desc&limit=3');
    expect(sorted.body.map((u: UserRow) => u.UserFirstname)).toEqual(['Zoe', 'Yara', 'Wile']);
  });
});

describe('GET /subscription_user_role_mapping and /subscription/seats', () => {
  it('answers a user’s roles per product within the organisation only', async () => {
    const [wile] = (await list('admin@acme.local', '?OfficialEmail=eq.admin@acme.local')).body;
    const roles = await api.agent
      .get(`/subscription_user_role_mapping?UserId=eq.${wile!.ClientUserId}`)
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(roles.body.map((r: { RoleName: string; ProductName: string }) => `${r.ProductName}: ${r.RoleName}`)).toEqual([
      'Yozy Web: Admin',
    ]);
    const fromGlobex = await api.agent
      .get(`/subscription_user_role_mapping?UserId=eq.${wile!.ClientUserId}`)
      .auth(tokens['admin@globex.local'], { type: 'bearer' });
    expect(fromGlobex.body).toEqual([]);
  });

  it('counts seats used of capacity on each licensed product', async () => {
    const answer = await api.agent.get('/subscription/seats').auth(tokens['admin@acme.local'], { type: 'bearer' });
    // One entry per product the organisation holds a live licence for, whatever the demo holds.
    const licensed = await api.db.query<{ product_name: string }>(
      `SELECT DISTINCT p.product_name FROM licences l JOIN products p ON p.product_id = l.product_id
        WHERE l.client_id = $1 AND l.is_active AND l.valid_till >= current_date ORDER BY p.product_name`,
      [acme],
    );
    expect(licensed.length).toBeGreaterThan(0);
    expect(answer.body.map((product: { ProductName: string }) => product.ProductName).sort()).toEqual(
      licensed.map((row) => row.product_name),
    );
    const web = answer.body.find((product: { ProductName: string }) => product.ProductName === 'Yozy Web');
    expect(web).toMatchObject({ Capacity: 50 });
    expect(web!.Roles).toHaveLength(3);
    expect(
      (await api.agent.get(`/subscription/seats?ClientId=${globex}`).auth(tokens['admin@acme.local'], { type: 'bearer' })).status,
    ).toBe(403);
  });
});

describe('POST /subscription/usercreation', () => {
  it('invites: the account without a password, its role, a live invitation, the mail and the audit entry', async () => {
    const email = 'nina.invitee@acme.local';
    const answer = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send(invitation(email));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ ClientId: acme, OfficialEmail: email, Status: 'INVITED' });
    const id = answer.body.ClientUserId;
    expect(await api.db.query('SELECT role_id FROM user_roles WHERE user_id = $1', [id])).toEqual([{ role_id: webMember }]);
    expect(
      await api.db.query("SELECT 1 FROM user_tokens WHERE user_id = $1 AND purpose = 'invite' AND used_at IS NULL", [id]),
    ).toHaveLength(1);
    const [mail] = await api.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [email]);
    expect(mail?.text_body).toContain('/setpassword/nina.invitee%40acme.local/Nina/Invitee?token=');
    const [entry] = await api.db.query<{ action: string; after: Record<string, unknown> }>(
      "SELECT action, after FROM audit_log WHERE entity_type = 'user' AND entity_id = $1",
      [String(id)],
    );
    expect(entry).toMatchObject({ action: 'user.invite', after: { email, role: 'Member', departmentCode: 'RND' } });
  });

  it('refuses a taken email, an unknown role and another organisation, writing nothing', async () => {
    const before = await api.db.query('SELECT count(*)::int AS n FROM client_users');
    const taken = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send(invitation('MARCUS.LEE@acme.local'));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'CONFLICT', field: 'OfficialEmail' });
    const role = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send(invitation('x1@acme.local', { RoleId: 999999 }));
    expect(role.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'RoleId' });
    const other = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send(invitation('x2@acme.local', { ClientId: globex }));
    expect(other.status).toBe(403);
    const bad = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send(invitation('not-an-email'));
    expect(bad.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'OfficialEmail' });
    expect(await api.db.query('SELECT count(*)::int AS n FROM client_users')).toEqual(before);
  });

  it('refuses with SEAT_LIMIT, saying how many seats are left, when the licence is full', async () => {
    const clientId = await organisationWithSeats(1);
    const first = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send(invitation('first.seat@seat.test', { ClientId: clientId }));
    expect(first.status).toBe(201);
    const second = await api.agent
      .post('/subscription/usercreation')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send(invitation('second.seat@seat.test', { ClientId: clientId }));
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'SEAT_LIMIT', field: 'RoleId' });
    expect(second.body.error.message).toMatch(/has 0 of 1 seat left on Yozy Web/);
    expect(await api.db.query('SELECT 1 FROM client_users WHERE email = $1', ['second.seat@seat.test'])).toEqual([]);
    expect(await api.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', ['second.seat@seat.test'])).toEqual([]);
  });
});

describe('activating, deactivating and signing out', () => {
  const idsOf = async (...emails: string[]) =>
    (
      await api.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = ANY($1::text[]) ORDER BY user_id', [emails])
    ).map((r) => r.user_id);
  const liveSessions = async (ids: number[]) =>
    (
      await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = ANY($1::int[]) AND ended_at IS NULL', [
        ids,
      ])
    )[0]!.n;

  it('deactivates people, ending their sessions at once, and activates them again taking seats, audited', async () => {
    const ids = await idsOf('marcus.lee@acme.local', 'kenji.watanabe@acme.local');
    const marcus = await api.signIn('marcus.lee@acme.local');
    expect(await liveSessions(ids)).toBeGreaterThan(0);
    const off = await api.agent
      .post('/subscription/UserActivation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserIds: ids, IsActive: false });
    expect(off.body.map((u: UserRow) => u.Status)).toEqual(['DISABLED', 'DISABLED']);
    expect(await liveSessions(ids)).toBe(0);
    expect((await api.agent.get('/users/me').auth(marcus, { type: 'bearer' })).status).toBe(401);
    const on = await api.agent
      .post('/subscription/UserActivation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserIds: ids, IsActive: true });
    expect(on.body.map((u: UserRow) => u.Status)).toEqual(['ACTIVE', 'ACTIVE']);
    const actions = await api.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity_id = $1 AND action IN ('user.activate', 'user.deactivate') ORDER BY audit_id",
      [String(ids[0])],
    );
    expect(actions.map((a) => a.action)).toEqual(['user.deactivate', 'user.activate']);
  });

  it('refuses activation beyond the seats, changing nothing, and one’s own deactivation', async () => {
    const clientId = await organisationWithSeats(1);
    for (const email of ['one.seat@seat.test', 'two.seat@seat.test']) {
      const invited = await api.agent
        .post('/subscription/usercreation')
        .auth(tokens['admin@yozy.local'], { type: 'bearer' })
        .send(invitation(email, { ClientId: clientId }));
      if (email.startsWith('one')) {
        await api.agent
          .post('/subscription/UserActivation')
          .auth(tokens['admin@yozy.local'], { type: 'bearer' })
          .send({ UserIds: [invited.body.ClientUserId], IsActive: false, ClientId: clientId });
      }
    }
    const ids = await idsOf('one.seat@seat.test');
    const refused = await api.agent
      .post('/subscription/UserActivation')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ UserIds: ids, IsActive: true, ClientId: clientId });
    expect(refused.body.error).toMatchObject({ code: 'SEAT_LIMIT', field: 'UserIds' });
    expect(await api.db.query('SELECT is_active FROM client_users WHERE user_id = $1', [ids[0]])).toEqual([{ is_active: false }]);
    const [self] = await idsOf('admin@acme.local');
    const own = await api.agent
      .post('/subscription/UserActivation')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserIds: [self], IsActive: false });
    expect(own.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'UserIds' });
  });

  it('signs people out everywhere, and refuses another organisation’s people', async () => {
    const ids = await idsOf('tom.baker@acme.local');
    await api.signIn('tom.baker@acme.local');
    const answer = await api.agent
      .post('/subscription/users/signout')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ UserIds: ids });
    expect(answer.body.SessionsEnded).toBeGreaterThan(0);
    expect(await liveSessions(ids)).toBe(0);
    await api.signIn('tom.baker@acme.local');
    const hidden = await api.agent
      .post('/subscription/users/signout')
      .auth(tokens['admin@globex.local'], { type: 'bearer' })
      .send({ UserIds: ids });
    expect(hidden.status).toBe(404);
    const named = await api.agent
      .post('/subscription/UserActivation')
      .auth(tokens['admin@globex.local'], { type: 'bearer' })
      .send({ UserIds: ids, IsActive: false, ClientId: acme });
    expect(named.status).toBe(403);
    expect(await liveSessions(ids)).toBe(1);
  });
});
