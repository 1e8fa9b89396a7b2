import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from './config';
import { serveConsole } from './console';
import { buildContext, type GatewayContext } from './context';
import { formatError } from './errors';
import { DEFAULT_RATE_LIMITS, rateLimits, type RateLimits } from './rateLimits';
import { resolvers } from './resolvers';
import { loadTypeDefs } from './schema';

export type GatewayOptions = Pick<GatewayConfig, 'subscriptionApiUrl' | 'webDist' | 'trustProxy' | 'captchaSecret' | 'redisUrl'> & {
  rateLimits?: RateLimits;
};

/** The gateway as an Express app: GraphQL at /graphql, health checks, and the console itself. */
export async function createApp(options: GatewayOptions): Promise<express.Express> {
  // graphql-js limits tokens itself (parseOptions); armor's own token parser answers 500 to a syntax error.
  const armor = new ApolloArmor({ maxDepth: { n: 10 }, costLimit: { maxCost: 5000 }, maxTokens: { enabled: false } });
  const protection = armor.protect();
  const server = new ApolloServer<GatewayContext>({
    typeDefs: loadTypeDefs(),
    resolvers,
    formatError,
    ...protection,
    includeStacktraceInErrorResponses: false,
    parseOptions: { maxTokens: 2000 },
    plugins: [...protection.plugins],
    validationRules: [...protection.validationRules],
  });
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

  app.use(
    '/graphql',
    cookieParser(),
    express.json({ limit: '100kb' }),
    ...rateLimits(options.rateLimits ?? DEFAULT_RATE_LIMITS, options.redisUrl),
    expressMiddleware(server, { context: buildContext(options.subscriptionApiUrl, options.captchaSecret) }),
  );

  app.use(serveConsole(options.webDist));
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

export { DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimits';
