import { SubscriptionService } from './SubscriptionService';
import type { Client } from './types';

/** Organisations (clients) of the provider. */
export class OrganizationApi extends SubscriptionService {
  async getClient(clientId: number): Promise<Client | null> {
    const rows = await this.get<Client[]>('subscription_client_details', { params: { ClientId: `eq.${clientId}` } });
    return rows[0] ?? null;
  }
}
