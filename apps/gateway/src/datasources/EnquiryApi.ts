import type { RestPage } from '../lists';
import { SubscriptionService } from './SubscriptionService';
import type { EnquiryApproved, EnquiryRecord, EnquiryRejected, RestBody } from './types';

/** Sign-up enquiries: companies asking to subscribe, and the provider's decisions on them. */
export class EnquiryApi extends SubscriptionService {
  createEnquiry(form: RestBody): Promise<{ EnquiryId: number }> {
    return this.post('form/subscription_web_enquiry', { body: form });
  }

  /** A page of enquiries; the REST service answers SuperAdmins only. */
  listEnquiries(params: URLSearchParams): Promise<RestPage<EnquiryRecord>> {
    return this.getPage('subscription/subscription_web_enquiry', params);
  }

  approveEnquiry(body: RestBody): Promise<EnquiryApproved> {
    return this.post('subscription/enquiry/approve', { body });
  }

  rejectEnquiry(body: RestBody): Promise<EnquiryRejected> {
    return this.post('subscription/enquiry/reject', { body });
  }
}
