import { ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';
import { sessionsOf, twoFactorOf, matrixLicence } from '../fixtures';

/** The clearings of sign-in holds the audit log keeps for the other organisation. */
const signInHoldClearingsOf = ({ db, other }: CellContext) =>
  db.query("SELECT audit_id FROM audit_log WHERE client_id = $1 AND action = 'user.sign_in_hold_clear' ORDER BY audit_id", [
    Number(other.id),
  ]);

/** A person of the organisation awaiting its admins' approval, of its own for one cell. */
async function awaitingPersonOf(db: CellContext['db'], organizationId: string): Promise<string> {
  const [person] = await db.query<{ id: string }>(
    `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, awaiting_approval)
     VALUES ($1, 'Matrix', 'Awaiting', $2, 'User', true) RETURNING user_id::text AS id`,
    [Number(organizationId), `matrix-awaiting-${Math.random().toString(36).slice(2, 10)}@matrix.test`],
  );
  return person!.id;
}

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

/** A role the organisation's licences give, written as a file of people writes it ("Yozy Web: Admin"). */
const licensedRoleTextOf = async (db: CellContext['db'], organizationId: string) =>
  (
    await db.query<{ written: string }>(
      `SELECT p.product_name || ': ' || r.role_name AS written
         FROM roles r JOIN products p ON p.product_id = r.product_id JOIN licences l ON l.product_id = r.product_id
        WHERE l.client_id = $1 AND l.is_active AND l.valid_till >= current_date ORDER BY r.role_id LIMIT 1`,
      [Number(organizationId)],
    )
  )[0]!.written;

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

/**
 * A person of the other organisation of the cell's own, holding one of two roles of a product of
 * the cell's own that the organisation is licensed for: ids as strings.
 */
async function matrixPerson(cell: CellContext) {
  const email = `matrix-person-${cell.unique}-${Math.random().toString(36).slice(2)}@matrix.example`.toLowerCase();
  matrixPeople.set(cell, email);
  const { productId } = await matrixLicence(cell);
  const roles = await cell.db.query<{ role_id: number }>(
    "INSERT INTO roles (product_id, role_name) VALUES ($1, 'Matrix one'), ($1, 'Matrix two') RETURNING role_id",
    [Number(productId)],
  );
  const [person] = await cell.db.query<{ user_id: number }>(
    `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, password_hash)
     VALUES ($1, 'Matrix', 'Person', $2, 'User', 'not-a-real-hash') RETURNING user_id`,
    [Number(cell.other.id), email],
  );
  await cell.db.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
    person!.user_id,
    roles[0]!.role_id,
    Number(productId),
  ]);
  return { userId: String(person!.user_id), productId, roleIds: roles.map((role) => String(role.role_id)) };
}

/** Each cell's person, by email. */
const matrixPeople = new WeakMap<CellContext, string>();

/** The cell's person as a change of their page would leave them: details, kind, roles, and the reset links mailed. */
const matrixPersonRows = (cell: CellContext) =>
  cell.db.query(
    `SELECT u.first_name, u.last_name, u.phone, u.department_name, u.type_of_user, u.is_active,
            (SELECT array_agg(ur.role_id ORDER BY ur.role_id) FROM user_roles ur WHERE ur.user_id = u.user_id) AS roles,
            (SELECT count(*)::int FROM user_tokens t WHERE t.user_id = u.user_id) AS tokens
       FROM client_users u WHERE u.email = $1`,
    [matrixPeople.get(cell)],
  );

const PERSON_PAYLOAD = 'user { id firstName typeOfUser roles { roleName } } errors { code field }';

