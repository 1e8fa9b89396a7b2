import { useEffect } from 'react';

// In memory only, for this tab: forgotten on reload and once the person has signed in.
let typed = '';

/** The email last typed on the sign-in page or the forgot-password page. */
export const typedEmail = () => typed;

/**
 * Keeps the email typed on the sign-in page while the person follows its links (Forgot password?,
 * Create an account) and comes back, and hands it to the forgot-password page and back, so it is
 * typed once. Never a password.
 */
export function useTypedEmail(email: string) {
  useEffect(() => {
    typed = email;
  }, [email]);
}

/** Signed in: the address is not kept for whoever uses the browser next. */
export function forgetTypedEmail() {
  typed = '';
}
