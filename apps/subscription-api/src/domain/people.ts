import { type z } from 'zod';
import { INVITE_USER_REST_FIELDS, inviteUserInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { clientIdBody } from '#http/scope';
import type { ResourceDefinition } from '#http/resource';
import type { Mailer } from '#mail/mailer';
import { wordingOf } from '#mail/delivery';
import { invitationMail } from '#mail/templates';
import { audit } from './audit';
import { requireAllowedDomain } from './organizationSettings';
import { reserveSeats } from './seats';
import { ssoRequiredFor } from './singleSignOn';
import { issueToken } from './userTokens';
import { keepAnActiveAdmin } from './personChanges';
import {
  changes,
  enter,
  requireMove,
  PERSON_FACTS_SQL,
  PERSON_STATE_SQL,
  PERSON_STATES,
  refusalOf,
  stateOf,
  type PersonFacts,
} from './personLifecycle';
import { requestSchema } from '#openapi/components';
import { emit, idOf } from '#webhooks/events';

/** Active, invited (not in yet), awaiting approval or deactivated: what the list shows and filters by. */
export const USER_STATUSES = PERSON_STATES;
export const STATUS_SQL = PERSON_STATE_SQL;

/**
 * A client user's fields as the provider's backend names them (SPEC section 3). Lists are always
 * of one organisation, so each sort leads with the organisation, as its index does.
 */
export const clientUserFields = {
  ClientUserId: { sql: 'u.user_id', type: 'int' },
  UUID: { sql: 'u.uuid::text', type: 'text' },
  ClientId: { sql: 'u.client_id', type: 'int' },
  UserFirstname: {
    sql: 'u.first_name',
    type: 'text',
    searchable: true,
    sort: { index: 'client_users_client_name_sort_idx', by: 'u.client_id, lower(u.first_name)' },
  },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true },
  OfficialEmail: {
    sql: 'u.email',
    type: 'text',
    searchable: true,
    sort: { index: 'client_users_client_email_sort_idx', by: 'u.client_id, lower(u.email)' },
  },
  Phone: { sql: 'u.phone', type: 'text' },
  DepartmentName: {
    sql: 'u.department_name',
    type: 'text',
    searchable: true,
    sort: { index: 'client_users_client_department_sort_idx', by: 'u.client_id, lower(u.department_name)' },
  },
  DepartmentCode: { sql: 'u.department_code', type: 'text' },
  TypeOfUser: { sql: 'u.type_of_user', type: 'text' },
  IsActive: { sql: 'u.is_active', type: 'bool' },
  Status: { sql: STATUS_SQL, type: 'text' },
  CreatedAt: {
    sql: 'u.created_at',
    type: 'timestamp',
    sort: { index: 'client_users_client_created_sort_idx', by: 'u.client_id, u.created_at' },
  },
} satisfies ResourceDefinition['fields'];

export const clientUsers: ResourceDefinition = {
  from: 'client_users u',
  fields: clientUserFields,
  tenantField: 'ClientId',
  tieBreaker: 'u.user_id',
};

/** POST /subscription/usercreation: the invitation form's rules under the provider's names, and the organisation. */
export const inviteBody = requestSchema(
  'UserInvitation',
  restSchema(inviteUserInput, INVITE_USER_REST_FIELDS).extend({
    ClientId: clientIdBody('The organization to invite into; the caller’s own when left out (only a SuperAdmin may name another)'),
  }),
);

export const OWN_ACCOUNT_MESSAGE = 'You cannot deactivate your own account';

export const EMAIL_TAKEN_MESSAGE = 'Someone with this email already has an account';
export const UNKNOWN_ROLE_MESSAGE = 'Choose a role from the list';

type InviteBody = z.infer<typeof inviteBody>;

/**
 * Invites one person inside the caller's transaction: the account without a password, their roles
 * (each takes a seat on its product, one seat per product), the invitation link and its mail, and
 * the audit entry. Refuses, writing nothing, when the email is taken, a role unknown or no seat is
 * left. The invitation form gives one role; an import may give several. The provider's own
 * administrators (`SuperAdmin`) hold no product role and take no seat.
 */
