import { describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '#datasources/types';
import { restError } from '#errors';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#rateLimitPolicies';
import { createRateLimiter, type RateLimiter } from '#rateLimits';
import { CALLERS, execute, fakeContext, ORGANIZATIONS } from '#testing/fakes';

const A = String(ORGANIZATIONS.A.ClientId);
const MINUTE = 60_000;
const STEP = { ...DEFAULT_RATE_LIMITS.signIn, freeFailures: 2, waitIncrementMs: 10 * MINUTE, perAccount: { freeFailures: 3 } };
const LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, signIn: STEP, signInCode: STEP };

const NINA: ClientUser = {
  ClientUserId: 41,
  UUID: '00000000-0000-4000-8000-000000000041',
  ClientId: ORGANIZATIONS.A.ClientId,
  UserFirstname: 'Nina',
  UserLastname: 'Invitee',
  OfficialEmail: 'nina@acme.local',
  Phone: null,
  DepartmentName: null,
  DepartmentCode: null,
  TypeOfUser: 'User',
  IsActive: true,
  Status: 'ACTIVE',
  CreatedAt: '2026-01-01T00:00:00Z',
};

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const PERSON = /* GraphQL */ `
  query ($id: ID!, $organizationId: ID) {
    user(id: $id, organizationId: $organizationId) {
      signInActivity(page: { limit: 20 }, filter: { succeeded: false }) {
        totalCount
        nodes {
          id
          occurredAt
          step
          succeeded
          outcome
          ip
          browser
          operatingSystem
        }
      }
      signInHold {
        held
        until
        holds {
          kind
          step
          address
          until
          failures
          addresses
        }
      }
    }
  }
`;

