import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

/** Sign-up enquiries: companies asking to subscribe, and the provider's decisions on them. */
export class EnquiryApi extends SubscriptionService {
  createEnquiry(form: RestBodyOf<'createEnquiry'>) {
    return this.call('post', '/form/subscription_web_enquiry', { body: form });
  }

  /** A page of enquiries; the REST service answers SuperAdmins only. */
  listEnquiries(params: URLSearchParams) {
    return this.getPage('/subscription/subscription_web_enquiry', params);
  }

  /** One enquiry by its id, or null; the REST service answers SuperAdmins only. */
  async getEnquiry(enquiryId: string) {
    const rows = await this.call('get', '/subscription/subscription_web_enquiry', { params: { EnquiryId: `eq.${enquiryId}` } });
    return rows[0] ?? null;
  }

  approveEnquiry(body: RestBodyOf<'approveEnquiry'>) {
    return this.call('post', '/subscription/enquiry/approve', { body });
  }

  rejectEnquiry(body: RestBodyOf<'rejectEnquiry'>) {
    return this.call('post', '/subscription/enquiry/reject', { body });
  }
}
