import { z } from 'zod';
import { recordId } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope } from '#domain/audited';
import {
  clientUsers,
  decideApproval,
  EMAIL_TAKEN_MESSAGE,
  endPeopleSessions,
  inviteBody,
  inviteUser,
  lockPeople,
  setActive,
  UNKNOWN_ROLE_MESSAGE,
  OWN_ACCOUNT_MESSAGE,
} from '#domain/people';
import { seatsOf } from '#domain/seats';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody, settleDuplicates } from '#http/errors';
import { recordById, recordsByIds, type ResourceDefinition, recordOf } from '#http/resource';
import { clientIdQuery, targetOrganization, withOrganisation } from '#http/scope';
import { listRoute, route } from '#http/route';
import { BAD_CLIENT_ID, refused, NO_SUCH_ORGANISATION } from '#http/answers';
import { clientUserRecord } from '#openapi/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/** The user-role mapping: which role of which product each person holds. */
export const userRoleFields = {
  UserId: { sql: 'ur.user_id', type: 'int' },
  ClientId: { sql: 'u.client_id', type: 'int' },
  OfficialEmail: { sql: 'u.email', type: 'text' },
  RoleId: { sql: 'ur.role_id', type: 'int' },
  RoleName: { sql: 'r.role_name', type: 'text' },
  ProductId: { sql: 'ur.product_id', type: 'int' },
  ProductName: { sql: 'p.product_name', type: 'text' },
  AssignedAt: { sql: 'ur.assigned_at', type: 'timestamp' },
} satisfies ResourceDefinition['fields'];

export const userRoles: ResourceDefinition = {
  from: `user_roles ur JOIN client_users u ON u.user_id = ur.user_id
         JOIN roles r ON r.role_id = ur.role_id JOIN products p ON p.product_id = ur.product_id`,
  fields: userRoleFields,
  tenantField: 'ClientId',
  tieBreaker: 'ur.user_id, ur.role_id',
};

/** GET /subscription/seats: the organisation asked about (a SuperAdmin's choice, or the caller's own). */
export const seatsQuery = z.object({
  ClientId: clientIdQuery(),
});

const userIds = z
  .array(recordId('Choose people of the list'))
  .min(1, 'Choose at least one person')
  .max(100, 'Choose at most 100 people at a time')
  .meta({ description: 'The people, by ClientUserId, all of the organization' });

/** POST /subscription/UserActivation: activate or deactivate people. */
export const activationBody = requestSchema(
  'UserActivation',
  z.object({
    ClientId: inviteBody.shape.ClientId,
    UserIds: userIds,
    IsActive: z.boolean({ error: 'Say whether to activate (true) or deactivate (false)' }),
  }),
);

/** POST /subscription/UserApproval: approve (and invite) or decline (and delete) people awaiting approval. */
export const approvalBody = requestSchema(
  'UserApproval',
  z.object({
    UserIds: userIds,
    Approve: z.boolean({ error: 'Say whether to approve (true) or decline (false)' }),
  }),
);

export const APPROVAL_MESSAGE = 'An organization’s own admins approve its new people';

/** POST /subscription/users/signout: end every live session of people. */
export const signOutBody = requestSchema('UsersSignOut', z.object({ ClientId: inviteBody.shape.ClientId, UserIds: userIds }));

/** The seats of every product the organisation has a live licence for, with the roles that take them. */
export async function seatsByProduct(db: Queryable, clientId: number) {
  const products = await db.query<{ product_id: number; roles: { RoleId: number; RoleName: string }[] }>(
    `SELECT pr.product_id,
            coalesce((SELECT json_agg(json_build_object('RoleId', r.role_id, 'RoleName', r.role_name) ORDER BY r.role_name)
                        FROM roles r WHERE r.product_id = pr.product_id AND r.is_active), '[]') AS roles
       FROM products pr
      WHERE EXISTS (SELECT 1 FROM licences l
                     WHERE l.client_id = $1 AND l.product_id = pr.product_id AND l.is_active AND l.valid_till >= current_date)
      ORDER BY pr.product_name, pr.product_id`,
    [clientId],
  );
  return Promise.all(
    products.map(async (product) => {
      const seats = await seatsOf(db, clientId, product.product_id);
      return {
        ProductId: product.product_id,
        ProductName: seats.productName,
        Capacity: seats.capacity,
        Used: seats.used,
        Roles: product.roles,
      };
    }),
  );
}

