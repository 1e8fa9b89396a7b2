import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

/** Two-factor sign-in: one's own set-up (with a session), and the code step of a sign-in (with its challenge). */
export class TwoFactorApi extends SubscriptionService {
  getStatus() {
    return this.call('get', '/users/two-factor');
  }

  startEnrolment() {
    return this.call('post', '/users/two-factor/enrolment');
  }

  confirm(code: string) {
    return this.call('post', '/users/two-factor/confirm', { body: { code } });
  }

  disable(body: RestBodyOf<'disableTwoFactor'>) {
    return this.call('post', '/users/two-factor/disable', { body });
  }

  signInWithCode(body: RestBodyOf<'signInWithCode'>) {
    return this.call('post', '/users/signIn/code', { body });
  }

  startSignInEnrolment(challenge: string) {
    return this.call('post', '/users/signIn/enrolment', { body: { challenge } });
  }

  confirmSignInEnrolment(challenge: string, code: string) {
    return this.call('post', '/users/signIn/enrolment/confirm', { body: { challenge, code } });
  }
}
