import { z } from 'zod';
import { API_KEY_REST_FIELDS, apiKeyInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { recordById, recordIdOf, recordQuery, type ResourceDefinition, recordOf } from '#http/resource';
import { hashToken, newApiKey } from '#security/tokens';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

export const API_KEYS_PATH = '/platform/api-keys';

/** Keys of internal tools: which tool, what it may do and where, who made it and when it was last used; never the secret. */
export const apiKeyFields = {
  KeyId: { sql: 'k.key_id', type: 'int' },
  Name: { sql: 'k.name', type: 'text', searchable: true, sort: { index: 'api_keys_name_sort_idx', by: 'lower(k.name)' } },
  KeyPrefix: { sql: 'k.key_prefix', type: 'text' },
  Access: { sql: 'k.access', type: 'text' },
  ClientId: { sql: 'k.client_id', type: 'int' },
  CompanyName: { sql: '(SELECT c.company_name FROM clients c WHERE c.client_id = k.client_id)', type: 'text' },
  CreatedByName: {
    sql: "(SELECT concat_ws(' ', u.first_name, u.last_name) FROM client_users u WHERE u.user_id = k.created_by)",
    type: 'text',
  },
  CreatedAt: { sql: 'k.created_at', type: 'timestamp', sort: { index: 'api_keys_created_at_sort_idx', by: 'k.created_at' } },
  LastUsedAt: { sql: 'k.last_used_at', type: 'timestamp' },
  RevokedAt: { sql: 'k.revoked_at', type: 'timestamp' },
  ExpiresAt: { sql: 'k.expires_at', type: 'timestamp' },
  IsActive: { sql: 'k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())', type: 'bool' },
} satisfies ResourceDefinition['fields'];

export const apiKeys: ResourceDefinition = { from: 'api_keys k', fields: apiKeyFields, tieBreaker: 'k.key_id' };

/** A new key in the REST names, with the rules the console's form checks. */
export const apiKeyBody = requestSchema('ApiKeyForm', restSchema(apiKeyInput, API_KEY_REST_FIELDS));
export const apiKeyQuery = recordQuery('KeyId');

type ApiKeyRow = {
  KeyId: number;
  Name: string;
  Access: string;
  ClientId: number | null;
  KeyPrefix: string;
  ExpiresAt: string | null;
  RevokedAt: string | null;
};

const apiKeyById = (db: Queryable, keyId: number, lock = false) =>
  recordById<ApiKeyRow>(db, apiKeys, 'k.key_id', keyId, lock ? 'k' : undefined);

/** What the audit log keeps of a key: never its secret or hash. */
const described = ({ Name, Access, ClientId, KeyPrefix, ExpiresAt }: ApiKeyRow) => ({ Name, Access, ClientId, KeyPrefix, ExpiresAt });

export const apiKeyRecord = answerSchema(
  'ApiKey',
  recordOf(apiKeyFields, ['ClientId', 'CompanyName', 'CreatedByName', 'LastUsedAt', 'ExpiresAt', 'RevokedAt']),
);
export const newApiKeyRecord = answerSchema(
  'NewApiKey',
  apiKeyRecord.extend({
    Secret: z.string().meta({ description: 'The key itself, answered this once: only its SHA-256 digest is kept' }),
  }),
);

/**
 * API keys for the provider's SuperAdmins, signed in as themselves (a key never makes keys): list,
 * create (the secret is answered this once and only its SHA-256 digest is kept) and revoke, which
 * refuses the key at its next call. A revoked key stays listed, as the audit log names it.
 */
export const platformApiKeyRoutes = [
  listRoute({
    path: API_KEYS_PATH,
    access: 'superAdminInPerson',
    operationId: 'listApiKeys',
    tag: 'Platform',
    summary: 'API keys of internal tools, revoked ones too: name, access, reach, maker and last use; never the secret',
    responses: {
      403: refused('FORBIDDEN: not a SuperAdmin signed in as a person (an API key never manages keys)'),
    },
    resource: apiKeys,
    rows: 'ApiKeys',
    record: apiKeyRecord,
  }),

  route(
    {
      method: 'post',
      path: API_KEYS_PATH,
      access: 'superAdminInPerson',
      operationId: 'createApiKey',
      idempotent: true,
      tag: 'Platform',
      summary: 'Create a key for an internal tool; the secret is answered once and only its digest is kept; audited',
      body: apiKeyBody,
      responses: {
        201: { description: 'The new key with its secret', body: newApiKeyRecord },
        400: refused('BAD_REQUEST naming the field: no name, an unknown access, or an organization that does not exist'),
        403: refused('FORBIDDEN: not a SuperAdmin signed in as a person (an API key never manages keys)'),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(apiKeyBody, req.body);
      const viewer = viewerOf(res);
      const { key, prefix } = newApiKey();
      const created = await db.transaction(async (tx) => {
        if (body.ExpiresOn !== null) {
          const [past] = await tx.query("SELECT 1 WHERE $1::date < (now() AT TIME ZONE 'UTC')::date", [body.ExpiresOn]);
          if (past) throw new HttpError('BAD_REQUEST', 'Choose a day from today on', 'ExpiresOn');
        }
        if (body.ClientId !== null) {
          const [organization] = await tx.query('SELECT 1 FROM clients WHERE client_id = $1', [body.ClientId]);
          if (!organization) throw new HttpError('BAD_REQUEST', 'Choose an existing organization', 'ClientId');
        }
        const [row] = await tx.query<{ key_id: number }>(
          `INSERT INTO api_keys (name, key_prefix, key_hash, access, client_id, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, ($7::date + 1)::timestamp AT TIME ZONE 'UTC') RETURNING key_id`,
          [body.Name, prefix, hashToken(key), body.Access, body.ClientId, viewer.userId, body.ExpiresOn],
        );
        const saved = (await apiKeyById(tx, row!.key_id))!;
        await auditIn(tx, auditScope(req, res, null), {
          action: 'api_key.create',
          entityType: 'api_key',
          entityId: saved.KeyId,
          after: described(saved),
        });
        return saved;
      });
      res.status(201).json({ ...created, Secret: key });
    },
  ),

  route(
    {
      method: 'delete',
      path: API_KEYS_PATH,
      access: 'superAdminInPerson',
      operationId: 'revokeApiKey',
      tag: 'Platform',
      summary: 'Revoke a key: its next call is refused; it stays listed as revoked; audited',
      query: apiKeyQuery,
      responses: {
        200: { description: 'The key as revoked', body: apiKeyRecord },
        400: refused('BAD_REQUEST: the key is not named as KeyId=eq.<id>'),
        403: refused('FORBIDDEN: not a SuperAdmin signed in as a person (an API key never manages keys)'),
        404: refused('NOT_FOUND: no such key'),
      },
    },
    async (req, res, { db }) => {
      const keyId = recordIdOf(apiKeyQuery, 'KeyId', req);
      const revoked = await db.transaction(async (tx) => {
        const before = await apiKeyById(tx, keyId, true);
        if (!before) throw new HttpError('NOT_FOUND', 'There is no such API key', 'KeyId');
        if (before.RevokedAt) return before;
        await tx.query('UPDATE api_keys SET revoked_at = now() WHERE key_id = $1', [keyId]);
        await auditIn(tx, auditScope(req, res, null), {
          action: 'api_key.revoke',
          entityType: 'api_key',
          entityId: keyId,
          before: described(before),
        });
        return (await apiKeyById(tx, keyId))!;
      });
      res.json(revoked);
    },
  ),
];
