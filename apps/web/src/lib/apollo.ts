import { ApolloClient, ApolloLink, InMemoryCache, defaultDataIdFromObject } from '@apollo/client';
import { BaseHttpLink } from '@apollo/client/link/http';
import { idempotencyLink } from './idempotency';

/** `OrganizationPage`, `UserPage`, …: the page types of the list contract. */
export const isListPageType = (typename: string | undefined) => typename !== undefined && /.Page$/.test(typename);

/**
 * How answers are kept between screens:
 * - Things with an id (organisations, users, …) are stored once, under their type and id, so a
 *   mutation that returns what it changed updates every list and detail that shows it.
 * - Pages of the list contract (`…Page`) are answers to one question, not things: each stays
 *   inside the field that asked, once per set of arguments (page, search, filter, sort), so
 *   moving between pages, sorts and searches never mixes their rows. After a create or delete,
 *   `dropListPages` throws away a list's pages and the screens showing it fetch it again.
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    dataIdFromObject(object, context) {
      if (isListPageType(object.__typename)) return false;
      return defaultDataIdFromObject(object, context);
    },
    typePolicies: {
      // A person's row in a group's lists belongs to that group (when they joined it, whether they
      // are in it): stored inside the list that asked, never under the person's id across groups.
      GroupMember: { keyFields: false },
      GroupCandidate: { keyFields: false },
      // One organisation's settings: saving them updates the form that read them.
      OrganizationSettings: { keyFields: ['organizationId'] },
      // Likewise its email settings: saving them, or a mail's wording, updates the screen that read them.
      EmailSettings: { keyFields: ['organizationId'] },
      SsoSettings: { keyFields: ['organizationId'] },
      Query: {
        fields: {
          // An organisation already in the cache (e.g. from the list) shows at once on its page.
          organization: {
            read(existing, { args, toReference }) {
              if (existing !== undefined || typeof args?.id !== 'string') return existing;
              return toReference({ __typename: 'Organization', id: args.id });
            },
          },
        },
      },
    },
  });
}

/**
 * The session lives in the gateway's httpOnly cookie, so the browser sends it on every
 * same-origin request; nothing about identity is kept in JavaScript.
 * BaseHttpLink rather than HttpLink: the console reports no client name to a GraphQL registry,
 * and the client-awareness part would only add weight to the first screen.
 * Mutations carry an Idempotency-Key per submit (idempotency.ts).
 */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([idempotencyLink, new BaseHttpLink({ uri: '/graphql', credentials: 'same-origin' })]),
    cache: createCache(),
  });
}
