import { ApolloServer } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { GatewayContext } from './context';
import { formatError } from './errors';
import { resolvers } from './resolvers';
import { loadTypeDefs } from './schema';

/** The GraphQL server of the gateway, not yet started: the app serves it, tests execute operations on it. */
export function createGraphQLServer(): ApolloServer<GatewayContext> {
  // graphql-js limits tokens itself (parseOptions); armor's own token parser answers 500 to a syntax error.
  const armor = new ApolloArmor({ maxDepth: { n: 10 }, costLimit: { maxCost: 5000 }, maxTokens: { enabled: false } });
  const protection = armor.protect();
  return new ApolloServer<GatewayContext>({
    typeDefs: loadTypeDefs(),
    resolvers,
    formatError,
    ...protection,
    includeStacktraceInErrorResponses: false,
    parseOptions: { maxTokens: 2000 },
    plugins: [...protection.plugins],
    validationRules: [...protection.validationRules],
  });
}
