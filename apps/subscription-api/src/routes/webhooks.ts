import { z } from 'zod';
import { recordId, restSchema, WEBHOOK_ENDPOINT_REST_FIELDS, WEBHOOK_EVENT_TYPES, webhookEndpointInput } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditedRow, type AuditedRecord } from '#domain/audited';
import { HttpError } from '#http/errors';
import { clientIdBody, clientIdQuery } from '#http/scope';
import { jsonObject, recordOf, recordQuery, type ResourceDefinition } from '#http/resource';
import { answerSchema, requestSchema } from '#openapi/components';

// What a webhook endpoint and a delivery are, as the routes of webhookEndpoints.ts and
// webhookDeliveries.ts answer and take them.

export const WEBHOOK_ENDPOINTS_PATH = '/subscription_webhook_endpoints';
export const WEBHOOK_DELIVERIES_PATH = '/subscription_webhook_deliveries';

/** Endpoints one organisation may keep: enough for every system it runs, few enough to deliver to promptly. */
export const MAX_ENDPOINTS_PER_ORGANIZATION = 20;

export const NO_SUCH_ENDPOINT_MESSAGE = 'There is no such webhook endpoint; it may have been deleted';
export const NO_SUCH_DELIVERY_MESSAGE = 'There is no such delivery';
export const HTTPS_ONLY_MESSAGE = 'Use an https:// address: events are sent only over an encrypted connection';

/**
 * A delivery's state: waiting for its first try (PENDING), tried and due again (RETRYING), taken
 * by the endpoint (SUCCEEDED), or given up after a day of tries (FAILED, its endpoint paused).
 */
