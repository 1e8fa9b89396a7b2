import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expressMiddleware } from '@as-integrations/express5';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from './config';
import { buildContext } from './context';
import { createRateLimiter, DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimits';
import { createGraphQLServer } from './server';

export type GatewayOptions = Pick<
  GatewayConfig,
  'subscriptionApiUrl' | 'webDist' | 'trustProxy' | 'captchaSecret' | 'serviceToken' | 'redisUrl'
> & {
  /** The limits of rateLimits.ts; tests pass small windows and waits. */
  rateLimits?: RateLimits;
};

/** The gateway as an Express app: GraphQL at /graphql, health checks, and the console itself. */
export async function createApp(options: GatewayOptions): Promise<express.Express> {
  const server = createGraphQLServer();
  await server.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
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
  app.get('/readyz', async (_req, res) => {
    try {
      const answer = await fetch(new URL('health', options.subscriptionApiUrl), { signal: AbortSignal.timeout(3000) });
      if (!answer.ok) throw new Error(`status ${answer.status}`);
      res.json({ status: 'ok', subscriptionApi: 'ok', database: 'ok' });
    } catch {
      res.status(503).json({ status: 'unavailable', subscriptionApi: 'unreachable or its database is down' });
    }
  });

  // Attempts are counted where they run, in the resolvers of the public mutations (rateLimits.ts).
  const limiter = createRateLimiter(options.rateLimits ?? DEFAULT_RATE_LIMITS, options.redisUrl);
  app.use(
    '/graphql',
    cookieParser(),
    express.json({ limit: '100kb' }),
    expressMiddleware(server, {
      context: buildContext({
        subscriptionApiUrl: options.subscriptionApiUrl,
        captchaSecret: options.captchaSecret,
        serviceToken: options.serviceToken,
        limiter,
      }),
    }),
  );

  serveConsole(app, options.webDist);
  app.use(jsonErrors);
  return app;
}

/** Malformed requests that never reach GraphQL (bad JSON, oversize bodies) still get a JSON answer. */
const jsonErrors: express.ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const status = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : 500;
  if (status >= 500) console.error('gateway: unexpected error', error);
  const message =
    status === 400
      ? 'Malformed JSON body'
      : status === 413
        ? 'Request body too large'
        : status === 404
          ? 'Not found'
          : 'Something went wrong on our side';
  res.status(status).json({ errors: [{ message, extensions: { code: status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR' } }] });
};

/** Serves the built single-page console with a history fallback, so deep links work. */
function serveConsole(app: express.Express, webDist: string) {
  const index = join(webDist, 'index.html');
  app.use('/assets', express.static(join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(webDist, { index: false }));
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!existsSync(index)) {
      res.status(503).type('text').send('The console is not built yet: run `npm run build`.');
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
}

export { DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimits';
