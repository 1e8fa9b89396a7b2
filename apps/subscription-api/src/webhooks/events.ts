import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '@yozy/shared';
import type { Queryable } from '#db/database';

/** A person's state as the GraphQL schema's UserStatus names it. */
type PersonState = 'ACTIVE' | 'INVITED' | 'AWAITING_APPROVAL' | 'DISABLED' | 'DELETED';

/**
 * What each event's `data` holds: ids (as the GraphQL API's ids, strings) and what changed, never a
 * secret, a link's token or a person's details beyond their id. Every event carries the
 * organisation it concerns (`organizationId`), except a sign-up enquiry, which has none yet.
 * Adding a field is a compatible change; removing or renaming one needs a new `version`.
 */
export type WebhookEventData = {
  'person.invited': {
    organizationId: string;
    personId: string;
    state: 'INVITED' | 'AWAITING_APPROVAL';
    /** AWAITING_APPROVAL when the organisation's admin approved them, so the invitation went out now; null for a new account. */
    previousState: 'AWAITING_APPROVAL' | null;
    typeOfUser: 'User' | 'OrgAdmin' | 'SuperAdmin';
  };
  'person.activated': {
    organizationId: string;
    personId: string;
    state: PersonState;
    /** DISABLED: an admin activated them; INVITED: they accepted their invitation or first signed in with single sign-on; null: made active by single sign-on. */
    previousState: PersonState | null;
  };
  'person.deactivated': { organizationId: string; personId: string; state: 'DISABLED'; previousState: PersonState };
  'person.deleted': { organizationId: string; personId: string; previousState: PersonState };
  'person.role_changed': {
    organizationId: string;
    personId: string;
    productId: string;
    /** The role now held on the product; null when it was taken away. */
    roleId: string | null;
    previousRoleIds: string[];
  };
  'organization.admin_changed': { organizationId: string; personId: string; admin: boolean };
  'group.changed': {
    organizationId: string;
    groupId: string;
    change: 'CREATED' | 'UPDATED' | 'DELETED' | 'MEMBERS_ADDED' | 'MEMBERS_REMOVED';
    /** The people added or taken out (member changes only). */
    personIds?: string[];
    /** The fields that changed (UPDATED only). */
    changed?: string[];
  };
  'licence.added': { organizationId: string; licenceId: string; productId: string; planId: string; validTill: string };
  'licence.extended': { organizationId: string; licenceId: string; productId: string; validTill: string; previousValidTill: string };
  'licence.expiring': { organizationId: string; licenceId: string; productId: string; validTill: string; daysLeft: number };
  'seats.80_percent_used': { organizationId: string; productId: string; used: number; capacity: number };
  'seats.100_percent_used': { organizationId: string; productId: string; used: number; capacity: number };
  'enquiry.received': {
    enquiryId: string;
    kind: 'SIGN_UP' | 'RENEWAL';
    organizationId: string | null;
    productId: string | null;
    planId: string | null;
  };
  'enquiry.approved': { enquiryId: string; kind: 'SIGN_UP' | 'RENEWAL'; organizationId: string; licenceId: string | null };
  'enquiry.rejected': { enquiryId: string; kind: 'SIGN_UP' | 'RENEWAL'; organizationId: string | null };
  'organization.created': { organizationId: string; enquiryId: string | null };
  'organization.settings_changed': {
    organizationId: string;
    /** Which settings: the organisation's rules for its people, its email settings, or its single sign-on. */
    settings: 'ORGANIZATION' | 'EMAIL' | 'SINGLE_SIGN_ON';
    /** The names of the settings that changed, never their values. */
    changed: string[];
  };
  'provisioning_token.first_used': { organizationId: string; tokenId: string };
};

/** What "Send test event" delivers. */
export type WebhookTestData = { endpointId: string; organizationId: string };

/** The version of the payloads' shape, in each payload: a receiver can tell a later, incompatible one. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** One change to tell: the organisation it concerns (null: the provider's own), what happened, and its data. */
export type WebhookEvent<Type extends WebhookEventType = WebhookEventType> = {
  clientId: number | null;
  type: Type;
  data: WebhookEventData[Type];
};

