import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import cookieParser from 'cookie-parser';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RestAnswerOf } from './datasources/types';
import { restError } from './errors';
import { ssoCallback } from './singleSignOn';
import { CALLERS, fakeContext, type FakeContext } from './testing/fakes';

type SignInAnswer = RestAnswerOf<'signInWithCode'>;

const servers: Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** The callback alone, in front of a fake REST service whose finish answers `finish`. */
async function callbackWith(finish: () => Promise<SignInAnswer>) {
  const finishSso = vi.fn(finish);
  let context: FakeContext | undefined;
  const callback = ssoCallback(async () => (context = fakeContext({ sources: { account: { finishSso } } })));
  const app = express();
  app.get(callback.path, cookieParser(), callback.handler);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const visit = (query: string, cookie?: string) =>
    fetch(`${base}${callback.path}?${query}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { finishSso, visit, events: () => context?.sessionEvents ?? [] };
}

const SIGNED_IN = { token: 'session-token', expiresAt: '2026-11-26T00:00:00Z', user: CALLERS.orgAdminOfA! } as SignInAnswer;

describe('GET /sso/callback', () => {
  it('signs in when the state is the one this browser started, and opens the console', async () => {
    const { finishSso, visit, events } = await callbackWith(async () => SIGNED_IN);
    const answer = await visit('code=abc&state=s1', 'sso_state=s1');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
    expect(finishSso).toHaveBeenCalledWith(expect.stringMatching(/\/sso\/callback\?code=abc&state=s1$/), 's1');
    expect(events()).toEqual([`start session-token ${CALLERS.orgAdminOfA!.OfficialEmail}`]);
    // The state cookie is used once.
    expect(answer.headers.getSetCookie().some((line) => /^sso_state=;/.test(line))).toBe(true);
  });

  it.each([
    ['another browser’s state', 'code=abc&state=s2', 'sso_state=s1'],
    ['no state cookie', 'code=abc&state=s1', undefined],
    ['no state at all', 'code=abc', 'sso_state=s1'],
  ])('refuses %s without asking the REST service', async (_case, query, cookie) => {
    const { finishSso, visit } = await callbackWith(async () => SIGNED_IN);
    const answer = await visit(query, cookie);
    expect(answer.headers.get('location')).toBe('/login?sso=expired');
    expect(finishSso).not.toHaveBeenCalled();
  });

  it.each([
    ['INVALID_CREDENTIALS', 401, 'unconfirmed'],
    ['FORBIDDEN', 403, 'refused'],
    ['SEAT_LIMIT', 409, 'seats'],
    ['INVALID_TOKEN', 400, 'expired'],
  ] as const)('answers %s (%i) with the word %s on the sign-in page, never the message', async (code, status, word) => {
    const { visit, events } = await callbackWith(() => Promise.reject(restError(status, { code, message: '<b>anything</b>' })));
    const answer = await visit('code=abc&state=s1', 'sso_state=s1');
    expect(answer.headers.get('location')).toBe(`/login?sso=${word}`);
    expect(events()).toEqual([]);
  });
});
