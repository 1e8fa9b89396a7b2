import * as oidc from 'openid-client';
import type { Queryable } from '../db/database';
import { HttpError } from '../http/errors';
import { guardedFetch, reasonOf } from '../security/outboundAddress';
import type { SecretBox } from '../security/secretBox';
import { hashToken } from '../security/tokens';

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

/** The single sign-on that covers an email's domain, when it is on. */
export type Coverage = {
  clientId: number;
  companyName: string;
  issuer: string;
  oidcClientId: string;
  secretSealed: string | null;
  requireSso: boolean;
  allowJit: boolean;
};

export async function coverageOf(db: Queryable, email: string): Promise<Coverage | null> {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return liveCoverage(db, 's.client_id = (SELECT d.client_id FROM sso_domains d WHERE d.domain = $1)', domain);
}

/** An organisation's single sign-on where `condition` (on `s`, with $1) holds, while it is on and the organisation active. */
async function liveCoverage(db: Queryable, condition: string, value: string | number): Promise<Coverage | null> {
  const [row] = await db.query<Coverage>(
    `SELECT s.client_id AS "clientId", c.company_name AS "companyName", s.issuer, s.oidc_client_id AS "oidcClientId",
            s.oidc_secret_sealed AS "secretSealed", s.require_sso AS "requireSso", s.allow_jit AS "allowJit"
       FROM sso_settings s JOIN clients c ON c.client_id = s.client_id
      WHERE ${condition} AND s.enabled AND c.is_active`,
    [value],
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
 * nonce, remembered (by the state's digest) for the callback. Answers where to send the browser.
 */
export async function startSignIn(db: Queryable, coverage: Coverage, redirectUri: string, options: SsoOptions) {
  const config = await clientFor(coverage, options).catch(providerUnreachable);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await db.query("DELETE FROM sso_attempts WHERE expires_at < now() - interval '1 day'");
  await db.query(
    `INSERT INTO sso_attempts (state_hash, client_id, code_verifier, nonce, redirect_uri, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [hashToken(state), coverage.clientId, verifier, nonce, redirectUri, SSO_ATTEMPT_MINUTES],
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

export type SignedInClaims = { clientId: number; email: string; firstName: string; lastName: string };

/**
 * Finishes a sign-in from the identity provider's redirect: the state must name a live attempt
 * (used once), and the code is exchanged with its PKCE verifier, the ID token checked for the
 * nonce. Answers who the provider says signed in.
 */
export async function finishSignIn(db: Queryable, callbackUrl: string, state: string, options: SsoOptions): Promise<SignedInClaims> {
  const [attempt] = await db.query<{ client_id: number; code_verifier: string; nonce: string; redirect_uri: string }>(
    'DELETE FROM sso_attempts WHERE state_hash = $1 AND expires_at > now() RETURNING client_id, code_verifier, nonce, redirect_uri',
    [hashToken(state)],
  );
  if (!attempt) throw new HttpError('INVALID_TOKEN', 'This sign-in is not valid or took too long: start again', 'state');
  const coverage = await liveCoverage(db, 's.client_id = $1', attempt.client_id);
  if (!coverage) throw new HttpError('FORBIDDEN', 'Single sign-on is no longer on for this organisation', 'state');
  const config = await clientFor(coverage, options).catch(providerUnreachable);
  const url = new URL(callbackUrl);
  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, url, {
      pkceCodeVerifier: attempt.code_verifier,
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // A provider that keeps the ID token lean says who it is at its userinfo endpoint instead.
    if (claims && typeof claims.email !== 'string') {
      claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError('INVALID_CREDENTIALS', `The identity provider did not confirm the sign-in (${reason}): start again`, 'code');
  }
  const email = typeof claims?.email === 'string' ? claims.email.trim() : '';
  if (!email) throw new HttpError('INVALID_CREDENTIALS', 'The identity provider did not say which email signed in', 'code');
  if (claims?.email_verified === false) throw new HttpError('FORBIDDEN', `The identity provider has not verified ${email}`, 'code');
  const covered = await coverageOf(db, email);
  if (covered?.clientId !== coverage.clientId) {
    throw new HttpError('FORBIDDEN', `${email} is not an address ${coverage.companyName} signs in with single sign-on`, 'code');
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');
  return { clientId: coverage.clientId, email, firstName: text(claims?.given_name), lastName: text(claims?.family_name) };
}

function providerUnreachable(error: unknown): never {
  if (error instanceof HttpError) throw error;
  throw new HttpError('BAD_REQUEST', `The identity provider could not be reached: ${reasonOf(error)}`, 'Issuer');
}
