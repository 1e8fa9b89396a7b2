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

  /** One licence of the caller's organisation, or null. */
  async getLicence(licenceId: string | number) {
    const rows = await this.call('get', '/subscription_client_license_details', { params: { LicenceId: `eq.${licenceId}` } });
    return rows[0] ?? null;
  }

  /** The organisation admin's request to the provider to renew a licence about to expire. */
  requestRenewal(body: RestBodyOf<'requestLicenceRenewal'>) {
    return this.call('post', `${LICENCE}/renewal_request`, { body });
  }
}
