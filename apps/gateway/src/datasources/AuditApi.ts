import { SubscriptionService } from './SubscriptionService';

/** The audit log, read in the caller's scope. */
export class AuditApi extends SubscriptionService {
  /** A page of entries; the REST service keeps an organisation admin to their own organisation's. */
  listEntries(params: URLSearchParams) {
    return this.page('listAuditEntries', params);
  }

  /** The actions the log holds: one organisation's, or the whole platform's when none is named. */
  listActions(organizationId: string | null) {
    return this.op('listAuditActions', { params: organizationId ? { ClientId: organizationId } : {} });
  }
}
