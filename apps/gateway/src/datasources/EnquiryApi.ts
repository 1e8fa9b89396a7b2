import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

/** Sign-up enquiries: companies asking to subscribe, and the provider's decisions on them. */
export class EnquiryApi extends SubscriptionService {
  createEnquiry(form: RestBodyOf<'createEnquiry'>) {
    return this.op('createEnquiry', { body: form });
  }

  /** A page of enquiries; the REST service answers SuperAdmins only. */
  listEnquiries(params: URLSearchParams) {
    return this.page('listEnquiries', params);
  }

  /** One enquiry by its id, or null; the REST service answers SuperAdmins only. */
  async getEnquiry(enquiryId: string) {
    const rows = await this.op('listEnquiries', { params: { EnquiryId: `eq.${enquiryId}` } });
    return rows[0] ?? null;
  }

  approveEnquiry(body: RestBodyOf<'approveEnquiry'>) {
    return this.op('approveEnquiry', { body });
  }

  rejectEnquiry(body: RestBodyOf<'rejectEnquiry'>) {
    return this.op('rejectEnquiry', { body });
  }
}
