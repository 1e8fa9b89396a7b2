import { RESTDataSource, type AugmentedRequest, type RequestOptions } from '@apollo/datasource-rest';
import type { Fetcher, FetcherResponse } from '@apollo/utils.fetcher';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { REQUEST_ID_HEADER } from '@yozy/shared/requestLog';
import { restError } from '#errors';
import type { RestPage } from '#lists';
import type { Caller } from './Caller';
import type {
  AnswerOfOperation,
  AsGiven,
  BodyOfOperation,
  QueryOfOperation,
  RestErrorBody,
  RestMethod,
  RestOperationAt,
  RestPaths,
} from './types';

/** The REST paths that answer `method`. */
type PathOf<Method extends RestMethod> = {
  [Path in keyof RestPaths]: [RestOperationAt<Path, Method>] extends [never] ? never : Path;
}[keyof RestPaths];

/** Query parameters as a call gives them: an optional one may come as null (a GraphQL argument not given) and is left out. */
type Given<Query> = { [Name in keyof Query]: Query[Name] | (undefined extends Query[Name] ? null : never) };

/** The parameters and body of a call, as the REST operation declares them. */
type CallOf<Operation, Loose extends PropertyKey> = {
  params?: Given<QueryOfOperation<Operation>>;
  body?: AsGiven<BodyOfOperation<Operation>, Loose & keyof BodyOfOperation<Operation>>;
};

/** The GET paths that answer a list of rows, and the row each answers. */
type RowOf<Path extends PathOf<'get'>> = AnswerOfOperation<RestOperationAt<Path, 'get'>> extends readonly (infer Row)[] ? Row : never;
type ListPath = { [Path in PathOf<'get'>]: [RowOf<Path>] extends [never] ? never : Path }[PathOf<'get'>];

/**
 * Where the REST service is, the credential that shows it a call comes from the gateway, and the
 * fetch that calls it (upstream.ts: time limits, retries of reads, the circuit breaker).
 */
export type SubscriptionServiceLink = { baseURL: string; serviceToken: string; fetch?: Fetcher };

/**
 * What every data source of the REST subscription service shares: the caller's headers, a cache
 * key that includes the session, and one translation of REST errors into GraphQL errors.
 * One subclass per domain; each is created per GraphQL request.
 */
export abstract class SubscriptionService extends RESTDataSource {
  private readonly serviceToken: string;

  constructor(
    { baseURL, serviceToken, fetch }: SubscriptionServiceLink,
    protected readonly caller: Caller,
  ) {
    super({ fetch, cache: KEEPS_NOTHING });
    // The REST service's answers are one caller's and current, sent without caching headers: each
    // call goes straight to the service, without a cache looked in or a cache policy worked out.
    const send = fetch ?? (globalThis.fetch as unknown as Fetcher);
    this.httpCache.fetch = async (url, request) => ({ response: await send(url.toString(), request) });
    this.baseURL = baseURL;
    this.serviceToken = serviceToken;
  }

  protected override cacheKeyFor(url: URL, request: RequestOptions): string {
    return `${this.caller.scope} ${super.cacheKeyFor(url, request)}`;
  }

  /**
   * RESTDataSource copies every answer for each caller, so that callers sharing one read (the same
   * GET made again while it is in flight) cannot change each other's. The first caller is given
   * the answer as parsed; each caller sharing it gets a copy, made before any of the first
   * caller's code runs (their continuations are queued ahead of its own). Copying every answer of
   * a list was a large part of the gateway's CPU per operation.
   */
  protected override cloneParsedBody<TResult>(parsedBody: TResult): TResult {
    if (typeof parsedBody !== 'object' || parsedBody === null) return parsedBody;
    if (!this.handedOut.has(parsedBody)) {
      this.handedOut.add(parsedBody);
      return parsedBody;
    }
    return super.cloneParsedBody(parsedBody);
  }

  /** The answers already given to a caller as parsed (cloneParsedBody). */
  private readonly handedOut = new WeakSet<object>();

