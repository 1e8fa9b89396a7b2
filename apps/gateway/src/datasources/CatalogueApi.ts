import { SubscriptionService } from './SubscriptionService';

/** The provider's product and plan masters. */
export class CatalogueApi extends SubscriptionService {
  listProducts() {
    return this.call('get', '/subscription_product_master', { params: { order: 'ProductName.asc' } });
  }

  listPlans() {
    return this.call('get', '/subscription_plan_master', { params: { order: 'Cost.asc' } });
  }
}
