import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ipKey } from './addressKey';
import type { RateLimits } from './rateLimitPolicies';
import { createRateLimiter, tooManyAttempts, type Outcome, type RateLimiter } from './rateLimits';

const SECOND = 1000;
const LIMITS: RateLimits = {
  signIn: {
    freeFailures: 3,
    waitIncrementMs: 60 * SECOND,
    maxWaitMs: 150 * SECOND,
    failureResetMs: 600 * SECOND,
    perIp: { failures: 8, windowMs: 900 * SECOND },
    perAccount: { freeFailures: 6 },
  },
  signInCode: {
    freeFailures: 3,
    waitIncrementMs: 60 * SECOND,
    maxWaitMs: 150 * SECOND,
    failureResetMs: 600 * SECOND,
    perIp: { failures: 8, windowMs: 900 * SECOND },
    perAccount: { freeFailures: 6 },
  },
  requestPasswordReset: { windowMs: 3600 * SECOND, perIp: 3, perAccount: 2 },
  resetPassword: { windowMs: 3600 * SECOND, perIp: 3, perAccount: 2 },
  setPassword: { windowMs: 3600 * SECOND, perIp: 3, perAccount: 2 },
  changePassword: { windowMs: 3600 * SECOND, perIp: 3, perAccount: 2 },
  submitEnquiry: { windowMs: 3600 * SECOND, perIp: 3, perAccount: 2 },
  startSingleSignOn: { windowMs: 3600 * SECOND, perIp: 3, perAccount: 2 },
  redeemSignInHandoff: { windowMs: 3600 * SECOND, perIp: 3, perAccount: 2 },
  apiKey: { windowMs: 60 * SECOND, perKey: 3 },
  provisioningToken: { windowMs: 60 * 60_000, perToken: 3 },
};

/** What a caller would see: the sign-in went through with this outcome, or the minutes it was told to wait. */
async function attempt(
  limiter: RateLimiter,
  outcome: Outcome,
  account = 'someone@acme.local',
  ip = '192.0.2.1',
  device: string | null = null,
): Promise<string> {
  try {
    await limiter.signIn(
      { ip, account, device },
      async () => outcome,
      (result) => result,
    );
    return outcome;
  } catch (error) {
    return (error as Error).message
      .replace(/^Too many attempts\. Try again in (\d+) minutes?\.$/, 'wait $1')
      .replace(/^Too many attempts on this account from new browsers\. .* or try again in (\d+) minutes?\.$/, 'new browsers wait $1');
  }
}

