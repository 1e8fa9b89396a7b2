import type { Request, Response } from 'express';
import { z } from 'zod';
import { EDIT_USER_PROFILE_REST_FIELDS, editUserProfileInput, recordId, restSchema } from '@yozy/shared';
import {
  editProfile,
  LAST_ADMIN_MESSAGE,
  mailPasswordReset,
  NO_PASSWORD_YET_MESSAGE,
  NO_SUCH_PERSON_MESSAGE,
  PROVIDER_ADMIN_MESSAGE,
  removeRole,
  setAdmin,
  setRole,
  type PersonChange,
} from '#domain/personChanges';
import { clientUsers, inviteBody } from '#domain/people';
import { viewerOf } from '#http/auth';
import { parseBody } from '#http/errors';
import { auditScope } from '#domain/audited';
import { recordById } from '#http/resource';
import { route } from '#http/route';
import { targetOrganization } from '#http/scope';
import { refused } from '#http/answers';
import { clientUserRecord, resetRequestAnswer } from '#openapi/answers';
import { requestSchema } from '#openapi/components';

/** Every change of one person names the organisation (a SuperAdmin's choice, or the caller's own) and the person. */
const personFields = {
  ClientId: inviteBody.shape.ClientId,
  UserId: recordId('Choose a person of the organisation').meta({ description: 'The person, by ClientUserId' }),
};

/** POST /subscription/users/profile: the invitation form's rules for a name, phone and department. */
export const profileBody = requestSchema(
  'UserProfileEdit',
  restSchema(editUserProfileInput, EDIT_USER_PROFILE_REST_FIELDS).extend(personFields),
);

/** POST /subscription/users/role: a role, on the product it belongs to. */
export const roleBody = requestSchema(
  'UserRoleSet',
  z.object({ ...personFields, RoleId: recordId('Choose a role').meta({ description: 'The role; its product is the one changed' }) }),
);

/** POST /subscription/users/role/remove: the product whose role goes. */
export const roleRemovalBody = requestSchema(
  'UserRoleRemoval',
  z.object({ ...personFields, ProductId: recordId('Choose a product').meta({ description: 'The product whose role is taken away' }) }),
);

/** POST /subscription/users/admin: organisation admin, or member. */
export const adminBody = requestSchema(
  'UserAdminSet',
  z.object({
    ...personFields,
    IsAdmin: z.boolean({ error: 'Say whether the person is an organisation admin (true) or not (false)' }),
  }),
);

/** POST /subscription/users/password-reset: only the person. */
export const resetMailBody = requestSchema('UserPasswordResetMail', z.object(personFields));

const NO_SUCH_PERSON = refused(`NOT_FOUND (field UserId): "${NO_SUCH_PERSON_MESSAGE}", another organisation’s person included`);

/** The change's who and where, the organisation checked against the caller's. */
function changeOf(req: Request, res: Response, body: { ClientId?: unknown; UserId: number }): PersonChange {
  const clientId = targetOrganization(viewerOf(res), body.ClientId);
  return { ...auditScope(req, res, clientId), clientId, userId: body.UserId };
}

