/**
 * Every limit of the gateway, in one place: how many attempts of each kind an address, an account
 * or an API key gets, and how long a refused caller waits. The limiter (rateLimits.ts) counts
 * against these; `createApp` takes another set (tests pass small windows).
 */

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A fixed window: so many attempts per address and per account in `windowMs`. */
export type WindowLimit = { windowMs: number; perIp: number; perAccount: number };

/**
 * Sign-in brute-force protection in the manner of Keycloak: failures, never successes, are
 * counted. Per account and address, `freeFailures` failures may follow one another at once; after
 * that many, and after each one more, the address waits before it may try that account again
 * (`waitIncrementMs`, then twice that, and so on up to `maxWaitMs`). The failures are forgotten
 * after `failureResetMs` without one, and a sign-in clears them. Across accounts, one address may
 * fail `perIp.failures` times per window (password spraying).
 *
 * Guessing one account from many addresses is met with device cookies (deviceCookies.ts, after
 * OWASP): the failures of every browser without the account's device cookie are also counted
 * together, whatever their address, and past `perAccount.freeFailures` those browsers wait in the
 * same growing way before trying that account again. A browser holding the account's device
 * cookie is never held back by them: its own failures count against its cookie, `freeFailures`
 * free and then the same waits, and while its cookie waits it is treated like any new browser.
 */
export type SignInLimit = {
  freeFailures: number;
  waitIncrementMs: number;
  maxWaitMs: number;
  failureResetMs: number;
  perIp: { failures: number; windowMs: number };
  /** Failures on one account from browsers without its device cookie, from any address, before they wait. */
  perAccount: { freeFailures: number };
};

/** Requests of one internal tool's API key, whatever it asks: a runaway script slows down alone. */
export type ApiKeyLimit = { windowMs: number; perKey: number };

/** SCIM requests of one organisation's provisioning token (`/scim/v2/`): an identity provider's sync slows down alone. */
export type ProvisioningTokenLimit = { windowMs: number; perToken: number };

export type RateLimits = {
  signIn: SignInLimit;
  /** The code step of a sign-in (and of confirming or turning off two-factor): a wrong code is a guess like a wrong password. */
  signInCode: SignInLimit;
  requestPasswordReset: WindowLimit;
  resetPassword: WindowLimit;
  setPassword: WindowLimit;
  submitEnquiry: WindowLimit;
  /** A signed-in user changing their own password: a wrong current password is a guess like a wrong sign-in. */
  changePassword: WindowLimit;
  /** Starting single sign-on from the sign-in page: each start writes an attempt and asks the identity provider. */
  startSingleSignOn: WindowLimit;
  /** The sign-in page redeeming a hand-off token (`/login?data=…`): guessing tokens is counted per address. */
  redeemSignInHandoff: WindowLimit;
  apiKey: ApiKeyLimit;
  provisioningToken: ProvisioningTokenLimit;
};

/** The steps whose failures, never successes, are counted: the password and the two-factor code. */
export const GUESSED_OPERATIONS = ['signIn', 'signInCode'] as const satisfies readonly (keyof RateLimits)[];
export type GuessedOperation = (typeof GUESSED_OPERATIONS)[number];

/** The public mutations counted on every call (sign-in counts failures instead). */
export type CountedOperation = Exclude<keyof RateLimits, GuessedOperation | PerCredential>;

/** The limits counted per credential (a key, a token) rather than per address and account. */
type PerCredential = 'apiKey' | 'provisioningToken';
const PER_CREDENTIAL: readonly string[] = ['apiKey', 'provisioningToken'] satisfies PerCredential[];

/** The operations counted on every call, read from a set of limits. */
export function countedOperations(limits: RateLimits): CountedOperation[] {
  return (Object.keys(limits) as (keyof RateLimits)[]).filter(
    (operation): operation is CountedOperation =>
      !PER_CREDENTIAL.includes(operation) && !(GUESSED_OPERATIONS as readonly string[]).includes(operation),
  );
}

/** A sign-in step's limits: the password step's and the code step's are alike. */
const GUESSED_STEP: SignInLimit = {
  freeFailures: 5,
  waitIncrementMs: MINUTE,
  maxWaitMs: 15 * MINUTE,
  failureResetMs: 12 * HOUR,
  perIp: { failures: 50, windowMs: 15 * MINUTE },
  perAccount: { freeFailures: 10 },
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: GUESSED_STEP,
  signInCode: GUESSED_STEP,
  requestPasswordReset: { windowMs: HOUR, perIp: 10, perAccount: 3 },
  resetPassword: { windowMs: 15 * MINUTE, perIp: 20, perAccount: 10 },
  setPassword: { windowMs: 15 * MINUTE, perIp: 20, perAccount: 10 },
  submitEnquiry: { windowMs: HOUR, perIp: 10, perAccount: 3 },
  changePassword: { windowMs: 15 * MINUTE, perIp: 20, perAccount: 10 },
  startSingleSignOn: { windowMs: 15 * MINUTE, perIp: 30, perAccount: 10 },
  redeemSignInHandoff: { windowMs: 15 * MINUTE, perIp: 30, perAccount: 5 },
  apiKey: { windowMs: MINUTE, perKey: 600 },
  // Okta and Entra ID send a few requests a second at most while they sync.
  provisioningToken: { windowMs: MINUTE, perToken: 1200 },
};
