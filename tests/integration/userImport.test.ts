import { beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, factories, unique, type Organisation, type User } from '../support/factories';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const PREVIEW = /* GraphQL */ `
  query UserImportPreview($organizationId: ID, $rows: [UserImportRowInput!]!) {
    userImportPreview(organizationId: $organizationId, rows: $rows) {
      goodRows
      seatProblems
      rows {
        row
        problems {
          code
          field
          message
        }
      }
    }
  }
`;

const IMPORT = /* GraphQL */ `
  mutation UsersImport($organizationId: ID, $rows: [UserImportRowInput!]!) {
    importUsers(organizationId: $organizationId, rows: $rows) {
      invited
      users {
        id
        email
        status
        roles {
          roleName
          productName
        }
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

type Problem = { code: string; field: string | null; message: string };
type PreviewData = { userImportPreview: { goodRows: number; seatProblems: string[]; rows: { row: number; problems: Problem[] }[] } };
type ImportData = {
  importUsers: {
    invited: number;
    users: { id: string; email: string; status: string; roles: { roleName: string; productName: string }[] }[];
    errors: Problem[];
  };
};

describe.each(DATABASES)('importing people on %s', (kind) => {
  const stack = useStack(kind);

  /** An organisation of our own, its admin signed in, and a licence of `capacity` seats (the admin takes one). */
  async function organisationWithSeats(capacity: number) {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const plan = await make.plan({ capacity });
    await make.licence(organisation, { plan });
    const { roleName } = await make.role(admin, plan);
    const [product] = await stack.db.query<{ product_name: string }>('SELECT product_name FROM products WHERE product_id = $1', [
      plan.productId,
    ]);
    const session = await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD);
    return { organisation, admin, plan, session, roles: `${product!.product_name}: ${roleName}`, productName: product!.product_name };
  }

  const row = (email: string, roles: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Imogen',
    lastName: 'Import',
    email,
    departmentName: 'Imports',
    departmentCode: 'IMP',
    phone: '+44 20 7946 0000',
    roles,
    ...extra,
  });

  const peopleOf = (organisation: Organisation) =>
    stack.db.query<{ email: string }>('SELECT email FROM client_users WHERE client_id = $1 ORDER BY user_id', [organisation.clientId]);

  let acme: { admin: User; session: GraphQLSession };
  beforeAll(async () => {
    const [admin] = await stack.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@acme.local'");
    acme = {
      admin: { userId: admin!.user_id } as User,
      session: await signedIn(stack.gatewayUrl, 'admin@acme.local'),
    };
  });

  it('answers every kind of problem a row can have, writing nothing', async () => {
    const { organisation, session, roles, productName } = await organisationWithSeats(10);
    const email = (label: string) => `${unique(label)}@import.test`.toLowerCase();
    const first = email('first');
    const rows = [
      row(first, roles),
      row('not an email', roles),
      row(email('nameless'), roles, { lastName: '' }),
      row(first.toUpperCase(), roles),
      row('admin@acme.local', roles),
      row(email('astronaut'), `${productName}: Astronaut`),
      row(email('phone'), roles, { phone: 'ring ring' }),
    ];
    const before = await peopleOf(organisation);
    const answer = await session.request<PreviewData>(PREVIEW, { rows });
    expect(answer.errors).toBeUndefined();
    const preview = answer.data!.userImportPreview;
    const problems = (n: number) => preview.rows[n - 1]!.problems.map((p) => [p.code, p.field, p.message]);
    expect(preview.rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(problems(1)).toEqual([]);
    expect(problems(2)).toEqual([['BAD_USER_INPUT', 'email', expect.stringMatching(/email/i)]]);
    expect(problems(3)).toEqual([['BAD_USER_INPUT', 'lastName', 'Enter the last name']]);
    expect(problems(4)).toEqual([['CONFLICT', 'email', 'The same email is on row 1 of the file']]);
    expect(problems(5)).toEqual([['CONFLICT', 'email', 'Someone with this email already has an account']]);
    expect(problems(6)).toEqual([['BAD_USER_INPUT', 'roles', `${productName} has no role called “Astronaut”`]]);
    expect(problems(7)).toEqual([['BAD_USER_INPUT', 'phone', expect.stringMatching(/phone/i)]]);
    expect(preview.goodRows).toBe(1);
    expect(preview.seatProblems).toEqual([]);
    expect(await peopleOf(organisation)).toEqual(before);
  });

  it('refuses an import beyond the seats left, saying how many are left, writing nothing', async () => {
    const { organisation, session, roles, productName } = await organisationWithSeats(3);
    const rows = ['one', 'two', 'three'].map((name) => row(`${unique(name)}@import.test`.toLowerCase(), roles));
    const before = await peopleOf(organisation);
    const outbox = await stack.db.query("SELECT count(*)::int AS n FROM mail_outbox WHERE to_address LIKE '%@import.test'");

    const preview = (await session.request<PreviewData>(PREVIEW, { rows })).data!.userImportPreview;
    const message = `${organisation.companyName} has 2 of 3 seats left on ${productName} (3 are needed)`;
    expect(preview.seatProblems).toEqual([message]);

    const answer = await session.request<ImportData>(IMPORT, { rows });
    expect(answer.data!.importUsers).toEqual({ invited: 0, users: [], errors: [{ code: 'SEAT_LIMIT', field: 'rows', message }] });
    expect(await peopleOf(organisation)).toEqual(before);
    expect(await stack.db.query("SELECT count(*)::int AS n FROM mail_outbox WHERE to_address LIKE '%@import.test'")).toEqual(outbox);
  });

  it('invites the good rows: people with their roles, invitations, one mail each and an audit entry each', async () => {
    const { organisation, admin, session, roles, productName } = await organisationWithSeats(3);
    const emails = ['ada', 'grace'].map((name) => `${unique(name)}@import.test`.toLowerCase());
    const answer = await session.request<ImportData>(IMPORT, { rows: emails.map((email) => row(email, roles)) });
    expect(answer.errors).toBeUndefined();
    const result = answer.data!.importUsers;
    expect(result.errors).toEqual([]);
    expect(result.invited).toBe(2);
    expect(result.users.map((u) => [u.email, u.status, u.roles.map((r) => r.productName)])).toEqual(
      emails.map((email) => [email, 'INVITED', [productName]]),
    );
    const ids = result.users.map((u) => Number(u.id));
    const people = await stack.db.query<{ client_id: number; department_code: string }>(
      'SELECT client_id, department_code FROM client_users WHERE user_id = ANY($1::int[])',
      [ids],
    );
    expect(people).toEqual(ids.map(() => ({ client_id: organisation.clientId, department_code: 'IMP' })));
    const invitations = await stack.db.query(
      "SELECT 1 FROM user_tokens WHERE user_id = ANY($1::int[]) AND purpose = 'invite' AND used_at IS NULL AND voided_at IS NULL",
      [ids],
    );
    expect(invitations).toHaveLength(2);
    for (const email of emails) {
      expect(await stack.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [email])).toHaveLength(1);
    }
    const audits = await stack.db.query<{ actor_user_id: number; client_id: number }>(
      "SELECT actor_user_id, client_id FROM audit_log WHERE action = 'user.invite' AND entity_id = ANY($1::text[])",
      [ids.map(String)],
    );
    expect(audits).toEqual(ids.map(() => ({ actor_user_id: admin.userId, client_id: organisation.clientId })));
  });

  it('keeps an organisation admin to their own organisation whatever id they send', async () => {
    const other = await organisationWithSeats(5);
    const rows = [row(`${unique('intruder')}@import.test`.toLowerCase(), other.roles)];
    const before = await peopleOf(other.organisation);
    for (const organizationId of [String(other.organisation.clientId), ` ${other.organisation.clientId}`, '0']) {
      const preview = await acme.session.request<PreviewData>(PREVIEW, { organizationId, rows });
      expect(preview.errors?.[0]?.extensions?.code, organizationId).toBe('FORBIDDEN');
      const imported = await acme.session.request<ImportData>(IMPORT, { organizationId, rows });
      expect(imported.errors?.[0]?.extensions?.code, organizationId).toBe('FORBIDDEN');
    }
    expect(await peopleOf(other.organisation)).toEqual(before);

    // Without an id an organisation admin imports into their own: the other's roles are not theirs.
    const own = await acme.session.request<PreviewData>(PREVIEW, { rows });
    expect(own.data!.userImportPreview.rows[0]!.problems.map((p) => p.field)).toEqual(['roles']);
  });

  it('lets a SuperAdmin import into the organisation they name', async () => {
    const target = await organisationWithSeats(5);
    const superAdmin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const email = `${unique('provider')}@import.test`.toLowerCase();
    const answer = await superAdmin.request<ImportData>(IMPORT, {
      organizationId: String(target.organisation.clientId),
      rows: [row(email, target.roles)],
    });
    expect(answer.data!.importUsers.invited).toBe(1);
    expect((await peopleOf(target.organisation)).map((p) => p.email)).toContain(email);
  });

  it('refuses members and anonymous callers', async () => {
    const target = await organisationWithSeats(5);
    const rows = [row(`${unique('member')}@import.test`.toLowerCase(), target.roles)];
    const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
    const anonymous = new GraphQLSession(stack.gatewayUrl);
    for (const [session, code] of [
      [member, 'FORBIDDEN'],
      [anonymous, 'UNAUTHENTICATED'],
    ] as const) {
      expect((await session.request(PREVIEW, { rows })).errors?.[0]?.extensions?.code).toBe(code);
      expect((await session.request(IMPORT, { rows })).errors?.[0]?.extensions?.code).toBe(code);
    }
  });

  it('says how many rows an import takes at most', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => row(`many.${i}@import.test`, 'Member'));
    const answer = await acme.session.request<PreviewData>(PREVIEW, { rows });
    expect(answer.errors?.[0]?.message).toBe('An import takes at most 500 rows; split the file and import each part');
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
