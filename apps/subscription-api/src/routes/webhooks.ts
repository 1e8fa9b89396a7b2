import type { Request, Response } from 'express';
import { z } from 'zod';
import { recordId, restSchema, WEBHOOK_ENDPOINT_REST_FIELDS, WEBHOOK_EVENT_TYPES, webhookEndpointInput } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { audit, changedFields } from '#domain/audit';
import { viewerOf, type Viewer } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientOf } from '#http/gateway';
import { jsonObject, recordIdOf, recordOf, recordQuery, type ResourceDefinition } from '#http/resource';
import { targetOrganization } from '#http/scope';
import { listRoute, route, type Services } from '#http/route';
import { BAD_CLIENT_ID, NO_SUCH_ORGANISATION, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { privateHostRefusal } from '#security/outboundAddress';
import { emitTest } from '#webhooks/events';
import { newWebhookSecret, PREVIOUS_SECRET_HOURS, webhookSecretContext } from '#webhooks/secrets';

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
const PENDING_SQL = 'd.succeeded_at IS NULL AND d.failed_at IS NULL';

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

const organization = z.union([z.int(), z.string()]).optional().meta({
  description:
    'The organization; the caller’s own when left out (only a SuperAdmin may name another; the provider’s own endpoints get every organization’s events)',
});
const endpointId = recordId('Choose a webhook endpoint');

const ENDPOINT_REST = {
  url: WEBHOOK_ENDPOINT_REST_FIELDS.url,
  description: WEBHOOK_ENDPOINT_REST_FIELDS.description,
  events: WEBHOOK_ENDPOINT_REST_FIELDS.events,
} as const;

export const webhookEndpointsQuery = z.object({ ClientId: z.string().optional().meta({ description: organization.description }) });
export const webhookEndpointCreateBody = requestSchema(
  'WebhookEndpointCreate',
  restSchema(webhookEndpointInput, ENDPOINT_REST).extend({ ClientId: organization }),
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
const payloadQuery = recordQuery('DeliveryId');

type EndpointRow = {
  endpoint_id: number;
  client_id: number;
  url: string;
  description: string | null;
  event_types: string[] | null;
  paused_at: string | null;
  pause_reason: 'FAILING' | 'ADMIN' | null;
  is_provider: boolean;
};

/**
 * The endpoint a change is about, locked until the transaction ends: NOT_FOUND when there is none,
 * FORBIDDEN when it belongs to another organisation than an OrgAdmin's own.
 */
async function lockEndpoint(tx: Queryable, viewer: Viewer, id: number): Promise<EndpointRow> {
  const [endpoint] = await tx.query<EndpointRow>(
    `SELECT e.endpoint_id, e.client_id, e.url, e.description, e.event_types, e.paused_at::text, e.pause_reason, c.is_provider
       FROM webhook_endpoints e JOIN clients c ON c.client_id = e.client_id
      WHERE e.endpoint_id = $1 FOR UPDATE OF e`,
    [id],
  );
  if (!endpoint) throw new HttpError('NOT_FOUND', NO_SUCH_ENDPOINT_MESSAGE, 'EndpointId');
  targetOrganization(viewer, endpoint.client_id, 'EndpointId');
  return endpoint;
}

async function endpointsWhere(db: Queryable, condition: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const rows = await db.query<{ record: Record<string, unknown> }>(
    `SELECT ${jsonObject(endpointFields)} AS record FROM ${ENDPOINT_FROM} WHERE ${condition} ORDER BY e.endpoint_id`,
    params,
  );
  return rows.map((row) => row.record);
}

async function readEndpoint(db: Queryable, id: number): Promise<Record<string, unknown>> {
  const [endpoint] = await endpointsWhere(db, 'e.endpoint_id = $1', [id]);
  if (!endpoint) throw new HttpError('NOT_FOUND', NO_SUCH_ENDPOINT_MESSAGE, 'EndpointId');
  return endpoint;
}

async function readDelivery(db: Queryable, id: number): Promise<Record<string, unknown>> {
  const [row] = await db.query<{ record: Record<string, unknown> }>(
    `SELECT ${jsonObject(deliveryFields)} AS record FROM ${webhookDeliveries.from} WHERE d.delivery_id = $1`,
    [id],
  );
  if (!row) throw new HttpError('NOT_FOUND', NO_SUCH_DELIVERY_MESSAGE, 'DeliveryId');
  return row.record;
}

/**
 * An address the service may send an organisation's events to: https (plain http only where
 * private servers are allowed, for trials on one machine) and on the public internet, as its mail
 * server and identity provider must be. The provider's own endpoints, its operators' systems, may
 * be on its private network, as its mail server may.
 */
async function refuseUnreachable({ allowPrivateNetwork }: Services, isProvider: boolean, url: string): Promise<void> {
  if (isProvider) return;
  const target = new URL(url);
  if (target.protocol !== 'https:' && !allowPrivateNetwork) throw new HttpError('BAD_REQUEST', HTTPS_ONLY_MESSAGE, 'Url');
  const refusal = await privateHostRefusal(target.hostname.replace(/^\[|\]$/g, ''), { allowPrivateNetwork });
  if (refusal) throw new HttpError('BAD_REQUEST', refusal, 'Url');
}

/** What the audit log keeps of an endpoint: never its secret. */
const described = (endpoint: Pick<EndpointRow, 'url' | 'description' | 'event_types'>) => ({
  url: endpoint.url,
  description: endpoint.description,
  events: endpoint.event_types ?? 'every event',
});

const auditOf = (req: Request, res: Response, endpoint: Pick<EndpointRow, 'endpoint_id' | 'client_id'>) => ({
  clientId: endpoint.client_id,
  actorUserId: viewerOf(res).userId,
  entityType: 'webhook_endpoint',
  entityId: endpoint.endpoint_id,
  ip: clientOf(req, res).ip,
});

/** Lists about one endpoint need `EndpointId=eq.<id>`, and only an administrator of its organisation gets them. */
async function requireEndpointFilter(db: Queryable, req: Request, res: Response): Promise<void> {
  const filter = req.query.EndpointId;
  const id = typeof filter === 'string' ? /^eq\.(\d{1,10})$/.exec(filter)?.[1] : undefined;
  if (!id) throw new HttpError('BAD_REQUEST', 'Name the endpoint: EndpointId=eq.<id>', 'EndpointId');
  const [endpoint] = await db.query<{ client_id: number }>('SELECT client_id FROM webhook_endpoints WHERE endpoint_id = $1', [Number(id)]);
  if (!endpoint) throw new HttpError('NOT_FOUND', NO_SUCH_ENDPOINT_MESSAGE, 'EndpointId');
  targetOrganization(viewerOf(res), endpoint.client_id, 'EndpointId');
}

const deliveriesList = listRoute({
  path: WEBHOOK_DELIVERIES_PATH,
  access: 'admin',
  operationId: 'listWebhookDeliveries',
  tag: 'Webhooks',
  summary: 'The deliveries of one webhook endpoint (EndpointId=eq.<id> is required), newest first: event, status, answer, tries',
  resource: webhookDeliveries,
  rows: 'Deliveries',
  record: webhookDeliveryRecord,
});

/**
 * Webhook endpoints of an organisation, kept by its admins, and the provider's own (every
 * organisation's events), kept by its SuperAdmins: registering one answers its signing secret
 * once; the secret can be rotated (the old one signs beside the new for a day); an endpoint can
 * be paused, resumed, sent a test event and deleted; each delivery can be read and redelivered.
 */
export const webhookRoutes = [
  route(
    {
      method: 'get',
      path: WEBHOOK_ENDPOINTS_PATH,
      access: 'admin',
      operationId: 'listWebhookEndpoints',
      tag: 'Webhooks',
      summary: "An organization's webhook endpoints: its admins' own, any for a SuperAdmin (the provider's own when none is named)",
      query: webhookEndpointsQuery,
      responses: { 200: { description: 'The endpoints, oldest first; never a secret', body: webhookEndpointList }, 400: BAD_CLIENT_ID },
    },
    async (req, res, { db }) => {
      const { ClientId } = parseBody(webhookEndpointsQuery, req.query);
      const clientId = targetOrganization(viewerOf(res), ClientId);
      res.json({ Endpoints: await endpointsWhere(db, 'e.client_id = $1', [clientId]) });
    },
  ),

  route(
    {
      method: 'post',
      path: WEBHOOK_ENDPOINTS_PATH,
      access: 'adminInPerson',
      operationId: 'createWebhookEndpoint',
      idempotent: true,
      tag: 'Webhooks',
      summary:
        'Registers a webhook endpoint for the events it names (none: every event) and answers its signing secret, this once, to a person signed in (never an API key, which reads no secret); audited without the secret',
      body: webhookEndpointCreateBody,
      responses: {
        201: { description: 'The endpoint and its secret', body: webhookEndpointWithSecret },
        403: refused(
          'FORBIDDEN: an API key (the secret is shown to a person only), or another organization named by an organization admin',
        ),
        400: refused('BAD_REQUEST naming the field: an address that is not https, or not on the internet (Url), an unknown event (Events)'),
        404: NO_SUCH_ORGANISATION,
        409: refused(`CONFLICT (field Url): the organization has ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints already`),
      },
    },
    async (req, res, services) => {
      const { db, secretBox } = services;
      const viewer = viewerOf(res);
      const body = parseBody(webhookEndpointCreateBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      const [client] = await db.query<{ is_provider: boolean }>('SELECT is_provider FROM clients WHERE client_id = $1', [clientId]);
      if (!client) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
      await refuseUnreachable(services, client.is_provider, body.Url);
      const secret = newWebhookSecret();
      const id = await db.transaction(async (tx) => {
        // The organisation's row is locked, so two registrations racing for the last place are decided one after the other.
        await tx.query('SELECT 1 FROM clients WHERE client_id = $1 FOR NO KEY UPDATE', [clientId]);
        const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM webhook_endpoints WHERE client_id = $1',
          [clientId],
        );
        if (count >= MAX_ENDPOINTS_PER_ORGANIZATION) {
          throw new HttpError(
            'CONFLICT',
            `The organization has ${MAX_ENDPOINTS_PER_ORGANIZATION} webhook endpoints already: delete one it no longer needs first`,
            'Url',
          );
        }
        const [row] = await tx.query<{ endpoint_id: number }>(
          `INSERT INTO webhook_endpoints (client_id, url, description, event_types, secret_sealed, created_by)
           VALUES ($1, $2, $3, $4, 'unsealed', $5) RETURNING endpoint_id`,
          [clientId, body.Url, body.Description, body.Events, viewer.userId],
        );
        const endpointId = row!.endpoint_id;
        // Sealed for this endpoint's id, so a sealed secret copied to another endpoint does not open there.
        await tx.query('UPDATE webhook_endpoints SET secret_sealed = $2 WHERE endpoint_id = $1', [
          endpointId,
          secretBox.seal(secret, webhookSecretContext(endpointId)),
        ]);
        await audit(tx, {
          ...auditOf(req, res, { endpoint_id: endpointId, client_id: clientId }),
          action: 'webhook.create',
          after: described({ url: body.Url, description: body.Description, event_types: body.Events }),
        });
        return endpointId;
      });
      res.status(201).json({ Endpoint: await readEndpoint(db, id), Secret: secret });
    },
  ),

  route(
    {
      method: 'post',
      path: `${WEBHOOK_ENDPOINTS_PATH}/update`,
      access: 'admin',
      operationId: 'updateWebhookEndpoint',
      tag: 'Webhooks',
      summary: 'Changes an endpoint’s address, description or events (its secret stays); the changed fields go to the audit log',
      body: webhookEndpointUpdateBody,
      responses: {
        200: { description: 'The endpoint as changed', body: webhookEndpointRecord },
        400: refused('BAD_REQUEST naming the field'),
        403: refused("FORBIDDEN: another organization's endpoint"),
        404: refused('NOT_FOUND: no such endpoint (field EndpointId)'),
      },
    },
    async (req, res, services) => {
      const { db } = services;
      const viewer = viewerOf(res);
      const body = parseBody(webhookEndpointUpdateBody, req.body);
      await db.transaction(async (tx) => {
        const endpoint = await lockEndpoint(tx, viewer, body.EndpointId);
        const change = changedFields(
          described(endpoint),
          described({ url: body.Url, description: body.Description, event_types: body.Events }),
        );
        if (Object.keys(change.after).length === 0) return;
        if (body.Url !== endpoint.url) await refuseUnreachable(services, endpoint.is_provider, body.Url);
        await tx.query(
          'UPDATE webhook_endpoints SET url = $2, description = $3, event_types = $4, updated_at = now() WHERE endpoint_id = $1',
          [endpoint.endpoint_id, body.Url, body.Description, body.Events],
        );
        await audit(tx, { ...auditOf(req, res, endpoint), action: 'webhook.update', ...change });
      });
      res.json(await readEndpoint(db, body.EndpointId));
    },
  ),

  route(
    {
      method: 'post',
      path: `${WEBHOOK_ENDPOINTS_PATH}/delete`,
      access: 'admin',
      operationId: 'deleteWebhookEndpoint',
      tag: 'Webhooks',
      summary: 'Deletes an endpoint with its deliveries, waiting ones too; audited',
      body: webhookEndpointBody,
      responses: {
        200: { description: 'Deleted', body: webhookEndpointDeleted },
        403: refused("FORBIDDEN: another organization's endpoint"),
        404: refused('NOT_FOUND: no such endpoint (field EndpointId)'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(webhookEndpointBody, req.body);
      await db.transaction(async (tx) => {
        const endpoint = await lockEndpoint(tx, viewer, body.EndpointId);
        await tx.query('DELETE FROM webhook_endpoints WHERE endpoint_id = $1', [endpoint.endpoint_id]);
        await audit(tx, { ...auditOf(req, res, endpoint), action: 'webhook.delete', before: described(endpoint) });
      });
      res.json({ EndpointId: body.EndpointId });
    },
  ),

  route(
    {
      method: 'post',
      path: `${WEBHOOK_ENDPOINTS_PATH}/rotate`,
      access: 'adminInPerson',
      operationId: 'rotateWebhookSecret',
      tag: 'Webhooks',
      summary: `Gives an endpoint a new signing secret, answered this once to a person signed in (never an API key); the old one signs beside it for ${PREVIOUS_SECRET_HOURS} hours more; audited`,
      body: webhookEndpointBody,
      responses: {
        200: { description: 'The endpoint and its new secret', body: webhookEndpointWithSecret },
        403: refused("FORBIDDEN: an API key (the secret is shown to a person only), or another organization's endpoint"),
        404: refused('NOT_FOUND: no such endpoint (field EndpointId)'),
      },
    },
    async (req, res, { db, secretBox }) => {
      const viewer = viewerOf(res);
      const body = parseBody(webhookEndpointBody, req.body);
      const secret = newWebhookSecret();
      await db.transaction(async (tx) => {
        const endpoint = await lockEndpoint(tx, viewer, body.EndpointId);
        await tx.query(
          `UPDATE webhook_endpoints
              SET previous_secret_sealed = secret_sealed, previous_secret_until = now() + make_interval(hours => $3),
                  secret_sealed = $2, updated_at = now()
            WHERE endpoint_id = $1`,
          [endpoint.endpoint_id, secretBox.seal(secret, webhookSecretContext(endpoint.endpoint_id)), PREVIOUS_SECRET_HOURS],
        );
        await audit(tx, {
          ...auditOf(req, res, endpoint),
          action: 'webhook.rotate_secret',
          after: { previousSecretSignsForHours: PREVIOUS_SECRET_HOURS },
        });
      });
      res.json({ Endpoint: await readEndpoint(db, body.EndpointId), Secret: secret });
    },
  ),

  route(
    {
      method: 'post',
      path: `${WEBHOOK_ENDPOINTS_PATH}/pause`,
      access: 'admin',
      operationId: 'setWebhookEndpointPaused',
      tag: 'Webhooks',
      summary:
        'Pauses an endpoint (its events wait) or resumes it (what waited is delivered in order, a delivery given up stays so until it is redelivered); audited',
      body: webhookEndpointPauseBody,
      responses: {
        200: { description: 'The endpoint as changed', body: webhookEndpointRecord },
        403: refused("FORBIDDEN: another organization's endpoint"),
        404: refused('NOT_FOUND: no such endpoint (field EndpointId)'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(webhookEndpointPauseBody, req.body);
      await db.transaction(async (tx) => {
        const endpoint = await lockEndpoint(tx, viewer, body.EndpointId);
        if ((endpoint.paused_at !== null) === body.Paused) return;
        await tx.query(
          `UPDATE webhook_endpoints SET paused_at = CASE WHEN $2 THEN now() END, pause_reason = CASE WHEN $2 THEN 'ADMIN' END,
                  updated_at = now()
            WHERE endpoint_id = $1`,
          [endpoint.endpoint_id, body.Paused],
        );
        // Resumed, what waits is due now: a delivery put off while the endpoint failed is not kept waiting longer.
        if (!body.Paused) {
          await tx.query(
            `UPDATE webhook_deliveries d SET next_attempt_at = least(next_attempt_at, now()) WHERE d.endpoint_id = $1 AND ${PENDING_SQL}`,
            [endpoint.endpoint_id],
          );
        }
        await audit(tx, {
          ...auditOf(req, res, endpoint),
          action: body.Paused ? 'webhook.pause' : 'webhook.resume',
          before: {
            status: endpoint.paused_at ? 'PAUSED' : 'ACTIVE',
            ...(endpoint.pause_reason ? { pauseReason: endpoint.pause_reason } : {}),
          },
          after: { status: body.Paused ? 'PAUSED' : 'ACTIVE' },
        });
      });
      res.json(await readEndpoint(db, body.EndpointId));
    },
  ),

  route(
    {
      method: 'post',
      path: `${WEBHOOK_ENDPOINTS_PATH}/test`,
      access: 'admin',
      operationId: 'sendWebhookTestEvent',
      tag: 'Webhooks',
      summary: 'Queues a test event (webhook.test) for this endpoint alone, behind what it waits for; audited',
      body: webhookEndpointBody,
      responses: {
        200: { description: 'The delivery queued', body: webhookDeliveryRecord },
        403: refused("FORBIDDEN: another organization's endpoint"),
        404: refused('NOT_FOUND: no such endpoint (field EndpointId)'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(webhookEndpointBody, req.body);
      const deliveryId = await db.transaction(async (tx) => {
        const endpoint = await lockEndpoint(tx, viewer, body.EndpointId);
        const id = await emitTest(tx, { endpointId: endpoint.endpoint_id, clientId: endpoint.client_id });
        await audit(tx, { ...auditOf(req, res, endpoint), action: 'webhook.test', after: { deliveryId: id } });
        return id!;
      });
      res.json(await readDelivery(db, deliveryId));
    },
  ),

  {
    ...deliveriesList,
    handler: async (req: Request, res: Response, services: Services) => {
      await requireEndpointFilter(services.db, req, res);
      return deliveriesList.handler(req, res, services);
    },
  },

  route(
    {
      method: 'get',
      path: `${WEBHOOK_DELIVERIES_PATH}/payload`,
      access: 'admin',
      operationId: 'readWebhookDeliveryPayload',
      tag: 'Webhooks',
      summary:
        'The body of one delivery, exactly as it was signed and sent (DeliveryId=eq.<id>); it holds ids and what changed, never a secret',
      query: payloadQuery,
      responses: {
        200: { description: 'The body', body: webhookDeliveryPayload },
        400: refused('BAD_REQUEST: DeliveryId missing or malformed'),
        403: refused("FORBIDDEN: another organization's delivery"),
        404: refused('NOT_FOUND: no such delivery (field DeliveryId)'),
      },
    },
    async (req, res, { db }) => {
      const id = recordIdOf(payloadQuery, 'DeliveryId', req);
      const [row] = await db.query<{ client_id: number; payload: string }>(
        `SELECT e.client_id, ev.payload FROM webhook_deliveries d
           JOIN webhook_endpoints e ON e.endpoint_id = d.endpoint_id JOIN webhook_events ev ON ev.event_id = d.event_id
          WHERE d.delivery_id = $1`,
        [id],
      );
      if (!row) throw new HttpError('NOT_FOUND', NO_SUCH_DELIVERY_MESSAGE, 'DeliveryId');
      targetOrganization(viewerOf(res), row.client_id, 'DeliveryId');
      res.json({ DeliveryId: id, Payload: row.payload });
    },
  ),

  route(
    {
      method: 'post',
      path: `${WEBHOOK_DELIVERIES_PATH}/redeliver`,
      access: 'admin',
      operationId: 'redeliverWebhook',
      tag: 'Webhooks',
      summary:
        'Sends a delivered or given-up event to its endpoint again, as a new delivery behind what waits (the same webhook-id, so the receiver can tell); audited',
      body: webhookDeliveryBody,
      responses: {
        200: { description: 'The new delivery', body: webhookDeliveryRecord },
        403: refused("FORBIDDEN: another organization's delivery"),
        404: refused('NOT_FOUND: no such delivery (field DeliveryId)'),
        409: refused('CONFLICT (field DeliveryId): the delivery still waits or is being retried'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(webhookDeliveryBody, req.body);
      const newId = await db.transaction(async (tx) => {
        const [delivery] = await tx.query<{ endpoint_id: number; event_id: string; pending: boolean; event_type: string }>(
          `SELECT d.endpoint_id, d.event_id::text, ${PENDING_SQL} AS pending, ev.event_type
             FROM webhook_deliveries d JOIN webhook_events ev ON ev.event_id = d.event_id WHERE d.delivery_id = $1`,
          [body.DeliveryId],
        );
        if (!delivery) throw new HttpError('NOT_FOUND', NO_SUCH_DELIVERY_MESSAGE, 'DeliveryId');
        const endpoint = await lockEndpoint(tx, viewer, delivery.endpoint_id).catch((error: unknown) => {
          throw error instanceof HttpError ? new HttpError(error.code, error.message, 'DeliveryId') : error;
        });
        if (delivery.pending) {
          throw new HttpError(
            'CONFLICT',
            'This delivery has not finished yet: it is still tried, so there is nothing to send again',
            'DeliveryId',
          );
        }
        const [row] = await tx.query<{ delivery_id: string }>(
          'INSERT INTO webhook_deliveries (endpoint_id, event_id) VALUES ($1, $2) RETURNING delivery_id::text',
          [endpoint.endpoint_id, delivery.event_id],
        );
        await audit(tx, {
          ...auditOf(req, res, endpoint),
          action: 'webhook.redeliver',
          after: { deliveryId: Number(row!.delivery_id), redelivers: body.DeliveryId, event: delivery.event_type },
        });
        return Number(row!.delivery_id);
      });
      res.json(await readDelivery(db, newId));
    },
  ),
];
