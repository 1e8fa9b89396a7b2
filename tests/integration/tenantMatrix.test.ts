import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import {
  CALLER_NAMES,
  CALLERS,
  calledField,
  EVERYONE_GETS,
  EVERYONE_MAY,
  loadOrganisations,
  loadSchema,
  ONLY_SUPER_ADMIN_MAY,
  OTHER_ORGANISATION,
  outcomeOf,
  OWN_ORGANISATION,
  rootFields,
  SEES_EVERY_ORGANISATION,
  type CallerName,
  type CellContext,
  type Operation,
  type Organisation,
} from '../support/tenantMatrix';
import { useStack } from '../support/useStack';

/*
 * Every operation of the schema, called as every kind of caller with the ids of an organisation
 * that is not theirs. Adding an operation to the schema fails this test until it has a row here:
 * how to call it, what each caller may get, and which rows a refused call must leave alone.
 * Write documents that select the fields carrying an organisation's data, so a leak would show.
 */

const ORGANIZATION_FIELDS = 'id companyName contactName city addressLine1 clientType businessVertical';

let products: { productId: string; planId: string };

/** Live sessions of the other organisation's people: what a refused sign-in or sign-out must not start or end. */
const sessionsOf = ({ db, other }: CellContext) =>
  db.query('SELECT session_id, ended_at FROM sessions WHERE client_id = $1 ORDER BY session_id', [Number(other.id)]);

/** An account of the other organisation as a password change would leave it. */
const accountOf = (email: (other: Organisation) => string) => async (cell: CellContext) => ({
  user: await cell.db.query(
    'SELECT first_name, last_name, password_hash, password_changed_at, is_active FROM client_users WHERE lower(email) = lower($1)',
    [email(cell.other)],
  ),
  sessions: await sessionsOf(cell),
});

