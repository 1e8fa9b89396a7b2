import { errorCode } from '#errors';
import { SubscriptionService } from './SubscriptionService';
import type { RestBodyOf } from './types';

/** Sessions and the account flows: sign-in, the viewer's profile, password reset, invitations, captcha replay. */
export class AccountApi extends SubscriptionService {
  /** The password step: a session, or the step that asks for a code (two-factor). */
  signIn(body: RestBodyOf<'signIn'>) {
    return this.call('post', '/users/signIn', { body });
  }

  /** Whether an email continues with single sign-on, and whether a password is refused for it. */
  lookUpSso(email: string) {
    return this.call('get', '/sso/lookup', { params: { email } });
  }

  /**
   * Starts a sign-in at the identity provider of the email's organisation, coming back to
   * `redirectUri`; the session it ends in is kept for a day unless `keepSignedIn` is false.
   */
  startSso(email: string, redirectUri: string, keepSignedIn?: boolean) {
    return this.call('post', '/sso/start', { body: { Email: email, RedirectUri: redirectUri, KeepSignedIn: keepSignedIn } });
  }

  /** Finishes a sign-in from the identity provider's redirect: a session, or the console's own two-factor step, as a password sign-in answers. */
  finishSso(callbackUrl: string, state: string) {
    return this.call('post', '/sso/finish', { body: { CallbackUrl: callbackUrl, State: state } });
  }

  /** Ends the caller's session; there is nothing to end when they have none or it has ended already. */
  async signOut(): Promise<void> {
    if (!this.caller.token) return;
    try {
      await this.call('post', '/users/signOut');
    } catch (error) {
      if (errorCode(error) !== 'UNAUTHENTICATED') throw error;
    }
  }

  getProfile() {
    return this.call('get', '/users/me');
  }

  async getProductAddress(email: string): Promise<string> {
    return (await this.call('get', '/users/product-address', { params: { email } })).url;
  }

  /** True the first time a solved captcha is seen by any gateway instance, false after. */
  async consumeCaptcha(signature: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.call('post', '/captcha/consume', { body: { signature, expiresAt: expiresAt.toISOString() } });
      return true;
    } catch (error) {
      if (errorCode(error) === 'CONFLICT') return false;
      throw error;
    }
  }

  requestPasswordReset(body: RestBodyOf<'requestPasswordReset'>) {
    return this.call('post', '/auth/password/request', { body });
  }

  async verifyResetLink(email: string, token: string): Promise<boolean> {
    return (await this.call('post', '/auth/password/linkverify', { body: { email, token } })).linkvalid;
  }

  /** Where an emailed link stands for its holder: VALID, EXPIRED or DEACTIVATED. */
  async linkStatus(body: RestBodyOf<'getLinkStatus'>) {
    return (await this.call('post', '/auth/link/status', { body })).status;
  }

  resetPassword(body: RestBodyOf<'resetPassword'>) {
    return this.call('post', '/auth/reset', { body });
  }

  createUser(body: RestBodyOf<'acceptInvitation'>) {
    return this.call('post', '/auth/create/user', { body });
  }

  /** A one-time token that tells the sign-in page who is coming (`/login?data=…`). */
  issueSignInHandoff(email: string) {
    return this.call('post', '/sign-in-handoffs', { body: { Email: email } });
  }

  /** Uses a sign-in hand-off token: the email the sign-in page fills in. */
  async redeemSignInHandoff(token: string): Promise<string> {
    return (await this.call('post', '/auth/handoff', { body: { token } })).email;
  }
}
