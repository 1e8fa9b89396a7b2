import * as oidc from 'openid-client';
import { emailDomainOf, isEmailAddress } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { guardedFetch, reasonOf } from '#security/outboundAddress';
import type { SecretBox } from '#security/secretBox';
import { hashToken } from '#security/tokens';

/** How long a sign-in through the identity provider may take, from the console to its return. */
export const SSO_ATTEMPT_MINUTES = 10;

/** What seals an organisation's client secret: the column, and the organisation it belongs to. */
export const ssoSecretContext = (clientId: number) => `sso_client_secret:${clientId}`;

export type SsoOptions = {
  secretBox: SecretBox;
  /** Lets issuers be http (an identity provider on this machine, in tests); production issuers are https. */
  allowHttpIssuers?: boolean;
  /** Lets issuers be on a private network or this machine (ALLOW_PRIVATE_NETWORK_SERVERS: trials, tests). */
  allowPrivateNetwork?: boolean;
};

/** The single sign-on that covers an email, when it is on. */
export type Coverage = {
  clientId: number;
  companyName: string;
  issuer: string;
  oidcClientId: string;
  secretSealed: string | null;
  requireSso: boolean;
  allowJit: boolean;
  /** Authentication context values that mean the identity provider used multi-factor. */
  mfaAcrValues: string[];
};

/**
 * The single sign-on covering an email: that of the organisation which verified the email's
 * domain, unless the address belongs to a person of another organisation (a SuperAdmin among
 * them), who keeps signing in as before. An unverified claim covers nobody.
 */
export async function coverageOf(db: Queryable, email: string): Promise<Coverage | null> {
  const address = email.trim().toLowerCase();
  return liveCoverage(
    db,
    `s.client_id = (SELECT d.client_id FROM organization_domains d WHERE d.domain = $1 AND d.verified_at IS NOT NULL)
     AND NOT EXISTS (SELECT 1 FROM client_users u WHERE lower(u.email) = $2 AND u.client_id <> s.client_id)`,
    [emailDomainOf(address), address],
  );
}

/** What a person whose organisation requires single sign-on is told when they try a password instead. */
export const USE_SSO_MESSAGE =
  'Your organization signs in with single sign-on: choose “Continue with single sign-on” on the sign-in page instead of a password';

/**
 * Refuses a password step (sign-in, reset, an invited first password) for a person whose
 * organisation requires single sign-on: a password would be a second way in around it.
 */
export async function refuseWhereSsoRequired(db: Queryable, email: string, code: 'FORBIDDEN' | 'BAD_REQUEST', field?: string) {
  if (await ssoRequiredFor(db, email)) throw new HttpError(code, USE_SSO_MESSAGE, field);
}

/** Whether the person of this address signs in only through their organisation's identity provider. */
export async function ssoRequiredFor(db: Queryable, email: string): Promise<boolean> {
  return (await coverageOf(db, email))?.requireSso === true;
}

/** An organisation's single sign-on where `condition` (on `s`) holds, while it is on and the organisation active. */
async function liveCoverage(db: Queryable, condition: string, values: unknown[]): Promise<Coverage | null> {
  const [row] = await db.query<Coverage>(
    `SELECT s.client_id AS "clientId", c.company_name AS "companyName", s.issuer, s.oidc_client_id AS "oidcClientId",
            s.oidc_secret_sealed AS "secretSealed", s.require_sso AS "requireSso", s.allow_jit AS "allowJit",
            s.mfa_acr_values AS "mfaAcrValues"
       FROM sso_settings s JOIN clients c ON c.client_id = s.client_id
      WHERE ${condition} AND s.enabled AND c.is_active`,
    values,
  );
  return row ?? null;
}

/** The issuer's discovery document, read as the OpenID Connect client will use it. */
export async function discover(issuer: string, clientId: string, secret: string | undefined, options: SsoOptions) {
  const url = new URL(issuer);
  const insecure = url.protocol === 'http:';
  if (insecure && !options.allowHttpIssuers) {
    throw new HttpError('BAD_REQUEST', 'The issuer must be an https address', 'Issuer');
  }
  return oidc.discovery(url, clientId, secret, undefined, {
    timeout: 10,
    // Every request to the issuer, discovery to userinfo, goes out only to an address on the internet.
    [oidc.customFetch]: guardedFetch({ allowPrivateNetwork: options.allowPrivateNetwork === true }),
    ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
  });
}

/** The client of an organisation's identity provider, with its secret opened. */
async function clientFor(coverage: Coverage, options: SsoOptions) {
  const secret = coverage.secretSealed ? options.secretBox.open(coverage.secretSealed, ssoSecretContext(coverage.clientId)) : undefined;
  return discover(coverage.issuer, coverage.oidcClientId, secret, options);
}

/**
 * Starts a sign-in at the identity provider: the authorization code flow with PKCE, a state and a
 * nonce, remembered (by the state's digest) for the callback with the person's choice to be kept
 * signed in, which the redirect back cannot change. Answers where to send the browser.
 */
