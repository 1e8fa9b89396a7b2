import type { Request, Response } from 'express';
import { requestRecord, type RequestRecord } from '@yozy/shared/requestLog';
import { apiKeyOf } from './apiKeys';
import { Captcha } from './captcha';
import { Caller, createDataSources, type DataSources } from './datasources';
import { deviceCookieKey, deviceCookies, type DeviceCookies } from './deviceCookies';
import type { Profile } from './datasources/types';
import { errorCode } from './errors';
import type { RateLimiter } from './rateLimits';
import type { Upstream } from './upstream';
import { clearSession, clearSignInStep, readSession, readSignInStep, writeSession, writeSignInStep, writeSsoState } from './session';

/** Where the identity provider sends the browser back after a single sign-on (singleSignOn.ts). */
export const SSO_CALLBACK_PATH = '/sso/callback';

export type GatewayContext = {
  /** This request's id and what its log line says (errors carry the id in `extensions.requestId`). */
  request: RequestRecord;
  dataSources: DataSources;
  captcha: Pick<Captcha, 'challenge' | 'verify'>;
  /**
   * Counts the attempts of the public mutations (`counted` and `signInAttempt` in guards.ts), and
   * reads and clears the holds on a person's sign-in (signInHolds.ts).
   */
  limiter: Pick<RateLimiter, 'count' | 'signIn' | 'firstInMinute' | 'holdWindowMs' | 'signInHolds' | 'clearSignInHolds'>;
  /** The client's address as Express sees it through the trusted proxies. */
  clientAddress: string;
  /** The browser's device cookies: which accounts it signed in to before (a session start adds one). */
  devices: Pick<DeviceCookies, 'trusted'>;
  /** The call is an internal tool's, with an API key instead of a browser's session. */
  usesApiKey: boolean;
  /** The console's address (PUBLIC_URL), which the links the gateway answers start with. */
  publicUrl: string;
  /** The signed-in user, fetched at most once per request; null when signed out or the session ended. */
  viewer(): Promise<Profile | null>;
  /** The browser's session: set after a sign-in, cleared after a sign-out. */
  session: {
    /** Sets the session cookie, for a day or (not kept signed in) until the browser closes. */
    start(session: { token: string; user: Profile; keepSignedIn: boolean }): void;
    end(): void;
  };
  /** A single sign-on starting in this browser: where the identity provider sends it back, and binding its state. */
  singleSignOn: {
    callbackUrl: string;
    begin(state: string): void;
  };
  /** The step between password and code of a sign-in in progress in this browser (an httpOnly cookie). */
  signInStep: {
    current(): string | null;
    begin(challenge: string, expiresAt: Date): void;
    end(): void;
  };
};

export type ContextOptions = {
  subscriptionApiUrl: string;
  captchaSecret: string;
  /** The captcha secret before a rotation: captchas and device cookies it signed still count. */
  previousCaptchaSecret?: string;
  serviceToken: string;
  /** The console's address (PUBLIC_URL), which the single sign-on redirect address is built from. */
  publicUrl: string;
  limiter: RateLimiter;
  /** How the REST service is called (upstream.ts); the plain fetch when not given (unit tests). */
  upstream?: Pick<Upstream, 'fetch'>;
};

export function buildContext({
  subscriptionApiUrl,
  captchaSecret,
  previousCaptchaSecret,
  serviceToken,
  publicUrl,
  limiter,
  upstream,
}: ContextOptions) {
  const deviceKey = deviceCookieKey(captchaSecret);
  const previousDeviceKey = previousCaptchaSecret ? deviceCookieKey(previousCaptchaSecret) : undefined;
  return async ({ req, res }: { req: Request; res: Response }): Promise<GatewayContext> => {
    // A tool's key, when sent, is the caller; otherwise the browser's session cookie.
    const apiKey = apiKeyOf(req);
    const { token, uuid } = apiKey ? { token: apiKey, uuid: null } : readSession(req);
    const clientAddress = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const request = requestRecord(res);
    request.caller = apiKey ? 'key' : token ? 'person' : 'anonymous';
    const caller = new Caller(token, uuid, clientAddress, req.get('user-agent'), request.requestId, req.get('idempotency-key'));
    const dataSources = createDataSources({ baseURL: subscriptionApiUrl, serviceToken, fetch: upstream?.fetch }, caller);
    let viewer: Promise<Profile | null> | undefined;
    let step = readSignInStep(req);
    const devices = deviceCookies(deviceKey, req, res, previousDeviceKey);
    const known = (profile: Profile | null) => {
      if (profile) request.organizationId = profile.ClientId;
      return profile;
    };
    return {
      request,
      dataSources,
      limiter,
      clientAddress,
      devices,
      usesApiKey: apiKey !== null,
      publicUrl,
      captcha: new Captcha(
        captchaSecret,
        (signature, expiresAt) => dataSources.account.consumeCaptcha(signature, expiresAt),
        previousCaptchaSecret,
      ),
      viewer: () =>
        (viewer ??= caller.token ? dataSources.account.getProfile().then(known, nullWhenUnauthenticated) : Promise.resolve(null)),
      session: {
        start({ token: newToken, user, keepSignedIn }) {
          writeSession(req, res, newToken, user.UUID, keepSignedIn);
          // Signed in here: this browser is one the person has used before (rateLimits.ts).
          devices.remember({ email: user.OfficialEmail, userId: user.ClientUserId });
          caller.token = newToken;
          caller.uuid = user.UUID;
          request.caller = 'person';
          viewer = Promise.resolve(known(user));
        },
        end() {
          clearSession(req, res);
          caller.token = null;
          caller.uuid = null;
          viewer = Promise.resolve(null);
        },
      },
      singleSignOn: {
        callbackUrl: `${publicUrl}${SSO_CALLBACK_PATH}`,
        begin: (state) => writeSsoState(req, res, state),
      },
      signInStep: {
        current: () => step,
        begin(challenge, expiresAt) {
          writeSignInStep(req, res, challenge, expiresAt);
          step = challenge;
        },
        end() {
          if (step) clearSignInStep(req, res);
          step = null;
        },
      },
    };
  };
}

function nullWhenUnauthenticated(error: unknown): null {
  if (errorCode(error) === 'UNAUTHENTICATED') return null;
  throw error;
}