/** One person's page: their profile, roles per product, admin rights and a password-reset mail, each change audited. */
export const personRoutes = [
  route(
    {
      method: 'post',
      path: '/subscription/users/profile',
      access: 'admin',
      operationId: 'editUserProfile',
      tag: 'Users',
      summary: 'Correct a person’s first and last name, phone and department',
      description: 'The invitation form’s rules; the email stays. The fields that changed are audited (user.update) before and after.',
      body: profileBody,
      responses: {
        200: { description: 'The person as they are now', body: clientUserRecord },
        400: refused('BAD_REQUEST naming the field: a required name missing, a field too long or a malformed phone'),
        404: NO_SUCH_PERSON,
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(profileBody, req.body);
      const change = changeOf(req, res, body);
      await db.transaction((tx) =>
        editProfile(tx, change, {
          firstName: body.UserFirstname,
          lastName: body.UserLastname,
          phone: body.Phone,
          departmentName: body.DepartmentName,
          departmentCode: body.DepartmentCode,
        }),
      );
      res.json(await recordById(db, clientUsers, 'u.user_id', change.userId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/users/role',
      access: 'admin',
      operationId: 'setUserRole',
      tag: 'Users',
      summary: 'Give a person a role on its product, in place of the role they held on it',
      description:
        'A product the person held no role on takes one of its seats while they are active: the licences stay locked until the change commits, so racing grants never take more seats than there are. Audited as user.role_add or user.role_change.',
      body: roleBody,
      responses: {
        200: { description: 'The person as they are now', body: clientUserRecord },
        400: refused(`BAD_REQUEST: an unknown role (field RoleId), or "${PROVIDER_ADMIN_MESSAGE}" (field UserId)`),
        404: NO_SUCH_PERSON,
        409: refused('SEAT_LIMIT (field RoleId): no seat left on the product, or no live licence for it, saying how many seats are left'),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(roleBody, req.body);
      const change = changeOf(req, res, body);
      await db.transaction((tx) => setRole(tx, change, body.RoleId));
      res.json(await recordById(db, clientUsers, 'u.user_id', change.userId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/users/role/remove',
      access: 'admin',
      operationId: 'removeUserRole',
      tag: 'Users',
      summary: 'Take away a person’s role on a product, freeing their seat on it',
      body: roleRemovalBody,
      responses: {
        200: { description: 'The person as they are now', body: clientUserRecord },
        400: refused('BAD_REQUEST: ProductId or UserId missing'),
        404: refused(`NOT_FOUND: "${NO_SUCH_PERSON_MESSAGE}" (field UserId), or no role on the product (field ProductId)`),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(roleRemovalBody, req.body);
      const change = changeOf(req, res, body);
      await db.transaction((tx) => removeRole(tx, change, body.ProductId));
      res.json(await recordById(db, clientUsers, 'u.user_id', change.userId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/users/admin',
      access: 'admin',
      operationId: 'setUserAdmin',
      tag: 'Users',
      summary: 'Make a person an organisation admin, or a member again',
      description: 'Audited as user.admin_grant or user.admin_revoke. The organisation’s last active admin keeps it.',
      body: adminBody,
      responses: {
        200: { description: 'The person as they are now', body: clientUserRecord },
        400: refused(`BAD_REQUEST: IsAdmin missing, or "${PROVIDER_ADMIN_MESSAGE}" (field UserId)`),
        404: NO_SUCH_PERSON,
        409: refused(`CONFLICT (field UserId): "${LAST_ADMIN_MESSAGE}"`),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(adminBody, req.body);
      const change = changeOf(req, res, body);
      await db.transaction((tx) => setAdmin(tx, change, body.IsAdmin));
      res.json(await recordById(db, clientUsers, 'u.user_id', change.userId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription/users/password-reset',
      access: 'admin',
      operationId: 'mailUserPasswordReset',
      tag: 'Users',
      summary: 'Mail a person the link to choose a new password, as the sign-in page’s "forgot password" does',
      description: 'Audited as user.password_reset_mail. Their password and sessions stay as they are until they use the link.',
      body: resetMailBody,
      responses: {
        202: { description: 'Mailed', body: resetRequestAnswer },
        400: refused(
          `BAD_REQUEST (field UserId): the organisation requires single sign-on, the person is deactivated, or "${NO_PASSWORD_YET_MESSAGE}"`,
        ),
        404: NO_SUCH_PERSON,
      },
    },
    async (req, res, { db, mailer }) => {
      const body = parseBody(resetMailBody, req.body);
      const change = changeOf(req, res, body);
      const mail = await db.transaction((tx) => mailPasswordReset(tx, mailer, change));
      mailer.dispatch(mail);
      res.status(202).json({ accepted: true });
    },
  ),
];
