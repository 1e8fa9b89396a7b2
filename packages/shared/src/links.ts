/**
 * The links the console mails (SPEC §2), written once for the mails that carry them and the
 * console's routes that read them: the reset link `/forgotpassword/{token}/{email}` and the
 * set-password link `/setpassword/{email}/{firstname}/{lastname}?token=…`. Each builder gives the
 * path and query; the mail puts the console's public address in front.
 */

/** The screen that asks for a reset link; the reset link is below it. */
export const FORGOT_PASSWORD_PATH = '/forgotpassword';
export const SET_PASSWORD_PATH = '/setpassword';

/** The router patterns of the two screens: the names of their parameters are what the screens read. */
export const RESET_PASSWORD_ROUTE = `${FORGOT_PASSWORD_PATH}/:token/:email` as const;
export const SET_PASSWORD_ROUTE = `${SET_PASSWORD_PATH}/:email/:firstname/:lastname` as const;

/** The query parameter of the set-password link that carries its token. */
export const SET_PASSWORD_TOKEN_PARAM = 'token';

/** The set-password link's stand-ins for a name nobody has given yet; the screen shows them as empty. */
export const FIRST_NAME_PLACEHOLDER = 'FN';
export const LAST_NAME_PLACEHOLDER = 'LN';

/**
 * The sign-in page's hand-off: a product sends a person to `/login?data=<token>` with a one-time
 * token the REST service issued, and the page fills in the email the token stands for.
 */
export const SIGN_IN_PATH = '/login';
export const SIGN_IN_HANDOFF_PARAM = 'data';

export function signInHandoffLink(token: string): string {
  return `${SIGN_IN_PATH}?${SIGN_IN_HANDOFF_PARAM}=${encodeURIComponent(token)}`;
}

export function resetPasswordLink(token: string, email: string): string {
  return `${FORGOT_PASSWORD_PATH}/${encodeURIComponent(token)}/${encodeURIComponent(email)}`;
}

export function setPasswordLink(token: string, email: string, firstName: string, lastName: string): string {
  const segments = [email, firstName || FIRST_NAME_PLACEHOLDER, lastName || LAST_NAME_PLACEHOLDER].map(encodeURIComponent).join('/');
  return `${SET_PASSWORD_PATH}/${segments}?${SET_PASSWORD_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * Where an organisation's admins keep its webhook endpoints (Privacy & Setting's Webhooks tab) and
 * where the provider keeps its own, for every organisation (Platform Settings' Webhooks tab): the
 * mail that says an endpoint was paused links there.
 */
export const ORGANIZATION_WEBHOOKS_PATH = '/TwoFactor/webhooks';
export const PROVIDER_WEBHOOKS_PATH = '/platformsettings/webhooks';
