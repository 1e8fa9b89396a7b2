import { SubscriptionService } from './SubscriptionService';
import type { RestBody } from './types';

/** Sign-up enquiries: companies asking to subscribe. */
export class EnquiryApi extends SubscriptionService {
  createEnquiry(form: RestBody): Promise<{ EnquiryId: number }> {
    return this.post('form/subscription_web_enquiry', { body: form });
  }
}
