import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once for the process. With options that depend on nothing of the
 * request (no directive given as a function), helmet gives every answer the same headers: they
 * are taken from one run of its middleware at start, and each answer gets them as they are,
 * instead of a dozen middlewares working them out again on every request.
 */
export function securityHeaders(options: HelmetOptions): RequestHandler {
  const policy = options.contentSecurityPolicy;
  const directives = typeof policy === 'object' ? Object.values(policy.directives ?? {}) : [];
  if (
    directives.some((value) => typeof value === 'function' || (Array.isArray(value) && value.some((part) => typeof part === 'function')))
  ) {
    throw new Error('A content security policy directive that depends on the request (a function) cannot be worked out once');
  }
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let done = false;
  helmet(options)({ method: 'GET', url: '/', headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    done = true;
  });
  if (!done || set.length === 0) throw new Error('helmet did not give its headers at once: they may depend on the request');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