export async function inviteUser(
  tx: Queryable,
  mailer: Mailer,
  input: {
    clientId: number;
    actorUserId: number;
    ip: string | null;
    user: Pick<InviteBody, 'UserFirstname' | 'UserLastname' | 'OfficialEmail' | 'Phone'> &
      Partial<Pick<InviteBody, 'DepartmentName' | 'DepartmentCode'>>;
    roleIds: number[];
    typeOfUser?: 'User' | 'OrgAdmin' | 'SuperAdmin';
  },
) {
  const { user, clientId } = input;
  const typeOfUser = input.typeOfUser ?? 'User';
  const roleIds = [...new Set(input.roleIds)];
  const roles = await tx.query<{ role_id: number; role_name: string; product_id: number }>(
    'SELECT role_id, role_name, product_id FROM roles WHERE role_id = ANY($1::int[]) AND product_id IS NOT NULL AND is_active ORDER BY product_id, role_id',
    [roleIds],
  );
  const rolesNeeded = typeOfUser !== 'SuperAdmin';
  const awaiting = typeOfUser !== 'SuperAdmin' && (await needsApproval(tx, clientId, input.actorUserId));
  if ((rolesNeeded && roleIds.length === 0) || roles.length !== roleIds.length)
    throw new HttpError('BAD_REQUEST', UNKNOWN_ROLE_MESSAGE, 'RoleId');
  await refuseTakenEmail(tx, clientId, user.OfficialEmail);
  await requireAllowedDomain(tx, clientId, user.OfficialEmail);
  for (const productId of new Set(roles.map((role) => role.product_id))) await reserveSeats(tx, clientId, productId, 1, 'RoleId');

  const [created] = await tx.query<{ user_id: number; company_name: string }>(
    `INSERT INTO client_users (client_id, first_name, last_name, email, phone, department_name, department_code, type_of_user, awaiting_approval)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING user_id, (SELECT company_name FROM clients WHERE client_id = $1)`,
    [
      clientId,
      user.UserFirstname,
      user.UserLastname,
      user.OfficialEmail,
      user.Phone,
      user.DepartmentName ?? null,
      user.DepartmentCode ?? null,
      typeOfUser,
      awaiting,
    ],
  );
  const userId = created!.user_id;
  for (const role of roles) {
    await tx.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [userId, role.role_id, role.product_id]);
  }
  // Awaiting approval, nobody is mailed yet: the approval sends the invitation.
  const mail = awaiting
    ? null
    : await queueInvitation(tx, mailer, {
        userId,
        clientId,
        email: user.OfficialEmail,
        firstName: user.UserFirstname,
        lastName: user.UserLastname,
        organization: created!.company_name,
      });
  await audit(tx, {
    clientId,
    actorUserId: input.actorUserId,
    action: 'user.invite',
    entityType: 'user',
    entityId: userId,
    after: {
      firstName: user.UserFirstname,
      lastName: user.UserLastname,
      email: user.OfficialEmail,
      phone: user.Phone,
      departmentName: user.DepartmentName,
      departmentCode: user.DepartmentCode,
      ...(typeOfUser === 'User' ? {} : { typeOfUser }),
      ...(awaiting ? { awaitingApproval: true } : {}),
      ...(roles.length === 0
        ? {}
        : roles.length === 1
          ? { role: roles[0]!.role_name, productId: roles[0]!.product_id }
          : { roles: roles.map((role) => ({ role: role.role_name, productId: role.product_id })) }),
    },
    ip: input.ip,
  });
  await emit(tx, {
    clientId,
    type: 'person.invited',
    data: {
      organizationId: idOf(clientId),
      personId: idOf(userId),
      state: awaiting ? 'AWAITING_APPROVAL' : 'INVITED',
      previousState: null,
      typeOfUser,
    },
  });
  return { userId, mail };
}

