import { namingFields } from '../errors';
import { SubscriptionService } from './SubscriptionService';
import type { DashboardRecord, StatisticsRecord } from './types';

/** The REST query names of the arguments, so a refusal names the GraphQL argument at fault. */
const INSIGHT_ARGUMENTS = { organizationId: 'ClientId', from: 'from', to: 'to' } as const;

type Range = { from?: string | null; to?: string | null };

/** Only what was given: the REST service picks the caller's own organisation and the default days. */
function paramsOf(values: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] != null));
}

/** An organisation's numbers for its dashboard and statistics. */
export class InsightsApi extends SubscriptionService {
  getDashboard(organizationId?: string | null): Promise<DashboardRecord> {
    return this.get<DashboardRecord>('insights/dashboard', { params: paramsOf({ ClientId: organizationId }) }).catch(
      namingFields(INSIGHT_ARGUMENTS),
    );
  }

  getStatistics(organizationId: string | null | undefined, { from, to }: Range): Promise<StatisticsRecord> {
    return this.get<StatisticsRecord>('insights/statistics', { params: paramsOf({ ClientId: organizationId, from, to }) }).catch(
      namingFields(INSIGHT_ARGUMENTS),
    );
  }
}
