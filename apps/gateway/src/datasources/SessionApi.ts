import { SubscriptionService } from './SubscriptionService';
import type { RestPage } from '../lists';
import type { PasswordChanged, RestBody, SessionRecord, SessionsEnded } from './types';

/** Sign-in sessions of an organisation's users, and ending them. */
export class SessionApi extends SubscriptionService {
  /** A page of one organisation's sessions; the REST service refuses another organisation to its admins. */
  listSessions(params: URLSearchParams): Promise<RestPage<SessionRecord>> {
    return this.getPage('subscription_user_sessions', params);
  }

  endSession(body: RestBody): Promise<SessionsEnded> {
    return this.post('subscription_user_sessions/end', { body });
  }

  endUserSessions(body: RestBody): Promise<SessionsEnded> {
    return this.post('subscription_user_sessions/end-user', { body });
  }

  endOtherSessions(body: RestBody): Promise<SessionsEnded> {
    return this.post('subscription_user_sessions/end-others', { body });
  }

  /** The caller's own password; their other sessions end. */
  changePassword(body: RestBody): Promise<PasswordChanged> {
    return this.post('users/password', { body });
  }
}
