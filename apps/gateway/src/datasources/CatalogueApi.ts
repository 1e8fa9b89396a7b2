import { SubscriptionService } from './SubscriptionService';

/** The provider's product and plan masters, and the lists an organisation's fields are chosen from. */
export class CatalogueApi extends SubscriptionService {
  listProducts() {
    return this.op('listProducts', { params: { order: 'ProductName.asc' } });
  }

  listPlans() {
    return this.op('listPlans', { params: { order: 'Cost.asc' } });
  }

  /** The business verticals and client types that can be chosen now, by name. */
  listOfferedOrganizationChoices() {
    return this.op('listOfferedOrganizationChoices', { params: { order: 'ChoiceName.asc', limit: 1000 } });
  }
}
