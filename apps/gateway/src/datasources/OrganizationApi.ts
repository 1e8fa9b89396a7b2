import { ORGANIZATION_REST_FIELDS } from '@yozy/shared';
import { namingFields } from '#errors';
import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

const CLIENTS = '/subscription_client_details';
const oneClient = (clientId: string) => ({ ClientId: `eq.${clientId}` });

/** Organisations (clients) of the provider. */
export class OrganizationApi extends SubscriptionService {
  /** One organisation, or null; the REST service checks that the id is a whole number. */
  async getClient(clientId: string) {
    const rows = await this.call('get', CLIENTS, { params: oneClient(clientId) }).catch(namingFields(ORGANIZATION_REST_FIELDS));
    return rows[0] ?? null;
  }

  /** Changes an organisation (the REST service lets only SuperAdmins); answers it as saved. */
  updateClient(clientId: string, changes: RestBodyOf<'updateClient'>) {
    return this.call('patch', CLIENTS, { params: oneClient(clientId), body: changes });
  }

  /** Every country, currency, vertical and type organisations have (the REST service lets only SuperAdmins). */
  listValuesInUse() {
    return this.call('get', `${CLIENTS}/values_in_use`);
  }

  /** A page of organisations: all of them for a SuperAdmin; the REST service scopes anyone else. */
  listClients(params: URLSearchParams) {
    return this.getPage(CLIENTS, params);
  }
}
