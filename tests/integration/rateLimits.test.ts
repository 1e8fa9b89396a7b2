import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '@yozy/gateway';
import { GraphQLSession } from '../support/graphql';
import { startStack, type Stack } from '../support/stack';

const TIGHT: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  signIn: { windowMs: 15 * 60_000, perIp: 7, perAccount: 3 },
  requestPasswordReset: { windowMs: 60 * 60_000, perIp: 100, perAccount: 2 },
};

describe('rate limits', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('pglite', { rateLimits: TIGHT });
  });
  afterAll(() => stack.stop());

  it('stops sign-in attempts on one account with a clear "try again in N minutes"', async () => {
    const session = new GraphQLSession(stack.gatewayUrl);
    for (let attempt = 0; attempt < 3; attempt++) {
      const answer = await session.signIn('admin@globex.local', 'Wrong@123');
      expect(answer.data?.signIn.errors[0]?.code).toBe('INVALID_CREDENTIALS');
    }
    const blocked = await session.signIn('ADMIN@globex.local', 'Admin@123');
    expect(blocked.status).toBe(429);
    expect(blocked.errors?.[0]).toMatchObject({
      message: 'Too many attempts. Try again in 15 minutes.',
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(blocked.setCookies).toEqual([]);
  });

  it('stops sign-in attempts from one address across accounts', async () => {
    const session = new GraphQLSession(stack.gatewayUrl);
    // Four attempts came from this address above (the refused one counts too); three more reach seven.
    for (const email of ['a@x.local', 'b@x.local', 'c@x.local']) {
      expect((await session.signIn(email, 'Wrong@123')).status).toBe(200);
    }
    const blocked = await session.signIn('admin@acme.local', 'Admin@123');
    expect(blocked.status).toBe(429);
  });

  it('leaves other operations alone', async () => {
    const answer = await new GraphQLSession(stack.gatewayUrl).request('{ viewer { email } }');
    expect(answer.status).toBe(200);
  });

  it('limits reset requests per account, even when the variables are written inline', async () => {
    const session = new GraphQLSession(stack.gatewayUrl);
    const ask = async () =>
      session.request(
        `mutation($captcha: String!) { requestPasswordReset(input: { email: "nobody@acme.local", captcha: $captcha }) { accepted } }`,
        { captcha: await session.captcha() },
      );
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
  });
});
