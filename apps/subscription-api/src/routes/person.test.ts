import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local', 'member@acme.local'] as const;
type Caller = (typeof PEOPLE)[number];
let tokens: Record<Caller, string>;
let globex: number;
let globexPerson: number;
let acmePerson: number;
const roles: Record<string, number> = {};

beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
  const ids = await api.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients');
  globex = ids.find((c) => c.company_name === 'Globex Industries')!.client_id;
  for (const role of await api.db.query<{ role_id: number; key: string }>(
    "SELECT r.role_id, p.product_code || '/' || r.role_name AS key FROM roles r JOIN products p USING (product_id)",
  ))
    roles[role.key] = role.role_id;
  [{ user_id: globexPerson }] = (await api.db.query<{ user_id: number }>(
    "SELECT user_id FROM client_users WHERE client_id = $1 AND type_of_user = 'User' ORDER BY user_id LIMIT 1",
    [globex],
  )) as [{ user_id: number }];
  [{ user_id: acmePerson }] = (await api.db.query<{ user_id: number }>(
    "SELECT user_id FROM client_users WHERE email = 'member@acme.local'",
  )) as [{ user_id: number }];
});
afterAll(() => api.close());

const post = (caller: Caller, path: string, body: Record<string, unknown>) =>
  api.agent.post(`/subscription/users/${path}`).auth(tokens[caller], { type: 'bearer' }).send(body);

