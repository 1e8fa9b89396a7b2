import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { describeError, redactMessage } from '@yozy/shared';
import type { GatewayContext } from './context';
import { formatError } from './errors';
import { compilingGateway, executorFromEnv, type ExecutorKind } from './executor';
import { introspectionForExplorers } from './explorer';
import { resolvers } from './resolvers';
import { loadTypeDefs } from './schema';

/**
 * The GraphQL server of the gateway, not yet started: the app serves it, tests execute operations
 * on it. `executor` says how operations run (executor.ts): compiled by graphql-jit, or by graphql-js.
 */
export function createGraphQLServer(
  nodeEnv = process.env.NODE_ENV ?? 'development',
  executor: ExecutorKind = executorFromEnv(),
): ApolloServer<GatewayContext> {
  // graphql-js limits tokens itself (parseOptions); armor's own token parser answers 500 to a syntax error.
  const armor = new ApolloArmor({ maxDepth: { n: 10 }, costLimit: { maxCost: 5000 }, maxTokens: { enabled: false } });
  const protection = armor.protect();
  const schema = makeExecutableSchema({ typeDefs: loadTypeDefs(), resolvers });
  return new ApolloServer<GatewayContext>({
    ...(executor === 'jit' ? { gateway: compilingGateway(schema) } : { schema }),
    formatError,
    logger: apolloLogger,
    nodeEnv,
    ...protection,
    includeStacktraceInErrorResponses: false,
    parseOptions: { maxTokens: 2000 },
    // Apollo's own landing pages load their scripts from Apollo's site: GET /graphql in a browser is
    // our own explorer instead (explorer.ts), and the schema is described to its users only.
    introspection: true,
    plugins: [
      ...protection.plugins,
      ApolloServerPluginLandingPageDisabled(),
      // Apollo's cache control ran a hook on every field of every answer to work out a cache
      // policy that, without @cacheControl hints, is always "not cacheable": `neverCached` says so.
      ApolloServerPluginCacheControlDisabled(),
      neverCached,
      introspectionForExplorers,
      tracedErrors,
    ],
    validationRules: [...protection.validationRules],
  });
}

/** Apollo Server's own messages, told without the data its errors may carry. */
const apolloLogger = {
  debug: () => undefined,
  info: (message: unknown) => console.log(`gateway: ${safeText(message)}`),
  warn: (message: unknown) => console.warn(`gateway: ${safeText(message)}`),
  error: (message: unknown) => console.error(`gateway: ${safeText(message)}`),
};
const safeText = (message: unknown) => (typeof message === 'string' ? redactMessage(message) : describeError(message));

/** Every answer is the signed-in person's own: no browser or proxy keeps it (`Cache-Control: no-store`). */
const neverCached: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set('cache-control', 'no-store');
      },
    };
  },
};

/**
 * Every error answered names the request's id (`extensions.requestId`), which the person can copy
 * from the console's alert and support finds in both services' logs; the log line names the
 * operation and the codes answered.
 */
const tracedErrors: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ contextValue, operationName, request, response }) {
        const record = contextValue.request;
        record.operation = operationName ?? request.operationName ?? null;
        if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
        const { errors } = response.body.singleResult;
        record.errors = errors.map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR'));
        response.body.singleResult.errors = errors.map((error) => ({
          ...error,
          extensions: { ...error.extensions, requestId: record.requestId },
        }));
      },
    };
  },
};
