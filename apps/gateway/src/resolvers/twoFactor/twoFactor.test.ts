import { describe, expect, it } from 'vitest';
import { restError } from '#errors';
import { DEFAULT_RATE_LIMITS } from '#rateLimitPolicies';
import { createRateLimiter } from '#rateLimits';
import { CALLERS, execute, fakeContext } from '#testing/fakes';

const SIGN_IN = /* GraphQL */ `
  mutation ($input: SignInInput!) {
    signIn(input: $input) {
      viewer {
        email
      }
      nextStep
      errors {
        code
      }
    }
  }
`;
const VERIFY = /* GraphQL */ `
  mutation ($input: SecondFactorInput!) {
    verifySignInCode(input: $input) {
      viewer {
        email
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const CONFIRM = /* GraphQL */ `
  mutation {
    confirmTwoFactor(input: { code: "123456" }) {
      twoFactor {
        enabled
      }
      recoveryCodes
      errors {
        code
      }
    }
  }
`;

const user = CALLERS.orgAdminOfA;
const wrongCode = () => Promise.reject(restError(401, { code: 'INVALID_CREDENTIALS', message: 'That code is not right.', field: 'code' }));

describe('two-factor sign-in', () => {
  it('answers the code step after a right password, keeping the step in its cookie and starting no session', async () => {
    const ctx = fakeContext({
      sources: {
        account: {
          signIn: async () => ({
            twoFactor: 'code',
            challenge: '2.secret',
            challengeExpiresAt: new Date(Date.now() + 300_000).toISOString(),
          }),
        },
      },
    });
    const answer = await execute(SIGN_IN, { input: { email: user.OfficialEmail, password: 'Admin@123', captcha: 'ok' } }, ctx);
    expect(answer.data).toEqual({ signIn: { viewer: null, nextStep: 'CODE', errors: [] } });
    expect(ctx.sessionEvents).toEqual(['step 2.secret']);
  });

  it('completes the sign-in with a code, sending the step to the service, and clears the step', async () => {
    const sent: unknown[] = [];
    const ctx = fakeContext({
      signInStep: '2.secret',
      sources: {
        twoFactor: {
          signInWithCode: async (body) => (sent.push(body), { token: 't', expiresAt: '2030-01-01T00:00:00Z', keepSignedIn: true, user }),
        },
      },
    });
    const answer = await execute(VERIFY, { input: { code: '123456' } }, ctx);
    expect(answer.data).toEqual({ verifySignInCode: { viewer: { email: user.OfficialEmail }, errors: [] } });
    expect(sent).toEqual([{ challenge: '2.secret', code: '123456' }]);
    expect(ctx.sessionEvents).toEqual(['step end', `start t ${user.OfficialEmail}`]);
  });

  it('says the sign-in expired without a step, asking the service nothing', async () => {
    const answer = await execute(VERIFY, { input: { code: '123456' } }, fakeContext());
    expect(answer.data).toMatchObject({ verifySignInCode: { viewer: null, errors: [{ code: 'INVALID_TOKEN' }] } });
  });

  it('counts wrong codes against the person and refuses more after the free ones', async () => {
    const limiter = createRateLimiter(DEFAULT_RATE_LIMITS);
    const attempt = () =>
      execute(
        VERIFY,
        { input: { code: '000000' } },
        fakeContext({ limiter, signInStep: '2.secret', sources: { twoFactor: { signInWithCode: wrongCode } } }),
      );
    for (let i = 0; i < DEFAULT_RATE_LIMITS.signInCode.freeFailures; i++) {
      expect((await attempt()).data).toMatchObject({ verifySignInCode: { errors: [{ code: 'INVALID_CREDENTIALS', field: 'code' }] } });
    }
    const limited = await attempt();
    expect(limited.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('ends the step when the service says the wrong code was the last of its budget, counting it as a wrong code', async () => {
    const ended = 'Five wrong codes have ended this sign-in. Sign in with your email and password again.';
    const limiter = createRateLimiter({ ...DEFAULT_RATE_LIMITS, signInCode: { ...DEFAULT_RATE_LIMITS.signInCode, freeFailures: 1 } });
    const ctx = fakeContext({
      limiter,
      signInStep: '2.secret',
      sources: {
        twoFactor: {
          signInWithCode: () => Promise.reject(restError(401, { code: 'INVALID_CREDENTIALS', message: ended, field: 'challenge' })),
        },
      },
    });
    const answer = await execute(VERIFY, { input: { code: '000000' } }, ctx);
    expect(answer.data).toEqual({
      verifySignInCode: {
        viewer: null,
        errors: [
          { code: 'INVALID_CREDENTIALS', field: null, message: ended },
          { code: 'INVALID_TOKEN', field: null, message: ended },
        ],
      },
    });
    expect(ctx.sessionEvents).toEqual(['step end']);
    // It was counted: the person's one free failure is used up.
    const next = await execute(VERIFY, { input: { code: '000000' } }, fakeContext({ limiter, signInStep: '2.other' }));
    expect(next.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('turns one’s own two-factor on only when signed in, and answers the recovery codes', async () => {
    const signedOut = await execute(CONFIRM, {}, fakeContext());
    expect(signedOut.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    const ctx = fakeContext({
      viewer: user,
      sources: {
        twoFactor: {
          confirm: async () => ({
            recoveryCodes: codes,
            status: { enabled: true, enabledAt: '2026-01-01T00:00:00Z', recoveryCodesLeft: 10 },
          }),
        },
      },
    });
    expect((await execute(CONFIRM, {}, ctx)).data).toEqual({
      confirmTwoFactor: { twoFactor: { enabled: true }, recoveryCodes: codes, errors: [] },
    });
  });
});