export const DELIVERY_STATUSES = ['PENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;
const DELIVERY_STATUS_SQL = `CASE WHEN d.succeeded_at IS NOT NULL THEN 'SUCCEEDED' WHEN d.failed_at IS NOT NULL THEN 'FAILED'
  WHEN d.attempts > 0 THEN 'RETRYING' ELSE 'PENDING' END`;
export const PENDING_SQL = 'd.succeeded_at IS NULL AND d.failed_at IS NULL';

/** The last delivery an endpoint tried, as `<column>` of it. */
const lastTried = (column: string) =>
  `(SELECT ${column} FROM webhook_deliveries d WHERE d.endpoint_id = e.endpoint_id AND d.last_attempt_at IS NOT NULL
     ORDER BY d.last_attempt_at DESC, d.delivery_id DESC LIMIT 1)`;

/**
 * An endpoint as the console shows it: where, what for, which events (null: every event), whether
 * it is paused and why, how many deliveries wait, and what its last delivery got. Never its secret.
 */
export const endpointFields = {
  EndpointId: { sql: 'e.endpoint_id', type: 'int' },
  ClientId: { sql: 'e.client_id', type: 'int' },
  CompanyName: { sql: 'c.company_name', type: 'text' },
  EveryOrganization: { sql: 'c.is_provider', type: 'bool' },
  Url: { sql: 'e.url', type: 'text' },
  Description: { sql: 'e.description', type: 'text' },
  Events: { sql: 'e.event_types', type: 'textList' },
  Status: { sql: "CASE WHEN e.paused_at IS NULL THEN 'ACTIVE' ELSE 'PAUSED' END", type: 'text' },
  PauseReason: { sql: 'e.pause_reason', type: 'text' },
  PausedAt: { sql: 'e.paused_at', type: 'timestamp' },
  PreviousSecretUntil: { sql: 'CASE WHEN e.previous_secret_until > now() THEN e.previous_secret_until END', type: 'timestamp' },
  Waiting: { sql: `(SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = e.endpoint_id AND ${PENDING_SQL})`, type: 'int' },
  LastDeliveryAt: { sql: lastTried('d.last_attempt_at'), type: 'timestamp' },
  LastDeliveryStatus: { sql: lastTried(DELIVERY_STATUS_SQL), type: 'text' },
  LastResponseStatus: { sql: lastTried('d.response_status'), type: 'int' },
  CreatedAt: { sql: 'e.created_at', type: 'timestamp' },
  UpdatedAt: { sql: 'e.updated_at', type: 'timestamp' },
} satisfies ResourceDefinition['fields'];

const ENDPOINT_FROM = 'webhook_endpoints e JOIN clients c ON c.client_id = e.client_id';

/** One delivery of an event to an endpoint; the body is read one delivery at a time. */
export const deliveryFields = {
  DeliveryId: { sql: 'd.delivery_id::int', type: 'int' },
  EndpointId: { sql: 'd.endpoint_id', type: 'int' },
  ClientId: { sql: 'e.client_id', type: 'int' },
  EventType: { sql: 'ev.event_type', type: 'text' },
  MessageId: { sql: 'ev.message_id', type: 'text' },
  Status: { sql: DELIVERY_STATUS_SQL, type: 'text' },
  Attempts: { sql: 'd.attempts', type: 'int' },
  ResponseStatus: { sql: 'd.response_status', type: 'int' },
  Error: { sql: 'd.error', type: 'text' },
  NextAttemptAt: { sql: `CASE WHEN ${PENDING_SQL} THEN d.next_attempt_at END`, type: 'timestamp' },
  LastAttemptAt: { sql: 'd.last_attempt_at', type: 'timestamp' },
  CreatedAt: {
    sql: 'd.created_at',
    type: 'timestamp',
    sort: { index: 'webhook_deliveries_endpoint_sort_idx', by: 'd.endpoint_id, d.created_at' },
  },
} satisfies ResourceDefinition['fields'];

export const webhookDeliveries: ResourceDefinition = {
  from: 'webhook_deliveries d JOIN webhook_endpoints e ON e.endpoint_id = d.endpoint_id JOIN webhook_events ev ON ev.event_id = d.event_id',
  fields: deliveryFields,
  tenantField: 'ClientId',
  tieBreaker: 'd.delivery_id',
};

export const webhookEndpointRecord = answerSchema(
  'WebhookEndpoint',
  recordOf(endpointFields, [
    'Description',
    'Events',
    'PauseReason',
    'PausedAt',
    'PreviousSecretUntil',
    'LastDeliveryAt',
    'LastDeliveryStatus',
    'LastResponseStatus',
  ]).extend({
    Events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).nullable().meta({ description: 'The events it gets; null: every event' }),
    Status: z.enum(['ACTIVE', 'PAUSED']),
    PauseReason: z.enum(['FAILING', 'ADMIN']).nullable(),
  }),
);
export const webhookEndpointList = answerSchema('WebhookEndpointList', z.strictObject({ Endpoints: z.array(webhookEndpointRecord) }));
export const webhookEndpointWithSecret = answerSchema(
  'WebhookEndpointWithSecret',
  z.strictObject({
    Endpoint: webhookEndpointRecord,
    Secret: z.string().meta({ description: 'The signing secret (whsec_…): answered this once, never again' }),
  }),
);
export const webhookDeliveryRecord = answerSchema(
  'WebhookDelivery',
  recordOf(deliveryFields, ['ResponseStatus', 'Error', 'NextAttemptAt', 'LastAttemptAt']).extend({ Status: z.enum(DELIVERY_STATUSES) }),
);
export const webhookDeliveryPayload = answerSchema(
  'WebhookDeliveryPayload',
  z.strictObject({ DeliveryId: z.int(), Payload: z.string().meta({ description: 'The JSON body delivered, exactly as signed' }) }),
);
export const webhookEndpointDeleted = answerSchema('WebhookEndpointDeleted', z.strictObject({ EndpointId: z.int() }));

/** Whose endpoints: a SuperAdmin names any organisation, or the provider's own, whose endpoints get every organisation's events. */
const ENDPOINTS_OF =
  'The organization; the caller’s own when left out (only a SuperAdmin may name another; the provider’s own endpoints get every organization’s events)';
const endpointId = recordId('Choose a webhook endpoint');

