import { z } from 'zod';
import type { FieldMap } from './fieldMap';
import { optionalText } from './rules';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhookEvents';

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
