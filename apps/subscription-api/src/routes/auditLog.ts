import { z } from 'zod';
import { viewerOf } from '#http/auth';
import { parseBody } from '#http/errors';
import { type ResourceDefinition, recordOf, throughPerson } from '#http/resource';
import { clientIdQuery, targetOrganization } from '#http/scope';
import { listRoute, route } from '#http/route';
import { BAD_CLIENT_ID } from '#http/answers';
import { answerSchema } from '#openapi/components';
import { withNames } from '#domain/auditNames';

/**
 * Each action of the whole log once, in order: from the action index, one step to the next action
 * at a time (a few dozen index lookups), where `SELECT DISTINCT` would read an entry of the index
 * for every row of the log.
 */
const EVERY_ACTION = `
  WITH RECURSIVE actions AS (
    (SELECT action FROM audit_log ORDER BY action LIMIT 1)
    UNION ALL
    SELECT (SELECT a.action FROM audit_log a WHERE a.action > actions.action ORDER BY a.action LIMIT 1)
      FROM actions WHERE actions.action IS NOT NULL
  )
  SELECT action FROM actions WHERE action IS NOT NULL`;

/** One entry of the audit log with the person who made the change and the organisation it concerns. */
export const auditFields = {
  AuditId: { sql: 'a.audit_id', type: 'int' },
  ClientId: { sql: 'a.client_id', type: 'int' },
  CompanyName: { sql: 'c.company_name', type: 'text' },
  ActorUserId: { sql: 'a.actor_user_id', type: 'int' },
  // Searched in the people table and matched by the log's actor index (migration 089).
  ActorFirstname: { sql: 'u.first_name', type: 'text', searchable: true, searchThrough: throughPerson('a.actor_user_id', 'first_name') },
  ActorLastname: { sql: 'u.last_name', type: 'text', searchable: true, searchThrough: throughPerson('a.actor_user_id', 'last_name') },
  ActorEmail: { sql: 'u.email', type: 'text', searchable: true, searchThrough: throughPerson('a.actor_user_id', 'email') },
  // The API key the change was made with, when a tool made it on its maker's behalf.
  ApiKeyName: { sql: '(SELECT k.name FROM api_keys k WHERE k.key_id = a.api_key_id)', type: 'text' },
  // The provisioning token the organisation's identity provider made the change with (SCIM).
  ProvisioningTokenName: {
    sql: '(SELECT t.name FROM provisioning_tokens t WHERE t.token_id = a.provisioning_token_id)',
    type: 'text',
  },
  // A few dozen actions: a search finds those holding the text, then their entries by the action index.
  Action: { sql: 'a.action', type: 'text', searchable: true, searchAmong: `SELECT action AS value FROM (${EVERY_ACTION}) AS every_action` },
  EntityType: { sql: 'a.entity_type', type: 'text' },
  EntityId: { sql: 'a.entity_id', type: 'text', searchable: true },
  // The changed fields as JSON text; the gateway reads them into field-by-field changes.
  Before: { sql: 'a.before::text', type: 'text' },
  After: { sql: 'a.after::text', type: 'text' },
  Ip: { sql: 'a.ip', type: 'text' },
  CreatedAt: { sql: 'a.created_at', type: 'timestamp', sort: { index: 'audit_log_created_sort_idx' } },
} satisfies ResourceDefinition['fields'];

export const auditEntries: ResourceDefinition = {
  from: 'audit_log a LEFT JOIN client_users u ON u.user_id = a.actor_user_id LEFT JOIN clients c ON c.client_id = a.client_id',
  fields: auditFields,
  tenantField: 'ClientId',
  tieBreaker: 'a.audit_id',
  counted: 'audit_log',
  // Its joins add the actor and the organisation to an entry, at most one of each.
  table: 'audit_log a',
};

/** GET /subscription_audit_log/actions */
export const auditActionsQuery = z.strictObject({ ClientId: clientIdQuery(null) });

export const auditRecord = answerSchema(
  'AuditEntry',
  recordOf(auditFields, [
    'ClientId',
    'CompanyName',
    'ActorUserId',
    'ActorFirstname',
    'ActorLastname',
    'ActorEmail',
    'ApiKeyName',
    'ProvisioningTokenName',
    'EntityId',
    'Before',
    'After',
    'Ip',
  ]).extend({
    Names: z.record(z.string(), z.string()).meta({
      description:
        'The names of the records the entry names, by `<kind>:<id>` (`user:81` → "Wile Coyote", `product:2` → "Yozy Lite"): its own record and each one its Before and After name by id. A record deleted since, or outside the caller\'s organization, is left out.',
    }),
  }),
);
export const auditActions = answerSchema('AuditActions', z.array(z.string().meta({ description: 'An action, as `<entity>.<verb>`' })));

export const auditLogRoutes = [
  // An organisation admin reads their own organisation's log; a SuperAdmin reads the whole
  // platform's, or one organisation's with a ClientId filter.
  listRoute({
    path: '/subscription_audit_log',
    access: 'admin',
    operationId: 'listAuditEntries',
    tag: 'Audit',
    summary:
      "The audit log: an organization admin's own organization's, the whole platform's (or one organization's, filtered by ClientId) for a SuperAdmin",
    description:
      'Before and After are the changed fields as JSON text (never passwords, secrets or token hashes). CompanyName and the actor are null when the organization or the person is gone, or nobody was signed in. Names names the records of the entries on the page.',
    resource: auditEntries,
    rows: 'Audit entries',
    record: auditRecord,
    // Only the page's rows are named, a few lookups by primary key whatever the log's length.
    complete: (db, rows, viewer) => withNames(db, rows, viewer),
  }),

  // The actions the log holds, for the screen's action filter, in the same scope as the list.
  route(
    {
      method: 'get',
      path: '/subscription_audit_log/actions',
      access: 'admin',
      operationId: 'listAuditActions',
      tag: 'Audit',
      summary: 'The actions the audit log holds, in the scope the list would show, for a filter',
      query: auditActionsQuery,
      responses: {
        200: { description: 'Each action once, in alphabetical order', body: auditActions },
        400: BAD_CLIENT_ID,
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const { ClientId } = parseBody(auditActionsQuery, req.query);
      const platformWide = viewer.typeOfUser === 'SuperAdmin' && !ClientId;
      const rows = platformWide
        ? await db.query<{ action: string }>(EVERY_ACTION)
        : await db.query<{ action: string }>('SELECT DISTINCT action FROM audit_log WHERE client_id = $1 ORDER BY action', [
            targetOrganization(viewer, ClientId),
          ]);
      res.json(rows.map((row) => row.action));
    },
  ),
];
