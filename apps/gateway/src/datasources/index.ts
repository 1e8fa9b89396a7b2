import { AccountApi } from './AccountApi';
import { AuditApi } from './AuditApi';
import { Caller } from './Caller';
import { CatalogueApi } from './CatalogueApi';
import { EnquiryApi } from './EnquiryApi';
import { InsightsApi } from './InsightsApi';
import { GroupApi } from './GroupApi';
import { LicenceApi } from './LicenceApi';
import { OrganizationApi } from './OrganizationApi';
import { SessionApi } from './SessionApi';
import { SettingsApi } from './SettingsApi';
import { PlatformApi } from './PlatformApi';
import { ProjectApi } from './ProjectApi';
import { UserApi } from './UserApi';
import { TwoFactorApi } from './TwoFactorApi';
import type { SubscriptionServiceLink } from './SubscriptionService';

/** The REST data sources of one GraphQL request, one per domain, all calling as the same caller. */
export type DataSources = {
  account: AccountApi;
  catalogue: CatalogueApi;
  enquiry: EnquiryApi;
  group: GroupApi;
  projects: ProjectApi;
  licence: LicenceApi;
  organization: OrganizationApi;
  insights: InsightsApi;
  sessions: SessionApi;
  platform: PlatformApi;
  users: UserApi;
  audit: AuditApi;
  settings: SettingsApi;
  twoFactor: TwoFactorApi;
};

export function createDataSources(service: SubscriptionServiceLink, caller: Caller): DataSources {
  return {
    account: new AccountApi(service, caller),
    catalogue: new CatalogueApi(service, caller),
    enquiry: new EnquiryApi(service, caller),
    group: new GroupApi(service, caller),
    projects: new ProjectApi(service, caller),
    licence: new LicenceApi(service, caller),
    organization: new OrganizationApi(service, caller),
    insights: new InsightsApi(service, caller),
    sessions: new SessionApi(service, caller),
    platform: new PlatformApi(service, caller),
    users: new UserApi(service, caller),
    audit: new AuditApi(service, caller),
    settings: new SettingsApi(service, caller),
    twoFactor: new TwoFactorApi(service, caller),
  };
}

export { Caller };
