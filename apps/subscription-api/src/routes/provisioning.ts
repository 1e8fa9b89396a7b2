import { z } from 'zod';
import { PROVISIONING_TOKEN_PREFIX } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody, settleDuplicates } from '#http/errors';
import { clientIdBody, clientIdQuery, targetOrganization } from '#http/scope';
import { route } from '#http/route';
import { BAD_CLIENT_ID, NO_SUCH_ORGANISATION, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { hashToken, newToken } from '#security/tokens';

export const PROVISIONING_SETTINGS_PATH = '/provisioning_settings';
export const PROVISIONING_TOKENS_PATH = '/provisioning_tokens';

export const provisioningQuery = z.object({ ClientId: clientIdQuery() });

export const provisioningSettingsBody = requestSchema(
  'ProvisioningSettingsChange',
  z.strictObject({
    ClientId: clientIdBody(),
    Enabled: z.boolean({ error: 'Say whether provisioning is on' }),
    RoleId: z
      .int({ error: 'Choose the role new people get' })
      .positive('Choose the role new people get')
      .max(2_147_483_647)
      .nullable()
      .meta({ description: 'The role (of a product) a provisioned person gets and takes a seat on; required when on' }),
  }),
);

export const provisioningTokenBody = requestSchema(
  'ProvisioningTokenRequest',
  z.strictObject({
    ClientId: clientIdBody(),
    Name: z
      .string({ error: 'Name the token after the identity provider that holds it' })
      .trim()
      .min(1, 'Name the token after the identity provider that holds it')
      .max(100, 'At most 100 characters')
      .meta({ description: 'What the token is for, such as "Okta"; unique among the organization’s live tokens' }),
  }),
);

export const provisioningTokenQuery = z.strictObject({
  ClientId: clientIdQuery(),
  TokenId: z
    .string({ error: 'Name the token' })
    .regex(/^\d{1,10}$/, 'The token id must be a whole number')
    .meta({ description: 'The token to revoke' }),
});

const tokenRecord = z.object({
  TokenId: z.int(),
  Name: z.string(),
  CreatedAt: z.string(),
  CreatedByName: z.string().nullable().meta({ description: 'Who made it; null when they are gone' }),
  LastUsedAt: z.string().nullable().meta({ description: 'When it was last used (to the minute); null when never' }),
});

export const provisioningSettingsRecord = answerSchema(
  'ProvisioningSettings',
  z.object({
    ClientId: z.int(),
    Enabled: z.boolean(),
    RoleId: z.int().nullable(),
    RoleName: z.string().nullable(),
    ProductId: z.int().nullable(),
    ProductName: z.string().nullable(),
    UpdatedAt: z.string().nullable(),
    Tokens: z.array(tokenRecord).meta({ description: 'The live (unrevoked) tokens, newest first; never a secret' }),
  }),
);

export const newProvisioningTokenRecord = answerSchema(
  'NewProvisioningToken',
  tokenRecord.extend({ Token: z.string().meta({ description: 'The token itself, answered this once: only its SHA-256 digest is kept' }) }),
);

type TokenRow = z.infer<typeof tokenRecord>;

const TOKEN_COLUMNS = `t.token_id AS "TokenId", t.name AS "Name", t.created_at AS "CreatedAt",
  (SELECT nullif(concat_ws(' ', u.first_name, u.last_name), '') FROM client_users u WHERE u.user_id = t.created_by) AS "CreatedByName",
  t.last_used_at AS "LastUsedAt"`;

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const tokenOf = (row: TokenRow): TokenRow => ({ ...row, CreatedAt: iso(row.CreatedAt)!, LastUsedAt: iso(row.LastUsedAt) });

export async function provisioningSettingsOf(db: Queryable, clientId: number) {
  const [row] = await db.query<{
    ClientId: number;
    Enabled: boolean;
    RoleId: number | null;
    RoleName: string | null;
    ProductId: number | null;
    ProductName: string | null;
    UpdatedAt: string | null;
  }>(
    `SELECT c.client_id AS "ClientId", coalesce(s.enabled, false) AS "Enabled", s.role_id AS "RoleId", r.role_name AS "RoleName",
            s.product_id AS "ProductId", p.product_name AS "ProductName", s.updated_at AS "UpdatedAt"
       FROM clients c LEFT JOIN provisioning_settings s ON s.client_id = c.client_id
            LEFT JOIN roles r ON r.role_id = s.role_id LEFT JOIN products p ON p.product_id = s.product_id
      WHERE c.client_id = $1`,
    [clientId],
  );
  if (!row) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
  const tokens = await db.query<TokenRow>(
    `SELECT ${TOKEN_COLUMNS} FROM provisioning_tokens t WHERE t.client_id = $1 AND t.revoked_at IS NULL ORDER BY t.created_at DESC, t.token_id DESC`,
    [clientId],
  );
  return { ...row, UpdatedAt: iso(row.UpdatedAt), Tokens: tokens.map(tokenOf) };
}

const API_KEY_REFUSAL = 'An API key cannot issue provisioning tokens: an admin signed in as themselves does';

/**
 * SCIM provisioning of an organisation, in its single sign-on settings: on or off with the role
 * new people get (and take a seat on), and its bearer tokens (each named, shown once, kept as a
 * digest, revocable; issued by a person signed in, never an API key). Its admins' own, any for a
 * SuperAdmin; every change audited.
 */
export const provisioningRoutes = [
  route(
    {
      method: 'get',
      path: PROVISIONING_SETTINGS_PATH,
      access: 'admin',
      operationId: 'getProvisioningSettings',
      tag: 'Organizations',
      summary: 'An organization’s SCIM provisioning: whether it is on, the role new people get, and its live tokens (never a secret)',
      query: provisioningQuery,
      responses: {
        200: { description: 'The settings (off when none were saved)', body: provisioningSettingsRecord },
        400: BAD_CLIENT_ID,
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const { ClientId } = parseBody(provisioningQuery, req.query);
      res.json(await provisioningSettingsOf(db, targetOrganization(viewerOf(res), ClientId)));
    },
  ),

  route(
    {
      method: 'patch',
      path: PROVISIONING_SETTINGS_PATH,
      access: 'admin',
      operationId: 'updateProvisioningSettings',
      tag: 'Organizations',
      summary:
        'Turns provisioning on (with the role new people get: an active role of a product the organization has a licence for) or off; audited',
      body: provisioningSettingsBody,
      responses: {
        200: { description: 'The settings as saved', body: provisioningSettingsRecord },
        400: refused('BAD_REQUEST (field RoleId): no role, or one of a product the organization has no licence for'),
        404: NO_SUCH_ORGANISATION,
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const { ClientId, Enabled, RoleId } = parseBody(provisioningSettingsBody, req.body);
      const clientId = targetOrganization(viewer, ClientId);
      const saved = await db.transaction(async (tx) => {
        const before = await provisioningSettingsOf(tx, clientId);
        let productId: number | null = null;
        if (RoleId !== null) {
          const [role] = await tx.query<{ product_id: number }>(
            `SELECT r.product_id FROM roles r
              WHERE r.role_id = $1 AND r.is_active
                AND EXISTS (SELECT 1 FROM licences l WHERE l.client_id = $2 AND l.product_id = r.product_id AND l.is_active)`,
            [RoleId, clientId],
          );
          if (!role) throw new HttpError('BAD_REQUEST', 'Choose a role of a product the organization has a licence for', 'RoleId');
          productId = role.product_id;
        } else if (Enabled) {
          throw new HttpError('BAD_REQUEST', 'Choose the role new people get', 'RoleId');
        }
        await tx.query(
          `INSERT INTO provisioning_settings (client_id, enabled, role_id, product_id, updated_at) VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (client_id) DO UPDATE SET enabled = $2, role_id = coalesce($3, provisioning_settings.role_id),
             product_id = coalesce($4, provisioning_settings.product_id), updated_at = now()`,
          [clientId, Enabled, RoleId, productId],
        );
        const after = await provisioningSettingsOf(tx, clientId);
        await auditIn(tx, auditScope(req, res, clientId), {
          action: 'provisioning.settings_change',
          entityType: 'organization',
          entityId: clientId,
          before: { Enabled: before.Enabled, RoleId: before.RoleId, RoleName: before.RoleName, ProductName: before.ProductName },
          after: { Enabled: after.Enabled, RoleId: after.RoleId, RoleName: after.RoleName, ProductName: after.ProductName },
        });
        return after;
      });
      res.json(saved);
    },
  ),

  route(
    {
      method: 'post',
      path: PROVISIONING_TOKENS_PATH,
      access: 'admin',
      operationId: 'createProvisioningToken',
      tag: 'Organizations',
      summary:
        'Issues a named SCIM bearer token for the organization: answered once, only its SHA-256 digest kept; never by an API key; audited',
      body: provisioningTokenBody,
      responses: {
        201: { description: 'The token, this once', body: newProvisioningTokenRecord },
        400: refused('BAD_REQUEST (field Name): no name'),
        403: refused('FORBIDDEN: an API key, or another organization'),
        409: refused('CONFLICT (field Name): a live token of the organization has that name'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      if (viewer.apiKey) throw new HttpError('FORBIDDEN', API_KEY_REFUSAL);
      const { ClientId, Name } = parseBody(provisioningTokenBody, req.body);
      const clientId = targetOrganization(viewer, ClientId);
      const token = `${PROVISIONING_TOKEN_PREFIX}${newToken()}`;
      const created = await settleDuplicates(
        () =>
          db.transaction(async (tx) => {
            const [organization] = await tx.query('SELECT 1 FROM clients WHERE client_id = $1', [clientId]);
            if (!organization) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
            const [row] = await tx.query<{ token_id: number }>(
              'INSERT INTO provisioning_tokens (client_id, name, token_hash, created_by) VALUES ($1, $2, $3, $4) RETURNING token_id',
              [clientId, Name, hashToken(token), viewer.userId],
            );
            const [saved] = await tx.query<TokenRow>(`SELECT ${TOKEN_COLUMNS} FROM provisioning_tokens t WHERE t.token_id = $1`, [
              row!.token_id,
            ]);
            await auditIn(tx, auditScope(req, res, clientId), {
              action: 'provisioning.token_create',
              entityType: 'provisioning_token',
              entityId: row!.token_id,
              after: { Name },
            });
            return tokenOf(saved!);
          }),
        { provisioning_tokens_live_name_key: ['A live provisioning token of this organization has this name: choose another', 'Name'] },
      );
      res.status(201).json({ ...created, Token: token });
    },
  ),

  route(
    {
      method: 'delete',
      path: PROVISIONING_TOKENS_PATH,
      access: 'admin',
      operationId: 'revokeProvisioningToken',
      tag: 'Organizations',
      summary: 'Revokes a provisioning token: its next request is refused; audited',
      query: provisioningTokenQuery,
      responses: {
        200: { description: 'The settings, without the token', body: provisioningSettingsRecord },
        404: refused('NOT_FOUND (field TokenId): no such live token of the organization'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const { ClientId, TokenId } = parseBody(provisioningTokenQuery, req.query);
      const clientId = targetOrganization(viewer, ClientId);
      await db.transaction(async (tx) => {
        const [revoked] = await tx.query<{ name: string }>(
          `UPDATE provisioning_tokens SET revoked_at = now(), revoked_by = $3
            WHERE token_id = $1 AND client_id = $2 AND revoked_at IS NULL RETURNING name`,
          [Number(TokenId), clientId, viewer.userId],
        );
        if (!revoked) throw new HttpError('NOT_FOUND', 'No such provisioning token of this organization', 'TokenId');
        await auditIn(tx, auditScope(req, res, clientId), {
          action: 'provisioning.token_revoke',
          entityType: 'provisioning_token',
          entityId: Number(TokenId),
          before: { Name: revoked.name, Revoked: false },
          after: { Name: revoked.name, Revoked: true },
        });
      });
      res.json(await provisioningSettingsOf(db, clientId));
    },
  ),
];
