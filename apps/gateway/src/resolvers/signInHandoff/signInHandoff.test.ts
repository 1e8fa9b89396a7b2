import { describe, expect, it, vi } from 'vitest';
import { restError } from '#errors';
import { DEFAULT_RATE_LIMITS } from '#rateLimitPolicies';
import { createRateLimiter } from '#rateLimits';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const ISSUE = /* GraphQL */ `
  mutation ($email: String!) {
    issueSignInHandoff(input: { email: $email }) {
      handoff {
        token
        email
        expiresAt
        loginUrl
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const REDEEM = /* GraphQL */ `
  mutation ($token: String!) {
    redeemSignInHandoff(token: $token) {
      email
      errors {
        code
        field
      }
    }
  }
`;

const ISSUED = { Token: 'tok-123', Email: 'member@acme.local', ExpiresAt: '2026-11-27T06:05:00.000Z', LoginPath: '/login?data=tok-123' };

describe('issueSignInHandoff', () => {
  it.each([
    ['superAdmin', false],
    ['superAdmin', true],
    // A key that reaches one organisation acts as its admin; the REST service keeps it to that organisation.
    ['orgAdminOfA', true],
  ] as const)('gives %s (API key: %s) the token and the sign-in address to send the person to', async (caller, usesApiKey) => {
    const issueSignInHandoff = vi.fn(async () => ISSUED);
    const answer = await execute(
      ISSUE,
      { email: ' member@acme.local ' },
      fakeContext({ viewer: CALLERS[caller], usesApiKey, sources: { account: { issueSignInHandoff } } }),
    );
    expect(answer.data).toEqual({
      issueSignInHandoff: {
        handoff: {
          token: 'tok-123',
          email: 'member@acme.local',
          expiresAt: '2026-11-27T06:05:00.000Z',
          loginUrl: 'http://127.0.0.1:4000/login?data=tok-123',
        },
        errors: [],
      },
    });
    expect(issueSignInHandoff).toHaveBeenCalledWith('member@acme.local');
  });

  it.each([
    ['anonymous', 'UNAUTHENTICATED'],
    ['memberOfA', 'FORBIDDEN'],
    ['orgAdminOfA', 'FORBIDDEN'],
  ] as const)('refuses %s signed in in person with %s without asking the REST service', async (caller, code) => {
    const issueSignInHandoff = vi.fn(async () => ISSUED);
    const answer = await execute(
      ISSUE,
      { email: 'member@acme.local' },
      fakeContext({ viewer: CALLERS[caller], sources: { account: { issueSignInHandoff } } }),
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe(code);
    expect(issueSignInHandoff).not.toHaveBeenCalled();
  });

  it('names the email when nobody the caller may see has it', async () => {
    const issueSignInHandoff = vi.fn(() =>
      Promise.reject(restError(404, { code: 'NOT_FOUND', message: 'Nobody with this email', field: 'Email' })),
    );
    const answer = await execute(
      ISSUE,
      { email: 'admin@globex.local' },
      fakeContext({ viewer: CALLERS.orgAdminOfA, usesApiKey: true, sources: { account: { issueSignInHandoff } } }),
    );
    expect(answer.data).toEqual({
      issueSignInHandoff: { handoff: null, errors: [{ code: 'NOT_FOUND', field: 'email', message: 'Nobody with this email' }] },
    });
  });
});

describe('redeemSignInHandoff', () => {
  it('answers the email, and a used or forged token in the payload', async () => {
    const redeemSignInHandoff = vi
      .fn()
      .mockResolvedValueOnce('member@acme.local')
      .mockRejectedValueOnce(
        restError(400, { code: 'INVALID_TOKEN', message: 'That sign-in link has expired or was already used', field: 'token' }),
      );
    const context = () => fakeContext({ sources: { account: { redeemSignInHandoff } } });
    expect((await execute(REDEEM, { token: 'tok-123' }, context())).data).toEqual({
      redeemSignInHandoff: { email: 'member@acme.local', errors: [] },
    });
    expect((await execute(REDEEM, { token: 'tok-123' }, context())).data).toEqual({
      redeemSignInHandoff: { email: null, errors: [{ code: 'INVALID_TOKEN', field: 'token' }] },
    });
  });

  it('is counted per address like the other public operations: a guesser is refused before the REST service is asked', async () => {
    const limiter = createRateLimiter({ ...DEFAULT_RATE_LIMITS, redeemSignInHandoff: { windowMs: 60_000, perIp: 2, perAccount: 100 } });
    const redeemSignInHandoff = vi.fn(() => Promise.reject(restError(400, { code: 'INVALID_TOKEN', message: 'x', field: 'token' })));
    const guess = (token: string) => execute(REDEEM, { token }, fakeContext({ limiter, sources: { account: { redeemSignInHandoff } } }));
    await guess('guess-1');
    await guess('guess-2');
    const limited = await guess('guess-3');
    expect(limited.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(redeemSignInHandoff).toHaveBeenCalledTimes(2);
  });
});