describe('sign-in brute-force protection', () => {
  let limiter: RateLimiter;
  beforeEach(() => {
    vi.useFakeTimers();
    limiter = createRateLimiter(LIMITS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds a wait that grows with each failure after the free ones, up to the maximum', async () => {
    for (let i = 0; i < 3; i++) expect(await attempt(limiter, 'failure')).toBe('failure');
    expect(await attempt(limiter, 'success')).toBe('wait 1');
    vi.advanceTimersByTime(60 * SECOND);
    expect(await attempt(limiter, 'failure')).toBe('failure');
    expect(await attempt(limiter, 'failure')).toBe('wait 2');
    vi.advanceTimersByTime(119 * SECOND);
    expect(await attempt(limiter, 'failure')).toBe('wait 1');
    vi.advanceTimersByTime(1 * SECOND);
    expect(await attempt(limiter, 'failure')).toBe('failure');
    expect(await attempt(limiter, 'failure')).toBe('wait 3');
    vi.advanceTimersByTime(150 * SECOND);
    expect(await attempt(limiter, 'failure')).toBe('failure');
    expect(await attempt(limiter, 'failure')).toBe('wait 3'); // 150 s at most
  });

  it('forgets failures after a quiet period, counted from the last failure', async () => {
    await attempt(limiter, 'failure');
    vi.advanceTimersByTime(500 * SECOND);
    await attempt(limiter, 'failure');
    vi.advanceTimersByTime(500 * SECOND); // 1000 s after the first failure, 500 s after the last
    expect(await attempt(limiter, 'failure')).toBe('failure');
    expect(await attempt(limiter, 'failure')).toBe('wait 1');

    vi.advanceTimersByTime(600 * SECOND);
    for (let i = 0; i < 3; i++) expect(await attempt(limiter, 'failure')).toBe('failure');
  });

  it('keeps each account and address apart', async () => {
    for (let i = 0; i < 3; i++) await attempt(limiter, 'failure', 'victim@acme.local', '198.51.100.7');
    expect(await attempt(limiter, 'success', 'victim@acme.local', '198.51.100.7')).toBe('wait 1');
    expect(await attempt(limiter, 'success', 'victim@acme.local', '203.0.113.9')).toBe('success');
    expect(await attempt(limiter, 'failure', 'other@acme.local', '198.51.100.7')).toBe('failure');
  });

  it('treats the same account written differently as one', async () => {
    await attempt(limiter, 'failure', 'Victim@Acme.local');
    await attempt(limiter, 'failure', ' victim@acme.local');
    await attempt(limiter, 'failure', 'VICTIM@ACME.LOCAL ');
    expect(await attempt(limiter, 'success', 'victim@acme.local')).toBe('wait 1');
  });

  it('counts neither successes nor attempts that never checked a password, and a success clears the failures', async () => {
    for (let i = 0; i < 10; i++) expect(await attempt(limiter, 'success')).toBe('success');
    for (let i = 0; i < 10; i++) expect(await attempt(limiter, 'neither')).toBe('neither');
    await attempt(limiter, 'failure');
    await attempt(limiter, 'failure');
    await attempt(limiter, 'success');
    for (let i = 0; i < 3; i++) expect(await attempt(limiter, 'failure')).toBe('failure');
  });

  it('stops one address failing across accounts after its budget, even with a right password', async () => {
    for (let i = 0; i < 8; i++) expect(await attempt(limiter, 'failure', `sprayed-${i}@acme.local`)).toBe('failure');
    expect(await attempt(limiter, 'success', 'fresh@acme.local')).toBe('wait 15');
    expect(await attempt(limiter, 'success', 'fresh@acme.local', '192.0.2.2')).toBe('success');
  });

  it('lets one attempt of an account and address run at a time', async () => {
    let finish!: () => void;
    const first = limiter.signIn(
      { ip: '192.0.2.1', account: 'a@acme.local' },
      () => new Promise<Outcome>((resolve) => (finish = () => resolve('failure'))),
      (result) => result,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(await attempt(limiter, 'failure', 'a@acme.local')).toBe('wait 1');
    finish();
    await first;
    expect(await attempt(limiter, 'failure', 'a@acme.local')).toBe('failure');
  });

  it('releases the attempt when the sign-in throws, and counts nothing', async () => {
    const failing = limiter.signIn(
      { ip: '192.0.2.1', account: 'a@acme.local' },
      () => Promise.reject(new Error('outage')),
      () => 'failure',
    );
    await expect(failing).rejects.toThrow('outage');
    for (let i = 0; i < 3; i++) expect(await attempt(limiter, 'failure', 'a@acme.local')).toBe('failure');
  });
});

describe('guessing one account from many addresses', () => {
  let limiter: RateLimiter;
  beforeEach(() => {
    vi.useFakeTimers();
    limiter = createRateLimiter(LIMITS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const from = (i: number) => `198.51.100.${i}`;

  it('makes new browsers wait, growing, once new browsers failed on the account from any addresses, but never one with its device cookie', async () => {
    for (let i = 0; i < 6; i++) expect(await attempt(limiter, 'failure', 'victim@acme.local', from(i))).toBe('failure');
    // A new address with the right password is refused, saying what still works.
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(50))).toBe('new browsers wait 1');
    expect(await attempt(limiter, 'success', 'Victim@Acme.local', from(51))).toBe('new browsers wait 1');
    // The browser the person signed in with before goes in, from any address.
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(52), 'cookie-of-the-owner')).toBe('success');

    vi.advanceTimersByTime(60 * SECOND);
    expect(await attempt(limiter, 'failure', 'victim@acme.local', from(53))).toBe('failure');
    expect(await attempt(limiter, 'failure', 'victim@acme.local', from(54))).toBe('new browsers wait 2');
    vi.advanceTimersByTime(120 * SECOND);
    expect(await attempt(limiter, 'failure', 'victim@acme.local', from(55))).toBe('failure');
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(56))).toBe('new browsers wait 3');
    vi.advanceTimersByTime(150 * SECOND);
    expect(await attempt(limiter, 'failure', 'victim@acme.local', from(57))).toBe('failure');
    expect(await attempt(limiter, 'failure', 'victim@acme.local', from(58))).toBe('new browsers wait 3'); // 150 s at most
    // Other accounts are not affected.
    expect(await attempt(limiter, 'success', 'other@acme.local', from(59))).toBe('success');
  });

  it('forgets the failures of new browsers on an account after the quiet period, and a sign-in of the owner does not', async () => {
    for (let i = 0; i < 5; i++) await attempt(limiter, 'failure', 'victim@acme.local', from(i));
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(10))).toBe('success');
    expect(await attempt(limiter, 'failure', 'victim@acme.local', from(11))).toBe('failure');
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(12))).toBe('new browsers wait 1');
    vi.advanceTimersByTime(600 * SECOND);
    for (let i = 0; i < 6; i++) expect(await attempt(limiter, 'failure', 'victim@acme.local', from(20 + i))).toBe('failure');
  });

  it('lets no more than the free failures through when attempts from many addresses arrive at once', async () => {
    let finish!: () => void;
    const held = new Promise<Outcome>((resolve) => (finish = () => resolve('failure')));
    const answers = Array.from({ length: 40 }, (_, i) =>
      limiter
        .signIn(
          { ip: from(i), account: 'victim@acme.local' },
          () => held,
          (result) => result,
        )
        .then(
          () => 'ran',
          () => 'refused',
        ),
    );
    await vi.advanceTimersByTimeAsync(0);
    finish();
    const outcomes = await Promise.all(answers);
    // The free failures, and the one attempt the account's gate lets through past them.
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(7);
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(99))).toBe('new browsers wait 2');
  });

  it("counts a device cookie's own failures, and once it waits the browser is like a new one", async () => {
    const owner = 'cookie-of-the-owner';
    for (let i = 0; i < 3; i++) expect(await attempt(limiter, 'failure', 'victim@acme.local', from(1), owner)).toBe('failure');
    // Its cookie waits now: the browser is counted like a new one, whose budget is not used up yet.
    expect(await attempt(limiter, 'failure', 'victim@acme.local', from(1), owner)).toBe('failure');
    for (let i = 0; i < 5; i++) await attempt(limiter, 'failure', 'victim@acme.local', from(10 + i));
    // The account waits for new browsers, and so for this one, told plainly (it holds a cookie already).
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(1), owner)).toBe('wait 1');
    // Another browser of the owner, with its own cookie, is not held back.
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(2), 'other-cookie')).toBe('success');
    // Once its wait is over the cookie works again, and a sign-in clears its failures.
    vi.advanceTimersByTime(60 * SECOND);
    expect(await attempt(limiter, 'success', 'victim@acme.local', from(1), owner)).toBe('success');
    for (let i = 0; i < 3; i++) expect(await attempt(limiter, 'failure', 'victim@acme.local', from(1), owner)).toBe('failure');
  });

  it("does not count a device cookie's attempts against the address's budget", async () => {
    for (let i = 0; i < 20; i++) {
      expect(await attempt(limiter, i % 2 ? 'success' : 'failure', 'victim@acme.local', from(1), 'cookie-of-the-owner')).not.toMatch(
        /wait/,
      );
    }
    for (let i = 0; i < 8; i++) expect(await attempt(limiter, 'failure', `sprayed-${i}@acme.local`, from(1))).toBe('failure');
    expect(await attempt(limiter, 'success', 'fresh@acme.local', from(1))).toBe('wait 15');
  });
});

