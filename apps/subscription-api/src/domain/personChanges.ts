import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { wordingOf } from '#mail/delivery';
import type { Mailer } from '#mail/mailer';
import { resetMail } from '#mail/templates';
import { auditedRow, auditIn, changeAudited, lockAudited, type AuditedRecord, type OrganisationScope } from './audited';
import { reserveSeats, seatsLeftMessage, seatsOf } from './seats';
import { refuseWhereSsoRequired } from './singleSignOn';
import { issueToken } from './userTokens';
import { emit, idOf } from '#webhooks/events';
import { NO_PASSWORD_YET_MESSAGE, PERSON_FACTS_SQL, requireMove, stateOf, type PersonFacts, type PersonMove } from './personLifecycle';

/** Who changes whom, from where, in which organisation: every change of one person's page is audited with it. */
export type PersonChange = OrganisationScope & { clientId: number; userId: number };

type Person = {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  department_name: string | null;
  department_code: string | null;
  type_of_user: 'SuperAdmin' | 'OrgAdmin' | 'User';
  has_password: boolean;
} & PersonFacts;

export const NO_SUCH_PERSON_MESSAGE = 'No such person in this organisation';
export const LAST_ADMIN_MESSAGE = 'The organisation needs at least one active admin: make someone else an admin first';
export const PROVIDER_ADMIN_MESSAGE = 'The provider’s administrators are managed under the platform’s settings';
export { DEACTIVATED_MESSAGE, NO_PASSWORD_YET_MESSAGE } from './personLifecycle';

/** A person of an organisation, as the changes of their page are audited: their profile. */
const auditedPerson: AuditedRecord<Person & { client_id: number }> = {
  entityType: 'user',
  read: (tx, id, options) =>
    auditedRow(
      tx,
      {
        select: `SELECT u.user_id, u.client_id, u.email, u.first_name, u.last_name, u.phone, u.department_name, u.department_code, u.type_of_user,
                        u.password_hash IS NOT NULL AS has_password, ${PERSON_FACTS_SQL}
                   FROM client_users u`,
        key: 'u.user_id',
        client: 'u.client_id',
        lockOf: 'u',
      },
      id,
      options,
    ),
  clientIdOf: (person) => person.client_id,
  missing: [NO_SUCH_PERSON_MESSAGE, 'UserId'],
  described: (person) => profileOf(person),
};

/**
 * One person of the organisation, locked for the change the move names, which their state must
 * allow; NOT_FOUND (field UserId) for anyone else.
 */
export async function lockPerson(tx: Queryable, change: PersonChange, move: PersonMove): Promise<Person> {
  const { row: person } = await lockAudited(tx, change, auditedPerson, change.userId);
  requireMove(move, person);
  return person;
}

/**
 * Refuses when taking `userIds` away from the organisation's active admins would leave it none.
 * The organisation's row is locked first, so two admins taking each other's rights at once are
 * decided one after the other and cannot both succeed.
 */
export async function keepAnActiveAdmin(tx: Queryable, clientId: number, userIds: number[], field = 'UserId'): Promise<void> {
  await tx.query('SELECT 1 FROM clients WHERE client_id = $1 FOR NO KEY UPDATE', [clientId]);
  const [row] = await tx.query<{ losing: number; staying: number }>(
    `SELECT count(*) FILTER (WHERE user_id = ANY($2::int[]))::int AS losing,
            count(*) FILTER (WHERE NOT user_id = ANY($2::int[]))::int AS staying
       FROM client_users WHERE client_id = $1 AND type_of_user = 'OrgAdmin' AND is_active`,
    [clientId, userIds],
  );
  if (row && row.losing > 0 && row.staying === 0) throw new HttpError('CONFLICT', LAST_ADMIN_MESSAGE, field);
}

const profileOf = (person: Person) => ({
  firstName: person.first_name,
  lastName: person.last_name,
  phone: person.phone,
  departmentName: person.department_name,
  departmentCode: person.department_code,
});

/** Corrects a person's name, phone and department; audits the fields that changed, before and after. */
export async function editProfile(
  tx: Queryable,
  change: PersonChange,
  profile: { firstName: string; lastName: string; phone: string | null; departmentName: string | null; departmentCode: string | null },
): Promise<void> {
  await changeAudited(tx, change, auditedPerson, change.userId, {
    action: 'user.update',
    refuse: (person) => requireMove('editProfile', person),
    planned: () => profile,
    write: async () => {
      await tx.query(
        `UPDATE client_users SET first_name = $2, last_name = $3, phone = $4, department_name = $5, department_code = $6, updated_at = now()
          WHERE user_id = $1`,
        [change.userId, profile.firstName, profile.lastName, profile.phone, profile.departmentName, profile.departmentCode],
      );
    },
  });
}

/** The audit log's record of the person a change is about. */
const auditOf = (change: PersonChange) => ({ entityType: 'user', entityId: change.userId });

/**
 * Gives a person a role on its product, in place of any role they held on it. A product they had
 * no role on takes a seat while they are active: the product's licences stay locked until the
 * transaction ends, so racing grants never take more seats than there are (SEAT_LIMIT, with the
 * seats left). The product needs a live licence of the organisation either way.
 */
