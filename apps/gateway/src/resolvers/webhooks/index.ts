import {
  WEBHOOK_ENDPOINT_REST_FIELDS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  toRestFields,
  type WebhookEventType as RestEventType,
} from '@yozy/shared';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '#datasources/types';
import type {
  Resolvers,
  WebhookDeliveryFilter,
  WebhookDeliverySortField,
  WebhookDeliveryStatus,
  WebhookEndpointStatus,
  WebhookEventType,
  WebhookPauseReason,
} from '#generated/graphql';
import { admin, inPerson, organizationScoped, withUserErrors } from '#guards';
import { listPage, type ListSpec } from '#lists';
import { utcInstant } from '#scalars';

const FIELDS = WEBHOOK_ENDPOINT_REST_FIELDS;

/** The REST names of the inputs' fields, so a refusal names the input's field. */
const ENDPOINT_INPUT_FIELDS = { ...FIELDS, id: 'EndpointId' } as const;
const ID_FIELDS = { id: 'EndpointId' } as const;
const DELIVERY_FIELDS = { deliveryId: 'DeliveryId' } as const;

/**
 * An event as the schema's enum names it (PERSON_INVITED) and as payloads and the REST service do
 * (`person.invited`): the dotted name in capitals, the dot an underscore.
 */
const EVENT_OF_TYPE = new Map<string, WebhookEventType>(
  [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => [type, type.toUpperCase().replace('.', '_') as WebhookEventType]),
);
const TYPE_OF_EVENT = new Map([...EVENT_OF_TYPE].map(([type, event]) => [event, type]));
const eventOf = (type: string): WebhookEventType => EVENT_OF_TYPE.get(type) ?? (type as WebhookEventType);
/** The REST name of an event the caller chose; the test event is none an endpoint can ask for, which the REST service refuses. */
const typeOf = (event: WebhookEventType) => (TYPE_OF_EVENT.get(event) ?? event) as RestEventType;
const typesOf = (events: readonly WebhookEventType[] | null | undefined) => (events ? events.map(typeOf) : null);

const DELIVERY_LIST: ListSpec<WebhookDeliveryFilter, WebhookDeliverySortField> = {
  search: [],
  filter: { status: ['Status', 'eq'], eventType: ['EventType', 'eq'] },
  sort: { CREATED_AT: 'CreatedAt' },
  defaultSort: { field: 'CREATED_AT', direction: 'DESC' },
};

/**
 * Webhook endpoints of an organisation (its admins', or a SuperAdmin's for any, or the provider's
 * own for every organisation) and their deliveries. The REST service checks again that the
 * endpoint or delivery named is the caller's to see or change.
 */
