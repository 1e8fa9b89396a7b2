import type { Fetcher, FetcherResponse } from '@apollo/utils.fetcher';
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { REQUEST_ID_HEADER } from '@yozy/shared/requestLog';
import { restError } from '#errors';
import type { RestPage } from '#lists';
import type { Caller } from './Caller';
import { REST_OPERATIONS } from '#generated/restOperations';
import type {
  AsGiven,
  BodyOfOperation,
  PathParamsOfOperation,
  QueryOfOperation,
  RestAnswerOf,
  RestBodyOf,
  RestErrorBody,
  RestMethod,
  RestOperationId,
  RestOperations,
} from './types';

/** Query parameters as a call gives them: an optional one may come as null (a GraphQL argument not given) and is left out. */
type Given<Query> = { [Name in keyof Query]: Query[Name] | (undefined extends Query[Name] ? null : never) };

/** The parameters, body and path parameters of a call, as the REST operation declares them. */
type CallOf<Operation, Loose extends PropertyKey> = {
  params?: Given<QueryOfOperation<Operation>>;
  body?: AsGiven<BodyOfOperation<Operation>, Loose & keyof BodyOfOperation<Operation>>;
} & ([PathParamsOfOperation<Operation>] extends [never] ? { pathParams?: never } : { pathParams: PathParamsOfOperation<Operation> });

/** The operations that answer a GET with a list of rows, and the row each answers. */
type RowOf<Id extends RestOperationId> = RestAnswerOf<Id> extends readonly (infer Row)[] ? Row : never;
type ListOperationId = {
  [Id in RestOperationId]: (typeof REST_OPERATIONS)[Id]['method'] extends 'get' ? ([RowOf<Id>] extends [never] ? never : Id) : never;
}[RestOperationId];

/**
 * Where the REST service is, the credential that shows it a call comes from the gateway, and the
 * fetch that calls it (upstream.ts: time limits, retries of reads, the circuit breaker).
 */
export type SubscriptionServiceLink = { baseURL: string; serviceToken: string; fetch?: Fetcher };

/** A call as a data source hands it over: the REST service's path below `baseURL`, and what goes with it. */
export type RestRequest = {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  /** Query parameters: the ones given as null or undefined are left out. */
  params?: URLSearchParams | Record<string, string | null | undefined>;
  /** Sent as JSON. */
  body?: object;
  headers?: Record<string, string>;
};

/** A request as `willSendRequest` completes it: its headers in lower case. */
type OutgoingRequest = { method: RestRequest['method']; headers: Record<string, string> };

/** An answer of the REST service: the parsed body (JSON, otherwise text) and the response it came in. */
export type RestResult<Answer> = { parsedBody: Answer; response: FetcherResponse };

/**
 * What every data source of the REST subscription service shares: the caller's headers, reads
 * shared while in flight within the caller's session, and one translation of REST errors into
 * GraphQL errors. One subclass per domain; each is created per GraphQL request.
 *
 * A thin client of our own over the `Fetcher` (upstream.ts keeps its retries and breaker), no
 * longer Apollo's RESTDataSource. The REST service's answers are one caller's and current: none is
 * to be kept or looked for in an HTTP cache. RESTDataSource 6.4 has public hooks for both (a
 * request's `skipCache`, `cacheOptionsFor` answering `ttl: 0`) but none that leaves its HTTP cache
 * out: every answer still has its cache policy worked out (http-cache-semantics) and its cache
 * options asked for, which about doubled what each REST call cost the data sources' own code
 * (measured alone: some 6 µs a call became 11). The only way round it was replacing the internal
 * `httpCache.fetch`, an API its README calls internal, which may change in any version.
 * What it did that the gateway uses is here, the same: the base address and query parameters, a
 * JSON body, equal GETs in flight shared (writes to the same address end the sharing), each caller
 * sharing a read given a copy of the answer, the body parsed by its content type, and a refusal
 * (any status but 2xx) turned into the GraphQL error `restError` makes of it.
 */
export abstract class SubscriptionService {
  private readonly serviceToken: string;
  private readonly baseURL: string;
  private readonly send: Fetcher;
  /** The GETs in flight, by session and address: an equal GET made meanwhile shares the answer. */
  private readonly inFlight = new Map<string, Promise<RestResult<unknown>>>();

  constructor(
    { baseURL, serviceToken, fetch }: SubscriptionServiceLink,
    protected readonly caller: Caller,
  ) {
    this.baseURL = baseURL;
    this.serviceToken = serviceToken;
    this.send = fetch ?? (globalThis.fetch as unknown as Fetcher);
  }

  /**
   * The first caller of a read is given the answer as parsed; each caller sharing it (the same GET
   * made again while it is in flight) gets a copy, made before any of the first caller's code runs
   * (their continuations are queued ahead of its own), so that none can change another's.
   * Copying every answer of a list was a large part of the gateway's CPU per operation.
   */
  protected cloneParsedBody<TResult>(parsedBody: TResult): TResult {
    if (typeof parsedBody !== 'object' || parsedBody === null) return parsedBody;
    if (!this.handedOut.has(parsedBody)) {
      this.handedOut.add(parsedBody);
      return parsedBody;
    }
    return structuredClone(parsedBody);
  }

  /** The answers already given to a caller as parsed (cloneParsedBody). */
  private readonly handedOut = new WeakSet<object>();

