import { AccountApi } from './AccountApi';
import { Caller } from './Caller';
import { CatalogueApi } from './CatalogueApi';
import { EnquiryApi } from './EnquiryApi';
import { OrganizationApi } from './OrganizationApi';
import { UserApi } from './UserApi';
import type { SubscriptionServiceLink } from './SubscriptionService';

/** The REST data sources of one GraphQL request, one per domain, all calling as the same caller. */
export type DataSources = {
  account: AccountApi;
  catalogue: CatalogueApi;
  enquiry: EnquiryApi;
  organization: OrganizationApi;
  users: UserApi;
};

export function createDataSources(service: SubscriptionServiceLink, caller: Caller): DataSources {
  return {
    account: new AccountApi(service, caller),
    catalogue: new CatalogueApi(service, caller),
    enquiry: new EnquiryApi(service, caller),
    organization: new OrganizationApi(service, caller),
    users: new UserApi(service, caller),
  };
}

export { Caller };
