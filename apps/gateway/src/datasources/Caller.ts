/**
 * Who the REST calls of one GraphQL request are made for. Every data source of the request shares
 * one caller, so a session started by `signIn` is used by the rest of the same request.
 */
export class Caller {
  constructor(
    /** Session token from the cookie, forwarded as `Authorization: Bearer`. */
    token: string | null,
    /** The signed-in user's UUID, forwarded as the `uuid` header of the specification's calls. */
    public uuid: string | null,
    readonly ip?: string,
    readonly userAgent?: string,
    /** The GraphQL request's id, sent on so the REST service logs its calls under the same one. */
    readonly requestId?: string,
    /**
     * The client's `Idempotency-Key` for this request's create, sent on with its writes: the REST
     * service does a create once per key, so a client retrying a submit does not create twice.
     */
    readonly idempotencyKey?: string,
  ) {
    this.#token = token;
  }

  #token: string | null;
  /** How many sessions this request has had: a sign-in or sign-out in the middle of it starts another. */
  #sessions = 0;

  /** Session token from the cookie, forwarded as `Authorization: Bearer`. */
  get token(): string | null {
    return this.#token;
  }

  set token(token: string | null) {
    if (token !== this.#token) this.#sessions += 1;
    this.#token = token;
  }

  /**
   * Names the session within the request, never with its token: reads shared while in flight
   * (SubscriptionService's, which last one request) never cross from one session to the next.
   */
  get scope(): string {
    return this.#token ? `session ${this.#sessions}` : 'anonymous';
  }
}
