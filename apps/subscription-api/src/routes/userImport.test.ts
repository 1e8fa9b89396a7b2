import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_IMPORT_MAX_ROWS } from '@yozy/shared';
import { openRestApi, type RestApi } from '#testing/restApi';

type Preview = {
  Rows: { Row: number; Problems: { Field: string | null; Code: string; Message: string }[] }[];
  GoodRows: number;
  SeatProblems: string[];
};
type Imported = { Invited: number; Users: { ClientUserId: number; ClientId: number; OfficialEmail: string; Status: string }[] };

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'member@acme.local'] as const;
let tokens: Record<(typeof PEOPLE)[number], string>;
let acme: number;

beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
  const [row] = await api.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
  acme = row!.client_id;
});
afterAll(() => api.close());

/** A fresh organisation with a licence of `capacity` seats on the web product only. */
async function organisationWithSeats(capacity: number) {
  const [client] = await api.db.query<{ client_id: number; company_name: string }>(
    "INSERT INTO clients (company_name) VALUES ('Import Test ' || gen_random_uuid()) RETURNING client_id, company_name",
  );
  const [plan] = await api.db.query<{ plan_id: number; product_id: number }>(
    `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
     SELECT product_id, 'Import ' || gen_random_uuid(), 'STANDARD', 1, 'USD', 'MONTHLY', $1 FROM products WHERE product_code = 'YOZY-WEB'
     RETURNING plan_id, product_id`,
    [capacity],
  );
  await api.db.query('INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, current_date + 30)', [
    client!.client_id,
    plan!.product_id,
    plan!.plan_id,
  ]);
  return client!;
}

const row = (email: string, extra: Record<string, unknown> = {}) => ({
  UserFirstname: 'Ada',
  UserLastname: 'Imported',
  OfficialEmail: email,
  DepartmentName: 'Research',
  DepartmentCode: 'RND',
  Phone: '+1 555 0100',
  Roles: 'Yozy Web: Member',
  ...extra,
});

const problemsOf = (preview: Preview, rowNumber: number) => preview.Rows.find((r) => r.Row === rowNumber)!.Problems;

describe('POST /subscription/users/import/preview', () => {
  it('answers each row’s problems, writing nothing', async () => {
    const org = await organisationWithSeats(10);
    const before = await api.db.query('SELECT count(*)::int AS n FROM client_users');
    const rows = [
      row('good.one@import.test'),
      row('bad-email'),
      row('no.name@import.test', { UserFirstname: '  ' }),
      row('GOOD.one@import.test'),
      row('admin@acme.local'),
      row('unknown.role@import.test', { Roles: 'Yozy Web: Astronaut' }),
      row('unlicensed@import.test', { Roles: 'Yozy Lite: Member' }),
      row('no.role@import.test', { Roles: '' }),
      row('bad.phone@import.test', { Phone: 'call me' }),
      row('plain.role@import.test', { Roles: 'member' }),
    ];
    const answer = await api.agent
      .post('/subscription/users/import/preview')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ ClientId: org.client_id, Rows: rows });
    expect(answer.status).toBe(200);
    expect(answer.body.Rows.map((r: Preview['Rows'][number]) => r.Row)).toEqual(rows.map((_, i) => i + 1));
    expect(problemsOf(answer.body, 1)).toEqual([]);
    expect(problemsOf(answer.body, 2)).toEqual([expect.objectContaining({ Field: 'OfficialEmail', Code: 'BAD_REQUEST' })]);
    expect(problemsOf(answer.body, 3)).toEqual([{ Field: 'UserFirstname', Code: 'BAD_REQUEST', Message: 'Enter the first name' }]);
    expect(problemsOf(answer.body, 4)).toEqual([
      { Field: 'OfficialEmail', Code: 'CONFLICT', Message: 'The same email is on row 1 of the file' },
    ]);
    expect(problemsOf(answer.body, 5)).toEqual([
      { Field: 'OfficialEmail', Code: 'CONFLICT', Message: 'Someone with this email already has an account' },
    ]);
    expect(problemsOf(answer.body, 6)).toEqual([
      { Field: 'Roles', Code: 'BAD_REQUEST', Message: 'Yozy Web has no role called “Astronaut”' },
    ]);
    expect(problemsOf(answer.body, 7)[0]?.Message).toBe('The organization has no active licence for Yozy Lite');
    expect(problemsOf(answer.body, 8)).toEqual([expect.objectContaining({ Field: 'Roles', Code: 'BAD_REQUEST' })]);
    expect(problemsOf(answer.body, 9)).toEqual([expect.objectContaining({ Field: 'Phone', Code: 'BAD_REQUEST' })]);
    expect(problemsOf(answer.body, 10)).toEqual([]);
    expect(answer.body.GoodRows).toBe(2);
    expect(answer.body.SeatProblems).toEqual([]);
    expect(await api.db.query('SELECT count(*)::int AS n FROM client_users')).toEqual(before);
  });

  it('asks for the product when a role name belongs to several, and says when the rows do not fit', async () => {
    const [licensed] = await api.db.query<{ n: number }>(
      `SELECT count(DISTINCT product_id)::int AS n FROM licences WHERE client_id = $1 AND is_active AND valid_till >= current_date`,
      [acme],
    );
    const answer = await api.agent
      .post('/subscription/users/import/preview')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ Rows: [row('which@import.test', { Roles: 'Member' })] });
    if (licensed!.n > 1) expect(problemsOf(answer.body, 1)[0]?.Message).toMatch(/role of several products: write it as “Yozy .+: Member”/);

    const small = await organisationWithSeats(1);
    const full = await api.agent
      .post('/subscription/users/import/preview')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ ClientId: small.client_id, Rows: [row('fit.one@import.test'), row('fit.two@import.test')] });
    expect(full.body.SeatProblems).toEqual([`${small.company_name} has 1 of 1 seat left on Yozy Web (2 are needed)`]);
  });

  it('refuses too many rows, none, members and another organisation', async () => {
    const many = Array.from({ length: USER_IMPORT_MAX_ROWS + 1 }, (_, i) => row(`many.${i}@import.test`));
    const tooMany = await api.agent
      .post('/subscription/users/import/preview')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ Rows: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({
      field: 'Rows',
      message: `An import takes at most ${USER_IMPORT_MAX_ROWS} rows; split the file and import each part`,
    });
    expect(
      (await api.agent.post('/subscription/users/import/preview').auth(tokens['admin@acme.local'], { type: 'bearer' }).send({ Rows: [] }))
        .body.error.field,
    ).toBe('Rows');
    expect(
      (
        await api.agent
          .post('/subscription/users/import/preview')
          .auth(tokens['member@acme.local'], { type: 'bearer' })
          .send({ Rows: [row('m@import.test')] })
      ).status,
    ).toBe(403);
    const other = await organisationWithSeats(1);
    const foreign = await api.agent
      .post('/subscription/users/import/preview')
      .auth(tokens['admin@acme.local'], { type: 'bearer' })
      .send({ ClientId: other.client_id, Rows: [row('f@import.test')] });
    expect(foreign.status).toBe(403);
  });
});

