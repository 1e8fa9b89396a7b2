import { SubscriptionService } from './SubscriptionService';
import type { SignInAnswer, SignInEnrolled, TwoFactorConfirmed, TwoFactorEnrolmentRecord, TwoFactorStatusRecord } from './types';

/** Two-factor sign-in: one's own set-up (with a session), and the code step of a sign-in (with its challenge). */
export class TwoFactorApi extends SubscriptionService {
  getStatus(): Promise<TwoFactorStatusRecord> {
    return this.get('users/two-factor');
  }

  startEnrolment(): Promise<TwoFactorEnrolmentRecord> {
    return this.post('users/two-factor/enrolment');
  }

  confirm(code: string): Promise<TwoFactorConfirmed> {
    return this.post('users/two-factor/confirm', { body: { code } });
  }

  disable(body: { code?: string; recoveryCode?: string }): Promise<TwoFactorStatusRecord> {
    return this.post('users/two-factor/disable', { body });
  }

  signInWithCode(body: { challenge: string; code?: string; recoveryCode?: string }): Promise<SignInAnswer> {
    return this.post('users/signIn/code', { body });
  }

  startSignInEnrolment(challenge: string): Promise<TwoFactorEnrolmentRecord> {
    return this.post('users/signIn/enrolment', { body: { challenge } });
  }

  confirmSignInEnrolment(challenge: string, code: string): Promise<SignInEnrolled> {
    return this.post('users/signIn/enrolment/confirm', { body: { challenge, code } });
  }
}