/**
 * Whether an account made in the organisation by this person waits for its admins' approval: its
 * settings ask for it and the person is not one of the organisation's own (the provider is not).
 */
async function needsApproval(tx: Queryable, clientId: number, actorUserId: number): Promise<boolean> {
  const [row] = await tx.query<{ needs: boolean }>(
    `SELECT coalesce(s.requires_approval, false) AND a.client_id <> $1 AS needs
       FROM client_users a LEFT JOIN org_settings s ON s.client_id = $1
      WHERE a.user_id = $2`,
    [clientId, actorUserId],
  );
  return row?.needs ?? false;
}

/**
 * The invitation of one person: a single-use link to choose a password, and its mail, queued in
 * the transaction; where their organisation requires single sign-on, no link, but the way to it.
 */
async function queueInvitation(tx: Queryable, mailer: Mailer, person: Invitee) {
  const token = (await ssoRequiredFor(tx, person.email))
    ? null
    : await issueToken(tx, { userId: person.userId, email: person.email, purpose: 'invite' });
  return queueInvitationMail(tx, mailer, person, token);
}

type Invitee = { userId: number; clientId: number; email: string; firstName: string; lastName: string; organization: string };

/** The invitation mail of one person, in their organisation's wording, queued in the transaction; no token: no link. */
export async function queueInvitationMail(tx: Queryable, mailer: Mailer, person: Invitee, token: string | null) {
  return mailer.queue(
    tx,
    person.email,
    invitationMail(
      {
        publicUrl: mailer.publicUrl,
        token,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        organization: person.organization,
      },
      await wordingOf(tx, person.clientId, 'invitation'),
    ),
    person.clientId,
  );
}

/**
 * An organisation's admin decides on people awaiting approval: approved, each is invited (their
 * seat was taken when the account was made); declined, each account is deleted, freeing its seat.
 */
export async function decideApproval(
  tx: Queryable,
  mailer: Mailer,
  input: { clientId: number; actorUserId: number; ip: string | null; ids: number[]; approve: boolean },
) {
  const people = await tx.query<
    PersonFacts & { user_id: number; email: string; first_name: string; last_name: string; company_name: string }
  >(
    `SELECT u.user_id, u.email, u.first_name, u.last_name, c.company_name, ${PERSON_FACTS_SQL}
       FROM client_users u JOIN clients c ON c.client_id = u.client_id
      WHERE u.client_id = $1 AND u.user_id = ANY($2::int[])
      ORDER BY u.user_id FOR UPDATE OF u`,
    [input.clientId, input.ids],
  );
  // Someone not awaiting approval (never, no longer, or deactivated meanwhile) is not decided on.
  if (people.length !== new Set(input.ids).size || people.some((person) => stateOf(person) !== 'AWAITING_APPROVAL')) {
    throw new HttpError('NOT_FOUND', 'Some of these people are not awaiting approval in this organization', 'UserIds');
  }
  await enter(tx, input.approve ? 'approve' : 'decline', people, 'UserIds');
  const mails = [];
  for (const person of people) {
    if (input.approve) {
      mails.push(
        await queueInvitation(tx, mailer, {
          userId: person.user_id,
          clientId: input.clientId,
          email: person.email,
          firstName: person.first_name,
          lastName: person.last_name,
          organization: person.company_name,
        }),
      );
    }
    await audit(tx, {
      clientId: input.clientId,
      actorUserId: input.actorUserId,
      action: input.approve ? 'user.approve' : 'user.decline',
      entityType: 'user',
      entityId: person.user_id,
      before: { awaitingApproval: true, email: person.email },
      after: input.approve ? { awaitingApproval: false, invited: true } : null,
      ip: input.ip,
    });
  }
  return mails;
}

