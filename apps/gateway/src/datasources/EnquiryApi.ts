import { SubscriptionService } from './SubscriptionService';
import type { EnquiryForm } from './types';

/** Sign-up enquiries: companies asking to subscribe. */
export class EnquiryApi extends SubscriptionService {
  createEnquiry(form: EnquiryForm): Promise<{ EnquiryId: number }> {
    return this.post('form/subscription_web_enquiry', { body: form });
  }
}
