/** Business constants of SPEC section 9, shared by every app. */
export const SESSION_COOKIE = 'token_org';
/** A session the person chose to keep ("Keep me signed in"): a day, in a cookie that outlives the browser. */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A session not kept: three hours at most, in a cookie that ends when the browser closes. */
export const SHORT_SESSION_MAX_AGE_MS = 3 * 60 * 60 * 1000;

export const TOKEN_VALIDITY_HOURS = 8;
export const TOKEN_VALIDITY_MS = TOKEN_VALIDITY_HOURS * 60 * 60 * 1000;

/** A sign-in hand-off (`/login?data=…`) is followed at once by the product that asked for it, so it lives minutes, not hours. */
export const SIGN_IN_HANDOFF_VALIDITY_MINUTES = 5;

export const REDIRECT_COUNTDOWN_SECONDS = 10;
export const COPIED_INDICATOR_MS = 3_000;
export const EXPIRED_LINK_REDIRECT_MS = 4_000;
export const ALERT_FADE_MS = 5_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DATE_TIME_FORMAT = 'MMM DD YYYY, hh:mm A';
export const DATE_FORMAT = 'DD-MM-YYYY';

export const LITE_PLAN_GROUP = 'MICROSAAS';
export const COPYRIGHT_YEARS = '2024-2026';
export const FALLBACK_PROFILE_LABEL = 'Yozy Admin';