export async function startSignIn(
  db: Queryable,
  coverage: Coverage,
  { redirectUri, keepSignedIn }: { redirectUri: string; keepSignedIn: boolean },
  options: SsoOptions,
) {
  const config = await clientFor(coverage, options).catch(providerUnreachable);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await db.query("DELETE FROM sso_attempts WHERE expires_at < now() - interval '1 day'");
  await db.query(
    `INSERT INTO sso_attempts (state_hash, client_id, code_verifier, nonce, redirect_uri, keep_signed_in, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
    [hashToken(state), coverage.clientId, verifier, nonce, redirectUri, keepSignedIn, SSO_ATTEMPT_MINUTES],
  );
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: url.href, state };
}

export type SignedInClaims = {
  clientId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The identity provider says it used more than a password, so the console's own code is not asked again. */
  multiFactor: boolean;
  /** The person chose, when the sign-in started, to be kept signed in. */
  keepSignedIn: boolean;
};

/**
 * The `amr` values (RFC 8176) that mean the identity provider checked something the person has
 * beside what they know: multi-factor, a one-time code, a hardware, software or smart-card key.
 */
const MULTI_FACTOR_AMR: ReadonlySet<string> = new Set(['mfa', 'otp', 'hwk', 'swk', 'sc']);

/** Whether the ID token says the sign-in used multi-factor: a known `amr` value, or an `acr` the organisation names. */
export function usedMultiFactor(claims: Record<string, unknown>, mfaAcrValues: readonly string[]): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  if (amr.some((value) => typeof value === 'string' && MULTI_FACTOR_AMR.has(value))) return true;
  return typeof claims.acr === 'string' && mfaAcrValues.includes(claims.acr);
}

/** Control characters and line or paragraph separators, which no address or name holds. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;
/** The longest first or last name the console keeps. */
export const MAX_CLAIMED_NAME = 100;

const claimRefused = (message: string) => new HttpError('BAD_REQUEST', message, 'code');

/**
 * Who the identity provider says signed in, checked like any other input: one well-formed address
 * that the provider has verified (a missing `email_verified` is not verified), and names without
 * control characters that fit the console's fields.
 */
export function checkedClaims(claims: Record<string, unknown>): { email: string; firstName: string; lastName: string } {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email) throw new HttpError('INVALID_CREDENTIALS', 'The identity provider did not say which email signed in', 'code');
  if (CONTROL_CHARACTERS.test(email) || !isEmailAddress(email)) {
    throw claimRefused('The identity provider sent an email that is not one valid address');
  }
  if (claims.email_verified !== true) throw claimRefused(`The identity provider has not verified ${email}`);
  const name = (claim: 'given_name' | 'family_name') => {
    const value = claims[claim];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string' || CONTROL_CHARACTERS.test(value))
      throw claimRefused(`The identity provider sent a ${claim} that is not a name`);
    const trimmed = value.trim();
    if (trimmed.length > MAX_CLAIMED_NAME) {
      throw claimRefused(`The identity provider sent a ${claim} longer than ${MAX_CLAIMED_NAME} characters`);
    }
    return trimmed;
  };
  return { email, firstName: name('given_name'), lastName: name('family_name') };
}

/** The address the identity provider sent the browser back to, without its query: what the attempt began with. */
const callbackAddress = (url: URL) => `${url.origin}${url.pathname}`;

/**
 * Finishes a sign-in from the identity provider's redirect: the state must name a live attempt
 * (used once) that began with this callback address, and the code is exchanged with its PKCE
 * verifier, the ID token checked for the nonce. Answers who the provider says signed in, and
 * whether it used multi-factor.
 */
export async function finishSignIn(db: Queryable, callbackUrl: string, state: string, options: SsoOptions): Promise<SignedInClaims> {
  const [attempt] = await db.query<{
    client_id: number;
    code_verifier: string;
    nonce: string;
    redirect_uri: string;
    keep_signed_in: boolean;
  }>(
    `DELETE FROM sso_attempts WHERE state_hash = $1 AND expires_at > now()
     RETURNING client_id, code_verifier, nonce, redirect_uri, keep_signed_in`,
    [hashToken(state)],
  );
  if (!attempt) throw new HttpError('INVALID_TOKEN', 'This sign-in is not valid or took too long: start again', 'state');
  const url = new URL(callbackUrl);
  if (callbackAddress(url) !== callbackAddress(new URL(attempt.redirect_uri))) {
    throw new HttpError('INVALID_TOKEN', 'This sign-in came back to another address than it started from: start again', 'state');
  }
  const coverage = await liveCoverage(db, 's.client_id = $1', [attempt.client_id]);
  if (!coverage) throw new HttpError('FORBIDDEN', 'Single sign-on is no longer on for this organization', 'state');
  const config = await clientFor(coverage, options).catch(providerUnreachable);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, url, {
      pkceCodeVerifier: attempt.code_verifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // A provider that keeps the ID token lean says who it is at its userinfo endpoint instead; how
    // the person signed in (amr, acr) is the ID token's word only.
    if (claims && typeof claims.email !== 'string') {
      const { amr: _amr, acr: _acr, ...userInfo } = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = { ...claims, ...userInfo };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError('INVALID_CREDENTIALS', `The identity provider did not confirm the sign-in (${reason}): start again`, 'code');
  }
  const person = checkedClaims(claims ?? {});
  const covered = await coverageOf(db, person.email);
  if (covered?.clientId !== coverage.clientId) {
    throw new HttpError('FORBIDDEN', `${person.email} is not an address ${coverage.companyName} signs in with single sign-on`, 'code');
  }
  return {
    clientId: coverage.clientId,
    ...person,
    multiFactor: usedMultiFactor(claims ?? {}, coverage.mfaAcrValues),
    keepSignedIn: attempt.keep_signed_in,
  };
}

function providerUnreachable(error: unknown): never {
  if (error instanceof HttpError) throw error;
  throw new HttpError('BAD_REQUEST', `The identity provider could not be reached: ${reasonOf(error)}`, 'Issuer');
}
