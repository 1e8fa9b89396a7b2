import { RESTDataSource, type AugmentedRequest, type RequestOptions } from '@apollo/datasource-rest';
import type { FetcherResponse } from '@apollo/utils.fetcher';
import { CLIENT_ADDRESS_HEADER, CLIENT_USER_AGENT_HEADER, SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { restError } from '../errors';
import type { RestPage } from '../lists';
import type { Caller } from './Caller';
import type { RestErrorBody } from './types';

/** Where the REST service is, and the credential that shows it a call comes from the gateway. */
export type SubscriptionServiceLink = { baseURL: string; serviceToken: string };

/**
 * What every data source of the REST subscription service shares: the caller's headers, a cache
 * key that includes the session, and one translation of REST errors into GraphQL errors.
 * One subclass per domain; each is created per GraphQL request.
 */
export abstract class SubscriptionService extends RESTDataSource {
  private readonly serviceToken: string;

  constructor(
    { baseURL, serviceToken }: SubscriptionServiceLink,
    protected readonly caller: Caller,
  ) {
    super();
    this.baseURL = baseURL;
    this.serviceToken = serviceToken;
  }

  protected override cacheKeyFor(url: URL, request: RequestOptions): string {
    return `${this.caller.scope} ${super.cacheKeyFor(url, request)}`;
  }

  protected override willSendRequest(_path: string, request: AugmentedRequest) {
    const { token, uuid, ip, userAgent } = this.caller;
    request.headers[SERVICE_TOKEN_HEADER] = this.serviceToken;
    if (token) request.headers.authorization = `Bearer ${token}`;
    if (token && uuid) request.headers.uuid = uuid;
    // The REST service records these on session rows, and believes them only beside the credential.
    if (ip) request.headers[CLIENT_ADDRESS_HEADER] = ip;
    if (userAgent) request.headers[CLIENT_USER_AGENT_HEADER] = userAgent.slice(0, 512);
  }

  /** One page of a REST list with its exact total, in one call. */
  protected async getPage<Row>(path: string, params: URLSearchParams): Promise<RestPage<Row>> {
    const { parsedBody, response } = await this.fetch<Row[]>(path, { method: 'GET', params, headers: { prefer: 'count=exact' } });
    return { rows: parsedBody, contentRange: response.headers.get('content-range') };
  }

  protected override async errorFromResponse({ response, parsedBody }: { response: FetcherResponse; parsedBody: unknown }) {
    return restError(response.status, (parsedBody as RestErrorBody | undefined)?.error);
  }
}
