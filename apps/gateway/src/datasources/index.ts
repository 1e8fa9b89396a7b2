import { AccountApi } from './AccountApi';
import { Caller } from './Caller';
import { CatalogueApi } from './CatalogueApi';
import { EnquiryApi } from './EnquiryApi';
import { OrganizationApi } from './OrganizationApi';

/** The REST data sources of one GraphQL request, one per domain, all calling as the same caller. */
export type DataSources = {
  account: AccountApi;
  catalogue: CatalogueApi;
  enquiry: EnquiryApi;
  organization: OrganizationApi;
};

export function createDataSources(baseURL: string, caller: Caller): DataSources {
  return {
    account: new AccountApi(baseURL, caller),
    catalogue: new CatalogueApi(baseURL, caller),
    enquiry: new EnquiryApi(baseURL, caller),
    organization: new OrganizationApi(baseURL, caller),
  };
}

export { Caller };