export const userRoleRecord = answerSchema('UserRole', recordOf(userRoleFields));
const productSeats = answerSchema(
  'ProductSeats',
  z.strictObject({
    ProductId: z.int(),
    ProductName: z.string(),
    Capacity: z.int().meta({ description: 'Seats the live licences of the product give' }),
    Used: z.int().meta({ description: 'Active people with a role for the product, invited ones included' }),
    Roles: z
      .array(z.strictObject({ RoleId: z.int(), RoleName: z.string() }))
      .meta({ description: 'The roles of the product, from the role master' }),
  }),
);

const usersSignedOut = answerSchema(
  'UsersSignedOut',
  z.strictObject({ SessionsEnded: z.int().meta({ description: 'Live sessions ended, over all the people' }) }),
);

/** User management of one organisation: its people, their roles, seats, and invitations. */
export const clientUserRoutes = [
  listRoute({
    path: '/subscription_client_users',
    access: 'admin',
    operationId: 'listClientUsers',
    tag: 'Users',
    summary: 'The people of one organization: the caller’s own unless a SuperAdmin names another with ClientId',
    resource: clientUsers,
    rows: 'Users',
    record: clientUserRecord,
    scope: withOrganisation,
  }),

  listRoute({
    path: '/subscription_user_role_mapping',
    access: 'admin',
    operationId: 'listUserRoles',
    tag: 'Users',
    summary: 'Which role of which product each person of one organization holds',
    resource: userRoles,
    rows: 'Role assignments',
    record: userRoleRecord,
    scope: withOrganisation,
  }),

  route(
    {
      method: 'get',
      path: '/subscription/seats',
      access: 'admin',
      operationId: 'listSeats',
      tag: 'Users',
      summary: 'Seats used of capacity on each product the organization has a live licence for, with its roles',
      query: seatsQuery,
      responses: {
        200: { description: 'One entry per licensed product', body: z.array(productSeats) },
        400: BAD_CLIENT_ID,
      },
    },
    async (req, res, { db }) => {
      const { ClientId } = parseBody(seatsQuery, req.query);
      res.json(await seatsByProduct(db, targetOrganization(viewerOf(res), ClientId)));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/usercreation',
      access: 'admin',
      operationId: 'inviteUser',
      idempotent: true,
      tag: 'Users',
      summary: 'Invite a person: an account without a password, a role that takes a seat, and a mailed set-password link',
      description:
        'In one transaction: the seat is reserved on the role’s product (the licences stay locked until it commits), the user and role written, an invitation token issued, the mail queued and the audit log written. Refused with nothing written when it does not fit.',
      body: inviteBody,
      responses: {
        201: { description: 'Invited', body: clientUserRecord },
        400: refused(
          `BAD_REQUEST naming the field: a required field missing, a malformed email or phone, or "${UNKNOWN_ROLE_MESSAGE}" (RoleId)`,
        ),
        404: NO_SUCH_ORGANISATION,
        409: refused(
          `CONFLICT (field OfficialEmail): "${EMAIL_TAKEN_MESSAGE}"; SEAT_LIMIT (field RoleId): no seat left on the role’s product, saying how many are left`,
        ),
      },
    },
    async (req, res, { db, mailer }) => {
      const viewer = viewerOf(res);
      const { ClientId, RoleId, TypeOfUser, ...user } = parseBody(inviteBody, req.body);
      const clientId = targetOrganization(viewer, ClientId);
      // Two invitations of one email racing past the check: the unique index settles it.
      const { userId, mail } = await settleDuplicates(
        () =>
          db.transaction((tx) =>
            inviteUser(tx, mailer, {
              ...auditScope(req, res, clientId),
              user,
              roleIds: [RoleId],
              typeOfUser: TypeOfUser,
            }),
          ),
        { client_users_email_key: [EMAIL_TAKEN_MESSAGE, 'OfficialEmail'] },
      );
      if (mail) mailer.dispatch(mail);
      res.status(201).json(await recordById(db, clientUsers, 'u.user_id', userId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/UserApproval',
      access: 'admin',
      operationId: 'decideUserApproval',
      tag: 'Users',
      summary: 'Approve or decline people awaiting the approval of the caller’s organization',
      description:
        'Approval sends each person the invitation to choose a password (their seat was taken when the account was made); declining deletes each account, freeing its seat. Only the organization’s own admins decide. Each decision is audited.',
      body: approvalBody,
      responses: {
        200: { description: 'The approved people as they are now (none for a decline)', body: z.array(clientUserRecord) },
        400: refused('BAD_REQUEST: UserIds missing, empty or over 100, or Approve missing'),
        403: refused(`FORBIDDEN: not an organization admin ("${APPROVAL_MESSAGE}")`),
        404: refused('NOT_FOUND (field UserIds): some of the people are not awaiting approval in the organization'),
      },
    },
    async (req, res, { db, mailer }) => {
      const viewer = viewerOf(res);
      const body = parseBody(approvalBody, req.body);
      // The approval is the organisation's say over who joins it: the provider does not decide it.
      if (viewer.typeOfUser !== 'OrgAdmin') throw new HttpError('FORBIDDEN', APPROVAL_MESSAGE);
      const clientId = viewer.clientId;
      const mails = await db.transaction((tx) =>
        decideApproval(tx, mailer, {
          ...auditScope(req, res, clientId),
          ids: body.UserIds,
          approve: body.Approve,
        }),
      );
      for (const mail of mails) mailer.dispatch(mail);
      res.json(await recordsByIds(db, clientUsers, 'u.user_id', body.UserIds));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/UserActivation',
      access: 'admin',
      operationId: 'setUsersActive',
      tag: 'Users',
      summary: 'Activate or deactivate people of one organization, all or none',
      description:
        'Activation takes a seat on every product a person holds a role for; when they do not all fit the answer is SEAT_LIMIT and nothing changes. Deactivation ends every live session of those people at once (end_reason deactivated). Each change is audited.',
      body: activationBody,
      responses: {
        200: { description: 'The people as they are now', body: z.array(clientUserRecord) },
        400: refused(`BAD_REQUEST: UserIds missing, empty or over 100, IsActive missing, or "${OWN_ACCOUNT_MESSAGE}" (UserIds)`),
        404: refused('NOT_FOUND (field UserIds): some of the people are not of the organization'),
        409: refused('SEAT_LIMIT (field UserIds): not enough seats left, saying how many are'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(activationBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      await db.transaction((tx) => setActive(tx, { ...auditScope(req, res, clientId), ids: body.UserIds, active: body.IsActive }));
      res.json(await recordsByIds(db, clientUsers, 'u.user_id', body.UserIds));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/users/signout',
      access: 'admin',
      operationId: 'signOutUsers',
      tag: 'Users',
      summary: 'End every live session of people of one organization at once',
      body: signOutBody,
      responses: {
        200: { description: 'How many sessions ended', body: usersSignedOut },
        400: refused('BAD_REQUEST: UserIds missing, empty or over 100'),
        404: refused('NOT_FOUND (field UserIds): some of the people are not of the organization'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(signOutBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      const ended = await db.transaction(async (tx) => {
        await lockPeople(tx, clientId, body.UserIds);
        const ended = await endPeopleSessions(tx, body.UserIds, 'signed_out_by_admin');
        for (const userId of new Set(body.UserIds)) {
          await auditIn(tx, auditScope(req, res, clientId), {
            action: 'user.sign_out',
            entityType: 'user',
            entityId: userId,
            after: { sessionsEnded: ended.get(userId) ?? 0 },
          });
        }
        return [...ended.values()].reduce((sum, n) => sum + n, 0);
      });
      res.json({ SessionsEnded: ended });
    },
  ),
];
