import { naming, SubscriptionService, type OrganizationNamed, type Without } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

/** Sign-in sessions of an organisation's users, and ending them. */
export class SessionApi extends SubscriptionService {
  /** A page of one organisation's sessions; the REST service refuses another organisation to its admins. */
  listSessions(params: URLSearchParams) {
    return this.page('listSessions', params);
  }

  endSession(organizationId: OrganizationNamed, session: Without<AsGiven<RestBodyOf<'endSession'>, 'SessionId'>>) {
    return this.op('endSession', { body: { ...session, ...naming(organizationId) } });
  }

  endUserSessions(organizationId: OrganizationNamed, user: Without<AsGiven<RestBodyOf<'endUserSessions'>, 'UserId'>>) {
    return this.op('endUserSessions', { body: { ...user, ...naming(organizationId) } });
  }

  endOtherSessions(organizationId: OrganizationNamed) {
    return this.op('endOtherSessions', { body: naming(organizationId) });
  }

  /** The caller's own password; their other sessions end. */
  changePassword(body: RestBodyOf<'changePassword'>) {
    return this.op('changePassword', { body });
  }
}
