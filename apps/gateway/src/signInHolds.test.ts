import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rateLimitPolicies';
import { createRateLimiter, refusalPolicyOf, type Outcome, type RateLimiter } from './rateLimits';
import { personAccount } from './deviceCookies';
import type { HoldSubject } from './signInHolds';

const MINUTE = 60_000;
const STEP = {
  freeFailures: 3,
  waitIncrementMs: MINUTE,
  maxWaitMs: 10 * MINUTE,
  failureResetMs: 60 * MINUTE,
  perIp: { failures: 50, windowMs: 15 * MINUTE },
  perAccount: { freeFailures: 5 },
};
const LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, signIn: STEP, signInCode: STEP };

const EMAIL = 'nina@acme.local';
const USER_ID = 41;

/** An attempt at the password step (or, with `code`, the code step) that turns out as `outcome`: what it got, in a word. */
async function attempt(limiter: RateLimiter, ip: string, outcome: Outcome = 'failure', code = false): Promise<string> {
  try {
    await limiter.signIn(
      { ip, account: code ? personAccount(USER_ID) : EMAIL },
      async () => outcome,
      (result) => result,
      code ? 'signInCode' : 'signIn',
    );
    return outcome;
  } catch (error) {
    return `refused by ${refusalPolicyOf(error)}`;
  }
}

const subject = (addresses: HoldSubject['addresses']): HoldSubject => ({ email: 'Nina@Acme.local', userId: USER_ID, addresses });

describe('the holds on a person’s sign-in, read from the limiter’s counters', () => {
  let limiter: RateLimiter;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T17:00:00Z'));
    limiter = createRateLimiter(LIMITS);
  });
  afterEach(async () => {
    await limiter.close();
    vi.useRealTimers();
  });

  it('says nothing holds a person back before their failures reach the free ones', async () => {
    for (const ip of ['192.0.2.1', '192.0.2.2']) expect(await attempt(limiter, ip)).toBe('failure');
    expect(
      await limiter.signInHolds(
        subject([
          { ip: '192.0.2.1', step: 'password' },
          { ip: '192.0.2.2', step: 'password' },
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the hold of one address after its free failures, until its wait ends', async () => {
    for (let i = 0; i < 3; i++) await attempt(limiter, '192.0.2.1');
    expect(await attempt(limiter, '192.0.2.1')).toBe('refused by signIn-account-ip');
    const holds = await limiter.signInHolds(subject([{ ip: '192.0.2.1', step: 'password' }]));
    expect(holds).toEqual([
      { kind: 'one_address', step: 'password', address: '192.0.2.1', until: new Date('2026-11-28T17:01:00Z'), failures: 3, addresses: 1 },
    ]);
    vi.advanceTimersByTime(MINUTE + 1);
    expect(await limiter.signInHolds(subject([{ ip: '192.0.2.1', step: 'password' }]))).toEqual([]);
  });

  it('reads the hold on new browsers of an account guessed from many addresses, and the code step’s apart', async () => {
    const addresses = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
    for (const ip of addresses) expect(await attempt(limiter, ip)).toBe('failure');
    expect(await attempt(limiter, '198.51.100.6')).toBe('refused by signIn-account');
    for (let i = 0; i < 3; i++) await attempt(limiter, '203.0.113.7', 'failure', true);

    const holds = await limiter.signInHolds(
      subject([...addresses.map((ip) => ({ ip, step: 'password' as const })), { ip: '203.0.113.7', step: 'code' }]),
    );
    expect(holds).toEqual([
      { kind: 'new_browsers', step: 'password', address: null, until: new Date('2026-11-28T17:01:00Z'), failures: 5, addresses: 5 },
      { kind: 'one_address', step: 'code', address: '203.0.113.7', until: new Date('2026-11-28T17:01:00Z'), failures: 3, addresses: 1 },
    ]);
  });

  it('clears every hold of the person: the addresses and new browsers held back may try again at once', async () => {
    const addresses = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
    for (const ip of addresses) await attempt(limiter, ip);
    for (let i = 0; i < 3; i++) await attempt(limiter, '198.51.100.1');
    for (let i = 0; i < 3; i++) await attempt(limiter, '203.0.113.7', 'failure', true);
    const person = subject([...addresses.map((ip) => ({ ip, step: 'password' as const })), { ip: '203.0.113.7', step: 'code' }]);
    expect(await limiter.signInHolds(person)).toHaveLength(2);
    expect(await attempt(limiter, '192.0.2.99', 'success')).toBe('refused by signIn-account');

    await limiter.clearSignInHolds(person);
    expect(await limiter.signInHolds(person)).toEqual([]);
    expect(await attempt(limiter, '192.0.2.99', 'success')).toBe('success');
    expect(await attempt(limiter, '198.51.100.1', 'success')).toBe('success');
    expect(await attempt(limiter, '203.0.113.7', 'success', true)).toBe('success');
  });

  it('leaves other accounts’ holds alone', async () => {
    for (let i = 0; i < 3; i++) {
      await limiter.signIn(
        { ip: '192.0.2.1', account: 'someone-else@acme.local' },
        async () => 'failure' as const,
        (r) => r,
      );
    }
    await limiter.clearSignInHolds(subject([{ ip: '192.0.2.1', step: 'password' }]));
    const other = await limiter.signInHolds({
      email: 'someone-else@acme.local',
      userId: 99,
      addresses: [{ ip: '192.0.2.1', step: 'password' }],
    });
    expect(other).toHaveLength(1);
  });
});

describe('recording refused attempts', () => {
  it('lets one record through a minute for each key', async () => {
    vi.useFakeTimers();
    const limiter = createRateLimiter(LIMITS);
    try {
      expect(await limiter.firstInMinute('password:a:192.0.2.1:held_address')).toBe(true);
      expect(await limiter.firstInMinute('password:a:192.0.2.1:held_address')).toBe(false);
      expect(await limiter.firstInMinute('password:a:192.0.2.2:held_address')).toBe(true);
      vi.advanceTimersByTime(MINUTE + 1);
      expect(await limiter.firstInMinute('password:a:192.0.2.1:held_address')).toBe(true);
    } finally {
      await limiter.close();
      vi.useRealTimers();
    }
  });
});
