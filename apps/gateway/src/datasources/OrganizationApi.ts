import { ORGANIZATION_REST_FIELDS } from '@yozy/shared';
import { namingFields } from '../errors';
import { SubscriptionService } from './SubscriptionService';
import type { RestPage } from '../lists';
import type { Client, RestBody } from './types';

/** Organisations (clients) of the provider. */
export class OrganizationApi extends SubscriptionService {
  /** One organisation, or null; the REST service checks that the id is a whole number. */
  async getClient(clientId: string): Promise<Client | null> {
    const rows = await this.get<Client[]>('subscription_client_details', { params: { ClientId: `eq.${clientId}` } }).catch(
      namingFields(ORGANIZATION_REST_FIELDS),
    );
    return rows[0] ?? null;
  }

  /** Changes an organisation (the REST service lets only SuperAdmins); answers it as saved. */
  updateClient(clientId: string, changes: RestBody): Promise<Client> {
    return this.patch('subscription_client_details', { params: { ClientId: `eq.${clientId}` }, body: changes });
  }

  /** A page of organisations: all of them for a SuperAdmin; the REST service scopes anyone else. */
  listClients(params: URLSearchParams): Promise<RestPage<Client>> {
    return this.getPage('subscription_client_details', params);
  }
}
