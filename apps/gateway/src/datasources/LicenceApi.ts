import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

const LICENCE = '/subscription_client_license';

/** An organisation's licences and the seats they give, and the provider's changes to them. */
export class LicenceApi extends SubscriptionService {
  listLicences(params: URLSearchParams) {
    return this.getPage('/subscription_client_license_details', params);
  }

  addLicence(body: RestBodyOf<'addLicence'>) {
    return this.call('post', LICENCE, { body });
  }

  extendLicence(body: RestBodyOf<'extendLicence'>) {
    return this.call('post', `${LICENCE}/extend`, { body });
  }

  changeLicencePlan(body: RestBodyOf<'changeLicencePlan'>) {
    return this.call('post', `${LICENCE}/change_plan`, { body });
  }

  setLicenceActive(body: RestBodyOf<'setLicenceActive'>) {
    return this.call('post', `${LICENCE}/set_active`, { body });
  }
}
