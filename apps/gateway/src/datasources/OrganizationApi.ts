import { ORGANIZATION_REST_FIELDS } from '@yozy/shared';
import { oneRow } from '#lists';
import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

const oneClient = (clientId: string) => ({ ClientId: `eq.${clientId}` });

/** Organisations (clients) of the provider. */
export class OrganizationApi extends SubscriptionService {
  /** One organisation, or null; the REST service checks that the id is a whole number. */
  getClient(clientId: string) {
    return oneRow(ORGANIZATION_REST_FIELDS, this.op('listClients', { params: oneClient(clientId) }));
  }

  /** Changes an organisation (the REST service lets only SuperAdmins); answers it as saved. */
  updateClient(clientId: string, changes: RestBodyOf<'updateClient'>) {
    return this.op('updateClient', { params: oneClient(clientId), body: changes });
  }

  /** Every country, currency, vertical and type organisations have (the REST service lets only SuperAdmins). */
  listValuesInUse() {
    return this.op('listClientValuesInUse');
  }

  /** A page of organisations: all of them for a SuperAdmin; the REST service scopes anyone else. */
  listClients(params: URLSearchParams) {
    return this.page('listClients', params);
  }
}
