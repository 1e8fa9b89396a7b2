import { z } from 'zod';
import { ORGANIZATION_SETTINGS_REST_FIELDS, organizationSettingsInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditScope, changeAudited, type AuditedRecord } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientIdBody, clientIdQuery, targetOrganization } from '#http/scope';
import { END_REASON } from '#domain/sessions';
import { route } from '#http/route';
import { BAD_CLIENT_ID, NO_SUCH_ORGANISATION, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { emitSettingsChange } from '#webhooks/events';

export const ORG_SETTINGS_PATH = '/subscription_org_settings';

/** GET /subscription_org_settings: whose settings. */
export const orgSettingsQuery = z.object({
  ClientId: clientIdQuery(),
});

/** PATCH /subscription_org_settings: every setting, under the provider's names, and the organisation. */
export const orgSettingsBody = requestSchema(
  'OrganizationSettingsChange',
  restSchema(organizationSettingsInput, ORGANIZATION_SETTINGS_REST_FIELDS).extend({
    ClientId: clientIdBody(),
  }),
);

export type OrgSettingsRecord = {
  ClientId: number;
  RequiresApproval: boolean;
  TwoFactorRequired: boolean;
  SessionIdleMinutes: number | null;
  AllowedEmailDomains: string[];
  UpdatedAt: string | null;
};

/** An organisation's settings; the defaults when it has no row yet. Not found when the organisation is not there. */
async function settingsOf(db: Queryable, clientId: number, lock = false): Promise<OrgSettingsRecord> {
  const [row] = await db.query<OrgSettingsRecord>(
    `SELECT c.client_id AS "ClientId",
            coalesce(s.requires_approval, false) AS "RequiresApproval",
            coalesce(s.two_factor_required, false) AS "TwoFactorRequired",
            s.session_idle_minutes AS "SessionIdleMinutes",
            coalesce(s.allowed_email_domains, '{}') AS "AllowedEmailDomains",
            s.updated_at AS "UpdatedAt"
       FROM clients c LEFT JOIN org_settings s ON s.client_id = c.client_id
      WHERE c.client_id = $1${lock ? ' FOR UPDATE OF c' : ''}`,
    [clientId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
  return row;
}

/** An organisation's settings, as their changes are audited: each setting, and each save even when nothing changed. */
const auditedSettings: AuditedRecord<OrgSettingsRecord> = {
  entityType: 'organization',
  read: (tx, clientId, { lock }) => settingsOf(tx, clientId, lock),
  clientIdOf: (settings) => settings.ClientId,
  missing: ['There is no such organization', 'ClientId'],
  described: ({ UpdatedAt: _updatedAt, ClientId: _clientId, ...settings }) => settings,
};

/** Ends the live sessions of the organisation's people who have no two-factor sign-in on; how many ended. */
async function endSessionsWithoutTwoFactor(tx: Queryable, clientId: number): Promise<number> {
  const ended = await tx.query(
    `UPDATE sessions s SET ended_at = now(), end_reason = $2
      WHERE s.client_id = $1 AND s.ended_at IS NULL AND s.expires_at > now()
        AND NOT EXISTS (SELECT 1 FROM two_factor tf WHERE tf.user_id = s.user_id AND tf.enabled)
     RETURNING s.session_id`,
    [clientId, END_REASON.twoFactorRequired],
  );
  return ended.length;
}

const orgSettingsRecord = answerSchema(
  'OrganizationSettings',
  z.strictObject({
    ClientId: z.int(),
    RequiresApproval: z.boolean().meta({ description: 'People the organization’s own admins did not add wait for their approval' }),
    TwoFactorRequired: z.boolean().meta({ description: 'Every person of the organization signs in with a second factor' }),
    SessionIdleMinutes: z.int().nullable().meta({ description: 'Minutes a session may sit unused before it ends; null: until it expires' }),
    AllowedEmailDomains: z.array(z.string()).meta({ description: 'Domains invitations may go to; empty: any' }),
    UpdatedAt: z.string().nullable(),
  }),
);

/** An organisation's settings: read and changed by its admins, and by the provider's SuperAdmins for any. */
export const organizationSettingsRoutes = [
  route(
    {
      method: 'get',
      path: ORG_SETTINGS_PATH,
      access: 'admin',
      operationId: 'getOrganizationSettings',
      tag: 'Organizations',
      summary: "An organization's settings: its admins' own, any for a SuperAdmin",
      query: orgSettingsQuery,
      responses: {
        200: { description: 'The settings (the defaults when none were saved)', body: orgSettingsRecord },
        400: BAD_CLIENT_ID,
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const { ClientId } = parseBody(orgSettingsQuery, req.query);
      res.json(await settingsOf(db, targetOrganization(viewerOf(res), ClientId)));
    },
  ),

  route(
    {
      method: 'patch',
      path: ORG_SETTINGS_PATH,
      access: 'admin',
      operationId: 'updateOrganizationSettings',
      tag: 'Organizations',
      summary: "Changes every setting of an organization at once: its admins' own, any for a SuperAdmin",
      description:
        'Audited (organization.settings_change). Turning TwoFactorRequired on ends, in the same transaction, every live session of the organization’s people who have no two-factor on (end_reason two_factor_required), the caller’s own included; the audit entry says how many (SessionsEnded).',
      body: orgSettingsBody,
      responses: {
        200: { description: 'The settings as saved', body: orgSettingsRecord },
        400: refused('BAD_REQUEST: a setting breaks its rule (the field names it)'),
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const { ClientId, ...settings } = parseBody(orgSettingsBody, req.body);
      const clientId = targetOrganization(viewerOf(res), ClientId);
      const saved = await db.transaction(async (tx) => {
        const { changed, after } = await changeAudited(tx, auditScope(req, res, clientId), auditedSettings, clientId, {
          action: 'organization.settings_change',
          always: true,
          write: async (before) => {
            await tx.query(
              `INSERT INTO org_settings (client_id, two_factor_required, session_idle_minutes, allowed_email_domains, requires_approval, updated_at)
             VALUES ($1, $2, $3, $4, coalesce($5, false), now())
             ON CONFLICT (client_id) DO UPDATE
               SET two_factor_required = $2, session_idle_minutes = $3, allowed_email_domains = $4,
                   requires_approval = coalesce($5, org_settings.requires_approval), updated_at = now()`,
              [
                clientId,
                settings.TwoFactorRequired,
                settings.SessionIdleMinutes,
                settings.AllowedEmailDomains,
                settings.RequiresApproval ?? null,
              ],
            );
            // Sessions begun before two-factor was required would go on without it: those of people who
            // have none end now (the admin's own too), and each sets it up at their next sign-in.
            if (!before.TwoFactorRequired && settings.TwoFactorRequired) {
              return { SessionsEnded: await endSessionsWithoutTwoFactor(tx, clientId) };
            }
          },
        });
        await emitSettingsChange(tx, clientId, 'ORGANIZATION', Object.keys(changed.after));
        return after!;
      });
      res.json(saved);
    },
  ),
];
