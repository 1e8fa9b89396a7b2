import express, { type Request, type Response } from 'express';
import { GraphQLError } from 'graphql';
import {
  CLIENT_ADDRESS_HEADER,
  CLIENT_USER_AGENT_HEADER,
  describeError,
  requestFailure,
  SCIM_BASE_URL_HEADER,
  SERVICE_TOKEN_HEADER,
} from '@yozy/shared';
import { REQUEST_ID_HEADER, requestRecord } from '@yozy/shared/requestLog';
import type { RateLimiter } from './rateLimits';
import type { Upstream } from './upstream';

export const SCIM_PATH = '/scim/v2';

const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const SCIM_CONTENT_TYPE = 'application/scim+json';

/** The headers of the REST service's answer the identity provider gets. */
const PASSED_BACK = ['content-type', 'etag', 'location', 'www-authenticate'];
/** The headers of the identity provider's request the REST service gets. */
const PASSED_ON = ['authorization', 'content-type', 'if-match', 'if-none-match'];

function scimError(res: Response, status: number, detail: string, headers: Record<string, string> = {}) {
  res.set(headers);
  res
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .send(JSON.stringify({ schemas: [SCIM_ERROR], status: String(status), detail }));
}

const bearerOf = (req: Request) => /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? null;

/**
 * `/scim/v2/`: the SCIM 2.0 endpoint an organisation's identity provider calls with its
 * provisioning token. The gateway counts each token's requests (`provisioningToken` in
 * rateLimitPolicies.ts: over it, 429 with `Retry-After`), gives the request its id, and passes it
 * to the REST service with the service credential; the REST service checks the token, speaks
 * SCIM and keeps the organisation's data. The answer comes back as it was.
 */
export function scimEndpoint(options: {
  subscriptionApiUrl: string;
  serviceToken: string;
  publicUrl: string;
  limiter: Pick<RateLimiter, 'countProvisioningRequest'>;
  upstream: Upstream;
}): express.Router {
  const router = express.Router();
  const baseUrl = `${options.publicUrl.replace(/\/+$/, '')}${SCIM_PATH}`;
  router.use(express.text({ type: () => true, limit: '1mb' }));
  router.use(async (req, res) => {
    const record = requestRecord(res);
    record.operation = `SCIM ${req.method} ${req.path.split('/').slice(0, 2).join('/') || '/'}`;
    const token = bearerOf(req);
    if (token) {
      try {
        await options.limiter.countProvisioningRequest(token);
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        const http = error.extensions.http as { status: number; headers: Map<string, string> };
        record.errors = ['RATE_LIMITED'];
        scimError(res, http.status, error.message, Object.fromEntries(http.headers));
        return;
      }
    }
    const headers: Record<string, string> = {
      [SERVICE_TOKEN_HEADER]: options.serviceToken,
      [REQUEST_ID_HEADER]: record.requestId,
      [SCIM_BASE_URL_HEADER]: baseUrl,
      [CLIENT_ADDRESS_HEADER]: req.ip ?? req.socket.remoteAddress ?? '',
    };
    const userAgent = req.get('user-agent');
    if (userAgent) headers[CLIENT_USER_AGENT_HEADER] = userAgent.slice(0, 512);
    for (const name of PASSED_ON) {
      const value = req.get(name);
      if (value) headers[name] = value;
    }
    const url = new URL(
      `${SCIM_PATH.slice(1)}${req.url}`,
      options.subscriptionApiUrl.endsWith('/') ? options.subscriptionApiUrl : `${options.subscriptionApiUrl}/`,
    );
    const body = typeof req.body === 'string' && req.body.length > 0 ? req.body : undefined;
    let answer;
    try {
      answer = await options.upstream.fetch(url.href, { method: req.method, headers, ...(body !== undefined ? { body } : {}) });
    } catch {
      record.errors = ['UPSTREAM_UNAVAILABLE'];
      scimError(res, 503, 'The subscription service is not answering. Try again in a moment.', { 'retry-after': '5' });
      return;
    }
    for (const name of PASSED_BACK) {
      const value = answer.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    if (answer.status >= 400) record.errors = [String(answer.status)];
    // As it came: `send` would add an ETag of its own to answers that have none (a refusal, a list).
    res.status(answer.status).end(await answer.text());
  });
  // A body too large (or unreadable) never reaches the REST service: still a SCIM error.
  router.use(((error, _req, res, _next) => {
    const failure = requestFailure(error);
    const record = requestRecord(res);
    if (!failure) record.failure = describeError(error);
    record.errors = [String(failure?.status ?? 500)];
    scimError(res, failure?.status ?? 500, failure?.message ?? 'Something went wrong on our side');
  }) as express.ErrorRequestHandler);
  return router;
}
