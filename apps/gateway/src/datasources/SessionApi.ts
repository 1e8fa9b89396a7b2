import { naming, SubscriptionService, type OrganizationNamed, type Without } from './SubscriptionService';
import type { AsGiven, RestBodyOf } from './types';

const SESSIONS = '/subscription_user_sessions';

/** Sign-in sessions of an organisation's users, and ending them. */
export class SessionApi extends SubscriptionService {
  /** A page of one organisation's sessions; the REST service refuses another organisation to its admins. */
  listSessions(params: URLSearchParams) {
    return this.getPage(SESSIONS, params);
  }

  endSession(organizationId: OrganizationNamed, session: Without<AsGiven<RestBodyOf<'endSession'>, 'SessionId'>>) {
    return this.call('post', `${SESSIONS}/end`, { body: { ...session, ...naming(organizationId) } });
  }

  endUserSessions(organizationId: OrganizationNamed, user: Without<AsGiven<RestBodyOf<'endUserSessions'>, 'UserId'>>) {
    return this.call('post', `${SESSIONS}/end-user`, { body: { ...user, ...naming(organizationId) } });
  }

  endOtherSessions(organizationId: OrganizationNamed) {
    return this.call('post', `${SESSIONS}/end-others`, { body: naming(organizationId) });
  }

  /** The caller's own password; their other sessions end. */
  changePassword(body: RestBodyOf<'changePassword'>) {
    return this.call('post', '/users/password', { body });
  }
}
