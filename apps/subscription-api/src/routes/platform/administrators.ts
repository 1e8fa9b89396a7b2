import { z } from 'zod';
import { INVITE_ADMINISTRATOR_REST_FIELDS, inviteAdministratorInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { EMAIL_TAKEN_MESSAGE, inviteUser, OWN_ACCOUNT_MESSAGE, setActive, STATUS_SQL } from '#domain/people';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody, settleDuplicates } from '#http/errors';
import { auditScope } from '#domain/audited';
import { recordById, recordIdOf, recordQuery, type ResourceDefinition, recordOf } from '#http/resource';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const ADMINISTRATORS_PATH = '/platform/administrators';

/** The provider's SuperAdmins: who they are, whether they can sign in, and when they last did. */
export const administratorFields = {
  UserId: { sql: 'u.user_id', type: 'int' },
  UserFirstname: {
    sql: 'u.first_name',
    type: 'text',
    searchable: true,
    sort: { index: 'client_users_superadmin_name_sort_idx', by: 'lower(u.first_name)' },
  },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true },
  OfficialEmail: {
    sql: 'u.email',
    type: 'text',
    searchable: true,
    sort: { index: 'client_users_superadmin_email_sort_idx', by: 'lower(u.email)' },
  },
  Phone: { sql: 'u.phone', type: 'text' },
  IsActive: { sql: 'u.is_active', type: 'bool' },
  Status: { sql: STATUS_SQL, type: 'text' },
  TwoFactorOn: { sql: 'EXISTS (SELECT 1 FROM two_factor tf WHERE tf.user_id = u.user_id AND tf.enabled)', type: 'bool' },
  LastSignInAt: { sql: '(SELECT max(s.started_at) FROM sessions s WHERE s.user_id = u.user_id)', type: 'timestamp' },
  CreatedAt: { sql: 'u.created_at', type: 'timestamp' },
} satisfies ResourceDefinition['fields'];

export const administrators: ResourceDefinition = {
  from: 'client_users u',
  where: "u.type_of_user = 'SuperAdmin'",
  fields: administratorFields,
  tieBreaker: 'u.user_id',
};

/** A new administrator in the REST names, with the rules the console's form checks. */
export const administratorBody = requestSchema(
  'AdministratorInvitation',
  restSchema(inviteAdministratorInput, INVITE_ADMINISTRATOR_REST_FIELDS),
);
/** Whether an administrator can sign in: false deactivates them and ends their sessions at once. */
export const administratorChangesBody = requestSchema(
  'AdministratorChanges',
  z.object({ IsActive: z.boolean({ error: 'IsActive is true or false' }) }),
);
export const administratorQuery = recordQuery('UserId');

export const LAST_ADMINISTRATOR_MESSAGE = 'The provider needs at least one active administrator';

const administratorById = (db: Queryable, userId: number) => recordById(db, administrators, 'u.user_id', userId);

export const administratorRecord = answerSchema('Administrator', recordOf(administratorFields, ['Phone', 'LastSignInAt']));

/**
 * The provider's administrators for its SuperAdmins: list them, invite another (the same invitation
 * as an organisation's people get: an account without a password and a mailed link), and
 * deactivate or activate one, never themselves and never the last one who can sign in.
 */
export const platformAdministratorRoutes = [
  listRoute({
    path: ADMINISTRATORS_PATH,
    access: 'superAdmin',
    operationId: 'listAdministrators',
    tag: 'Platform',
    summary: 'The provider’s administrators (SuperAdmins): status, two-factor and last sign-in',
    resource: administrators,
    rows: 'Administrators',
    record: administratorRecord,
  }),

  route(
    {
      method: 'post',
      path: ADMINISTRATORS_PATH,
      access: 'superAdmin',
      operationId: 'inviteAdministrator',
      idempotent: true,
      tag: 'Platform',
      summary: 'Invite another SuperAdmin: an account without a password and a mailed link to choose one; audited',
      body: administratorBody,
      responses: {
        201: { description: 'The invited administrator', body: administratorRecord },
        400: refused('BAD_REQUEST naming the field: missing, too long, or not an email address'),
        409: refused('CONFLICT (field OfficialEmail): someone with this email already has an account'),
      },
    },
    async (req, res, { db, mailer }) => {
      const user = parseBody(administratorBody, req.body);
      const viewer = viewerOf(res);
      const { userId, mail } = await settleDuplicates(
        () =>
          db.transaction((tx) =>
            inviteUser(tx, mailer, {
              ...auditScope(req, res, viewer.clientId),
              user,
              roleIds: [],
              typeOfUser: 'SuperAdmin',
            }),
          ),
        { client_users_email_key: [EMAIL_TAKEN_MESSAGE, 'OfficialEmail'] },
      );
      if (mail) mailer.dispatch(mail);
      res.status(201).json(await administratorById(db, userId));
    },
  ),

  route(
    {
      method: 'patch',
      path: ADMINISTRATORS_PATH,
      access: 'superAdmin',
      operationId: 'updateAdministrator',
      tag: 'Platform',
      summary:
        'Deactivate an administrator (their sessions end at once) or activate them again; never oneself, never the last active one; audited',
      query: administratorQuery,
      body: administratorChangesBody,
      responses: {
        200: { description: 'The administrator as changed', body: administratorRecord },
        400: refused('BAD_REQUEST: no IsActive, or deactivating oneself'),
        404: refused('NOT_FOUND: no such administrator'),
        409: refused('CONFLICT (field UserId): the last active administrator'),
      },
    },
    async (req, res, { db }) => {
      const userId = recordIdOf(administratorQuery, 'UserId', req);
      const { IsActive } = parseBody(administratorChangesBody, req.body);
      const viewer = viewerOf(res);
      await db.transaction(async (tx) => {
        const [target] = await tx.query<{ client_id: number }>(
          "SELECT client_id FROM client_users WHERE user_id = $1 AND type_of_user = 'SuperAdmin' FOR UPDATE",
          [userId],
        );
        if (!target) throw new HttpError('NOT_FOUND', 'There is no such administrator', 'UserId');
        if (!IsActive && userId === viewer.userId) throw new HttpError('BAD_REQUEST', OWN_ACCOUNT_MESSAGE, 'UserId');
        if (!IsActive) {
          // The others are locked too, so two administrators deactivating each other cannot leave none.
          const others = await tx.query(
            "SELECT user_id FROM client_users WHERE type_of_user = 'SuperAdmin' AND is_active AND user_id <> $1 FOR UPDATE",
            [userId],
          );
          if (others.length === 0) throw new HttpError('CONFLICT', LAST_ADMINISTRATOR_MESSAGE, 'UserId');
        }
        await setActive(tx, {
          ...auditScope(req, res, target.client_id),
          ids: [userId],
          active: IsActive,
        });
      });
      res.json(await administratorById(db, userId));
    },
  ),
];
