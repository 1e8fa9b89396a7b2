import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { describeError, redactMessage } from '@yozy/shared';
import type { GatewayContext } from './context';
import { formatError } from './errors';
import { resolvers } from './resolvers';
import { loadTypeDefs } from './schema';

/** The GraphQL server of the gateway, not yet started: the app serves it, tests execute operations on it. */
export function createGraphQLServer(nodeEnv = process.env.NODE_ENV ?? 'development'): ApolloServer<GatewayContext> {
  // graphql-js limits tokens itself (parseOptions); armor's own token parser answers 500 to a syntax error.
  const armor = new ApolloArmor({ maxDepth: { n: 10 }, costLimit: { maxCost: 5000 }, maxTokens: { enabled: false } });
  const protection = armor.protect();
  return new ApolloServer<GatewayContext>({
    typeDefs: loadTypeDefs(),
    resolvers,
    formatError,
    logger: apolloLogger,
    nodeEnv,
    ...protection,
    includeStacktraceInErrorResponses: false,
    parseOptions: { maxTokens: 2000 },
    // Apollo's own landing pages load their scripts from Apollo's site: in development a plain
    // page of ours says how to query, and production serves none.
    plugins: [...protection.plugins, ApolloServerPluginLandingPageDisabled(), ...(nodeEnv === 'production' ? [] : [plainLandingPage])],
    validationRules: [...protection.validationRules],
  });
}

/** What a browser opening /graphql sees in development: text only, nothing loaded from anywhere. */
const plainLandingPage: ApolloServerPlugin<GatewayContext> = {
  async serverWillStart() {
    return {
      async renderLandingPage() {
        return {
          html: `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Yozy Admin Console: GraphQL</title></head>
  <body>
    <h1>Yozy Admin Console: GraphQL</h1>
    <p>This is the GraphQL endpoint of the console. Send each operation as a POST request with the header
      <code>Content-Type: application/json</code> and a body such as <code>{"query": "{ viewer { email } }"}</code>.</p>
    <p>The schema is in <code>schema/*.graphql</code> of the repository; signing in sets the session cookie
      that later requests send.</p>
  </body>
</html>
`,
        };
      },
    };
  },
};

/** Apollo Server's own messages, told without the data its errors may carry. */
const apolloLogger = {
  debug: () => undefined,
  info: (message: unknown) => console.log(`gateway: ${safeText(message)}`),
  warn: (message: unknown) => console.warn(`gateway: ${safeText(message)}`),
  error: (message: unknown) => console.error(`gateway: ${safeText(message)}`),
};
const safeText = (message: unknown) => (typeof message === 'string' ? redactMessage(message) : describeError(message));