const ENDPOINT_REST = {
  url: WEBHOOK_ENDPOINT_REST_FIELDS.url,
  description: WEBHOOK_ENDPOINT_REST_FIELDS.description,
  events: WEBHOOK_ENDPOINT_REST_FIELDS.events,
} as const;

export const webhookEndpointsQuery = z.object({ ClientId: clientIdQuery(ENDPOINTS_OF) });
export const webhookEndpointCreateBody = requestSchema(
  'WebhookEndpointCreate',
  restSchema(webhookEndpointInput, ENDPOINT_REST).extend({ ClientId: clientIdBody(ENDPOINTS_OF) }),
);
export const webhookEndpointUpdateBody = requestSchema(
  'WebhookEndpointUpdate',
  restSchema(webhookEndpointInput, ENDPOINT_REST).extend({ EndpointId: endpointId }),
);
export const webhookEndpointBody = requestSchema('WebhookEndpointChoice', z.strictObject({ EndpointId: endpointId }));
export const webhookEndpointPauseBody = requestSchema(
  'WebhookEndpointPause',
  z.strictObject({ EndpointId: endpointId, Paused: z.boolean({ error: 'Say whether to pause the endpoint or resume it' }) }),
);
export const webhookDeliveryBody = requestSchema('WebhookDeliveryChoice', z.strictObject({ DeliveryId: recordId('Choose a delivery') }));
export const payloadQuery = recordQuery('DeliveryId');

export type EndpointRow = {
  endpoint_id: number;
  client_id: number;
  url: string;
  description: string | null;
  event_types: string[] | null;
  paused_at: string | null;
  pause_reason: 'FAILING' | 'ADMIN' | null;
  is_provider: boolean;
};

/** What the audit log keeps of an endpoint: never its secret. */
export const described = (endpoint: Pick<EndpointRow, 'url' | 'description' | 'event_types'>) => ({
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.event_types ?? 'every event',
});

/** An endpoint, as its changes are audited (never its secret); NOT_FOUND names EndpointId. */
export const auditedEndpoint: AuditedRecord<EndpointRow> = {
  entityType: 'webhook_endpoint',
  read: (tx, id, options) =>
    auditedRow(
      tx,
      {
        select: `SELECT e.endpoint_id, e.client_id, e.url, e.description, e.event_types, e.paused_at::text, e.pause_reason, c.is_provider
                   FROM webhook_endpoints e JOIN clients c ON c.client_id = e.client_id`,
        key: 'e.endpoint_id',
        client: 'e.client_id',
        lockOf: 'e',
      },
      id,
      options,
    ),
  clientIdOf: (endpoint) => endpoint.client_id,
  missing: [NO_SUCH_ENDPOINT_MESSAGE, 'EndpointId'],
  described,
};

export async function endpointsWhere(db: Queryable, condition: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const rows = await db.query<{ record: Record<string, unknown> }>(
    `SELECT ${jsonObject(endpointFields)} AS record FROM ${ENDPOINT_FROM} WHERE ${condition} ORDER BY e.endpoint_id`,
    params,
  );
  return rows.map((row) => row.record);
}

export async function readEndpoint(db: Queryable, id: number): Promise<Record<string, unknown>> {
  const [endpoint] = await endpointsWhere(db, 'e.endpoint_id = $1', [id]);
  if (!endpoint) throw new HttpError('NOT_FOUND', NO_SUCH_ENDPOINT_MESSAGE, 'EndpointId');
  return endpoint;
}

export async function readDelivery(db: Queryable, id: number): Promise<Record<string, unknown>> {
  const [row] = await db.query<{ record: Record<string, unknown> }>(
    `SELECT ${jsonObject(deliveryFields)} AS record FROM ${webhookDeliveries.from} WHERE d.delivery_id = $1`,
    [id],
  );
  if (!row) throw new HttpError('NOT_FOUND', NO_SUCH_DELIVERY_MESSAGE, 'DeliveryId');
  return row.record;
}
