import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { optionalText } from './rules';

/**
 * The events an endpoint may ask for, as the `type` of each delivery's payload says them
 * (Standard Webhooks: `<thing>.<what happened>`), each with the words the console shows.
 */
export const WEBHOOK_EVENTS = {
  'person.invited': 'A person was invited',
  'person.activated': 'A person became active',
  'person.deactivated': 'A person was deactivated',
  'person.deleted': 'A person was deleted',
  'person.role_changed': 'A person’s role changed',
  'organization.admin_changed': 'An organization admin was added or removed',
  'group.changed': 'A group changed',
  'licence.added': 'A licence was added',
  'licence.extended': 'A licence was extended',
  'licence.expiring': 'A licence expires within 30 days',
  'seats.80_percent_used': '80 % of a product’s seats are used',
  'seats.100_percent_used': 'Every seat of a product is used',
  'enquiry.received': 'An enquiry was received',
  'enquiry.approved': 'An enquiry was approved',
  'enquiry.rejected': 'An enquiry was rejected',
  'organization.created': 'An organization was created',
  'organization.settings_changed': 'The organization’s settings changed',
  'provisioning_token.first_used': 'A provisioning token was used for the first time',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];

/** The event "Send test event" delivers to one endpoint; no endpoint asks for it, and no change sends it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MESSAGE = 'Enter the address that receives the events, starting with https://';

/**
 * An endpoint as the create and edit forms send it: its address (http or https, no user name or
 * password in it; whether it may be reached is the service's to check), what it is for, and the
 * events it wants (none chosen: every event).
 */
export const webhookEndpointInput = z.object({
  url: z
    .string({ error: WEBHOOK_URL_MESSAGE })
    .trim()
    .min(1, WEBHOOK_URL_MESSAGE)
    .max(WEBHOOK_URL_MAX, `Use an address of at most ${WEBHOOK_URL_MAX} characters`)
    .refine((value) => webhookUrlProblem(value) === null, { error: (issue) => webhookUrlProblem(String(issue.input)) ?? '' }),
  description: optionalText(WEBHOOK_DESCRIPTION_MAX),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], { error: 'Choose events from the list' }), {
      error: 'Choose events from the list',
    })
    .max(WEBHOOK_EVENT_TYPES.length)
    .nullish()
    .transform((events) => (events && events.length > 0 ? [...new Set(events)] : null)),
});

export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

/** What is wrong with an endpoint's address as typed; null when nothing is. */
export function webhookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return WEBHOOK_URL_MESSAGE;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_URL_MESSAGE;
  if (url.username || url.password) return 'Leave the user name and password out of the address';
  if (url.hash) return 'Leave the part after # out of the address';
  return null;
}

/** An endpoint's fields: the GraphQL name of each, and the REST service's. */
export const WEBHOOK_ENDPOINT_REST_FIELDS = {
  id: 'EndpointId',
  organizationId: 'ClientId',
  url: 'Url',
  description: 'Description',
  events: 'Events',
} as const satisfies FieldMap;
