import { SubscriptionService } from './SubscriptionService';
import type { PlanRecord, ProductRecord } from './types';

/** The provider's product and plan masters. */
export class CatalogueApi extends SubscriptionService {
  listProducts(): Promise<ProductRecord[]> {
    return this.get('subscription_product_master', { params: { order: 'ProductName.asc' } });
  }

  listPlans(): Promise<PlanRecord[]> {
    return this.get('subscription_plan_master', { params: { order: 'Cost.asc' } });
  }
}
