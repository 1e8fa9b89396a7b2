import { SubscriptionService } from './SubscriptionService';
import type { RestPage } from '../lists';
import type { LicenceRecord, RestBody } from './types';

/** An organisation's licences and the seats they give, and the provider's changes to them. */
export class LicenceApi extends SubscriptionService {
  listLicences(params: URLSearchParams): Promise<RestPage<LicenceRecord>> {
    return this.getPage('subscription_client_license_details', params);
  }

  addLicence(body: RestBody): Promise<LicenceRecord> {
    return this.post('subscription_client_license', { body });
  }

  extendLicence(body: RestBody): Promise<LicenceRecord> {
    return this.post('subscription_client_license/extend', { body });
  }

  changeLicencePlan(body: RestBody): Promise<LicenceRecord> {
    return this.post('subscription_client_license/change_plan', { body });
  }

  setLicenceActive(body: RestBody): Promise<LicenceRecord> {
    return this.post('subscription_client_license/set_active', { body });
  }
}
