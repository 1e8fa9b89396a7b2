import { randomUUID } from 'node:crypto';
import { ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';

/** The other organisation's provisioning settings, as a refused change must leave them. */
const provisioningOf = ({ db, other }: CellContext) =>
  db.query('SELECT enabled, role_id, product_id, updated_at FROM provisioning_settings WHERE client_id = $1', [Number(other.id)]);

/** The other organisation's provisioning tokens, as a refused issue or revocation must leave them. */
const provisioningTokensOf = ({ db, other }: CellContext) =>
  db.query('SELECT token_id, name, revoked_at FROM provisioning_tokens WHERE client_id = $1 ORDER BY token_id', [Number(other.id)]);

/** A live provisioning token of the other organisation for one cell. */
async function provisioningTokenOf(db: CellContext['db'], organizationId: string, unique: string): Promise<string> {
  const [token] = await db.query<{ id: string }>(
    `INSERT INTO provisioning_tokens (client_id, name, token_hash) VALUES ($1, $2, md5(random()::text)) RETURNING token_id::text AS id`,
    [Number(organizationId), `Matrix revoke ${unique}`],
  );
  return token!.id;
}

/**
 * A webhook endpoint of the other organisation with one delivered event, made for one cell, so a
 * change let through touches nothing else. Its secret is never opened here (no delivery is made).
 */
async function matrixEndpoint({ db, other, unique }: CellContext) {
  const [endpoint] = await db.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (client_id, url, description, secret_sealed)
     VALUES ($1, $2, 'Matrix endpoint', 'sealed') RETURNING endpoint_id::text AS id`,
    [Number(other.id), `https://hooks.matrix.example/${encodeURIComponent(unique)}`],
  );
  const [event] = await db.query<{ id: string }>(
    `INSERT INTO webhook_events (message_id, client_id, event_type, payload)
     VALUES ($1, $2, 'group.changed', '{"type":"group.changed"}') RETURNING event_id::text AS id`,
    [`msg_matrix${randomUUID().replace(/-/g, '')}`, Number(other.id)],
  );
  const [delivery] = await db.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, attempts, succeeded_at, response_status)
     VALUES ($1, $2, 1, now(), 200) RETURNING delivery_id::text AS id`,
    [Number(endpoint!.id), Number(event!.id)],
  );
  return { endpointId: endpoint!.id, deliveryId: delivery!.id };
}

/** The other organisation's webhook endpoints and their deliveries: what a refused change must leave as it was. */
const webhooksOf = async ({ db, other }: CellContext) => ({
  endpoints: await db.query(
    `SELECT endpoint_id, url, description, event_types, secret_sealed, previous_secret_sealed, paused_at, updated_at
       FROM webhook_endpoints WHERE client_id = $1 ORDER BY endpoint_id`,
    [Number(other.id)],
  ),
  deliveries: await db.query(
    `SELECT d.delivery_id, d.event_id, d.attempts, d.succeeded_at FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.endpoint_id = d.endpoint_id WHERE e.client_id = $1 ORDER BY d.delivery_id`,
    [Number(other.id)],
  ),
});

const WEBHOOK_ENDPOINT_FIELDS = 'id organizationId organizationName url description events status waitingDeliveries';

/** Provisioning (SCIM settings and tokens) and webhooks. */
export const PROVISIONING: Record<string, Operation> = {
  'Query.provisioning': {
    call: ({ other }) => ({
      document:
        'query ($organizationId: ID) { provisioning(organizationId: $organizationId) { organizationId enabled role { name productName } tokens { id name createdByName } } }',
      variables: { organizationId: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.updateProvisioningSettings': {
    call: ({ other }) => ({
      document:
        'mutation ($organizationId: ID, $input: ProvisioningSettingsInput!) { updateProvisioningSettings(organizationId: $organizationId, input: $input) { settings { organizationId enabled } errors { code } } }',
      variables: { organizationId: other.id, input: { enabled: false } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: provisioningOf, unchanged: 'refused' },
  },
  'Mutation.createProvisioningToken': {
    call: ({ other, unique }) => ({
      document:
        'mutation ($organizationId: ID!, $name: String) { createProvisioningToken(organizationId: $organizationId, name: $name) { token baseUrl provisioningToken { id } errors { code } } }',
      variables: { organizationId: other.id, name: `Matrix ${unique}` },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: provisioningTokensOf, unchanged: 'refused' },
  },
  'Mutation.revokeProvisioningToken': {
    call: async ({ db, other, unique }) => ({
      document:
        'mutation ($organizationId: ID!, $tokenId: ID!) { revokeProvisioningToken(organizationId: $organizationId, tokenId: $tokenId) { settings { organizationId } errors { code } } }',
      variables: { organizationId: other.id, tokenId: await provisioningTokenOf(db, other.id, unique) },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: provisioningTokensOf, unchanged: 'refused' },
  },
  'Query.webhookEndpoints': {
    call: async (cell) => {
      await matrixEndpoint(cell);
      return {
        document: `query ($organizationId: ID) { webhookEndpoints(organizationId: $organizationId) { ${WEBHOOK_ENDPOINT_FIELDS} } }`,
        variables: { organizationId: cell.other.id },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.webhookDeliveries': {
    call: async (cell) => ({
      document:
        'query ($id: ID!) { webhookDeliveries(endpointId: $id) { totalCount nodes { id endpointId eventType messageId status responseStatus } } }',
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.webhookDeliveryBody': {
    call: async (cell) => ({
      document: 'query ($id: ID!) { webhookDeliveryBody(id: $id) { id payload } }',
      variables: { id: (await matrixEndpoint(cell)).deliveryId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createWebhookEndpoint': {
    call: ({ other, unique }) => ({
      document: `mutation ($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { ${WEBHOOK_ENDPOINT_FIELDS} } secret errors { code field } } }`,
      variables: { input: { organizationId: other.id, url: `https://hooks.matrix.example/new/${encodeURIComponent(unique)}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.updateWebhookEndpoint': {
    call: async (cell) => ({
      document: `mutation ($input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(input: $input) { endpoint { ${WEBHOOK_ENDPOINT_FIELDS} } errors { code field } } }`,
      variables: {
        input: { id: (await matrixEndpoint(cell)).endpointId, url: 'https://hooks.matrix.example/changed', events: ['GROUP_CHANGED'] },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.deleteWebhookEndpoint': {
    call: async (cell) => ({
      document: 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) { deletedId errors { code field } } }',
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.rotateWebhookSecret': {
    call: async (cell) => ({
      document: `mutation ($id: ID!) { rotateWebhookSecret(id: $id) { endpoint { ${WEBHOOK_ENDPOINT_FIELDS} } secret errors { code field } } }`,
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.setWebhookEndpointPaused': {
    call: async (cell) => ({
      document: `mutation ($id: ID!) { setWebhookEndpointPaused(id: $id, paused: true) { endpoint { ${WEBHOOK_ENDPOINT_FIELDS} } errors { code field } } }`,
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.sendWebhookTestEvent': {
    call: async (cell) => ({
      document: 'mutation ($id: ID!) { sendWebhookTestEvent(id: $id) { delivery { id endpointId eventType } errors { code field } } }',
      variables: { id: (await matrixEndpoint(cell)).endpointId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
  'Mutation.redeliverWebhook': {
    call: async (cell) => ({
      document:
        'mutation ($id: ID!) { redeliverWebhook(deliveryId: $id) { delivery { id endpointId eventType messageId } errors { code field } } }',
      variables: { id: (await matrixEndpoint(cell)).deliveryId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: webhooksOf },
  },
};
