import { TOKEN_VALIDITY_HOURS } from '@yozy/shared';
import { ERROR_MESSAGES } from '@/lib/requestErrors';
import { loginPath } from './urls';

/** Texts of the public account screens (SPEC §2, §8), kept word for word. */
export const EXPIRED_LINK_MESSAGE = ERROR_MESSAGES.INVALID_TOKEN;
/** A genuine link of a deactivated person: no new link helps until an admin activates them. */
export const DEACTIVATED_ACCOUNT_TITLE = 'This account is deactivated';
export const DEACTIVATED_ACCOUNT_ADVICE =
  'An admin of your organization deactivated your account, so this link does not work. Ask them to activate it: they can then send you a new link.';
export const RESET_SUCCESS_TITLE = 'Password successfully reset.';
export const SET_PASSWORD_SUCCESS_TITLE = 'Password successfully reset';
export const SET_PASSWORD_NOTE = 'Password must be at least 6 characters with 1 uppercase letter and 1 special character';
export const LINK_VALIDITY_NOTE = `This link is valid for ${TOKEN_VALIDITY_HOURS} hours`;
export const SUCCESS_TOAST = 'Success';
export const FAILURE_TOAST = 'Something went wrong';

export const welcomeTitle = (email: string) => `Welcome ${email}`;
/**
 * The specification's countdown, saying where it goes: people should know before they are taken
 * away from the console (and, on a trial, that it is the console's own sign-in page).
 */
export const countdownText = (seconds: number, destination: string) => `Automatic redirect in ${seconds} sec to ${destination}`;

/**
 * Where the countdown goes, in words: "the sign-in page" for this console's own, otherwise the
 * address itself without its trailing slash (https://app.yozy.local).
 */
export function redirectDestination(target: string, consoleOrigin: string): string {
  const url = new URL(target, consoleOrigin);
  if (url.origin === consoleOrigin && url.pathname.replace(/\/+$/, '') === loginPath) return 'the sign-in page';
  return url.href.replace(/\/+$/, '');
}

/** The same words whether or not the account exists (DESIGN §2). */
export const resetRequestedText = (email: string) =>
  `If an account exists for ${email}, we have sent a link to reset its password. The link is valid for ${TOKEN_VALIDITY_HOURS} hours.`;
