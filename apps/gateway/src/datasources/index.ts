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
import { SignInActivityApi } from './SignInActivityApi';
import { PlatformApi } from './PlatformApi';
import { ProjectApi } from './ProjectApi';
import { UserApi } from './UserApi';
import { TwoFactorApi } from './TwoFactorApi';
import { WebhookApi } from './WebhookApi';
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
  signInActivity: SignInActivityApi;
  webhooks: WebhookApi;
};

/** The data source of each domain. */
const DOMAINS: { [Name in keyof DataSources]: new (service: SubscriptionServiceLink, caller: Caller) => DataSources[Name] } = {
  account: AccountApi,
  catalogue: CatalogueApi,
  enquiry: EnquiryApi,
  group: GroupApi,
  projects: ProjectApi,
  licence: LicenceApi,
  organization: OrganizationApi,
  insights: InsightsApi,
  sessions: SessionApi,
  platform: PlatformApi,
  users: UserApi,
  audit: AuditApi,
  settings: SettingsApi,
  twoFactor: TwoFactorApi,
  signInActivity: SignInActivityApi,
  webhooks: WebhookApi,
};

const LINK = Symbol('link');
type Unmade = { [LINK]: { service: SubscriptionServiceLink; caller: Caller } };

/**
 * Each data source is made when a resolver first uses it, then kept for the request: an
 * operation uses one or two of them, and each keeps its own reads in flight (shared by equal GETs).
 */
const MADE_ON_FIRST_USE: object = Object.create(
  Object.prototype,
  Object.fromEntries(
    Object.entries(DOMAINS).map(([name, Source]) => [
      name,
      {
        enumerable: true,
        get(this: Unmade) {
          const source = new Source(this[LINK].service, this[LINK].caller);
          Object.defineProperty(this, name, { value: source, enumerable: true });
          return source;
        },
      },
    ]),
  ),
);

export function createDataSources(service: SubscriptionServiceLink, caller: Caller): DataSources {
  const sources: Unmade = Object.create(MADE_ON_FIRST_USE);
  sources[LINK] = { service, caller };
  return sources as unknown as DataSources;
}

export { Caller };
