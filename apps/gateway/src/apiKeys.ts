import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GraphQLError } from 'graphql';
import { API_KEY_PREFIX, bearerChallenge } from '@yozy/shared';
import { requestRecord, type RequestRecord } from '@yozy/shared/requestLog';
import type { RateLimiter } from './rateLimits';

/**
 * The API key an internal tool sends as `Authorization: Bearer <key>`, or null. A tool calls with
 * the key alone: no cookie, no captcha. Only keys are taken from this header; a browser's session
 * stays in its httpOnly cookie.
 */
export function apiKeyOf(req: Request): string | null {
  const sent = bearerOf(req);
  return sent?.startsWith(API_KEY_PREFIX) ? sent : null;
}

/** Whatever is sent as `Authorization: Bearer …`: at the gateway, only an API key belongs there. */
function bearerOf(req: Request): string | null {
  return /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? null;
}

export const INVALID_API_KEY_MESSAGE = 'The API key is not valid or has been revoked';

/** What the refusal reads of a request's context (context.ts's GatewayContext has these). */
type KeyedContext = { request: RequestRecord; usesApiKey: boolean; viewer(): Promise<unknown> };
type ContextOf<Context extends KeyedContext> = (args: { req: Request; res: Response }) => Promise<Context>;

/**
 * A tool whose key is wrong (unknown, revoked, expired, or not a key at all) is told so with
 * HTTP 401 and `WWW-Authenticate: Bearer … error="invalid_token"` (RFC 6750) before anything runs,
 * rather than the "Sign in to continue" a browser without a session gets in a 200 answer: a
 * browser's requests, which carry a cookie and never this header, are answered as before.
 */
export function refusingInvalidApiKeys<Context extends KeyedContext>(contextOf: ContextOf<Context>): ContextOf<Context> {
  return async (args) => {
    const ctx = await contextOf(args);
    if (bearerOf(args.req) === null || (ctx.usesApiKey && (await ctx.viewer()))) return ctx;
    ctx.request.errors = ['UNAUTHENTICATED'];
    throw new GraphQLError(INVALID_API_KEY_MESSAGE, {
      extensions: {
        code: 'UNAUTHENTICATED',
        requestId: ctx.request.requestId,
        http: { status: 401, headers: new Map([['www-authenticate', bearerChallenge('invalid_token', INVALID_API_KEY_MESSAGE)]]) },
      },
    });
  };
}

/** Each key's own rate limit, before any work: over it, 429 with `Retry-After`, as GraphQL errors look. */
export function apiKeyRateLimit(limiter: Pick<RateLimiter, 'countApiKeyRequest'>): RequestHandler {
  const counted = async (key: string, res: Response, next: NextFunction) => {
    try {
      await limiter.countApiKeyRequest(key);
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const http = error.extensions.http as { status: number; headers: Map<string, string> };
      for (const [name, value] of http.headers) res.set(name, value);
      const record = requestRecord(res);
      const code = String(error.extensions.code);
      record.errors = [code];
      res.status(http.status).json({ errors: [{ message: error.message, extensions: { code, requestId: record.requestId } }] });
      return;
    }
    next();
  };
  // Not itself async: a request without a key (the console's) goes on at once, without a promise of its own.
  return (req, res, next) => {
    const key = apiKeyOf(req);
    if (!key) return next();
    return counted(key, res, next);
  };
}