/** The people named, locked for the change, with the facts of their state; NOT_FOUND when one is not of the organisation. */
export async function lockPeople(tx: Queryable, clientId: number, ids: number[]) {
  const people = await tx.query<PersonFacts & { user_id: number }>(
    `SELECT u.user_id, ${PERSON_FACTS_SQL} FROM client_users u
      WHERE u.client_id = $1 AND u.user_id = ANY($2::int[]) ORDER BY u.user_id FOR UPDATE OF u`,
    [clientId, ids],
  );
  if (people.length !== new Set(ids).size) throw new HttpError('NOT_FOUND', 'Some of these people are not of this organization', 'UserIds');
  return people;
}

/**
 * Refuses an invitation (or an import's row) for an email that has an account, whatever its
 * state: a new invitation never touches an existing person. Within the organisation it says what
 * to do instead; of anyone else it says only that the email is taken.
 */
async function refuseTakenEmail(tx: Queryable, clientId: number, email: string): Promise<void> {
  const [taken] = await tx.query<PersonFacts & { client_id: number }>(
    `SELECT u.client_id, ${PERSON_FACTS_SQL} FROM client_users u WHERE lower(u.email) = lower($1)`,
    [email],
  );
  if (!taken) return;
  const state = stateOf(taken);
  const message = taken.client_id === clientId && state === 'DISABLED' ? refusalOf('inviteAgain', state).message : EMAIL_TAKEN_MESSAGE;
  throw new HttpError('CONFLICT', message, 'OfficialEmail');
}

/** Ends every live session of the people at once; how many ended. */
export async function endPeopleSessions(tx: Queryable, ids: number[], reason: string): Promise<Map<number, number>> {
  const ended = await tx.query<{ user_id: number }>(
    `UPDATE sessions SET ended_at = now(), end_reason = $2
      WHERE user_id = ANY($1::int[]) AND ended_at IS NULL AND expires_at > now()
     RETURNING user_id`,
    [ids, reason],
  );
  const counts = new Map<number, number>();
  for (const { user_id } of ended) counts.set(user_id, (counts.get(user_id) ?? 0) + 1);
  return counts;
}

/**
 * Activates or deactivates people in one transaction. Activation takes a seat on every product
 * they hold a role for, all or none (SEAT_LIMIT); deactivation ends their sessions at once.
 */
export async function setActive(
  tx: Queryable,
  input: { clientId: number; actorUserId: number; ip: string | null; ids: number[]; active: boolean },
) {
  const { clientId, ids, active } = input;
  if (!active && ids.includes(input.actorUserId)) throw new HttpError('BAD_REQUEST', OWN_ACCOUNT_MESSAGE, 'UserIds');
  const people = await lockPeople(tx, clientId, ids);
  const move = active ? 'activate' : 'deactivate';
  // Refused for anyone the move may not touch (a person the identity provider removed), before anything changes.
  for (const person of people) requireMove(move, person, 'UserIds');
  const changing = people.filter((person) => changes(move, stateOf(person))).map((p) => p.user_id);
  if (changing.length === 0) return;
  // The organisation is never left without an active admin to run its console.
  if (!active) await keepAnActiveAdmin(tx, clientId, changing, 'UserIds');
  if (active) {
    const products = await tx.query<{ product_id: number; people: number }>(
      `SELECT product_id, count(DISTINCT user_id)::int AS people FROM user_roles WHERE user_id = ANY($1::int[])
        GROUP BY product_id ORDER BY product_id`,
      [changing],
    );
    for (const { product_id, people } of products) await reserveSeats(tx, clientId, product_id, people, 'UserIds');
  }
  await enter(tx, move, people, 'UserIds');
  const ended = active ? new Map<number, number>() : await endPeopleSessions(tx, changing, 'deactivated');
  for (const userId of changing) {
    await audit(tx, {
      clientId,
      actorUserId: input.actorUserId,
      action: active ? 'user.activate' : 'user.deactivate',
      entityType: 'user',
      entityId: userId,
      before: { isActive: !active },
      after: { isActive: active, ...(active ? {} : { sessionsEnded: ended.get(userId) ?? 0 }) },
      ip: input.ip,
    });
  }
}