const CLEAR = /* GraphQL */ `
  mutation ($organizationId: ID, $userId: ID!) {
    clearSignInHold(organizationId: $organizationId, input: { userId: $userId }) {
      signInHold {
        held
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

/** Two wrong passwords of Nina's from one address: that address is held back for ten minutes. */
async function heldBack(limiter: RateLimiter) {
  for (let i = 0; i < 2; i++) {
    await limiter.signIn(
      { ip: '203.0.113.9', account: NINA.OfficialEmail },
      async () => 'failure' as const,
      (outcome) => outcome,
    );
  }
}

const FAILED_FROM = [{ Ip: '203.0.113.9', Step: 'password' as const, Failures: 2, LastAt: '2026-11-28T17:00:00.000Z' }];

describe("a person's sign-in activity and hold", () => {
  it('lists their attempts in the schema’s words with the browser read from the agent, and reads the hold from the counters', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T17:00:00Z'));
    try {
      const limiter = createRateLimiter(LIMITS);
      await heldBack(limiter);
      const listAttempts = vi.fn(async (_params: URLSearchParams) => ({
        rows: [
          {
            AttemptId: 7,
            UserId: 41,
            ClientId: ORGANIZATIONS.A.ClientId,
            OccurredAt: '2026-11-28T16:59:00+00:00',
            Step: 'password',
            Outcome: 'held_address',
            Succeeded: false,
            Ip: '203.0.113.9',
            UserAgent: CHROME,
          },
        ],
        contentRange: '0-0/1',
      }));
      const failureAddresses = vi.fn(async () => FAILED_FROM);
      const ctx = fakeContext({
        viewer: CALLERS.orgAdminOfA,
        limiter,
        sources: { users: { getUser: async () => NINA }, signInActivity: { listAttempts, failureAddresses } },
      });
      const answer = await execute(PERSON, { id: '41' }, ctx);
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toEqual({
        user: {
          signInActivity: {
            totalCount: 1,
            nodes: [
              {
                id: '7',
                occurredAt: '2026-11-28T16:59:00.000Z',
                step: 'PASSWORD',
                succeeded: false,
                outcome: 'HELD_ADDRESS',
                ip: '203.0.113.9',
                browser: 'Chrome 130',
                operatingSystem: 'Windows 10',
              },
            ],
          },
          signInHold: {
            held: true,
            until: '2026-11-28T17:10:00.000Z',
            holds: [
              {
                kind: 'ONE_ADDRESS',
                step: 'PASSWORD',
                address: '203.0.113.9',
                until: '2026-11-28T17:10:00.000Z',
                failures: 2,
                addresses: 1,
              },
            ],
          },
        },
      });
      const params = listAttempts.mock.calls[0]![0];
      expect(Object.fromEntries(params)).toMatchObject({
        UserId: 'eq.41',
        ClientId: `eq.${A}`,
        Succeeded: 'eq.false',
        order: 'OccurredAt.desc',
      });
      expect(failureAddresses).toHaveBeenCalledWith(41, ORGANIZATIONS.A.ClientId, new Date(Date.now() - LIMITS.signIn.failureResetMs));
      await limiter.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('clearSignInHold', () => {
  it('audits the holds through the REST service first, then clears the counters and answers the person not held back', async () => {
    const limiter = createRateLimiter(LIMITS);
    await heldBack(limiter);
    const steps: string[] = [];
    const clearHold = vi.fn(async () => {
      steps.push(
        `audited while held: ${(await limiter.signInHolds({ email: NINA.OfficialEmail, userId: 41, addresses: [{ ip: '203.0.113.9', step: 'password' }] })).length}`,
      );
      return { UserId: 41, Email: NINA.OfficialEmail };
    });
    const ctx = fakeContext({
      viewer: CALLERS.superAdmin,
      limiter,
      sources: { users: { getUser: async () => NINA }, signInActivity: { failureAddresses: async () => FAILED_FROM, clearHold } },
    });
    const answer = await execute(CLEAR, { organizationId: A, userId: '41' }, ctx);
    expect(answer.data).toEqual({ clearSignInHold: { signInHold: { held: false }, errors: [] } });
    expect(steps).toEqual(['audited while held: 1']);
    expect(clearHold).toHaveBeenCalledWith(A, {
      UserId: 41,
      Holds: [{ Kind: 'one_address', Step: 'password', Address: '203.0.113.9', Until: expect.any(String), Failures: 2 }],
    });
    // The address signs in again at once.
    const again = await limiter.signIn(
      { ip: '203.0.113.9', account: NINA.OfficialEmail },
      async () => 'success' as const,
      (o) => o,
    );
    expect(again).toBe('success');
    await limiter.close();
  });

  it('answers a person who is not held back as a conflict, and audits nothing', async () => {
    const clearHold = vi.fn();
    const ctx = fakeContext({
      viewer: CALLERS.orgAdminOfA,
      sources: { users: { getUser: async () => NINA }, signInActivity: { failureAddresses: async () => [], clearHold } },
    });
    const answer = await execute(CLEAR, { userId: '41' }, ctx);
    expect(answer.data).toEqual({
      clearSignInHold: {
        signInHold: null,
        errors: [{ code: 'CONFLICT', field: 'userId', message: 'The sign-in of Nina Invitee is not held back' }],
      },
    });
    expect(clearHold).not.toHaveBeenCalled();
  });

  it('leaves the counters as they were when the REST service refuses (a read-only key)', async () => {
    const limiter = createRateLimiter(LIMITS);
    await heldBack(limiter);
    const clearHold = vi.fn(async () => {
      throw restError(403, { code: 'FORBIDDEN', message: 'This API key may only read' });
    });
    const ctx = fakeContext({
      viewer: CALLERS.superAdmin,
      usesApiKey: true,
      limiter,
      sources: { users: { getUser: async () => NINA }, signInActivity: { failureAddresses: async () => FAILED_FROM, clearHold } },
    });
    const answer = await execute(CLEAR, { organizationId: A, userId: '41' }, ctx);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const holds = await limiter.signInHolds({
      email: NINA.OfficialEmail,
      userId: 41,
      addresses: [{ ip: '203.0.113.9', step: 'password' }],
    });
    expect(holds).toHaveLength(1);
    await limiter.close();
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfB', 'FORBIDDEN'],
  ] as const)("refuses %s with %s for Acme's people before asking the REST service", async (caller, code) => {
    const getUser = vi.fn();
    const ctx = fakeContext({ viewer: CALLERS[caller], sources: { users: { getUser } } });
    const answer = await execute(CLEAR, { organizationId: A, userId: '41' }, ctx);
    expect(answer.errors?.[0]?.extensions).toEqual({ code });
    expect(getUser).not.toHaveBeenCalled();
  });
});

describe('a sign-in refused by a hold', () => {
  const SIGN_IN = /* GraphQL */ `
    mutation ($input: SignInInput!) {
      signIn(input: $input) {
        viewer {
          email
        }
        errors {
          code
        }
      }
    }
  `;

  it('is recorded for the account it named, once a minute for each address and hold, and still refused', async () => {
    const limiter = createRateLimiter(LIMITS);
    await heldBack(limiter);
    const recordRefusal = vi.fn(async () => {});
    const tryFrom = (clientAddress: string) =>
      execute(
        SIGN_IN,
        { input: { email: NINA.OfficialEmail, password: 'Wrong@123', captcha: 'solved' } },
        fakeContext({ limiter, clientAddress, sources: { signInActivity: { recordRefusal } } }),
      );
    for (let i = 0; i < 3; i++) expect((await tryFrom('203.0.113.9')).errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(recordRefusal.mock.calls).toEqual([[{ Email: NINA.OfficialEmail, Step: 'password', Refusal: 'held_address' }]]);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + MINUTE + 1000);
      await tryFrom('203.0.113.9');
      expect(recordRefusal).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
    await limiter.close();
  });
});
