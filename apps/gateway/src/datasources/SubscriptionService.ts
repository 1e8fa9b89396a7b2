import { RESTDataSource, type AugmentedRequest, type RequestOptions } from '@apollo/datasource-rest';
import type { FetcherResponse } from '@apollo/utils.fetcher';
import { restError } from '../errors';
import type { RestPage } from '../lists';
import type { Caller } from './Caller';
import type { RestErrorBody } from './types';

/**
 * What every data source of the REST subscription service shares: the caller's headers, a cache
 * key that includes the session, and one translation of REST errors into GraphQL errors.
 * One subclass per domain; each is created per GraphQL request.
 */
export abstract class SubscriptionService extends RESTDataSource {
  constructor(
    baseURL: string,
    protected readonly caller: Caller,
  ) {
    super();
    this.baseURL = baseURL;
  }

  protected override cacheKeyFor(url: URL, request: RequestOptions): string {
    return `${this.caller.scope} ${super.cacheKeyFor(url, request)}`;
  }

  protected override willSendRequest(_path: string, request: AugmentedRequest) {
    const { token, uuid, ip, userAgent } = this.caller;
    if (token) request.headers.authorization = `Bearer ${token}`;
    if (token && uuid) request.headers.uuid = uuid;
    if (ip) request.headers['x-forwarded-for'] = ip;
    if (userAgent) request.headers['user-agent'] = userAgent;
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
