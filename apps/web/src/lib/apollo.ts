import { ApolloClient, InMemoryCache } from '@apollo/client';
import { BaseHttpLink } from '@apollo/client/link/http';

/**
 * The session lives in the gateway's httpOnly cookie, so the browser sends it on every
 * same-origin request; nothing about identity is kept in JavaScript.
 * BaseHttpLink rather than HttpLink: the console reports no client name to a GraphQL registry,
 * and the client-awareness part would only add weight to the first screen.
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new BaseHttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    cache: new InMemoryCache(),
  });
}
