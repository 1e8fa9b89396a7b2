import type { CookieOptions, Request, Response } from 'express';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '@yozy/shared';

/** The signed-in user's UUID travels beside the token so the gateway can send the `uuid` header. */
export const UUID_COOKIE = 'uuid_org';

function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

export function readSession(req: Request): { token: string | null; uuid: string | null } {
  const cookies = (req.cookies ?? {}) as Record<string, unknown>;
  const token = cookies[SESSION_COOKIE];
  const uuid = cookies[UUID_COOKIE];
  return { token: typeof token === 'string' && token ? token : null, uuid: typeof uuid === 'string' && uuid ? uuid : null };
}

/**
 * Sets the session cookies: for a day when the person chose to be kept signed in; otherwise
 * without an expiry, so the browser drops them when it closes (the REST service ends the session
 * after three hours in any case).
 */
export function writeSession(req: Request, res: Response, token: string, uuid: string, keepSignedIn: boolean): void {
  const options = keepSignedIn ? { ...cookieOptions(req), maxAge: SESSION_MAX_AGE_MS } : cookieOptions(req);
  res.cookie(SESSION_COOKIE, token, options);
  res.cookie(UUID_COOKIE, uuid, options);
}

export function clearSession(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
  res.clearCookie(UUID_COOKIE, cookieOptions(req));
}

/**
 * The step between password and code of a sign-in, kept in an httpOnly cookie so page scripts
 * never see it. It lasts as long as the step does (a few minutes) and is cleared once used.
 */
export const SIGN_IN_STEP_COOKIE = 'sign_in_step';

export function readSignInStep(req: Request): string | null {
  const value = ((req.cookies ?? {}) as Record<string, unknown>)[SIGN_IN_STEP_COOKIE];
  return typeof value === 'string' && value ? value : null;
}

export function writeSignInStep(req: Request, res: Response, challenge: string, expiresAt: Date): void {
  res.cookie(SIGN_IN_STEP_COOKIE, challenge, { ...cookieOptions(req), maxAge: Math.max(0, expiresAt.getTime() - Date.now()) });
}

export function clearSignInStep(req: Request, res: Response): void {
  res.clearCookie(SIGN_IN_STEP_COOKIE, cookieOptions(req));
}

/**
 * A single sign-on under way in this browser: its state, in an httpOnly cookie for as long as the
 * sign-in may take, so the identity provider's redirect is taken only in the browser that started
 * it (a link with someone else's code and state signs nobody in here).
 */
export const SSO_STATE_COOKIE = 'sso_state';
const SSO_STATE_MAX_AGE_MS = 10 * 60_000;

export function readSsoState(req: Request): string | null {
  const value = ((req.cookies ?? {}) as Record<string, unknown>)[SSO_STATE_COOKIE];
  return typeof value === 'string' && value ? value : null;
}

export function writeSsoState(req: Request, res: Response, state: string): void {
  res.cookie(SSO_STATE_COOKIE, state, { ...cookieOptions(req), maxAge: SSO_STATE_MAX_AGE_MS });
}

export function clearSsoState(req: Request, res: Response): void {
  res.clearCookie(SSO_STATE_COOKIE, cookieOptions(req));
}