  protected override willSendRequest(_path: string, request: AugmentedRequest) {
    const { token, uuid, ip, userAgent, requestId, idempotencyKey } = this.caller;
    request.headers[SERVICE_TOKEN_HEADER] = this.serviceToken;
    // Believed, like the client's address, only beside the credential: the REST service logs the call under it.
    if (requestId) request.headers[REQUEST_ID_HEADER] = requestId;
    if (token) request.headers.authorization = `Bearer ${token}`;
    if (token && uuid) request.headers.uuid = uuid;
    // The REST service records these on session rows, and believes them only beside the credential.
    if (ip) request.headers[CLIENT_ADDRESS_HEADER] = ip;
    if (userAgent) request.headers[CLIENT_USER_AGENT_HEADER] = userAgent.slice(0, 512);
    // Only writes: the REST service's creating operations honour it, every other one ignores it.
    if (idempotencyKey && request.method !== 'GET') request.headers['idempotency-key'] = idempotencyKey;
  }

  /**
   * One call of the REST service, typed by its OpenAPI operation: `path` and `method` pick the
   * operation, which gives the query parameters and body it takes and the answer it gives, so a
   * changed REST contract fails the gateway's type-check. A body whose method takes some fields
   * as the GraphQL input gave them says so in its type (`AsGiven`), and those fields only are looser.
   */
  protected async call<
    Method extends RestMethod,
    Path extends PathOf<Method>,
    Loose extends keyof BodyOfOperation<RestOperationAt<Path, Method>> = never,
  >(
    method: Method,
    path: Path,
    { params, body }: CallOf<RestOperationAt<Path, Method>, Loose> = {},
  ): Promise<AnswerOfOperation<RestOperationAt<Path, Method>>> {
    type Answer = AnswerOfOperation<RestOperationAt<Path, Method>>;
    const verb: RestMethod = method;
    const query = textOf(params);
    // Every REST body is a JSON object; GET takes none.
    const request =
      verb === 'get'
        ? { method: 'GET' as const, params: query }
        : { method: WRITES[verb], params: query, body: body as object | undefined };
    return (await this.fetch<Answer>(relative(path), request)).parsedBody;
  }

  /**
   * One page of a REST list with its total, in one call; `params` are the list's (lists.ts). The
   * count is bounded: exact up to 10,000 matching rows (or kept by the service), "more than" past that.
   */
  protected async getPage<Path extends ListPath>(path: Path, params: URLSearchParams): Promise<RestPage<RowOf<Path>>> {
    const request = { method: 'GET' as const, params, headers: { prefer: 'count=bounded' } };
    const { parsedBody, response } = await this.fetch<RowOf<Path>[]>(relative(path), request);
    return {
      rows: parsedBody,
      contentRange: response.headers.get('content-range'),
      totalMoreThan: response.headers.get('total-more-than'),
    };
  }

  protected override async errorFromResponse({ response, parsedBody }: { response: FetcherResponse; parsedBody: unknown }) {
    return restError(response.status, (parsedBody as RestErrorBody | undefined)?.error);
  }
}

/** The organisation a GraphQL argument names, or none (null or left out). */
export type OrganizationNamed = string | null | undefined;

/** The organisation a call names in its query or body, when the caller named one; otherwise the REST service takes the caller's own. */
export const naming = (organizationId: OrganizationNamed) => (organizationId != null ? { ClientId: organizationId } : {});

/** A body without the organisation it is for, which a method adds from its `organizationId` (`naming`). */
export type Without<Body> = Omit<Body, 'ClientId'>;

/** The HTTP cache's store: it keeps nothing, as nothing is put in it (the constructor). */
const KEEPS_NOTHING: KeyValueCache = { get: async () => undefined, set: async () => {}, delete: async () => {} };

const WRITES = { post: 'POST', patch: 'PATCH', delete: 'DELETE' } as const;

/** The OpenAPI paths start at the service's root; the calls go below `baseURL`, which may have a path of its own. */
const relative = (path: string) => path.replace(/^\//, '');

/** Query parameters as the URL carries them: every value as text, the ones not given left out. */
function textOf(params: object | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).flatMap(([name, value]) => (value == null ? [] : [[name, String(value)]])));
}