describe('POST /subscription/users/import', () => {
  it('invites every row at once: accounts, roles, invitations, one mail each and an audit entry each', async () => {
    const org = await organisationWithSeats(5);
    const rows = [row('first.import@import.test', { UserFirstname: 'First' }), row('second.import@import.test', { Roles: 'Member' })];
    const answer = await api.agent
      .post('/subscription/users/import')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ ClientId: org.client_id, Rows: rows });
    expect(answer.status).toBe(201);
    expect(answer.body.Invited).toBe(2);
    expect(answer.body.Users.map((u: Imported['Users'][number]) => [u.OfficialEmail, u.ClientId, u.Status])).toEqual([
      ['first.import@import.test', org.client_id, 'INVITED'],
      ['second.import@import.test', org.client_id, 'INVITED'],
    ]);
    const ids: number[] = answer.body.Users.map((u: Imported['Users'][number]) => u.ClientUserId);
    const roles = await api.db.query<{ user_id: number; role_name: string }>(
      'SELECT ur.user_id, r.role_name FROM user_roles ur JOIN roles r USING (role_id) WHERE ur.user_id = ANY($1::int[]) ORDER BY ur.user_id',
      [ids],
    );
    expect(roles.map((r) => r.role_name)).toEqual(['Member', 'Member']);
    const invites = await api.db.query(
      "SELECT 1 FROM user_tokens WHERE user_id = ANY($1::int[]) AND purpose = 'invite' AND used_at IS NULL",
      [ids],
    );
    expect(invites).toHaveLength(2);
    for (const email of ['first.import@import.test', 'second.import@import.test']) {
      expect(await api.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [email])).toHaveLength(1);
    }
    const audits = await api.db.query<{ action: string; entity_id: string }>(
      "SELECT action, entity_id FROM audit_log WHERE entity_type = 'user' AND entity_id = ANY($1::text[]) ORDER BY entity_id",
      [ids.map(String)],
    );
    expect(audits).toEqual(ids.map((id) => ({ action: 'user.invite', entity_id: String(id) })));
  });

  it('refuses a file that needs more seats than are left, saying how many, writing nothing', async () => {
    const org = await organisationWithSeats(2);
    const rows = ['a', 'b', 'c'].map((name) => row(`${name}.over@import.test`));
    const answer = await api.agent
      .post('/subscription/users/import')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ ClientId: org.client_id, Rows: rows });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({
      code: 'SEAT_LIMIT',
      field: 'Rows',
      message: `${org.company_name} has 2 of 2 seats left on Yozy Web (3 are needed)`,
    });
    expect(await api.db.query('SELECT 1 FROM client_users WHERE client_id = $1', [org.client_id])).toEqual([]);
    expect(await api.db.query("SELECT 1 FROM mail_outbox WHERE to_address LIKE '%.over@import.test'")).toEqual([]);
  });

  it('refuses a file with a bad row, naming it, writing nothing', async () => {
    const org = await organisationWithSeats(5);
    const rows = [row('fine.row@import.test'), row('fine.row@import.test')];
    const answer = await api.agent
      .post('/subscription/users/import')
      .auth(tokens['admin@yozy.local'], { type: 'bearer' })
      .send({ ClientId: org.client_id, Rows: rows });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: 'BAD_REQUEST',
      field: 'Rows',
      message: 'Row 2: The same email is on row 1 of the file. Nobody was invited.',
    });
    expect(await api.db.query('SELECT 1 FROM client_users WHERE client_id = $1', [org.client_id])).toEqual([]);
  });
});
