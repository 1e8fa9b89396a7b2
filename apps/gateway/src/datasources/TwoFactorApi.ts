import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

/** Two-factor sign-in: one's own set-up (with a session), and the code step of a sign-in (with its challenge). */
export class TwoFactorApi extends SubscriptionService {
  getStatus() {
    return this.op('getTwoFactor');
  }

  startEnrolment() {
    return this.op('startTwoFactorEnrolment');
  }

  confirm(code: string) {
    return this.op('confirmTwoFactor', { body: { code } });
  }

  disable(body: RestBodyOf<'disableTwoFactor'>) {
    return this.op('disableTwoFactor', { body });
  }

  signInWithCode(body: RestBodyOf<'signInWithCode'>) {
    return this.op('signInWithCode', { body });
  }

  startSignInEnrolment(challenge: string) {
    return this.op('startSignInEnrolment', { body: { challenge } });
  }

  confirmSignInEnrolment(challenge: string, code: string) {
    return this.op('confirmSignInEnrolment', { body: { challenge, code } });
  }
}
