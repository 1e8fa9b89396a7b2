import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/**
 * The session lives in the gateway's httpOnly cookie, so the browser sends it on every
 * same-origin request; nothing about identity is kept in JavaScript.
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    cache: new InMemoryCache(),
  });
}