export const webhookResolvers: Resolvers = {
  Query: {
    webhookEndpoints: organizationScoped(async (_parent, { organizationId }, ctx) => {
      const { Endpoints } = await ctx.dataSources.webhooks.listEndpoints(organizationId);
      return Endpoints;
    }),
    webhookDeliveries: admin((_parent, args, ctx) =>
      listPage(
        {
          ...args,
          filter: args.filter && {
            ...args.filter,
            eventType: args.filter.eventType && (typeOf(args.filter.eventType) as unknown as WebhookEventType),
          },
        },
        DELIVERY_LIST,
        (params) => {
          params.set('EndpointId', `eq.${/^\d{1,10}$/.test(args.endpointId) ? args.endpointId : '0'}`);
          return ctx.dataSources.webhooks.listDeliveries(params);
        },
      ),
    ),
    webhookDeliveryBody: admin(async (_parent, { id }, ctx) => {
      const body = await ctx.dataSources.webhooks.readPayload(id);
      return { id: String(body.DeliveryId), payload: body.Payload };
    }),
  },
  Mutation: {
    createWebhookEndpoint: organizationScoped(
      inPerson(
        withUserErrors(ENDPOINT_INPUT_FIELDS, { endpoint: null, secret: null })(async (_parent, { input }, ctx) => {
          const created = await ctx.dataSources.webhooks.createEndpoint(
            toRestFields(ENDPOINT_INPUT_FIELDS, { ...input, events: typesOf(input.events) }),
          );
          return { endpoint: created.Endpoint, secret: created.Secret };
        }),
      ),
    ),
    updateWebhookEndpoint: admin(
      withUserErrors(ENDPOINT_INPUT_FIELDS, { endpoint: null })(async (_parent, { input }, ctx) => ({
        // An omitted description clears it, as an emptied field does.
        endpoint: await ctx.dataSources.webhooks.updateEndpoint(
          toRestFields(ENDPOINT_INPUT_FIELDS, { description: null, ...input, events: typesOf(input.events) }),
        ),
      })),
    ),
    deleteWebhookEndpoint: admin(
      withUserErrors(ID_FIELDS, { deletedId: null })(async (_parent, { id }, ctx) => {
        const { EndpointId } = await ctx.dataSources.webhooks.deleteEndpoint(id);
        return { deletedId: String(EndpointId) };
      }),
    ),
    rotateWebhookSecret: admin(
      inPerson(
        withUserErrors(ID_FIELDS, { endpoint: null, secret: null })(async (_parent, { id }, ctx) => {
          const rotated = await ctx.dataSources.webhooks.rotateSecret(id);
          return { endpoint: rotated.Endpoint, secret: rotated.Secret };
        }),
      ),
    ),
    setWebhookEndpointPaused: admin(
      withUserErrors(ID_FIELDS, { endpoint: null })(async (_parent, { id, paused }, ctx) => ({
        endpoint: await ctx.dataSources.webhooks.setPaused(id, paused),
      })),
    ),
    sendWebhookTestEvent: admin(
      withUserErrors(ID_FIELDS, { delivery: null })(async (_parent, { id }, ctx) => ({
        delivery: await ctx.dataSources.webhooks.sendTestEvent(id),
      })),
    ),
    redeliverWebhook: admin(
      withUserErrors(DELIVERY_FIELDS, { delivery: null })(async (_parent, { deliveryId }, ctx) => ({
        delivery: await ctx.dataSources.webhooks.redeliver(deliveryId),
      })),
    ),
  },
  WebhookEndpoint: {
    id: (endpoint: WebhookEndpointRecord) => String(endpoint.EndpointId),
    organizationId: (endpoint: WebhookEndpointRecord) => String(endpoint.ClientId),
    organizationName: (endpoint: WebhookEndpointRecord) => endpoint.CompanyName,
    everyOrganization: (endpoint: WebhookEndpointRecord) => endpoint.EveryOrganization,
    url: (endpoint: WebhookEndpointRecord) => endpoint.Url,
    description: (endpoint: WebhookEndpointRecord) => endpoint.Description,
    events: (endpoint: WebhookEndpointRecord) => endpoint.Events?.map(eventOf) ?? null,
    status: (endpoint: WebhookEndpointRecord) => endpoint.Status as WebhookEndpointStatus,
    pauseReason: (endpoint: WebhookEndpointRecord) => endpoint.PauseReason as WebhookPauseReason | null,
    pausedAt: (endpoint: WebhookEndpointRecord) => utcInstant(endpoint.PausedAt),
    previousSecretExpiresAt: (endpoint: WebhookEndpointRecord) => utcInstant(endpoint.PreviousSecretUntil),
    waitingDeliveries: (endpoint: WebhookEndpointRecord) => endpoint.Waiting,
    lastDeliveryAt: (endpoint: WebhookEndpointRecord) => utcInstant(endpoint.LastDeliveryAt),
    lastDeliveryStatus: (endpoint: WebhookEndpointRecord) => endpoint.LastDeliveryStatus as WebhookDeliveryStatus | null,
    lastResponseStatus: (endpoint: WebhookEndpointRecord) => endpoint.LastResponseStatus,
    createdAt: (endpoint: WebhookEndpointRecord) => utcInstant(endpoint.CreatedAt),
    updatedAt: (endpoint: WebhookEndpointRecord) => utcInstant(endpoint.UpdatedAt),
  },
  WebhookDelivery: {
    id: (delivery: WebhookDeliveryRecord) => String(delivery.DeliveryId),
    endpointId: (delivery: WebhookDeliveryRecord) => String(delivery.EndpointId),
    eventType: (delivery: WebhookDeliveryRecord) => eventOf(delivery.EventType),
    messageId: (delivery: WebhookDeliveryRecord) => delivery.MessageId,
    status: (delivery: WebhookDeliveryRecord) => delivery.Status as WebhookDeliveryStatus,
    attempts: (delivery: WebhookDeliveryRecord) => delivery.Attempts,
    responseStatus: (delivery: WebhookDeliveryRecord) => delivery.ResponseStatus,
    error: (delivery: WebhookDeliveryRecord) => delivery.Error,
    nextAttemptAt: (delivery: WebhookDeliveryRecord) => utcInstant(delivery.NextAttemptAt),
    lastAttemptAt: (delivery: WebhookDeliveryRecord) => utcInstant(delivery.LastAttemptAt),
    createdAt: (delivery: WebhookDeliveryRecord) => utcInstant(delivery.CreatedAt),
  },
};
