import { expressMiddleware } from '@as-integrations/express5';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { apiKeyRateLimit, refusingInvalidApiKeys } from './apiKeys';
import { describeError, requestFailure } from '@yozy/shared';
import { createLogger, logRequests, requestRecord } from '@yozy/shared/requestLog';
import type { Logger } from 'pino';
import { DEFAULT_EXPLORER_DIST, type GatewayConfig } from './config';
import { serveConsole } from './console';
import { serveExplorer } from './explorer';
import { ssoCallback } from './singleSignOn';
import { scimEndpoint, SCIM_PATH } from './scim';
import { buildContext } from './context';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimitPolicies';
import { createRateLimiter } from './rateLimits';
import { observeUpstream } from './metrics';
import { createGraphQLServer } from './server';
import { createUpstream, type UpstreamPolicy } from './upstream';
import { createServiceMetrics, metricsEndpoint } from '@yozy/shared/metrics';
import { RETRY_AFTER_SECONDS } from '@yozy/shared/server';

export type GatewayOptions = Pick<
  GatewayConfig,
  'subscriptionApiUrl' | 'webDist' | 'trustProxy' | 'publicUrl' | 'captchaSecret' | 'serviceToken' | 'redisUrl'
> &
  Partial<Pick<GatewayConfig, 'explorerDist' | 'metricsAllow' | 'subscriptionApiReplicas' | 'previousCaptchaSecret'>> & {
    /** Time limits, retries and the breaker of the calls to the REST service (upstream.ts); tests pass short ones. */
    upstream?: UpstreamPolicy;
    /** The limits of rateLimitPolicies.ts; tests pass small windows and waits. */
    rateLimits?: RateLimits;
    /** Apollo Server's mode (error detail); defaults to NODE_ENV. */
    nodeEnv?: string;
    /** Where each request's log line goes (index.ts: LOG_LEVEL to standard output); none by default. */
    logger?: Logger;
  };

/** The gateway as an Express app: GraphQL at /graphql, health checks, and the console itself. */
export async function createApp(options: GatewayOptions): Promise<express.Express> {
  const server = createGraphQLServer(options.nodeEnv ?? process.env.NODE_ENV ?? 'development');
  await server.start();
  const upstream = createUpstream(options.upstream, undefined, options.subscriptionApiReplicas);
  const metrics = createServiceMetrics('gateway');
  observeUpstream(metrics, upstream);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy === 'none' ? false : options.trustProxy);
  const trusted = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  /** Whether the connection comes from a proxy in front (a load balancer): what it forwards is somebody else's request. */
  const fromProxy = (address: string | undefined) => trusted(address, 0);
  // Before everything else: the operator's scrapes are neither logged nor counted as requests.
  app.use(metricsEndpoint(metrics, options.metricsAllow ?? 'loopback', fromProxy));
  // A request id is taken from the proxies trusted for the client's address, and made up otherwise.
  app.use(
    logRequests(options.logger ?? createLogger('gateway', 'silent'), {
      trustsSentId: (req) => fromProxy(req.socket.remoteAddress),
      observe: metrics.observeRequest,
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Chakra UI writes its styles at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          // The ALTCHA widget solves its proof of work in workers it creates from its own bundle.
          'worker-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Attempts are counted where they run, in the resolvers of the public mutations (`counted` and `signInAttempt` in guards.ts).
  const limiter = createRateLimiter(options.rateLimits ?? DEFAULT_RATE_LIMITS, options.redisUrl);
  const context = buildContext({
    subscriptionApiUrl: options.subscriptionApiUrl,
    captchaSecret: options.captchaSecret,
    previousCaptchaSecret: options.previousCaptchaSecret,
    serviceToken: options.serviceToken,
    publicUrl: options.publicUrl,
    limiter,
    upstream,
  });
  // Ready once every dependency answered: the REST service (and through it the database), and
  // Redis when the counters are kept there. Redis going away later does not take the gateway out
  // of the load balancer: the counters fall back to memory meanwhile, as the log says. The REST
  // service is asked through the breaker: while it is open the answer is 503 at once, and a
  // successful check closes it. Through a proxy the answer says whether, never what.
  app.get('/readyz', async (req, res) => {
    const store = limiter.store();
    const redis =
      store.kind === 'memory'
        ? 'not used'
        : store.reachable
          ? 'ok'
          : store.reachedOnce
            ? 'unreachable: counters in memory'
            : 'not reached yet';
    let subscriptionApi = 'ok';
    try {
      const answer = await upstream.fetch(new URL('health', options.subscriptionApiUrl).href, { signal: AbortSignal.timeout(3000) });
      if (!answer.ok) throw new Error(`status ${answer.status}`);
    } catch {
      subscriptionApi = 'unreachable or its database is down';
    }
    const ready = subscriptionApi === 'ok' && (store.kind === 'memory' || store.reachedOnce);
    if (!ready) res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
    const status = ready ? 'ok' : 'unavailable';
    const database = subscriptionApi === 'ok' ? 'ok' : 'unknown';
    res.status(ready ? 200 : 503).json(fromProxy(req.socket.remoteAddress) ? { status } : { status, subscriptionApi, database, redis });
  });

  // SCIM provisioning for organisations' identity providers: its own protocol, outside GraphQL, through the same request ids and limits.
  app.use(
    SCIM_PATH,
    scimEndpoint({
      subscriptionApiUrl: options.subscriptionApiUrl,
      serviceToken: options.serviceToken,
      publicUrl: options.publicUrl,
      limiter,
      upstream,
    }),
  );
  const callback = ssoCallback(context);
  app.get(callback.path, cookieParser(), callback.handler);
  app.use('/graphql', cookieParser(), apiKeyRateLimit(limiter));
  app.use(serveExplorer(options.explorerDist ?? DEFAULT_EXPLORER_DIST, context));
  app.use(
    '/graphql',
    // A file of people to import (at most 500 rows) is the largest thing the console sends.
    express.json({ limit: '1mb' }),
    expressMiddleware(server, { context: refusingInvalidApiKeys(context) }),
  );

  app.use(serveConsole(options.webDist));
  app.use(jsonErrors);
  return app;
}

/**
 * Requests that never reach GraphQL (bad JSON, oversize bodies, unsupported charsets, missing
 * files) still get a JSON answer that says what was wrong; only our own failures are a 500.
 */
const jsonErrors: express.ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const failure = requestFailure(error);
  const record = requestRecord(res);
  // Written on the request's own log line, under its id.
  if (!failure) record.failure = describeError(error);
  const { status, message } = failure ?? { status: 500, message: 'Something went wrong on our side' };
  const code = status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR';
  record.errors = [code];
  res.status(status).json({ errors: [{ message, extensions: { code, requestId: record.requestId } }] });
};

export { DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimitPolicies';
export { DEFAULT_UPSTREAM_POLICY, type UpstreamPolicy } from './upstream';
export { createHttpServer, SERVER_TIMEOUTS, type ServerTimeouts } from '@yozy/shared/server';
