import { createHash } from 'node:crypto';

/**
 * Who the REST calls of one GraphQL request are made for. Every data source of the request shares
 * one caller, so a session started by `signIn` is used by the rest of the same request.
 */
export class Caller {
  constructor(
    /** Session token from the cookie, forwarded as `Authorization: Bearer`. */
    public token: string | null,
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
  ) {}

  /** The token `scope` was last worked out for, and what it was: every REST call asks for it twice. */
  private scoped: { token: string; scope: string } | null = null;

  /** Names the session without revealing its token: cached or shared answers never cross sessions. */
  get scope(): string {
    if (!this.token) return 'anonymous';
    if (this.scoped?.token !== this.token) {
      this.scoped = { token: this.token, scope: createHash('sha256').update(this.token).digest('hex').slice(0, 16) };
    }
    return this.scoped.scope;
  }
}
