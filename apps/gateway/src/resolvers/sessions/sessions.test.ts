import { describe, expect, it, vi } from 'vitest';
import type { RestPage } from '#lists';
import type { SessionRecord } from '#datasources/types';
import { restError } from '#errors';
import { DEFAULT_RATE_LIMITS } from '#rateLimitPolicies';
import { createRateLimiter } from '#rateLimits';
import { CALLERS, execute, fakeContext } from '#testing/fakes';
import { PARSED_USER_AGENTS_KEPT, parseUserAgent } from './userAgent';

const SESSIONS = /* GraphQL */ `
  query ($organizationId: ID, $filter: SessionFilter, $sort: SessionSort, $search: String) {
    sessions(organizationId: $organizationId, filter: $filter, sort: $sort, search: $search) {
      totalCount
      nodes {
        id
        userEmail
        browser
        operatingSystem
        device
        startedAt
        endedAt
        active
        current
      }
    }
  }
`;

const END_SESSION = /* GraphQL */ `
  mutation ($input: EndSessionInput!) {
    endSession(input: $input) {
      endedCount
      errors {
        code
        field
        message
      }
    }
  }
`;

const ROW: SessionRecord = {
  SessionId: 41,
  ClientId: 2,
  UserId: 4,
  UserFirstname: 'Mia',
  UserLastname: 'Moss',
  OfficialEmail: 'member@acme.local',
  Ip: '10.0.0.4',
  UserAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  StartedAt: '2026-11-20T08:15:00.123456+00:00',
  LastSeenAt: '2026-11-20T09:15:00+00:00',
  EndedAt: null,
  EndReason: null,
  ExpiresAt: '2026-11-21T08:15:00+00:00',
  Active: true,
  Current: false,
};

const page = (rows: SessionRecord[]): RestPage<SessionRecord> => ({
  rows,
  contentRange: rows.length ? `0-${rows.length - 1}/${rows.length}` : '*/0',
});

describe('sessions', () => {
  it("lists an organisation admin's own organisation, newest first, with the browser read from the user agent", async () => {
    const listSessions = vi.fn(async (_params: URLSearchParams) => page([ROW]));
    const answer = await execute(
      SESSIONS,
      { filter: { active: true, startedFrom: '2026-11-01T00:00:00Z' }, search: 'mia' },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { sessions: { listSessions } } }),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({
      sessions: {
        totalCount: 1,
        nodes: [
          {
            id: '41',
            userEmail: 'member@acme.local',
            browser: 'Safari 17',
            operatingSystem: 'iOS 17',
            device: 'mobile',
            startedAt: '2026-11-20T08:15:00.123Z',
            endedAt: null,
            active: true,
            current: false,
          },
        ],
      },
    });
    const params = listSessions.mock.calls[0]![0];
    expect(params.get('ClientId')).toBe('eq.2');
    expect(params.get('order')).toBe('StartedAt.desc');
    expect(params.get('Active')).toBe('eq.true');
    expect(params.get('StartedAt')).toBe('gte.2026-11-01T00:00:00Z');
    expect(params.get('or')).toContain('OfficialEmail.ilike."*mia*"');
  });

  it('lists the organisation a SuperAdmin names', async () => {
    const listSessions = vi.fn(async (_params: URLSearchParams) => page([]));
    await execute(SESSIONS, { organizationId: '3' }, fakeContext({ viewer: CALLERS.superAdmin, sources: { sessions: { listSessions } } }));
    expect(listSessions.mock.calls[0]![0].get('ClientId')).toBe('eq.3');
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)("refuses %s Acme's sessions with %s without asking the REST service", async (caller, code) => {
    const listSessions = vi.fn(async () => page([ROW]));
    const answer = await execute(
      SESSIONS,
      { organizationId: '2' },
      fakeContext({ viewer: CALLERS[caller], sources: { sessions: { listSessions } } }),
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(listSessions).not.toHaveBeenCalled();
  });
});

describe('endSession', () => {
  it('sends the session and organisation in REST names', async () => {
    const endSession = vi.fn(async () => ({ ended: 1 }));
    const answer = await execute(
      END_SESSION,
      { input: { sessionId: '41', organizationId: '2' } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { sessions: { endSession } } }),
    );
    expect(answer.data).toEqual({ endSession: { endedCount: 1, errors: [] } });
    expect(endSession).toHaveBeenCalledWith('2', { SessionId: 41 });
  });

  it('answers a session not in the organisation as a payload error on sessionId', async () => {
    const endSession = vi.fn(() =>
      Promise.reject(restError(404, { code: 'NOT_FOUND', message: 'There is no such session in this organization', field: 'SessionId' })),
    );
    const answer = await execute(
      END_SESSION,
      { input: { sessionId: '9' } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { sessions: { endSession } } }),
    );
    expect(answer.data).toEqual({
      endSession: {
        endedCount: 0,
        errors: [{ code: 'NOT_FOUND', field: 'sessionId', message: 'There is no such session in this organization' }],
      },
    });
  });

  it("refuses an organisation admin another organisation's session before asking the REST service", async () => {
    const endSession = vi.fn(async () => ({ ended: 1 }));
    const answer = await execute(
      END_SESSION,
      { input: { sessionId: '41', organizationId: '3' } },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { sessions: { endSession } } }),
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN' });
    expect(endSession).not.toHaveBeenCalled();
  });
});