/** The body of a delivery: small, versioned JSON, as Standard Webhooks recommends (`type`, `timestamp`, `data`). */
export function payloadOf(type: string, data: object, at = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), version: WEBHOOK_PAYLOAD_VERSION, data });
}

/** A Standard Webhooks message id (the webhook-id header): unique, the same for every try of the event. */
export const newMessageId = () => `msg_${randomUUID().replace(/-/g, '')}`;

/** An id as the GraphQL API gives it. */
export const idOf = (id: number | string) => String(id);

/**
 * Tells the endpoints that want it about a change, inside the transaction of the change: the event
 * and one delivery per endpoint are written there, so a change that rolls back tells nobody and
 * one that commits is never lost. The endpoints are the organisation's own and the provider's
 * (every organisation's), paused ones too (they get it once resumed); with none, nothing is written.
 */
export async function emit<Type extends WebhookEventType>(tx: Queryable, event: WebhookEvent<Type>): Promise<void> {
  await writeEvent(tx, event.clientId, event.type, payloadOf(event.type, event.data), null);
}

/** Several events of one change, in order. */
export async function emitAll(tx: Queryable, events: readonly WebhookEvent[]): Promise<void> {
  for (const event of events) await emit(tx, event);
}

/**
 * Tells that an organisation's settings changed: which settings, and the names of those that
 * changed (never their values: a client secret or mail password is among them). Nothing when none did.
 */
export async function emitSettingsChange(
  tx: Queryable,
  clientId: number,
  settings: WebhookEventData['organization.settings_changed']['settings'],
  changedRestFields: string[],
): Promise<void> {
  const changed = changedRestFields.map((name) => name.charAt(0).toLowerCase() + name.slice(1));
  if (changed.length === 0) return;
  await emit(tx, { clientId, type: 'organization.settings_changed', data: { organizationId: idOf(clientId), settings, changed } });
}

/** The test event for one endpoint only, queued behind what it is waiting for; its delivery id. */
export async function emitTest(tx: Queryable, endpoint: { endpointId: number; clientId: number }): Promise<number | null> {
  const data: WebhookTestData = { endpointId: idOf(endpoint.endpointId), organizationId: idOf(endpoint.clientId) };
  return writeEvent(tx, endpoint.clientId, WEBHOOK_TEST_EVENT, payloadOf(WEBHOOK_TEST_EVENT, data), endpoint.endpointId);
}

/**
 * Writes the event and its deliveries in one statement, only when some endpoint wants it (or to
 * `onlyEndpoint`), in the order of the endpoints; answers the first delivery's id, null when none.
 */
async function writeEvent(
  tx: Queryable,
  clientId: number | null,
  type: string,
  payload: string,
  onlyEndpoint: number | null,
): Promise<number | null> {
  const [row] = await tx.query<{ delivery_id: string }>(
    `WITH wanting AS (
       SELECT e.endpoint_id FROM webhook_endpoints e JOIN clients c ON c.client_id = e.client_id
        WHERE CASE WHEN $5::int IS NOT NULL THEN e.endpoint_id = $5::int
                   ELSE (e.client_id = $1::int OR c.is_provider) AND (e.event_types IS NULL OR $2::text = ANY (e.event_types)) END
     ), event AS (
       INSERT INTO webhook_events (message_id, client_id, event_type, payload)
       SELECT $3, $1::int, $2::text, $4 WHERE EXISTS (SELECT 1 FROM wanting)
       RETURNING event_id
     ), delivered AS (
       INSERT INTO webhook_deliveries (endpoint_id, event_id)
       SELECT w.endpoint_id, event.event_id FROM wanting w CROSS JOIN event ORDER BY w.endpoint_id
       RETURNING delivery_id
     )
     SELECT min(delivery_id)::text AS delivery_id FROM delivered`,
    [clientId, type, newMessageId(), payload, onlyEndpoint],
  );
  return row?.delivery_id == null ? null : Number(row.delivery_id);
}
