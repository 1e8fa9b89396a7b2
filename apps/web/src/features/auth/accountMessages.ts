import { TOKEN_VALIDITY_HOURS } from '@yozy/shared';
import { ERROR_MESSAGES } from '@/lib/requestErrors';

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
export const countdownText = (seconds: number) => `Automatic redirect in ${seconds} sec`;

/** The same words whether or not the account exists (DESIGN §2). */
export const resetRequestedText = (email: string) =>
  `If an account exists for ${email}, we have sent a link to reset its password. The link is valid for ${TOKEN_VALIDITY_HOURS} hours.`;
