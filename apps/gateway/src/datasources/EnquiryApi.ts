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

  /** The enquiry of this id (one row, or none); the REST service answers SuperAdmins only. */
  findEnquiries(enquiryId: string) {
    return this.op('listEnquiries', { params: { EnquiryId: `eq.${enquiryId}` } });
  }

  approveEnquiry(body: RestBodyOf<'approveEnquiry'>) {
    return this.op('approveEnquiry', { body });
  }

  rejectEnquiry(body: RestBodyOf<'rejectEnquiry'>) {
    return this.op('rejectEnquiry', { body });
  }
}
