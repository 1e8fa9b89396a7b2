import { afterEach, describe, expect, it, vi } from 'vitest';
import { Caller } from './Caller';
import { SessionApi } from './SessionApi';
import { SubscriptionService } from './SubscriptionService';
import { AnswerHeaders, RestAnswer } from '#restFetch';
import { UserApi } from './UserApi';

const LINK = { baseURL: 'http://rest.test/api/', serviceToken: 'x'.repeat(32) };

/** The requests the data sources hand to the shared client, answered with `parsedBody`. */
function calls(parsedBody: unknown = {}) {
  type Fetching = { fetch(path: string, request: object): Promise<unknown> };
  const fetch = vi.spyOn(SubscriptionService.prototype as unknown as Fetching, 'fetch').mockResolvedValue({ parsedBody } as never);
  return () => fetch.mock.calls.map(([path, request]) => ({ path, ...request }));
}

/** A data source that reads the signed-in person, as AccountApi does. */
class Reader extends SubscriptionService {
  me() {
    return this.op('getProfile');
  }
}

describe('calls of the REST service', () => {
  afterEach(() => vi.restoreAllMocks());

  it('goes below the base address, with the query as text and the parameters not given left out', async () => {
    const sent = calls([]);
    await new UserApi(LINK, new Caller(null, null)).listUserRoles(7, 2);
    await new UserApi(LINK, new Caller(null, null)).getUser('7', null);
    expect(sent()).toEqual([
      { path: 'subscription_user_role_mapping', method: 'GET', params: { UserId: 'in.(7)', ClientId: 'eq.2', limit: '1000', offset: '0' } },
      { path: 'subscription_client_users', method: 'GET', params: { ClientUserId: 'eq.7' } },
    ]);
  });

  it('names the organisation in the body only when the caller named one', async () => {
    const sent = calls({ ended: 1 });
    const sessions = new SessionApi(LINK, new Caller(null, null));
    await sessions.endSession('2', { SessionId: 41 });
    await sessions.endOtherSessions(null);
    expect(sent()).toEqual([
      { path: 'subscription_user_sessions/end', method: 'POST', params: undefined, body: { SessionId: 41, ClientId: '2' } },
      { path: 'subscription_user_sessions/end-others', method: 'POST', params: undefined, body: {} },
    ]);
  });

  it('passes the caller’s Idempotency-Key on with writes only', () => {
    type Sending = { willSendRequest(path: string, request: { method: string; headers: Record<string, string> }): void };
    const api = new SessionApi(LINK, new Caller('token', 'uuid', undefined, undefined, undefined, 'key-1')) as unknown as Sending;
    const write = { method: 'POST', headers: {} as Record<string, string> };
    const read = { method: 'GET', headers: {} as Record<string, string> };
    api.willSendRequest('subscription_user_sessions/end', write);
    api.willSendRequest('subscription_user_sessions', read);
    expect(write.headers['idempotency-key']).toBe('key-1');
    expect(read.headers).not.toHaveProperty('idempotency-key');
  });

  it('makes one call for the same read asked for twice at once, and neither caller can change the other’s answer', async () => {
    let sent = 0;
    const fetch = async (url: string) => {
      sent++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return new RestAnswer(
        url,
        200,
        new AnswerHeaders({ 'content-type': 'application/json' }),
        '{"email":"a@acme.local","roles":["OrgAdmin"]}',
      );
    };
    const reader = new Reader({ ...LINK, fetch }, new Caller('token', 'uuid'));
    const [first, second] = await Promise.all([
      reader.me().then((me) => {
        (me as unknown as { roles: string[] }).roles.push('changed');
        return me;
      }),
      reader.me(),
    ]);
    expect(sent).toBe(1);
    expect(first).toEqual({ email: 'a@acme.local', roles: ['OrgAdmin', 'changed'] });
    expect(second).toEqual({ email: 'a@acme.local', roles: ['OrgAdmin'] });
    // Asked again once the first has been answered: a new call, its own answer.
    expect(await reader.me()).toEqual({ email: 'a@acme.local', roles: ['OrgAdmin'] });
    expect(sent).toBe(2);
  });

  it('asks the service again for a read made again, even when its answer said it could be kept', async () => {
    let sent = 0;
    const fetch = async (url: string) => {
      sent++;
      const headers = new AnswerHeaders({ 'content-type': 'application/json', 'cache-control': 'public, max-age=600' });
      return new RestAnswer(url, 200, headers, JSON.stringify({ email: 'a@acme.local', reads: sent }));
    };
    const reader = new Reader({ ...LINK, fetch }, new Caller('token', 'uuid'));
    expect(await reader.me()).toEqual({ email: 'a@acme.local', reads: 1 });
    // Asked again within the same request, as after a change: the service's answer now, not a kept one.
    expect(await reader.me()).toEqual({ email: 'a@acme.local', reads: 2 });
    expect(sent).toBe(2);
  });

  it('sends each call below the base address with the gateway’s credential, the caller’s headers and a JSON body', async () => {
    const sent: { url: string; init: { method?: string; headers?: Record<string, string>; body?: string } }[] = [];
    const fetch = async (url: string, init = {}) => {
      sent.push({ url, init });
      return new RestAnswer(url, 200, new AnswerHeaders({ 'content-type': 'application/json; charset=utf-8' }), '{"ended":1}');
    };
    const sessions = new SessionApi({ ...LINK, fetch }, new Caller('token', 'uuid', '10.0.0.1', 'Firefox', 'request-1', 'key-1'));
    expect(await sessions.endSession('2', { SessionId: 41 })).toEqual({ ended: 1 });
    expect(sent).toEqual([
      {
        url: 'http://rest.test/api/subscription_user_sessions/end',
        init: {
          method: 'POST',
          body: '{"SessionId":41,"ClientId":"2"}',
          headers: expect.objectContaining({
            authorization: 'Bearer token',
            uuid: 'uuid',
            'content-type': 'application/json',
            'idempotency-key': 'key-1',
          }),
        },
      },
    ]);
    expect(Object.values(sent[0]!.init.headers!)).toContain(LINK.serviceToken);
  });

  it('turns a refusal into the GraphQL error of its REST code, naming the REST field', async () => {
    const fetch = async (url: string) =>
      new RestAnswer(
        url,
        400,
        new AnswerHeaders({ 'content-type': 'application/json' }),
        '{"error":{"code":"BAD_REQUEST","message":"ClientUserId is not a number","field":"ClientUserId"}}',
      );
    const users = new UserApi({ ...LINK, fetch }, new Caller('token', 'uuid'));
    await expect(users.getUser('x')).rejects.toMatchObject({
      message: 'ClientUserId is not a number',
      extensions: { code: 'BAD_USER_INPUT', userError: true, restField: 'ClientUserId' },
    });
  });

  it('reads an answer without JSON as text, and a write to the same address makes the next read ask again', async () => {
    const methods: string[] = [];
    const fetch = async (url: string, init: { method?: string } = {}) => {
      methods.push(init.method ?? 'GET');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return new RestAnswer(url, 200, new AnswerHeaders({ 'content-type': 'text/plain' }), 'plain');
    };
    class Writer extends Reader {
      change() {
        return this.fetch<string>('users/me', { method: 'POST', body: {} }).then(({ parsedBody }) => parsedBody);
      }
    }
    const writer = new Writer({ ...LINK, fetch }, new Caller('token', 'uuid'));
    // Made together, a read, a write of the same address, and a read again.
    const answers = await Promise.all([writer.me(), writer.change(), writer.me()]);
    expect(answers).toEqual(['plain', 'plain', 'plain']);
    // The second read does not share the first's call: the write came between them.
    expect(methods).toEqual(['GET', 'POST', 'GET']);
  });
});
