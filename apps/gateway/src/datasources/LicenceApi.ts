import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

/** An organisation's licences and the seats they give, and the provider's changes to them. */
export class LicenceApi extends SubscriptionService {
  listLicences(params: URLSearchParams) {
    return this.page('listLicences', params);
  }

  addLicence(body: RestBodyOf<'addLicence'>) {
    return this.op('addLicence', { body });
  }

  extendLicence(body: RestBodyOf<'extendLicence'>) {
    return this.op('extendLicence', { body });
  }

  changeLicencePlan(body: RestBodyOf<'changeLicencePlan'>) {
    return this.op('changeLicencePlan', { body });
  }

  setLicenceActive(body: RestBodyOf<'setLicenceActive'>) {
    return this.op('setLicenceActive', { body });
  }

  /** One licence of the caller's organisation, or null. */
  async getLicence(licenceId: string | number) {
    const rows = await this.op('listLicences', { params: { LicenceId: `eq.${licenceId}` } });
    return rows[0] ?? null;
  }

  /** The organisation admin's request to the provider to renew a licence about to expire. */
  requestRenewal(body: RestBodyOf<'requestLicenceRenewal'>) {
    return this.op('requestLicenceRenewal', { body });
  }
}