/** People: the user list, invitations, imports, approvals and each person's page. */
export const PEOPLE: Record<string, Operation> = {
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
      document:
        'query ($id: ID!, $organizationId: ID) { user(id: $id, organizationId: $organizationId) { id email roles { roleName } signInActivity { totalCount nodes { ip userAgent outcome } } signInHold { held holds { address } } } }',
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
  'Query.invitations': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { invitations(organizationId: $organizationId) { totalCount nodes { id email firstName status } } }',
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
  'Query.userImportPreview': {
    call: async ({ other, db, unique }) => ({
      document:
        'query ($organizationId: ID, $rows: [UserImportRowInput!]!) { userImportPreview(organizationId: $organizationId, rows: $rows) { goodRows seatProblems rows { row problems { code field message } } } }',
      variables: {
        organizationId: other.id,
        rows: [
          {
            firstName: 'Matrix',
            lastName: 'Import',
            email: `${unique}@matrix-import.example`,
            roles: await licensedRoleTextOf(db, other.id),
          },
        ],
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.importUsers': {
    call: async ({ other, db, unique }) => ({
      document:
        'mutation ($organizationId: ID, $rows: [UserImportRowInput!]!) { importUsers(organizationId: $organizationId, rows: $rows) { invited users { id email } errors { code field } } }',
      variables: {
        organizationId: other.id,
        rows: [
          {
            firstName: 'Matrix',
            lastName: 'Import',
            email: `${unique}@matrix-import.example`,
            roles: await licensedRoleTextOf(db, other.id),
          },
        ],
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: peopleOf },
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
  'Mutation.decideUserApproval': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($input: DecideUserApprovalInput!) { decideUserApproval(input: $input) { users { id email status } errors { code } } }',
      variables: { input: { userIds: [await awaitingPersonOf(db, other.id)], approve: true } },
    }),
    // Only an organisation's own admins decide, and only on their own people: the other's are not found.
    may: {
      anonymous: 'UNAUTHENTICATED',
      memberOfA: 'FORBIDDEN',
      orgAdminOfA: 'NOT_FOUND',
      orgAdminOfB: 'NOT_FOUND',
      superAdmin: 'FORBIDDEN',
    },
    touches: {
      unchanged: 'always',
      rows: ({ db, other }) =>
        db.query(
          "SELECT user_id, awaiting_approval FROM client_users WHERE client_id = $1 AND email LIKE 'matrix-awaiting-%' ORDER BY user_id",
          [Number(other.id)],
        ),
    },
  },
  'Mutation.resetUserTwoFactor': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: ResetUserTwoFactorInput!) { resetUserTwoFactor(organizationId: $organizationId, input: $input) { twoFactor { enabled } errors { code } } }',
      variables: { organizationId: other.id, input: { userId: await memberIdOf(db, other.id) } },
    }),
    // A SuperAdmin reaches the person, who has no two-factor on to reset.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'CONFLICT' } },
    touches: { rows: twoFactorOf },
  },
  'Mutation.clearSignInHold': {
    call: async ({ other, db }) => ({
      document:
        'mutation ($organizationId: ID, $input: ClearSignInHoldInput!) { clearSignInHold(organizationId: $organizationId, input: $input) { signInHold { held } errors { code } } }',
      variables: { organizationId: other.id, input: { userId: await memberIdOf(db, other.id) } },
    }),
    // A SuperAdmin reaches the person, whose sign-in nothing holds back.
    may: { ...ONLY_SUPER_ADMIN_MAY, superAdmin: { payloadError: 'CONFLICT' } },
    touches: { rows: signInHoldClearingsOf },
  },
  'Query.invitation': {
    call: async ({ other, db }) => ({
      document:
        'query ($id: ID!, $organizationId: ID) { invitation(id: $id, organizationId: $organizationId) { id email status roles { roleName } } }',
      variables: {
        organizationId: other.id,
        id: String(
          (
            await db.query<{ token_id: number }>(
              "SELECT max(t.token_id) AS token_id FROM user_tokens t JOIN client_users u ON u.user_id = t.user_id WHERE lower(u.email) = lower($1) AND t.purpose = 'invite'",
              [other.invitedEmail],
            )
          )[0]!.token_id ?? 1,
        ),
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
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
  'Mutation.editUserProfile': {
    call: async (cell) => ({
      document: `mutation ($organizationId: ID, $input: EditUserProfileInput!) { editUserProfile(organizationId: $organizationId, input: $input) { ${PERSON_PAYLOAD} } }`,
      variables: {
        organizationId: cell.other.id,
        input: { userId: (await matrixPerson(cell)).userId, firstName: 'Changed', lastName: 'Person', departmentName: 'Matrix' },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
  'Mutation.setUserRole': {
    call: async (cell) => {
      const person = await matrixPerson(cell);
      return {
        document: `mutation ($organizationId: ID, $input: SetUserRoleInput!) { setUserRole(organizationId: $organizationId, input: $input) { ${PERSON_PAYLOAD} } }`,
        variables: { organizationId: cell.other.id, input: { userId: person.userId, roleId: person.roleIds[1] } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
  'Mutation.removeUserRole': {
    call: async (cell) => {
      const person = await matrixPerson(cell);
      return {
        document: `mutation ($organizationId: ID, $input: RemoveUserRoleInput!) { removeUserRole(organizationId: $organizationId, input: $input) { ${PERSON_PAYLOAD} } }`,
        variables: { organizationId: cell.other.id, input: { userId: person.userId, productId: person.productId } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
  'Mutation.setUserAdmin': {
    call: async (cell) => ({
      document: `mutation ($organizationId: ID, $input: SetUserAdminInput!) { setUserAdmin(organizationId: $organizationId, input: $input) { ${PERSON_PAYLOAD} } }`,
      variables: { organizationId: cell.other.id, input: { userId: (await matrixPerson(cell)).userId, admin: true } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
  'Mutation.sendUserPasswordReset': {
    call: async (cell) => ({
      document:
        'mutation ($organizationId: ID, $input: SendUserPasswordResetInput!) { sendUserPasswordReset(organizationId: $organizationId, input: $input) { sent errors { code field } } }',
      variables: { organizationId: cell.other.id, input: { userId: (await matrixPerson(cell)).userId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: matrixPersonRows },
  },
};
