import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { HttpError } from './errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Lets a request through only with the gateway's service credential in its own header, compared
 * in constant time (digests of equal length, so the length of the secret does not leak either).
 * Nothing after it runs without the credential, so a refused call writes nothing.
 */
export function requireGateway(serviceToken: string, previousServiceToken?: string): RequestHandler {
  const fromGateway = carriesServiceToken(serviceToken, previousServiceToken);
  return (req, res, next) => {
    if (!fromGateway(req)) throw notFromGateway();
    res.locals.fromGateway = true;
    next();
  };
}

const notFromGateway = () => new HttpError('UNAUTHENTICATED', 'This call is for the gateway only');

/** The guard of an operation only the gateway calls (`access: 'gateway'`): `recogniseGateway` ran first and found its credential. */
export const requireFromGateway: RequestHandler = (_req, res, next) => {
  if (res.locals.fromGateway !== true) throw notFromGateway();
  next();
};

/**
 * Notes that a call carries the gateway's credential without requiring it (a session token may be
 * sent to this port directly), so the client address the gateway reports can go into the audit
 * log, and an API key, which `authenticate` takes only from the gateway, is let through.
 */
export function recogniseGateway(serviceToken: string, previousServiceToken?: string): RequestHandler {
  const fromGateway = carriesServiceToken(serviceToken, previousServiceToken);
  return (req, res, next) => {
    if (fromGateway(req)) res.locals.fromGateway = true;
    next();
  };
}

/**
 * Whether a request carries the gateway's service credential in its own header: the current one,
 * or while it is rotated the one before (both compared, so the time taken tells nothing).
 */
export function carriesServiceToken(serviceToken: string, previousServiceToken?: string): (req: IncomingMessage) => boolean {
  const expected = [serviceToken, ...(previousServiceToken ? [previousServiceToken] : [])].map(digest);
  return (req) => {
    const sent = req.headers[SERVICE_TOKEN_HEADER];
    if (typeof sent !== 'string') return false;
    const given = digest(sent);
    return expected.map((one) => timingSafeEqual(given, one)).includes(true);
  };
}

export type Client = { ip: string | null; userAgent: string | null };

/**
 * The person behind a call, as the gateway reports them. A request without the credential has
 * no say: forwarding headers a caller sets itself are never recorded.
 */
export function clientOf(req: Request, res: Response): Client {
  if (res.locals.fromGateway !== true) return { ip: null, userAgent: null };
  const ip = req.get(CLIENT_ADDRESS_HEADER)?.trim() ?? '';
  const userAgent = req.get(CLIENT_USER_AGENT_HEADER)?.slice(0, 512) ?? '';
  return { ip: isIP(ip) ? ip : null, userAgent: userAgent || null };
}
