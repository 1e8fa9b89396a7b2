import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { logError } from '@yozy/shared';
import { SSO_CALLBACK_PATH, type GatewayContext } from './context';
import { errorCode } from './errors';
import { clearSsoState, readSsoState } from './session';

type ContextOf = (args: { req: Request; res: Response }) => Promise<GatewayContext>;

/**
 * Why a single sign-on did not sign anyone in, as the sign-in page says it (`/login?sso=<reason>`).
 * Only these words reach the page: nothing from the address is shown as it came.
 */
export const SSO_FAILURES = {
  expired: 'INVALID_TOKEN',
  unconfirmed: 'INVALID_CREDENTIALS',
  refused: 'FORBIDDEN',
  seats: 'SEAT_LIMIT',
  claims: 'BAD_USER_INPUT',
} as const;
export type SsoFailure = keyof typeof SSO_FAILURES | 'unavailable';

function failureOf(error: unknown): SsoFailure {
  const code = errorCode(error);
  const found = Object.entries(SSO_FAILURES).find(([, value]) => value === code)?.[0] as SsoFailure | undefined;
  return found ?? 'unavailable';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /sso/callback: the identity provider sends the browser back here. The state must be the one
 * this browser started with (its httpOnly cookie); the REST service then checks the state, the
 * callback address (the console's configured one, as the sign-in began with), the code with its
 * PKCE verifier and the ID token's nonce, and answers a session, which becomes the session
 * cookie, or the console's own two-factor step when the identity provider did not use
 * multi-factor, which the sign-in page then asks for. Otherwise the browser goes to the sign-in
 * page saying why not.
 */
export function ssoCallback(contextOf: ContextOf): { path: string; handler: RequestHandler } {
  const handler: RequestHandler = async (req, res) => {
    const sent = typeof req.query.state === 'string' ? req.query.state : '';
    const started = readSsoState(req);
    clearSsoState(req, res);
    res.set('Cache-Control', 'no-store');
    if (!sent || !started || !timingSafeEqual(digest(sent), digest(started))) {
      res.redirect(303, '/login?sso=expired');
      return;
    }
    const ctx = await contextOf({ req, res });
    try {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      const answer = await ctx.dataSources.account.finishSso(`${ctx.singleSignOn.callbackUrl}${query}`, sent);
      if ('challenge' in answer) {
        ctx.signInStep.begin(answer.challenge, new Date(answer.challengeExpiresAt));
        res.redirect(303, `/login?step=${answer.twoFactor}`);
        return;
      }
      ctx.session.start(answer);
      res.redirect(303, '/');
    } catch (error) {
      const failure = failureOf(error);
      if (failure === 'unavailable') logError('gateway: a single sign-on could not finish', error);
      res.redirect(303, `/login?sso=${failure}`);
    }
  };
  return { path: SSO_CALLBACK_PATH, handler };
}