describe('counted public mutations', () => {
  it('refuses past the limit per account, from any address, and per address across accounts', async () => {
    const limiter = createRateLimiter(LIMITS);
    const count = (account: string, ip: string) =>
      limiter.count('requestPasswordReset', { account, ip }).then(
        () => 'counted',
        (error: Error) => error.message,
      );
    expect(await count('a@acme.local', '192.0.2.1')).toBe('counted');
    expect(await count('A@acme.local', '192.0.2.2')).toBe('counted');
    expect(await count('a@acme.local', '192.0.2.3')).toBe('Too many attempts. Try again in 60 minutes.');
    expect(await count('b@acme.local', '192.0.2.1')).toBe('counted');
    expect(await count('c@acme.local', '192.0.2.1')).toBe('counted');
    expect(await count('d@acme.local', '192.0.2.1')).toBe('Too many attempts. Try again in 60 minutes.');
    // Each mutation has counters of its own.
    expect(await limiter.count('resetPassword', { account: 'a@acme.local', ip: '192.0.2.1' })).toBeUndefined();
  });
});

describe('API key requests', () => {
  it('counts each key against its own limit', async () => {
    const limiter = createRateLimiter(LIMITS);
    const request = (key: string) =>
      limiter.countApiKeyRequest(key).then(
        () => 'counted',
        (error: Error) => error.message,
      );
    for (let i = 0; i < 3; i++) expect(await request('yozy_key_one')).toBe('counted');
    expect(await request('yozy_key_one')).toBe('Too many attempts. Try again in 1 minute.');
    expect(await request('yozy_key_two')).toBe('counted');
  });
});

describe('tooManyAttempts', () => {
  it.each([
    [61 * SECOND, 'Too many attempts. Try again in 2 minutes.', '61'],
    [60 * SECOND, 'Too many attempts. Try again in 1 minute.', '60'],
    [1, 'Too many attempts. Try again in 1 minute.', '1'],
    [-5, 'Too many attempts. Try again in 1 minute.', '1'],
  ])('rounds %d ms up to whole minutes and seconds', (ms, message, retryAfter) => {
    const error = tooManyAttempts(ms, { name: 'signIn-ip', quota: 50, windowMs: 900 * SECOND });
    expect(error.message).toBe(message);
    const http = error.extensions.http as { status: number; headers: Map<string, string> };
    expect(error.extensions.code).toBe('RATE_LIMITED');
    expect(http.status).toBe(429);
    expect(Object.fromEntries(http.headers)).toEqual({
      'retry-after': retryAfter,
      'ratelimit-policy': '"signIn-ip";q=50;w=900',
      ratelimit: `"signIn-ip";r=0;t=${retryAfter}`,
    });
  });
});

describe('ipKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(ipKey(ip)).toBe(key);
  });
});