export async function setRole(tx: Queryable, change: PersonChange, roleId: number): Promise<void> {
  const person = await lockPerson(tx, change, 'setRole');
  if (person.type_of_user === 'SuperAdmin') throw new HttpError('BAD_REQUEST', PROVIDER_ADMIN_MESSAGE, 'UserId');
  const [role] = await tx.query<{ role_id: number; role_name: string; product_id: number }>(
    'SELECT role_id, role_name, product_id FROM roles WHERE role_id = $1 AND product_id IS NOT NULL AND is_active',
    [roleId],
  );
  if (!role) throw new HttpError('BAD_REQUEST', 'Choose a role from the list', 'RoleId');
  const held = await tx.query<{ role_id: number; role_name: string }>(
    `SELECT ur.role_id, r.role_name FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id
      WHERE ur.user_id = $1 AND ur.product_id = $2 ORDER BY r.role_name`,
    [change.userId, role.product_id],
  );
  if (held.length === 1 && held[0]!.role_id === role.role_id) return;
  if (held.length === 0 && stateOf(person) !== 'DISABLED') {
    await reserveSeats(tx, change.clientId, role.product_id, 1, 'RoleId');
  } else {
    const seats = await seatsOf(tx, change.clientId, role.product_id, { lock: true });
    if (seats.capacity === 0) throw new HttpError('SEAT_LIMIT', seatsLeftMessage(seats), 'RoleId');
  }
  await tx.query('DELETE FROM user_roles WHERE user_id = $1 AND product_id = $2', [change.userId, role.product_id]);
  await tx.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
    change.userId,
    role.role_id,
    role.product_id,
  ]);
  await auditIn(tx, change, {
    ...auditOf(change),
    action: held.length === 0 ? 'user.role_add' : 'user.role_change',
    before: held.length === 0 ? null : { productId: role.product_id, role: held.map((r) => r.role_name).join(', ') },
    after: { productId: role.product_id, role: role.role_name },
  });
  await emitRoleChange(
    tx,
    change,
    role.product_id,
    role.role_id,
    held.map((r) => r.role_id),
  );
}

/** Tells the organisation's systems a person's role on a product changed (webhooks). */
function emitRoleChange(tx: Queryable, change: PersonChange, productId: number, roleId: number | null, previous: number[]) {
  return emit(tx, {
    clientId: change.clientId,
    type: 'person.role_changed',
    data: {
      organizationId: idOf(change.clientId),
      personId: idOf(change.userId),
      productId: idOf(productId),
      roleId: roleId === null ? null : idOf(roleId),
      previousRoleIds: previous.map(idOf),
    },
  });
}

/** Takes away a person's role on a product, freeing their seat on it; NOT_FOUND when they hold none. */
export async function removeRole(tx: Queryable, change: PersonChange, productId: number): Promise<void> {
  await lockPerson(tx, change, 'removeRole');
  const removed = await tx.query<{ role_name: string; role_id: number }>(
    `DELETE FROM user_roles ur USING roles r
      WHERE r.role_id = ur.role_id AND ur.user_id = $1 AND ur.product_id = $2
     RETURNING r.role_name, r.role_id`,
    [change.userId, productId],
  );
  if (removed.length === 0) throw new HttpError('NOT_FOUND', 'This person holds no role on this product', 'ProductId');
  await auditIn(tx, change, {
    ...auditOf(change),
    action: 'user.role_remove',
    before: { productId, role: removed.map((r) => r.role_name).join(', ') },
    after: null,
  });
  await emitRoleChange(
    tx,
    change,
    productId,
    null,
    removed.map((r) => r.role_id),
  );
}

/** Makes a person an organisation admin, or a member again; the last active admin keeps it. */
export async function setAdmin(tx: Queryable, change: PersonChange, admin: boolean): Promise<void> {
  const person = await lockPerson(tx, change, admin ? 'grantAdmin' : 'revokeAdmin');
  if (person.type_of_user === 'SuperAdmin') throw new HttpError('BAD_REQUEST', PROVIDER_ADMIN_MESSAGE, 'UserId');
  const typeOfUser = admin ? 'OrgAdmin' : 'User';
  if (person.type_of_user === typeOfUser) return;
  if (!admin) await keepAnActiveAdmin(tx, change.clientId, [change.userId]);
  await tx.query('UPDATE client_users SET type_of_user = $2, updated_at = now() WHERE user_id = $1', [change.userId, typeOfUser]);
  await auditIn(tx, change, {
    ...auditOf(change),
    action: admin ? 'user.admin_grant' : 'user.admin_revoke',
    before: { typeOfUser: person.type_of_user },
    after: { typeOfUser },
  });
  await emit(tx, {
    clientId: change.clientId,
    type: 'organization.admin_changed',
    data: { organizationId: idOf(change.clientId), personId: idOf(change.userId), admin },
  });
}

/**
 * Mails a person a password-reset link, as the sign-in page's "forgot password" does: only an
 * active account with a password, and never where the organisation requires single sign-on.
 */
export async function mailPasswordReset(tx: Queryable, mailer: Mailer, change: PersonChange) {
  const person = await lockPerson(tx, change, 'mailPasswordReset');
  await refuseWhereSsoRequired(tx, person.email, 'BAD_REQUEST', 'UserId');
  // Active by single sign-on alone, they never chose a password to reset.
  if (!person.has_password) throw new HttpError('BAD_REQUEST', NO_PASSWORD_YET_MESSAGE, 'UserId');
  const token = await issueToken(tx, { userId: person.user_id, email: person.email, purpose: 'reset' });
  const mail = await mailer.queue(
    tx,
    person.email,
    resetMail({ publicUrl: mailer.publicUrl, token, email: person.email }, await wordingOf(tx, change.clientId, 'reset')),
    change.clientId,
  );
  await auditIn(tx, change, { ...auditOf(change), action: 'user.password_reset_mail', before: null, after: { mailedTo: person.email } });
  return mail;
}
