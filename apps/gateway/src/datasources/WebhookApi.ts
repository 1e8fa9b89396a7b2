import { naming, SubscriptionService, type OrganizationNamed } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

/** An organisation's webhook endpoints (the provider's own, for every organisation, when a SuperAdmin names none) and their deliveries. */
export class WebhookApi extends SubscriptionService {
  listEndpoints(organizationId: OrganizationNamed) {
    return this.op('listWebhookEndpoints', { params: naming(organizationId) });
  }

  createEndpoint(body: AsGiven<RestBodyOf<'createWebhookEndpoint'>, 'ClientId'>) {
    return this.op('createWebhookEndpoint', { body });
  }

  updateEndpoint(body: AsGiven<RestBodyOf<'updateWebhookEndpoint'>, 'EndpointId'>) {
    return this.op('updateWebhookEndpoint', { body });
  }

  deleteEndpoint(endpointId: string) {
    return this.op('deleteWebhookEndpoint', { body: { EndpointId: endpointId } });
  }

  rotateSecret(endpointId: string) {
    return this.op('rotateWebhookSecret', { body: { EndpointId: endpointId } });
  }

  setPaused(endpointId: string, paused: boolean) {
    return this.op('setWebhookEndpointPaused', { body: { EndpointId: endpointId, Paused: paused } });
  }

  sendTestEvent(endpointId: string) {
    return this.op('sendWebhookTestEvent', { body: { EndpointId: endpointId } });
  }

  listDeliveries(params: URLSearchParams) {
    return this.page('listWebhookDeliveries', params);
  }

  /** The body of one delivery; read each time it is asked for. */
  readPayload(deliveryId: string) {
    return this.op('readWebhookDeliveryPayload', { params: { DeliveryId: `eq.${deliveryId}` } });
  }

  redeliver(deliveryId: string) {
    return this.op('redeliverWebhook', { body: { DeliveryId: deliveryId } });
  }
}
