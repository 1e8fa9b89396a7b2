import { SubscriptionService } from './SubscriptionService';

/** The provider's product and plan masters, and the lists an organisation's fields are chosen from. */
export class CatalogueApi extends SubscriptionService {
  listProducts() {
    return this.call('get', '/subscription_product_master', { params: { order: 'ProductName.asc' } });
  }

  listPlans() {
    return this.call('get', '/subscription_plan_master', { params: { order: 'Cost.asc' } });
  }

  /** The business verticals and client types that can be chosen now, by name. */
  listOfferedOrganizationChoices() {
    return this.call('get', '/form/organization_choices', { params: { order: 'ChoiceName.asc', limit: 1000 } });
  }
}
