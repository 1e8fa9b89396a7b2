import { SubscriptionService } from './SubscriptionService';
import type { OrganizationSettingsRecord, RestBody } from './types';

const PATH = 'subscription_org_settings';

/** An organisation's settings: the caller's own organisation's unless one is named. */
export class SettingsApi extends SubscriptionService {
  getSettings(organizationId: string | null | undefined): Promise<OrganizationSettingsRecord> {
    return this.get(PATH, { params: organizationId != null ? { ClientId: organizationId } : {} });
  }

  updateSettings(body: RestBody): Promise<OrganizationSettingsRecord> {
    return this.patch(PATH, { body });
  }
}
