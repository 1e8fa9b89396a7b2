import { errorCode } from '../errors';
import { SubscriptionService } from './SubscriptionService';
import type { Profile, SignInAnswer } from './types';

/** Sessions and the account flows: sign-in, the viewer's profile, password reset, invitations, captcha replay. */
export class AccountApi extends SubscriptionService {
  signIn(email: string, password: string): Promise<SignInAnswer> {
    return this.post('users/signIn', { body: { email, password } });
  }

  /** Ends the caller's session; there is nothing to end when they have none or it has ended already. */
  async signOut(): Promise<void> {
    if (!this.caller.token) return;
    try {
      await this.post('users/signOut');
    } catch (error) {
      if (errorCode(error) !== 'UNAUTHENTICATED') throw error;
    }
  }

  getProfile(): Promise<Profile> {
    return this.get('users/me');
  }

  async getProductAddress(email: string): Promise<string> {
    return (await this.get<{ url: string }>('users/product-address', { params: { email } })).url;
  }

  /** True the first time a solved captcha is seen by any gateway instance, false after. */
  async consumeCaptcha(signature: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.post('captcha/consume', { body: { signature, expiresAt: expiresAt.toISOString() } });
      return true;
    } catch (error) {
      if (errorCode(error) === 'CONFLICT') return false;
      throw error;
    }
  }

  requestPasswordReset(email: string): Promise<{ accepted: boolean }> {
    return this.post('auth/password/request', { body: { email } });
  }

  async verifyResetLink(email: string, token: string): Promise<boolean> {
    return (await this.post<{ linkvalid: boolean }>('auth/password/linkverify', { body: { email, token } })).linkvalid;
  }

  resetPassword(body: {
    email: string;
    token: string;
    password: string;
    newpassword: string;
  }): Promise<{ pass: boolean; redirectUrl: string }> {
    return this.post('auth/reset', { body });
  }

  createUser(body: {
    email: string;
    token: string;
    password: string;
    confirmpassword: string;
    firstname: string;
    lastname: string;
  }): Promise<{ success: boolean; redirectUrl: string }> {
    return this.post('auth/create/user', { body });
  }
}
