import { Router } from 'express';
import { z } from 'zod';
import { recordId } from '@yozy/shared';
import type { Database, Queryable } from '../db/database';
import { audit } from '../domain/audit';
import {
  clientUsers,
  decideApproval,
  EMAIL_TAKEN_MESSAGE,
  endPeopleSessions,
  inviteBody,
  inviteUser,
  lockPeople,
  setActive,
} from '../domain/people';
import { seatsOf } from '../domain/seats';
import { requireAdmin, viewerOf } from '../http/auth';
import { HttpError, parseBody, settleDuplicates } from '../http/errors';
import { clientOf } from '../http/gateway';
import { listResource, recordById, recordsByIds, type ResourceDefinition, recordOf } from '../http/resource';
import { targetOrganization, withOrganisation } from '../http/scope';
import type { Mailer } from '../mail/mailer';

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
  ClientId: z
    .string()
    .optional()
    .meta({ description: 'The organisation; the caller’s own when left out (only a SuperAdmin may name another)' }),
});

const userIds = z
  .array(recordId('Choose people of the list'))
  .min(1, 'Choose at least one person')
  .max(100, 'Choose at most 100 people at a time')
  .meta({ description: 'The people, by ClientUserId, all of the organisation' });

/** POST /subscription/UserActivation: activate or deactivate people. */
export const activationBody = z.object({
  ClientId: inviteBody.shape.ClientId,
  UserIds: userIds,
  IsActive: z.boolean({ error: 'Say whether to activate (true) or deactivate (false)' }),
});

/** POST /subscription/UserApproval: approve (and invite) or decline (and delete) people awaiting approval. */
export const approvalBody = z.object({
  UserIds: userIds,
  Approve: z.boolean({ error: 'Say whether to approve (true) or decline (false)' }),
});

export const APPROVAL_MESSAGE = 'An organisation’s own admins approve its new people';

/** POST /subscription/users/signout: end every live session of people. */
export const signOutBody = z.object({ ClientId: inviteBody.shape.ClientId, UserIds: userIds });

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

export const userRoleRecord = recordOf(userRoleFields);

/** User management of one organisation: its people, their roles, seats, and invitations. */
export function clientUserRoutes(db: Database, { mailer }: { mailer: Mailer }): Router {
  const router = Router();

  router.get('/subscription_client_users', requireAdmin, async (req, res) => {
    res.json(await listResource(db, clientUsers, withOrganisation(req, res), res, viewerOf(res)));
  });

  router.get('/subscription_user_role_mapping', requireAdmin, async (req, res) => {
    res.json(await listResource(db, userRoles, withOrganisation(req, res), res, viewerOf(res)));
  });

  router.get('/subscription/seats', requireAdmin, async (req, res) => {
    const { ClientId } = parseBody(seatsQuery, req.query);
    res.json(await seatsByProduct(db, targetOrganization(viewerOf(res), ClientId)));
  });

  router.post('/subscription/usercreation', requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const { ClientId, RoleId, TypeOfUser, ...user } = parseBody(inviteBody, req.body);
    const clientId = targetOrganization(viewer, ClientId);
    // Two invitations of one email racing past the check: the unique index settles it.
    const { userId, mail } = await settleDuplicates(
      () =>
        db.transaction((tx) =>
          inviteUser(tx, mailer, {
            clientId,
            actorUserId: viewer.userId,
            ip: clientOf(req, res).ip,
            user,
            roleIds: [RoleId],
            typeOfUser: TypeOfUser,
          }),
        ),
      { client_users_email_key: [EMAIL_TAKEN_MESSAGE, 'OfficialEmail'] },
    );
    if (mail) mailer.dispatch(mail);
    res.status(201).json(await recordById(db, clientUsers, 'u.user_id', userId));
  });

  router.post('/subscription/UserApproval', requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const body = parseBody(approvalBody, req.body);
    // The approval is the organisation's say over who joins it: the provider does not decide it.
    if (viewer.typeOfUser !== 'OrgAdmin') throw new HttpError('FORBIDDEN', APPROVAL_MESSAGE);
    const clientId = viewer.clientId;
    const mails = await db.transaction((tx) =>
      decideApproval(tx, mailer, {
        clientId,
        actorUserId: viewer.userId,
        ip: clientOf(req, res).ip,
        ids: body.UserIds,
        approve: body.Approve,
      }),
    );
    for (const mail of mails) mailer.dispatch(mail);
    res.json(await recordsByIds(db, clientUsers, 'u.user_id', body.UserIds));
  });

  router.post('/subscription/UserActivation', requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const body = parseBody(activationBody, req.body);
    const clientId = targetOrganization(viewer, body.ClientId);
    await db.transaction((tx) =>
      setActive(tx, { clientId, actorUserId: viewer.userId, ip: clientOf(req, res).ip, ids: body.UserIds, active: body.IsActive }),
    );
    res.json(await recordsByIds(db, clientUsers, 'u.user_id', body.UserIds));
  });

  router.post('/subscription/users/signout', requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const body = parseBody(signOutBody, req.body);
    const clientId = targetOrganization(viewer, body.ClientId);
    const ended = await db.transaction(async (tx) => {
      await lockPeople(tx, clientId, body.UserIds);
      const ended = await endPeopleSessions(tx, body.UserIds, 'signed_out_by_admin');
      for (const userId of new Set(body.UserIds)) {
        await audit(tx, {
          clientId,
          actorUserId: viewer.userId,
          action: 'user.sign_out',
          entityType: 'user',
          entityId: userId,
          after: { sessionsEnded: ended.get(userId) ?? 0 },
          ip: clientOf(req, res).ip,
        });
      }
      return [...ended.values()].reduce((sum, n) => sum + n, 0);
    });
    res.json({ SessionsEnded: ended });
  });

  return router;
}
