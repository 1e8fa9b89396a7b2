import type { Request, Response } from 'express';
import type { Queryable } from '#db/database';
import { auditIn, auditScope, lockAudited } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { recordIdOf } from '#http/resource';
import { targetOrganization } from '#http/scope';
import { listRoute, route, type Services } from '#http/route';
import { refused } from '#http/answers';
import {
  auditedEndpoint,
  NO_SUCH_DELIVERY_MESSAGE,
  NO_SUCH_ENDPOINT_MESSAGE,
  payloadQuery,
  PENDING_SQL,
  readDelivery,
  WEBHOOK_DELIVERIES_PATH,
  webhookDeliveries,
  webhookDeliveryBody,
  webhookDeliveryPayload,
  webhookDeliveryRecord,
} from './webhooks';

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

/** The deliveries of an organisation's webhook endpoints: each can be listed, read as it was sent, and redelivered (audited). */
export const webhookDeliveryRoutes = [
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
      const body = parseBody(webhookDeliveryBody, req.body);
      const newId = await db.transaction(async (tx) => {
        const [delivery] = await tx.query<{ endpoint_id: number; event_id: string; pending: boolean; event_type: string }>(
          `SELECT d.endpoint_id, d.event_id::text, ${PENDING_SQL} AS pending, ev.event_type
             FROM webhook_deliveries d JOIN webhook_events ev ON ev.event_id = d.event_id WHERE d.delivery_id = $1`,
          [body.DeliveryId],
        );
        if (!delivery) throw new HttpError('NOT_FOUND', NO_SUCH_DELIVERY_MESSAGE, 'DeliveryId');
        const { row: endpoint, scope } = await lockAudited(tx, auditScope(req, res), auditedEndpoint, delivery.endpoint_id, 'DeliveryId');
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
        await auditIn(tx, scope, {
          entityType: 'webhook_endpoint',
          entityId: endpoint.endpoint_id,
          action: 'webhook.redeliver',
          after: { deliveryId: Number(row!.delivery_id), redelivers: body.DeliveryId, event: delivery.event_type },
        });
        return Number(row!.delivery_id);
      });
      res.json(await readDelivery(db, newId));
    },
  ),
];
