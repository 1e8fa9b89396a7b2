import { WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType as EventName } from '@yozy/shared/webhookEvents';
import type { WebhookDeliveryStatus, WebhookEventType } from '@/generated/graphql';

/** An event as the schema's enum names it (PERSON_INVITED), from its name in a payload (`person.invited`). */
export const eventOf = (name: string) => name.toUpperCase().replace('.', '_') as WebhookEventType;
/** An event's name in a payload (`person.invited`), from the schema's enum (PERSON_INVITED). */
export const nameOf = (event: WebhookEventType) => WEBHOOK_EVENT_TYPES.find((name) => eventOf(name) === event);

/** What each event means, in words: the shared catalogue's, and the test event's. */
export const EVENT_LABELS = {
  ...(Object.fromEntries(WEBHOOK_EVENT_TYPES.map((name) => [eventOf(name), WEBHOOK_EVENTS[name]])) as Record<
    Exclude<WebhookEventType, 'WEBHOOK_TEST'>,
    string
  >),
  WEBHOOK_TEST: 'Test event',
} satisfies Record<WebhookEventType, string>;

/** The events an endpoint may ask for, grouped as the picker shows them. */
export const EVENT_GROUPS: readonly { label: string; events: readonly EventName[] }[] = [
  {
    label: 'People',
    events: [
      'person.invited',
      'person.activated',
      'person.deactivated',
      'person.deleted',
      'person.role_changed',
      'organization.admin_changed',
    ],
  },
  { label: 'Groups', events: ['group.changed'] },
  {
    label: 'Licences and seats',
    events: ['licence.added', 'licence.extended', 'licence.expiring', 'seats.80_percent_used', 'seats.100_percent_used'],
  },
  { label: 'Enquiries', events: ['enquiry.received', 'enquiry.approved', 'enquiry.rejected'] },
  { label: 'Organization', events: ['organization.created', 'organization.settings_changed', 'provisioning_token.first_used'] },
];

export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; palette: string }> = {
  PENDING: { label: 'Waiting', palette: 'blue' },
  RETRYING: { label: 'Retrying', palette: 'orange' },
  SUCCEEDED: { label: 'Delivered', palette: 'green' },
  FAILED: { label: 'Failed', palette: 'red' },
};

/** How many events an endpoint gets, in words: "Every event", "Group changed", "3 events". */
export function eventsSummary(events: readonly WebhookEventType[] | null | undefined): string {
  if (!events || events.length === 0) return 'Every event';
  if (events.length === 1) return EVENT_LABELS[events[0]!];
  return `${events.length} events`;
}
