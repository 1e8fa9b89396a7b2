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