  /** The headers every call carries: the gateway's credential and the caller's. */
  protected willSendRequest(_path: string, request: OutgoingRequest) {
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
   * One call of the REST service, named by its OpenAPI operationId: the operation gives the method
   * and path (generated/restOperations.ts) and the query parameters, body and path parameters it
   * takes and the answer it gives, so a changed REST contract fails the gateway's type-check. A body
   * whose operation takes some fields as the GraphQL input gave them says so in its type
   * (`AsGiven`), and those fields only are looser.
   */
  protected async op<Id extends RestOperationId, Loose extends keyof RestBodyOf<Id> = never>(
    id: Id,
    { params, body, pathParams }: CallOf<RestOperations[Id], Loose> = {} as CallOf<RestOperations[Id], Loose>,
  ): Promise<RestAnswerOf<Id>> {
    const { method, path } = REST_OPERATIONS[id] as { method: RestMethod; path: string };
    const query = textOf(params);
    const at = relative(filledIn(path, pathParams as Record<string, unknown> | undefined));
    // Every REST body is a JSON object; GET takes none.
    const request =
      method === 'get'
        ? { method: 'GET' as const, params: query }
        : { method: WRITES[method], params: query, body: body as object | undefined };
    return (await this.fetch<RestAnswerOf<Id>>(at, request)).parsedBody;
  }

  /**
   * One page of a REST list with its total, in one call; `params` are the list's (lists.ts). The
   * count is bounded: exact up to 10,000 matching rows (or kept by the service), "more than" past that.
   */
  protected async page<Id extends ListOperationId>(id: Id, params: URLSearchParams): Promise<RestPage<RowOf<Id>>> {
    const request = { method: 'GET' as const, params, headers: { prefer: 'count=bounded' } };
    const { parsedBody, response } = await this.fetch<RowOf<Id>[]>(relative(REST_OPERATIONS[id].path), request);
    return {
      rows: parsedBody,
      contentRange: response.headers.get('content-range'),
      totalMoreThan: response.headers.get('total-more-than'),
    };
  }

  /**
   * Sends one call and reads its answer. Reads of the same address in flight within the caller's
   * session are one call (`Caller.scope`: never across a sign-in or sign-out of the request); a
   * write to an address ends the sharing of reads of it, so a read after the write asks again.
   */
  protected async fetch<Answer>(path: string, request: RestRequest): Promise<RestResult<Answer>> {
    const headers: Record<string, string> = {};
    for (const name in request.headers) headers[name.toLowerCase()] = request.headers[name]!;
    const outgoing: OutgoingRequest = { method: request.method, headers };
    this.willSendRequest(path, outgoing);
    const url = new URL(path, this.baseURL);
    appendParams(url.searchParams, request.params);
    const href = url.toString();
    const read = `${this.caller.scope} GET ${href}`;
    if (request.method !== 'GET') {
      this.inFlight.delete(read);
      return (await this.perform(href, outgoing, request.body)) as RestResult<Answer>;
    }
    const shared = this.inFlight.get(read);
    if (shared) return shared.then((result) => this.handOut(result as RestResult<Answer>));
    const made = this.perform(href, outgoing, undefined);
    this.inFlight.set(read, made);
    try {
      return this.handOut((await made) as RestResult<Answer>);
    } finally {
      this.inFlight.delete(read);
    }
  }

  private handOut<Answer>(result: RestResult<Answer>): RestResult<Answer> {
    return { ...result, parsedBody: this.cloneParsedBody(result.parsedBody) };
  }

  private async perform(href: string, { method, headers }: OutgoingRequest, body: object | undefined): Promise<RestResult<unknown>> {
    let sent: string | undefined;
    if (body !== undefined) {
      sent = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.send(href, { method, headers, body: sent });
    const parsedBody = await parseBody(response);
    if (!response.ok) throw restError(response.status, (parsedBody as RestErrorBody | undefined)?.error);
    return { parsedBody, response };
  }
}

/** The organisation a GraphQL argument names, or none (null or left out). */
export type OrganizationNamed = string | null | undefined;

/** The organisation a call names in its query or body, when the caller named one; otherwise the REST service takes the caller's own. */
export const naming = (organizationId: OrganizationNamed) => (organizationId != null ? { ClientId: organizationId } : {});

/** A body without the organisation it is for, which a method adds from its `organizationId` (`naming`). */
export type Without<Body> = Omit<Body, 'ClientId'>;

const WRITES = { post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const;

/** The OpenAPI paths start at the service's root; the calls go below `baseURL`, which may have a path of its own. */
const relative = (path: string) => path.replace(/^\//, '');

/** An OpenAPI path with its `{name}` parameters filled in, each as one path segment. */
function filledIn(path: string, pathParams: Record<string, unknown> | undefined): string {
  if (!path.includes('{')) return path;
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = pathParams?.[name];
    if (value == null) throw new Error(`The REST path ${path} needs its parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Adds the query parameters given to the address's own, leaving out the ones given as null or undefined. */
function appendParams(search: URLSearchParams, params: RestRequest['params']) {
  if (!params) return;
  if (params instanceof URLSearchParams) {
    for (const [name, value] of params) search.append(name, value);
    return;
  }
  for (const name in params) {
    const value = params[name];
    if (value != null) search.append(name, value);
  }
}

/** The answer's body: JSON when it says so (and has one), otherwise its text. */
function parseBody(response: FetcherResponse): Promise<unknown> {
  const contentType = response.headers.get('content-type');
  const json =
    response.status !== 204 &&
    response.headers.get('content-length') !== '0' &&
    contentType !== null &&
    (contentType.startsWith('application/json') || contentType.endsWith('+json'));
  return json ? response.json() : response.text();
}

/** Query parameters as the URL carries them: every value as text, the ones not given left out. */
function textOf(params: object | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).flatMap(([name, value]) => (value == null ? [] : [[name, String(value)]])));
}