/** A fresh organisation with a live licence on each product named, of that many seats, and its people. */
async function organisation(seats: Record<string, number>, people: { first: string; type?: 'OrgAdmin' | 'User'; active?: boolean }[]) {
  const [client] = await api.db.query<{ client_id: number }>(
    "INSERT INTO clients (company_name) VALUES ('Person Test ' || gen_random_uuid()) RETURNING client_id",
  );
  const clientId = client!.client_id;
  for (const [product, capacity] of Object.entries(seats)) {
    const [plan] = await api.db.query<{ plan_id: number; product_id: number }>(
      `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
       SELECT product_id, 'Seats ' || gen_random_uuid(), 'STANDARD', 1, 'USD', 'MONTHLY', $2 FROM products WHERE product_code = $1
       RETURNING plan_id, product_id`,
      [product, capacity],
    );
    await api.db.query('INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, current_date + 30)', [
      clientId,
      plan!.product_id,
      plan!.plan_id,
    ]);
  }
  const ids: number[] = [];
  for (const person of people) {
    const [row] = await api.db.query<{ user_id: number }>(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, is_active, password_hash)
       VALUES ($1, $2, 'Tester', $2 || '.' || gen_random_uuid() || '@person.test', $3, $4, 'not-a-real-hash') RETURNING user_id`,
      [clientId, person.first, person.type ?? 'User', person.active ?? true],
    );
    ids.push(row!.user_id);
  }
  return { clientId, ids };
}

const rolesOf = (userId: number) =>
  api.db.query<{ product_code: string; role_name: string }>(
    `SELECT p.product_code, r.role_name FROM user_roles ur JOIN roles r USING (role_id) JOIN products p ON p.product_id = ur.product_id
      WHERE ur.user_id = $1 ORDER BY p.product_code`,
    [userId],
  );

const lastAudit = async (userId: number) =>
  (
    await api.db.query<{ action: string; before: unknown; after: unknown; client_id: number }>(
      "SELECT action, before, after, client_id FROM audit_log WHERE entity_type = 'user' AND entity_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [String(userId)],
    )
  )[0];

describe('POST /subscription/users/profile', () => {
  it('corrects a name, phone and department and audits only what changed, before and after', async () => {
    const { clientId, ids } = await organisation({ 'YOZY-WEB': 5 }, [{ first: 'Ann', type: 'OrgAdmin' }]);
    await api.db.query("UPDATE client_users SET phone = '+1 555 0100', department_name = 'Sales' WHERE user_id = $1", [ids[0]]);
    const answer = await post('admin@yozy.local', 'profile', {
      ClientId: clientId,
      UserId: ids[0],
      UserFirstname: 'Anna',
      UserLastname: 'Tester',
      Phone: '+1 555 0100',
      DepartmentName: 'Research',
      DepartmentCode: 'RND',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ UserFirstname: 'Anna', DepartmentName: 'Research', DepartmentCode: 'RND', Phone: '+1 555 0100' });
    expect(await lastAudit(ids[0]!)).toEqual({
      action: 'user.update',
      client_id: clientId,
      before: { firstName: 'Ann', departmentName: 'Sales', departmentCode: null },
      after: { firstName: 'Anna', departmentName: 'Research', departmentCode: 'RND' },
    });
  });

  it('refuses an empty first name or a malformed phone with the invitation form’s words, changing nothing', async () => {
    const { clientId, ids } = await organisation({}, [{ first: 'Ben' }]);
    const blank = await post('admin@yozy.local', 'profile', { ClientId: clientId, UserId: ids[0], UserFirstname: ' ', UserLastname: 'X' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'UserFirstname', message: 'Enter the first name' });
    const phone = await post('admin@yozy.local', 'profile', {
      ClientId: clientId,
      UserId: ids[0],
      UserFirstname: 'Benny',
      UserLastname: 'X',
      Phone: 'call me',
    });
    expect(phone.status).toBe(400);
    expect(phone.body.error.field).toBe('Phone');
    const [row] = await api.db.query<{ first_name: string }>('SELECT first_name FROM client_users WHERE user_id = $1', [ids[0]]);
    expect(row!.first_name).toBe('Ben');
  });

  it('lets an organisation admin change only their own organisation’s people, whatever they send', async () => {
    const body = { UserId: globexPerson, UserFirstname: 'Hacked', UserLastname: 'Name' };
    const hidden = await post('admin@acme.local', 'profile', body);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'UserId' });
    const named = await post('admin@acme.local', 'profile', { ...body, ClientId: globex });
    expect(named.status).toBe(403);
    const [row] = await api.db.query<{ first_name: string }>('SELECT first_name FROM client_users WHERE user_id = $1', [globexPerson]);
    expect(row!.first_name).not.toBe('Hacked');
    expect((await post('member@acme.local', 'profile', { ...body, UserId: acmePerson })).status).toBe(403);
    expect((await post('admin@acme.local', 'profile', { ...body, UserId: 'abc' })).status).toBe(400);
    expect((await post('admin@acme.local', 'profile', { ...body, UserId: 2_000_000_000 })).status).toBe(404);
  });
});

describe('POST /subscription/users/role and /role/remove', () => {
  it('adds a role on a second product, changes it, and removes it, each audited', async () => {
    const { clientId, ids } = await organisation({ 'YOZY-WEB': 5, 'YOZY-LITE': 5 }, [{ first: 'Cleo', type: 'OrgAdmin' }]);
    const [person] = ids as [number];
    await api.db.query(
      'INSERT INTO user_roles (user_id, role_id, product_id) SELECT $1, role_id, product_id FROM roles WHERE role_id = $2',
      [person, roles['YOZY-WEB/Member']],
    );
    const liteRoles = Object.keys(roles).filter((key) => key.startsWith('YOZY-LITE/'));
    const [first, second] = liteRoles as [string, string];

    const added = await post('admin@yozy.local', 'role', { ClientId: clientId, UserId: person, RoleId: roles[first] });
    expect(added.status).toBe(200);
    expect(await rolesOf(person)).toEqual([
      { product_code: 'YOZY-LITE', role_name: first.split('/')[1] },
      { product_code: 'YOZY-WEB', role_name: 'Member' },
    ]);
    expect(await lastAudit(person)).toMatchObject({ action: 'user.role_add', before: null, after: { role: first.split('/')[1] } });

    expect((await post('admin@yozy.local', 'role', { ClientId: clientId, UserId: person, RoleId: roles[second] })).status).toBe(200);
    expect((await rolesOf(person))[0]).toEqual({ product_code: 'YOZY-LITE', role_name: second.split('/')[1] });
    expect(await lastAudit(person)).toMatchObject({
      action: 'user.role_change',
      before: { role: first.split('/')[1] },
      after: { role: second.split('/')[1] },
    });

    const productId = (await api.db.query<{ product_id: number }>("SELECT product_id FROM products WHERE product_code = 'YOZY-LITE'"))[0]!
      .product_id;
    expect((await post('admin@yozy.local', 'role/remove', { ClientId: clientId, UserId: person, ProductId: productId })).status).toBe(200);
    expect(await rolesOf(person)).toEqual([{ product_code: 'YOZY-WEB', role_name: 'Member' }]);
    expect(await lastAudit(person)).toMatchObject({ action: 'user.role_remove', after: null });
    const again = await post('admin@yozy.local', 'role/remove', { ClientId: clientId, UserId: person, ProductId: productId });
    expect(again.status).toBe(404);
    expect(again.body.error.field).toBe('ProductId');
  });

  it('refuses a role on a full product with the seats left, and on a product without a live licence', async () => {
    const { clientId, ids } = await organisation({ 'YOZY-LITE': 1 }, [{ first: 'Dan' }, { first: 'Eve' }]);
    const liteRole = roles[Object.keys(roles).find((key) => key.startsWith('YOZY-LITE/'))!];
    expect((await post('admin@yozy.local', 'role', { ClientId: clientId, UserId: ids[0], RoleId: liteRole })).status).toBe(200);
    const full = await post('admin@yozy.local', 'role', { ClientId: clientId, UserId: ids[1], RoleId: liteRole });
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'SEAT_LIMIT', field: 'RoleId' });
    expect(full.body.error.message).toMatch(/has 0 of 1 seat left on Yozy Lite/);
    const unlicensed = await post('admin@yozy.local', 'role', { ClientId: clientId, UserId: ids[1], RoleId: roles['YOZY-WEB/Member'] });
    expect(unlicensed.status).toBe(409);
    expect(unlicensed.body.error.message).toMatch(/has no active licence for Yozy Web/);
    expect(await rolesOf(ids[1]!)).toEqual([]);
  });

  it('never gives a role to another organisation’s person', async () => {
    const before = await rolesOf(globexPerson);
    const answer = await post('admin@acme.local', 'role', { UserId: globexPerson, RoleId: roles['YOZY-WEB/Member'] });
    expect(answer.status).toBe(404);
    expect(await rolesOf(globexPerson)).toEqual(before);
  });
});

describe('POST /subscription/users/admin and the last active admin', () => {
  it('makes a person an admin and back, audited; the last active admin keeps it and stays active', async () => {
    const { clientId, ids } = await organisation({}, [{ first: 'Fay', type: 'OrgAdmin' }, { first: 'Gus' }]);
    const [fay, gus] = ids as [number, number];
    const last = await post('admin@yozy.local', 'admin', { ClientId: clientId, UserId: fay, IsAdmin: false });
    expect(last.status).toBe(409);
    expect(last.body.error).toMatchObject({
      code: 'CONFLICT',
      field: 'UserId',
      message: expect.stringMatching(/at least one active admin/),
    });
    const deactivate = await api.agent
      .post('/subscription/UserActivation')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ ClientId: clientId, UserIds: [fay], IsActive: false });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.error.message).toMatch(/at least one active admin/);

    const granted = await post('admin@yozy.local', 'admin', { ClientId: clientId, UserId: gus, IsAdmin: true });
    expect(granted.status).toBe(200);
    expect(granted.body.TypeOfUser).toBe('OrgAdmin');
    expect(await lastAudit(gus)).toMatchObject({
      action: 'user.admin_grant',
      before: { typeOfUser: 'User' },
      after: { typeOfUser: 'OrgAdmin' },
    });
    const revoked = await post('admin@yozy.local', 'admin', { ClientId: clientId, UserId: fay, IsAdmin: false });
    expect(revoked.status).toBe(200);
    expect(revoked.body.TypeOfUser).toBe('User');
    expect(await lastAudit(fay)).toMatchObject({ action: 'user.admin_revoke' });
    expect((await post('admin@yozy.local', 'admin', { ClientId: clientId, UserId: gus, IsAdmin: false })).status).toBe(409);
  });

  it('does not count a deactivated admin as the one that stays', async () => {
    const { clientId, ids } = await organisation({}, [
      { first: 'Hal', type: 'OrgAdmin' },
      { first: 'Ivy', type: 'OrgAdmin', active: false },
    ]);
    expect((await post('admin@yozy.local', 'admin', { ClientId: clientId, UserId: ids[0], IsAdmin: false })).status).toBe(409);
  });

  it('never makes another organisation’s person an admin', async () => {
    expect((await post('admin@acme.local', 'admin', { UserId: globexPerson, IsAdmin: true })).status).toBe(404);
    const [row] = await api.db.query<{ type_of_user: string }>('SELECT type_of_user FROM client_users WHERE user_id = $1', [globexPerson]);
    expect(row!.type_of_user).toBe('User');
  });
});

describe('POST /subscription/users/password-reset', () => {
  it('mails an active person a reset link, audited, and refuses an invited person', async () => {
    const { clientId, ids } = await organisation({}, [{ first: 'Jo' }]);
    const mailed = await post('admin@yozy.local', 'password-reset', { ClientId: clientId, UserId: ids[0] });
    expect(mailed.status).toBe(202);
    const [mail] = await api.db.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE to_address = (SELECT email FROM client_users WHERE user_id = $1)',
      [ids[0]],
    );
    expect(mail).toBeDefined();
    expect(await lastAudit(ids[0]!)).toMatchObject({ action: 'user.password_reset_mail' });
    await api.db.query('UPDATE client_users SET password_hash = NULL WHERE user_id = $1', [ids[0]]);
    const invited = await post('admin@yozy.local', 'password-reset', { ClientId: clientId, UserId: ids[0] });
    expect(invited.status).toBe(400);
    expect(invited.body.error.message).toMatch(/resend their invitation/);
  });
});

describe('GET /subscription_user_groups', () => {
  it('lists a person’s groups for their own organisation’s admin only', async () => {
    const [member] = await api.db.query<{ user_id: number; name: string }>(
      `SELECT gm.user_id, g.name FROM group_members gm JOIN groups g USING (group_id) WHERE g.client_id = $1 ORDER BY gm.user_id LIMIT 1`,
      [globex],
    );
    const own = await api.agent
      .get(`/subscription_user_groups?UserId=eq.${member!.user_id}`)
      .auth(tokens['admin@globex.local'], { type: 'bearer' });
    expect(own.status).toBe(200);
    expect(own.body.map((row: { GroupName: string }) => row.GroupName)).toContain(member!.name);
    const other = await api.agent
      .get(`/subscription_user_groups?UserId=eq.${member!.user_id}`)
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(other.status).toBe(200);
    expect(other.body).toEqual([]);
    const named = await api.agent
      .get(`/subscription_user_groups?UserId=eq.${member!.user_id}&ClientId=eq.${globex}`)
      .auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(named.status).toBe(403);
  });
});
