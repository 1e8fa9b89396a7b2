import { ORGANIZATION_REST_FIELDS, SERVICE_TOKEN_HEADER, SESSION_COOKIE, USER_REST_FIELDS } from '@yozy/shared';
import { consoleDocument } from '../support/consoleDocuments';
import type { Bench, Signer } from './bench';

/** A call of the REST service, as the gateway makes it for one of the console's operations. */
export type RestCall = { path: string; headers?: Record<string, string> };

/** One of the console's operations with the variables its screen sends and the REST calls the gateway makes for it. */
export type ConsoleOperation = {
  name: string;
  as: Signer;
  variables: Record<string, unknown>;
  /** The same data read straight from the REST service: the calls the gateway makes, in turn, with the same parameters. */
  rest: (bench: Bench) => RestCall[];
};

/** A list's first page as the console asks for it (lists.ts in the gateway: 25 rows, the total counted). */
const firstPage = (path: string, order: string): RestCall => ({
  path: `${path}?${new URLSearchParams({ limit: '25', offset: '0', order })}`,
  headers: { prefer: 'count=exact' },
});

/** The signed-in person, which the gateway asks for first on every operation (its guards and the viewer need it). */
const ME: RestCall = { path: '/users/me' };

/** The five operations the console sends most: on every screen, and on the screens people open most. */
export const MOST_USED: ConsoleOperation[] = [
  {
    name: 'Viewer',
    as: 'admin',
    variables: {},
    rest: (bench) => [ME, { path: `/users/product-address?${new URLSearchParams({ email: bench.emails.admin })}` }],
  },
  {
    name: 'OrganizationList',
    as: 'superAdmin',
    variables: { page: { offset: 0, limit: 25 } },
    rest: () => [ME, firstPage('/subscription_client_details', `${ORGANIZATION_REST_FIELDS.companyName}.asc`)],
  },
  {
    name: 'UserList',
    as: 'admin',
    variables: { page: { offset: 0, limit: 25 } },
    rest: () => [ME, firstPage('/subscription_client_users', `${USER_REST_FIELDS.firstName}.asc`)],
  },
  {
    name: 'SessionList',
    as: 'admin',
    variables: { page: { offset: 0, limit: 25 } },
    rest: () => [ME, firstPage('/subscription_user_sessions', 'StartedAt.desc')],
  },
  { name: 'DashboardSummary', as: 'admin', variables: {}, rest: () => [ME, { path: '/insights/dashboard' }] },
];

/** The cookie header of a signed-in session. */
export function cookieOf(bench: Bench, as: Signer): string {
  return [...bench.sessions[as].cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** The request the console's screen sends the gateway for `operation`. */
export function gatewayRequest(bench: Bench, operation: Pick<ConsoleOperation, 'name' | 'as' | 'variables'>) {
  return {
    url: `${bench.gatewayUrl}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', cookie: cookieOf(bench, operation.as) },
    // As Apollo Client sends it: the operation named beside its document.
    body: JSON.stringify({ operationName: operation.name, query: consoleDocument(operation.name), variables: operation.variables }),
  };
}

/** The headers the gateway sends the REST service for the signed-in person (SubscriptionService.willSendRequest). */
export function restHeaders(bench: Bench, as: Signer, call: RestCall): Record<string, string> {
  const cookies = bench.sessions[as].cookies;
  return {
    [SERVICE_TOKEN_HEADER]: bench.serviceToken,
    authorization: `Bearer ${cookies.get(SESSION_COOKIE)}`,
    uuid: cookies.get('uuid_org') ?? '',
    ...call.headers,
  };
}
