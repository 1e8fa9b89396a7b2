import { naming, SubscriptionService, type OrganizationNamed } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

const ENDPOINTS = '/subscription_webhook_endpoints';
const DELIVERIES = '/subscription_webhook_deliveries';

/** An organisation's webhook endpoints (the provider's own, for every organisation, when a SuperAdmin names none) and their deliveries. */
export class WebhookApi extends SubscriptionService {
  listEndpoints(organizationId: OrganizationNamed) {
    return this.call('get', ENDPOINTS, { params: naming(organizationId) });
  }

  createEndpoint(body: AsGiven<RestBodyOf<'createWebhookEndpoint'>, 'ClientId'>) {
    return this.call('post', ENDPOINTS, { body });
  }

  updateEndpoint(body: AsGiven<RestBodyOf<'updateWebhookEndpoint'>, 'EndpointId'>) {
    return this.call('post', `${ENDPOINTS}/update`, { body });
  }

  deleteEndpoint(endpointId: string) {
    return this.call('post', `${ENDPOINTS}/delete`, { body: { EndpointId: endpointId } });
  }

  rotateSecret(endpointId: string) {
    return this.call('post', `${ENDPOINTS}/rotate`, { body: { EndpointId: endpointId } });
  }

  setPaused(endpointId: string, paused: boolean) {
    return this.call('post', `${ENDPOINTS}/pause`, { body: { EndpointId: endpointId, Paused: paused } });
  }

  sendTestEvent(endpointId: string) {
    return this.call('post', `${ENDPOINTS}/test`, { body: { EndpointId: endpointId } });
  }

  listDeliveries(params: URLSearchParams) {
    return this.getPage(DELIVERIES, params);
  }

  /** The body of one delivery; read each time it is asked for. */
  readPayload(deliveryId: string) {
    return this.call('get', `${DELIVERIES}/payload`, { params: { DeliveryId: `eq.${deliveryId}` } });
  }

  redeliver(deliveryId: string) {
    return this.call('post', `${DELIVERIES}/redeliver`, { body: { DeliveryId: deliveryId } });
  }
}
