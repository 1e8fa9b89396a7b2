import { RESTDataSource, type AugmentedRequest, type RequestOptions } from '@apollo/datasource-rest';
import type { FetcherResponse } from '@apollo/utils.fetcher';
import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { Client, EnquiryForm, PlanRecord, ProductRecord, Profile, RestErrorBody, SignInAnswer } from './types';

export type Caller = {
  /** Session token from the cookie, forwarded as `Authorization: Bearer`. */
  token: string | null;
  /** The signed-in user's UUID, forwarded as the `uuid` header of SPEC section 7. */
  uuid: string | null;
  ip: string | undefined;
  userAgent: string | undefined;
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

/** The REST subscription service, one instance per GraphQL request. */
export class SubscriptionApi extends RESTDataSource {
  private readonly scope: string;

  constructor(
    baseURL: string,
    private readonly caller: Caller,
  ) {
    super();
    this.baseURL = baseURL;
    // Cached or de-duplicated answers never cross from one session to another.
    this.scope = caller.token ? createHash('sha256').update(caller.token).digest('hex').slice(0, 16) : 'anonymous';
  }

  protected override cacheKeyFor(url: URL, request: RequestOptions): string {
    return `${this.scope} ${super.cacheKeyFor(url, request)}`;
  }

  protected override willSendRequest(_path: string, request: AugmentedRequest) {
    const { token, uuid, ip, userAgent } = this.caller;
    if (token) request.headers.authorization = `Bearer ${token}`;
    if (token && uuid) request.headers.uuid = uuid;
    if (ip) request.headers['x-forwarded-for'] = ip;
    if (userAgent) request.headers['user-agent'] = userAgent;
  }

  protected override async errorFromResponse({ response, parsedBody }: { response: FetcherResponse; parsedBody: unknown }) {
    const error = (parsedBody as RestErrorBody | undefined)?.error;
    const code = response.status >= 500 ? 'UPSTREAM_UNAVAILABLE' : (CODE_BY_STATUS[response.status] ?? 'BAD_USER_INPUT');
    const message =
      response.status >= 500
        ? 'The subscription service could not answer. Try again in a moment.'
        : (error?.message ?? response.statusText);
    return new GraphQLError(message, {
      extensions: { code, restCode: error?.code, ...(error?.field ? { field: error.field } : {}) },
    });
  }

  signIn(email: string, password: string): Promise<SignInAnswer> {
    return this.post('users/signIn', { body: { email, password } });
  }

  async signOut(): Promise<void> {
    await this.post('users/signOut');
  }

  getProfile(): Promise<Profile> {
    return this.get('users/me');
  }

  async consumeCaptcha(signature: string, expiresAt: Date): Promise<boolean> {
    try {
      await this.post('captcha/consume', { body: { signature, expiresAt: expiresAt.toISOString() } });
      return true;
    } catch (error) {
      if ((error as { extensions?: { code?: string } }).extensions?.code === 'CONFLICT') return false;
      throw error;
    }
  }

  requestPasswordReset(email: string): Promise<{ accepted: boolean }> {
    return this.post('auth/password/request', { body: { email } });
  }

  async verifyResetLink(email: string, token: string): Promise<boolean> {
    return (await this.post<{ linkvalid: boolean }>('auth/password/linkverify', { body: { email, token } })).linkvalid;
  }

  resetPassword(body: {
    email: string;
    token: string;
    password: string;
    newpassword: string;
  }): Promise<{ pass: boolean; redirectUrl: string }> {
    return this.post('auth/reset', { body });
  }

  createUser(body: {
    email: string;
    token: string;
    password: string;
    confirmpassword: string;
    firstname: string;
    lastname: string;
  }): Promise<{ success: boolean; redirectUrl: string }> {
    return this.post('auth/create/user', { body });
  }

  async getProductAddress(email: string): Promise<string> {
    return (await this.get<{ url: string }>('users/product-address', { params: { email } })).url;
  }

  listProducts(): Promise<ProductRecord[]> {
    return this.get('subscription_product_master', { params: { order: 'ProductName.asc' } });
  }

  listPlans(): Promise<PlanRecord[]> {
    return this.get('subscription_plan_master', { params: { order: 'Cost.asc' } });
  }

  createEnquiry(form: EnquiryForm): Promise<{ EnquiryId: number }> {
    return this.post('form/subscription_web_enquiry', { body: form });
  }

  async getClient(clientId: number): Promise<Client | null> {
    const rows = await this.get<Client[]>('subscription_client_details', { params: { ClientId: `eq.${clientId}` } });
    return rows[0] ?? null;
  }
}
