import { SubscriptionService } from './SubscriptionService';
import type { RestPage } from '../lists';
import type { LicenceRecord } from './types';

/** An organisation's licences and the seats they give. */
export class LicenceApi extends SubscriptionService {
  listLicences(params: URLSearchParams): Promise<RestPage<LicenceRecord>> {
    return this.getPage('subscription_client_license_details', params);
  }
}
