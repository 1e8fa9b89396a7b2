import type { Request, RequestHandler } from 'express';
import { GraphQLError } from 'graphql';
import { API_KEY_PREFIX } from '@yozy/shared';
import { requestRecord } from '@yozy/shared/requestLog';
import type { RateLimiter } from './rateLimits';

/**
 * The API key an internal tool sends as `Authorization: Bearer <key>`, or null. A tool calls with
 * the key alone: no cookie, no captcha. Only keys are taken from this header; a browser's session
 * stays in its httpOnly cookie.
 */
export function apiKeyOf(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : null;
}

/** Each key's own rate limit, before any work: over it, 429 with `Retry-After`, as GraphQL errors look. */
export function apiKeyRateLimit(limiter: Pick<RateLimiter, 'countApiKeyRequest'>): RequestHandler {
  return async (req, res, next) => {
    const key = apiKeyOf(req);
    if (!key) return next();
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
}