/** The id of the account with this email. */
const userIdOf = async (db: CellContext['db'], email: string) =>
  String((await db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE lower(email) = lower($1)', [email]))[0]!.user_id);

/** A role of a product the organisation holds a live licence for, so an invitation could take a seat. */
const licensedRoleOf = async (db: CellContext['db'], organizationId: string) =>
  String(
    (
      await db.query<{ role_id: number }>(
        `SELECT r.role_id FROM roles r JOIN licences l ON l.product_id = r.product_id
          WHERE l.client_id = $1 AND l.is_active AND l.valid_till >= current_date ORDER BY r.role_id LIMIT 1`,
        [Number(organizationId)],
      )
    )[0]!.role_id,
  );

/** The other organisation's people, as an invitation would add to them. */
const peopleOf = ({ db, other }: CellContext) =>
  db.query('SELECT user_id, email, is_active FROM client_users WHERE client_id = $1 ORDER BY user_id', [Number(other.id)]);

/** The invitation links of the other organisation's invited person, and whether that person is active. */
const invitationsOf = ({ db, other }: CellContext) =>
  db.query(
    `SELECT t.token_id, t.used_at, t.voided_at, u.is_active FROM user_tokens t JOIN client_users u ON u.user_id = t.user_id
      WHERE lower(u.email) = lower($1) ORDER BY t.token_id`,
    [other.invitedEmail],
  );

/** An ordinary active member of the organisation, never its admin or the matrix's member caller. */
const memberIdOf = async (db: CellContext['db'], organizationId: string) =>
  String(
    (
      await db.query<{ user_id: number }>(
        `SELECT user_id FROM client_users WHERE client_id = $1 AND type_of_user = 'User' AND email <> 'member@acme.local'
          AND password_hash IS NOT NULL ORDER BY user_id DESC LIMIT 1`,
        [Number(organizationId)],
      )
    )[0]!.user_id,
  );

/** The other organisation's people and their live sessions, as a deactivation or sign-out would change them. */
const peopleAndSessionsOf = async (cell: CellContext) => ({ people: await peopleOf(cell), sessions: await sessionsOf(cell) });

const OPERATIONS: Record<string, Operation> = {
  'Query.viewer': {
    call: () => ({ document: `{ viewer { id email firstName lastName productUrl organization { ${ORGANIZATION_FIELDS} } } }` }),
    may: EVERYONE_MAY,
  },
  'Query.captchaChallenge': {
    call: () => ({ document: '{ captchaChallenge }' }),
    may: EVERYONE_MAY,
  },
  'Query.verifyPasswordResetLink': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { verifyPasswordResetLink(email: $email, token: "guessed-token") }',
      variables: { email: other.adminEmail },
    }),
    may: EVERYONE_MAY,
  },
  'Query.productRedirectUrl': {
    call: ({ other }) => ({
      document: 'query ($email: String!) { productRedirectUrl(email: $email) }',
      variables: { email: other.adminEmail },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.products': {
    call: () => ({ document: '{ products { id name domain plans { id name } } }' }),
    may: EVERYONE_MAY,
  },
  'Query.organization': {
    call: ({ other }) => ({
      document: `query ($id: ID!) { organization(id: $id) { ${ORGANIZATION_FIELDS} } }`,
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.organizations': {
    call: ({ other }) => ({
      document: `query ($search: String) { organizations(search: $search, page: { limit: 100 }) { totalCount nodes { ${ORGANIZATION_FIELDS} } } }`,
      variables: { search: other.name },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.signIn': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: SignInInput!) { signIn(input: $input) { viewer { email } errors { code } } }',
      variables: { input: { email: other.adminEmail, password: 'Guessed@1', captcha: await captcha() } },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_CREDENTIALS' }),
    touches: { rows: sessionsOf },
  },
  'Mutation.signOut': {
    call: () => ({ document: 'mutation { signOut { signedOut } }' }),
    may: EVERYONE_MAY,
    endsSession: true,
    touches: { rows: sessionsOf, unchanged: 'always' },
  },
  'Mutation.requestPasswordReset': {
    // Public by design: the link goes to the account's own inbox, and the answer is the same for any email.
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { accepted errors { code } } }',
      variables: { input: { email: other.adminEmail, captcha: await captcha() } },
    }),
    may: EVERYONE_MAY,
  },
  'Mutation.resetPassword': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) { ok redirectUrl errors { code } } }',
      variables: {
        input: {
          email: other.adminEmail,
          token: 'guessed-token',
          password: 'Taken@over1',
          confirmPassword: 'Taken@over1',
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: accountOf((other) => other.adminEmail) },
  },
  'Mutation.setPassword': {
    call: async ({ other, captcha }) => ({
      document: 'mutation ($input: SetPasswordInput!) { setPassword(input: $input) { ok redirectUrl errors { code } } }',
      variables: {
        input: {
          email: other.invitedEmail,
          token: 'guessed-token',
          firstName: 'Mallory',
          lastName: 'Intruder',
          password: 'Taken@over1',
          confirmPassword: 'Taken@over1',
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_GETS({ payloadError: 'INVALID_TOKEN' }),
    touches: { rows: accountOf((other) => other.invitedEmail) },
  },
  'Mutation.submitEnquiry': {
    call: async ({ unique, captcha }) => ({
      document: 'mutation ($input: SubmitEnquiryInput!) { submitEnquiry(input: $input) { enquiryId errors { code field } } }',
      variables: {
        input: {
          companyName: `Matrix ${unique}`,
          adminFirstName: 'Matrix',
          adminLastName: 'Caller',
          adminEmail: `${unique}@matrix.example`,
          contactName: 'Matrix Caller',
          contactEmail: `${unique}.contact@matrix.example`,
          ...products,
          captcha: await captcha(),
        },
      },
    }),
    may: EVERYONE_MAY,
  },
  'Query.users': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { users(organizationId: $organizationId) { totalCount nodes { id firstName lastName email phone } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.user': {
    call: async ({ other, db }) => ({
      document: 'query ($id: ID!, $organizationId: ID) { user(id: $id, organizationId: $organizationId) { id email roles { roleName } } }',
      variables: { id: await userIdOf(db, other.adminEmail), organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.userSeats': {
    call: ({ other }) => ({
      document: 'query ($organizationId: ID) { userSeats(organizationId: $organizationId) { productName capacity used left } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.inviteUser': {
    call: async ({ other, db, unique }) => ({
      document:
        'mutation ($organizationId: ID, $input: InviteUserInput!) { inviteUser(organizationId: $organizationId, input: $input) { user { id email } errors { code field } } }',
      variables: {
        organizationId: other.id,
        input: {
          firstName: 'Matrix',
          lastName: 'Invitee',
          email: `${unique}@matrix-invite.example`,
          roleId: await licensedRoleOf(db, other.id),
        },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: peopleOf },
  },
  'Query.invitations': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { invitations(organizationId: $organizationId) { totalCount nodes { id email firstName status } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.resendInvitation': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: ResendInvitationInput!) { resendInvitation(organizationId: $organizationId, input: $input) { invitation { email } link errors { code } } }',
      variables: { organizationId: other.id, input: { userId: await userIdOf(db, other.invitedEmail), sendMail: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: invitationsOf },
  },
  'Mutation.revokeInvitation': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: RevokeInvitationInput!) { revokeInvitation(organizationId: $organizationId, input: $input) { invitation { email status } errors { code } } }',
      variables: { organizationId: other.id, input: { userId: await userIdOf(db, other.invitedEmail) } },
    }),
    // A SuperAdmin may revoke; the cell before it left a pending invitation to revoke.
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: invitationsOf },
  },
  'Mutation.setUsersActive': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: SetUsersActiveInput!) { setUsersActive(organizationId: $organizationId, input: $input) { users { id email status } errors { code } } }',
      variables: { organizationId: other.id, input: { userIds: [await memberIdOf(db, other.id)], active: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: peopleAndSessionsOf },
  },
  'Mutation.signOutUsers': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: SignOutUsersInput!) { signOutUsers(organizationId: $organizationId, input: $input) { sessionsEnded errors { code } } }',
      variables: { organizationId: other.id, input: { userIds: [await memberIdOf(db, other.id)] } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: peopleAndSessionsOf },
  },
};

describe.each(DATABASES)('tenant isolation matrix on %s', (kind) => {
  const stack = useStack(kind);
  const schema = loadSchema();
  let organisations: Map<string, Organisation>;
  const sessions = new Map<CallerName, GraphQLSession>();
  let checked = 0;

  async function sessionOf(caller: CallerName, fresh = false): Promise<GraphQLSession> {
    const email = CALLERS[caller];
    if (!email) return new GraphQLSession(stack.gatewayUrl);
    if (fresh) return signedIn(stack.gatewayUrl, email);
    if (!sessions.has(caller)) sessions.set(caller, await signedIn(stack.gatewayUrl, email));
    return sessions.get(caller)!;
  }

  /** Values of every organisation the caller may not see; a SuperAdmin may see them all. */
  function hiddenFrom(caller: CallerName): string[] {
    if (SEES_EVERY_ORGANISATION.includes(caller)) return [];
    return [...organisations.values()].filter((o) => o.name !== OWN_ORGANISATION[caller]).flatMap((o) => o.identifying);
  }

  beforeAll(async () => {
    organisations = await loadOrganisations(stack.db);
    const answer = await new GraphQLSession(stack.gatewayUrl).request<{ products: { id: string; plans: { id: string }[] }[] }>(
      '{ products { id plans { id } } }',
    );
    const product = answer.data!.products[0]!;
    products = { productId: product.id, planId: product.plans[0]!.id };
  });

  afterAll(() => {
    console.log(
      `tenant isolation matrix on ${kind}: ${checked} cells checked (${Object.keys(OPERATIONS).length} operations × ${CALLER_NAMES.length} callers)`,
    );
  });

  it('has a row for every operation of the schema, and none for an operation it lacks', () => {
    const inSchema = rootFields(schema);
    const inTable = Object.keys(OPERATIONS);
    expect({
      missingFromTable: inSchema.filter((field) => !inTable.includes(field)),
      notInSchema: inTable.filter((field) => !inSchema.includes(field)),
    }).toEqual({ missingFromTable: [], notInSchema: [] });
  });

  const cells = Object.keys(OPERATIONS).flatMap((field) => CALLER_NAMES.map((caller) => [field, caller] as const));

  it.each(cells)('%s as %s', async (field, caller) => {
    const operation = OPERATIONS[field]!;
    const session = await sessionOf(caller, operation.endsSession);
    const cell: CellContext = {
      caller,
      other: organisations.get(OTHER_ORGANISATION[caller])!,
      db: stack.db,
      captcha: () => session.captcha(),
      unique: `${caller.toLowerCase()}-${kind}`,
    };
    const { document, variables } = await operation.call(cell);
    expect(calledField(schema, document)).toBe(field);

    const before = await operation.touches?.rows(cell);
    const answer = await session.request<Record<string, unknown>>(document, variables);
    const outcome = outcomeOf(answer, field);
    const after = await operation.touches?.rows(cell);

    expect(outcome, JSON.stringify(answer)).toEqual(operation.may[caller]);
    if (outcome === 'ok') expect(answer.errors).toBeUndefined();
    const text = JSON.stringify(answer).toLowerCase();
    for (const value of hiddenFrom(caller)) expect(text, `the answer shows "${value}"`).not.toContain(value.toLowerCase());
    if (operation.touches && (outcome !== 'ok' || operation.touches.unchanged === 'always')) expect(after).toEqual(before);
    checked++;
  });
});
