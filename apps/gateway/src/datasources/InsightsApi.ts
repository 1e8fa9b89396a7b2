import { namingFields } from '#errors';
import { SubscriptionService } from './SubscriptionService';

/** The REST query names of the arguments, so a refusal names the GraphQL argument at fault. */
const INSIGHT_ARGUMENTS = { organizationId: 'ClientId', from: 'from', to: 'to' } as const;

type Range = { from?: string | null; to?: string | null };

/** An organisation's numbers for its dashboard and statistics; the REST service picks the caller's own organisation and the default days. */
export class InsightsApi extends SubscriptionService {
  getDashboard(organizationId?: string | null) {
    return this.call('get', '/insights/dashboard', { params: { ClientId: organizationId } }).catch(namingFields(INSIGHT_ARGUMENTS));
  }

  getStatistics(organizationId: string | null | undefined, { from, to }: Range) {
    return this.call('get', '/insights/statistics', { params: { ClientId: organizationId, from, to } }).catch(
      namingFields(INSIGHT_ARGUMENTS),
    );
  }
}
