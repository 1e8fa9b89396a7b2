import { parseBody, HttpError } from '#http/errors';
import { auditIn, auditScope, changeAudited, createAudited, deleteAudited, lockAudited } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { targetOrganization } from '#http/scope';
import { route, type Services } from '#http/route';
import { BAD_CLIENT_ID, NO_SUCH_ORGANISATION, refused } from '#http/answers';
import { privateHostRefusal } from '#security/outboundAddress';
import { emitTest } from '#webhooks/events';
import { newWebhookSecret, PREVIOUS_SECRET_HOURS, webhookSecretContext } from '#webhooks/secrets';
import {
  auditedEndpoint,
  described,
  endpointsWhere,
  HTTPS_ONLY_MESSAGE,
  MAX_ENDPOINTS_PER_ORGANIZATION,
  PENDING_SQL,
  readDelivery,
  readEndpoint,
  WEBHOOK_ENDPOINTS_PATH,
  webhookDeliveryRecord,
  webhookEndpointBody,
  webhookEndpointCreateBody,
  webhookEndpointDeleted,
  webhookEndpointList,
  webhookEndpointPauseBody,
  webhookEndpointRecord,
  webhookEndpointsQuery,
  webhookEndpointUpdateBody,
  webhookEndpointWithSecret,
  type EndpointRow,
} from './webhooks';

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

/** The audit log's record of an endpoint. */
const entityOf = (endpoint: Pick<EndpointRow, 'endpoint_id'>) => ({ entityType: 'webhook_endpoint', entityId: endpoint.endpoint_id });

/**
 * Webhook endpoints of an organisation, kept by its admins, and the provider's own (every
 * organisation's events), kept by its SuperAdmins: registering one answers its signing secret
 * once; the secret can be rotated (the old one signs beside the new for a day); an endpoint can
 * be paused, resumed, sent a test event and deleted (its deliveries: webhookDeliveries.ts).
 */
export const webhookEndpointRoutes = [
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
      const id = await db.transaction((tx) =>
        createAudited(
          tx,
          auditScope(req, res, clientId),
          auditedEndpoint,
          'webhook.create',
          async () => {
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
            return endpointId;
          },
          described({ url: body.Url, description: body.Description, event_types: body.Events }),
        ),
      );
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
      const body = parseBody(webhookEndpointUpdateBody, req.body);
      await db.transaction((tx) =>
        changeAudited(tx, auditScope(req, res), auditedEndpoint, body.EndpointId, {
          action: 'webhook.update',
          planned: () => described({ url: body.Url, description: body.Description, event_types: body.Events }),
          write: async (endpoint) => {
            if (body.Url !== endpoint.url) await refuseUnreachable(services, endpoint.is_provider, body.Url);
            await tx.query(
              'UPDATE webhook_endpoints SET url = $2, description = $3, event_types = $4, updated_at = now() WHERE endpoint_id = $1',
              [endpoint.endpoint_id, body.Url, body.Description, body.Events],
            );
          },
        }),
      );
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
      const body = parseBody(webhookEndpointBody, req.body);
      await db.transaction((tx) =>
        deleteAudited(tx, auditScope(req, res), auditedEndpoint, body.EndpointId, {
          action: 'webhook.delete',
          remove: (endpoint) => tx.query('DELETE FROM webhook_endpoints WHERE endpoint_id = $1', [endpoint.endpoint_id]),
        }),
      );
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
      const body = parseBody(webhookEndpointBody, req.body);
      const secret = newWebhookSecret();
      await db.transaction(async (tx) => {
        const { row: endpoint, scope } = await lockAudited(tx, auditScope(req, res), auditedEndpoint, body.EndpointId);
        await tx.query(
          `UPDATE webhook_endpoints
              SET previous_secret_sealed = secret_sealed, previous_secret_until = now() + make_interval(hours => $3),
                  secret_sealed = $2, updated_at = now()
            WHERE endpoint_id = $1`,
          [endpoint.endpoint_id, secretBox.seal(secret, webhookSecretContext(endpoint.endpoint_id)), PREVIOUS_SECRET_HOURS],
        );
        await auditIn(tx, scope, {
          ...entityOf(endpoint),
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
      const body = parseBody(webhookEndpointPauseBody, req.body);
      await db.transaction(async (tx) => {
        const { row: endpoint, scope } = await lockAudited(tx, auditScope(req, res), auditedEndpoint, body.EndpointId);
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
        await auditIn(tx, scope, {
          ...entityOf(endpoint),
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
      const body = parseBody(webhookEndpointBody, req.body);
      const deliveryId = await db.transaction(async (tx) => {
        const { row: endpoint, scope } = await lockAudited(tx, auditScope(req, res), auditedEndpoint, body.EndpointId);
        const id = await emitTest(tx, { endpointId: endpoint.endpoint_id, clientId: endpoint.client_id });
        await auditIn(tx, scope, { ...entityOf(endpoint), action: 'webhook.test', after: { deliveryId: id } });
        return id!;
      });
      res.json(await readDelivery(db, deliveryId));
    },
  ),
];
