import { RESTDataSource } from '@apollo/datasource-rest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Caller } from './Caller';
import { SessionApi } from './SessionApi';
import { SubscriptionService } from './SubscriptionService';
import { AnswerHeaders, RestAnswer } from '#restFetch';
import { UserApi } from './UserApi';

const LINK = { baseURL: 'http://rest.test/api/', serviceToken: 'x'.repeat(32) };

/** The requests the data sources hand to RESTDataSource, answered with `parsedBody`. */
function calls(parsedBody: unknown = {}) {
  const fetch = vi.spyOn(RESTDataSource.prototype, 'fetch').mockResolvedValue({ parsedBody } as never);
  return () => fetch.mock.calls.map(([path, request]) => ({ path, ...request }));
}

/** A data source that reads the signed-in person, as AccountApi does. */
class Reader extends SubscriptionService {
  me() {
    return this.call('get', '/users/me');
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
});