const CHANGE_PASSWORD = /* GraphQL */ `
  mutation ($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      ok
      endedSessionCount
      errors {
        code
        field
      }
    }
  }
`;

describe('changePassword', () => {
  const input = { currentPassword: 'Admin@123', password: 'Changed@456', confirmPassword: 'Changed@456' };

  it('sends the passwords in REST names and answers how many other sessions ended', async () => {
    const changePassword = vi.fn(async () => ({ changed: true as const, ended: 2 }));
    const answer = await execute(
      CHANGE_PASSWORD,
      { input },
      fakeContext({ viewer: CALLERS.orgAdminOfA, sources: { sessions: { changePassword } } }),
    );
    expect(answer.data).toEqual({ changePassword: { ok: true, endedSessionCount: 2, errors: [] } });
    expect(changePassword).toHaveBeenCalledWith({ currentpassword: 'Admin@123', password: 'Changed@456', confirmpassword: 'Changed@456' });
  });

  it('names the current password when it is wrong, and stops guessing after the account limit', async () => {
    const limiter = createRateLimiter({ ...DEFAULT_RATE_LIMITS, changePassword: { windowMs: 60_000, perIp: 100, perAccount: 2 } });
    const changePassword = vi.fn(() =>
      Promise.reject(
        restError(401, { code: 'INVALID_CREDENTIALS', message: 'The current password is not right', field: 'currentpassword' }),
      ),
    );
    const context = () => fakeContext({ viewer: CALLERS.orgAdminOfA, limiter, sources: { sessions: { changePassword } } });
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await execute(CHANGE_PASSWORD, { input }, context());
      expect(answer.data).toEqual({
        changePassword: { ok: false, endedSessionCount: 0, errors: [{ code: 'INVALID_CREDENTIALS', field: 'currentPassword' }] },
      });
    }
    const limited = await execute(CHANGE_PASSWORD, { input }, context());
    expect(limited.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(changePassword).toHaveBeenCalledTimes(2);
  });

  it('needs a signed-in user', async () => {
    const answer = await execute(CHANGE_PASSWORD, { input }, fakeContext({ viewer: null }));
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
  });
});

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Chrome 130',
      'Windows 10',
      'desktop',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/17.0', 'Safari', 'macOS Sonoma', 'desktop'],
  ])('reads %s', (userAgent, browser, operatingSystem, device) => {
    expect(parseUserAgent(userAgent)).toEqual({ browser, operatingSystem, device });
  });

  it('knows nothing of a missing or unknown user agent', () => {
    expect(parseUserAgent(null)).toEqual({ browser: null, operatingSystem: null, device: null });
    expect(parseUserAgent('curl/8.5.0').device).toBeNull();
  });

  it('reads a text it has read before the same way, and keeps reading new ones after many', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36';
    const first = parseUserAgent(chrome);
    expect(parseUserAgent(chrome)).toEqual({ browser: 'Chrome 129', operatingSystem: 'Linux', device: 'desktop' });
    for (let n = 0; n <= PARSED_USER_AGENTS_KEPT; n += 1) parseUserAgent(`Mozilla/5.0 (Windows NT 10.0) Firefox/${n}.0`);
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0) Firefox/7.0')).toEqual({
      browser: 'Firefox 7',
      operatingSystem: 'Windows 10',
      device: 'desktop',
    });
    expect(parseUserAgent(chrome)).toEqual(first);
  });
});
