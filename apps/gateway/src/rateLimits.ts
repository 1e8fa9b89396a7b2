import { createHash } from 'node:crypto';
import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ipKey } from './addressKey';
import { accountKey } from './deviceCookies';
import {
  countedOperations,
  MINUTE,
  type CountedOperation,
  type GuessedOperation,
  type RateLimits,
  type SignInLimit,
} from './rateLimitPolicies';
import { connectRedis, sharedLimiter } from './rateLimitStore';
import { signInHolds, type HoldSubject, type SignInHold, type StepCounters } from './signInHolds';

/**
 * Who makes an attempt: the client's address, the account (email) it names, and the id of the
 * browser's device cookie for that account when it holds a valid one.
 */
export type Attempter = { ip: string; account: string; device?: string | null };

/** What an attempt turned out to be: a sign-in, a wrong password, or neither (a failed captcha, bad input, an outage). */
export type Outcome = 'success' | 'failure' | 'neither';

export interface RateLimiter {
  /** Counts one call of a public mutation against its address and account; throws RATE_LIMITED over either limit. */
  count(operation: CountedOperation, who: Attempter): Promise<void>;
  /** Runs one sign-in attempt (password, or code with `operation` signInCode) under the brute-force protection; throws RATE_LIMITED without running it when refused. */
  signIn<T>(who: Attempter, attempt: () => Promise<T>, outcomeOf: (result: T) => Outcome, operation?: GuessedOperation): Promise<T>;
  /** Counts one request made with an API key against the key's own limit; throws RATE_LIMITED over it. */
  countApiKeyRequest(key: string): Promise<void>;
  /** Counts one SCIM request made with a provisioning token against the token's own limit; throws RATE_LIMITED over it. */
  countProvisioningRequest(token: string): Promise<void>;
  /** Where the counters are: in memory (no Redis configured), or in Redis, and whether it answers now and has since start. */
  store(): { kind: 'memory' } | { kind: 'redis'; reachable: boolean; reachedOnce: boolean };
  /** How long failures may go on holding an account back: the addresses whose counters a hold is read from failed since then. */
  holdWindowMs: number;
  /** What holds a person's sign-in back now, read from the counters (signInHolds.ts). */
  signInHolds(subject: HoldSubject): Promise<SignInHold[]>;
  /** Forgets the failures behind every hold of a person's sign-in, and opens what they shut. */
  clearSignInHolds(subject: HoldSubject): Promise<void>;
  /** True for the first call with this key in a minute: a refused attempt is recorded once a minute, however many arrive. */
  firstInMinute(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/** How long one sign-in attempt holds its account+address: attempts of one pair run one at a time. */
const ATTEMPT_HOLD_MS = 30_000;

type Policy = { name: string; quota: number; windowMs: number };

/**
 * The gateway's rate limiter, on `rate-limiter-flexible`: counters in memory, or in Redis when a
 * URL is given so every gateway instance shares them (with memory as the fallback while Redis is
 * unreachable). Each counter is incremented atomically in its store.
 */
export function createRateLimiter(limits: RateLimits, redisUrl?: string): RateLimiter {
  const shared = redisUrl ? connectRedis(redisUrl) : null;
  // Redis keeps expiries in whole seconds (and none at all for zero); memory takes fractions, which keeps tests fast.
  const seconds = (ms: number) => (shared ? Math.max(1, Math.ceil(ms / 1000)) : ms / 1000);
  const limiter = (keyPrefix: string, points: number, durationMs: number): RateLimiterAbstract => {
    const options = { keyPrefix: `yozy:rl:${keyPrefix}`, points, duration: seconds(durationMs) };
    return shared ? sharedLimiter(shared, options) : new RateLimiterMemory(options);
  };

  const counted = Object.fromEntries(
    countedOperations(limits).map((operation) => {
      const { windowMs, perIp, perAccount } = limits[operation];
      return [
        operation,
        {
          ip: { limiter: limiter(`${operation}:ip`, perIp, windowMs), policy: { name: `${operation}-ip`, quota: perIp, windowMs } },
          account: {
            limiter: limiter(`${operation}:account`, perAccount, windowMs),
            policy: { name: `${operation}-account`, quota: perAccount, windowMs },
          },
        },
      ];
    }),
  ) as Record<CountedOperation, Record<'ip' | 'account', { limiter: RateLimiterAbstract; policy: Policy }>>;

  /** Keycloak-style counting of failures for one guessed step, under its own counters. */
  function failureCounting(prefix: GuessedOperation, signIn: SignInLimit) {
    const pairPolicy: Policy = { name: `${prefix}-account-ip`, quota: signIn.freeFailures, windowMs: signIn.failureResetMs };
    const ipPolicy: Policy = { name: `${prefix}-ip`, quota: signIn.perIp.failures, windowMs: signIn.perIp.windowMs };
    const accountPolicy: Policy = { name: `${prefix}-account`, quota: signIn.perAccount.freeFailures, windowMs: signIn.failureResetMs };
    const devicePolicy: Policy = { name: `${prefix}-device`, quota: signIn.freeFailures, windowMs: signIn.failureResetMs };
    // A gate lets one attempt of a pair (or device cookie) through at a time, and stays shut for the wait after a failure.
    const gate = limiter(`${prefix}:gate`, 1, ATTEMPT_HOLD_MS);
    const pairFailures = limiter(`${prefix}:failures`, Number.MAX_SAFE_INTEGER, signIn.failureResetMs);
    const ipFailures = limiter(`${prefix}:ip`, signIn.perIp.failures, signIn.perIp.windowMs);
    // Failures of new browsers on one account, each attempt counted as one until it turns out otherwise.
    const accountFailures = limiter(`${prefix}:account-failures`, Number.MAX_SAFE_INTEGER, signIn.failureResetMs);
    const accountGate = limiter(`${prefix}:account-gate`, 1, ATTEMPT_HOLD_MS);
    const deviceFailures = limiter(`${prefix}:device-failures`, Number.MAX_SAFE_INTEGER, signIn.failureResetMs);
    const deviceGate = limiter(`${prefix}:device-gate`, 1, ATTEMPT_HOLD_MS);
    const deviceWait = limiter(`${prefix}:device-wait`, 1, signIn.maxWaitMs);
    const waitAfter = (failures: number, free = signIn.freeFailures) =>
      failures < free ? 0 : Math.min(signIn.maxWaitMs, signIn.waitIncrementMs * (failures - free + 1));

    /** An attempt from a browser with the account's device cookie: only the cookie's own failures count. */
    async function trusted<T>(device: string, attempt: () => Promise<T>, outcomeOf: (result: T) => Outcome): Promise<T> {
      await refusedAs(devicePolicy, deviceGate.consume(device));
      let outcome: Outcome = 'neither';
      try {
        const result = await attempt();
        outcome = outcomeOf(result);
        return result;
      } finally {
        if (outcome === 'failure') {
          const failures = ((await deviceFailures.get(device))?.consumedPoints ?? 0) + 1;
          await deviceFailures.set(device, failures, seconds(signIn.failureResetMs));
          const wait = waitAfter(failures);
          if (wait > 0) await deviceWait.block(device, seconds(wait));
        } else if (outcome === 'success') await deviceFailures.delete(device);
        await deviceGate.delete(device);
      }
    }

    /** An attempt from a new browser: counted per account and address, per address, and per account from everywhere. */
    async function untrusted<T>(who: Attempter, attempt: () => Promise<T>, outcomeOf: (result: T) => Outcome): Promise<T> {
      const account = accountKey(who.account);
      const address = ipKey(who.ip);
      const pair = `${account}:${address}`;
      const undo: (() => Promise<unknown>)[] = [];
      const undoAll = async () => {
        for (const step of undo.reverse()) await step();
      };
      let failures = 0;
      let gated = false;
      try {
        await refusedAs(pairPolicy, gate.consume(pair));
        undo.push(() => gate.delete(pair));
        await refusedAs(ipPolicy, ipFailures.consume(address));
        undo.push(() => ipFailures.reward(address));
        // Counted before it runs, so attempts arriving together cannot all slip past the free failures.
        failures = (await accountFailures.penalty(account)).consumedPoints;
        undo.push(() => accountFailures.reward(account));
        gated = failures > signIn.perAccount.freeFailures;
        // Past the free failures, one attempt at a time, and none while the account waits.
        if (gated) await refusedAs(accountPolicy, accountGate.consume(account), who.device ? undefined : NEW_BROWSER_REFUSAL);
      } catch (error) {
        await undoAll();
        throw error;
      }

      let outcome: Outcome = 'neither';
      try {
        const result = await attempt();
        outcome = outcomeOf(result);
        return result;
      } finally {
        if (outcome === 'failure') {
          // Only one attempt of the pair is under way (the gate), so reading and writing the count is safe.
          const pairCount = ((await pairFailures.get(pair))?.consumedPoints ?? 0) + 1;
          await pairFailures.set(pair, pairCount, seconds(signIn.failureResetMs));
          const wait = waitAfter(pairCount);
          if (wait > 0) await gate.block(pair, seconds(wait));
          else await gate.delete(pair);
          // The longest wait stands: attempts that ran together may finish in any order.
          const accountWait = waitAfter(failures, signIn.perAccount.freeFailures);
          if (accountWait > ((await accountGate.get(account))?.msBeforeNext ?? 0)) await accountGate.block(account, seconds(accountWait));
        } else {
          await ipFailures.reward(address);
          await accountFailures.reward(account);
          if (outcome === 'success') await pairFailures.delete(pair);
          await gate.delete(pair);
          // Opens the account's gate this attempt held, but not a wait another attempt's failure set meanwhile.
          if (gated && ((await accountGate.get(account))?.msBeforeNext ?? 0) <= ATTEMPT_HOLD_MS) await accountGate.delete(account);
        }
      }
    }

    const run = async <T>(who: Attempter, attempt: () => Promise<T>, outcomeOf: (result: T) => Outcome): Promise<T> => {
      // A device cookie that is waiting after its own failures is no better than none (OWASP).
      const waiting = who.device ? ((await deviceWait.get(who.device))?.msBeforeNext ?? 0) > 0 : true;
      return who.device && !waiting ? trusted(who.device, attempt, outcomeOf) : untrusted(who, attempt, outcomeOf);
    };
    const counters: StepCounters = { limits: signIn, gate, pairFailures, accountFailures, accountGate };
    return { run, counters };
  }

  const guessed = { signIn: failureCounting('signIn', limits.signIn), signInCode: failureCounting('signInCode', limits.signInCode) };
  const holds = signInHolds({ signIn: guessed.signIn.counters, signInCode: guessed.signInCode.counters });
  const refusalsRecorded = limiter('signInRefusalRecorded', 1, MINUTE);
  const keyPolicy: Policy = { name: 'api-key', quota: limits.apiKey.perKey, windowMs: limits.apiKey.windowMs };
  const keyRequests = limiter('apiKey', limits.apiKey.perKey, limits.apiKey.windowMs);
  const { perToken, windowMs: tokenWindowMs } = limits.provisioningToken;
  const tokenPolicy: Policy = { name: 'provisioning-token', quota: perToken, windowMs: tokenWindowMs };
  const tokenRequests = limiter('provisioningToken', perToken, tokenWindowMs);

  return {
    async count(operation, who) {
      const { ip, account } = counted[operation];
      const results = await Promise.allSettled([ip.limiter.consume(ipKey(who.ip)), account.limiter.consume(accountKey(who.account))]);
      const refusals = results.flatMap((result, i) => {
        if (result.status === 'fulfilled') return [];
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        return [{ res: result.reason, policy: (i === 0 ? ip : account).policy }];
      });
      const longest = refusals.sort((a, b) => b.res.msBeforeNext - a.res.msBeforeNext)[0];
      if (longest) throw tooManyAttempts(longest.res.msBeforeNext, longest.policy);
    },

    signIn(who, attempt, outcomeOf, operation = 'signIn') {
      return guessed[operation].run(who, attempt, outcomeOf);
    },

    holdWindowMs: Math.max(limits.signIn.failureResetMs, limits.signInCode.failureResetMs),
    signInHolds: holds.read,
    clearSignInHolds: holds.clear,

    async firstInMinute(key) {
      try {
        await refusalsRecorded.consume(key);
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },

    async countApiKeyRequest(key) {
      // Keyed by a digest: the counters never hold a usable key.
      await refusedAs(keyPolicy, keyRequests.consume(createHash('sha256').update(key).digest('hex').slice(0, 32)));
    },

    async countProvisioningRequest(token) {
      await refusedAs(tokenPolicy, tokenRequests.consume(createHash('sha256').update(token).digest('hex').slice(0, 32)));
    },

    store() {
      return shared ? { kind: 'redis', reachable: shared.reachable, reachedOnce: shared.reachedOnce } : { kind: 'memory' };
    },

    async close() {
      shared?.close();
    },
  };
}

/** A refusal of the limiter as the GraphQL error the caller gets; store errors pass through. */
async function refusedAs(policy: Policy, consumed: Promise<RateLimiterRes>, refusal?: Refusal): Promise<void> {
  try {
    await consumed;
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyAttempts(error.msBeforeNext, policy, refusal);
    throw error;
  }
}

/** What a refused caller is told, given how long to wait ("1 minute", "15 minutes"). */
type Refusal = (wait: string) => string;

const TOO_MANY_ATTEMPTS: Refusal = (wait) => `Too many attempts. Try again in ${wait}.`;

/** A new browser refused while strangers guess the account: what still works, and when. */
export const NEW_BROWSER_REFUSAL: Refusal = (wait) =>
  `Too many attempts on this account from new browsers. Sign in from a browser you have used before, or try again in ${wait}.`;

/**
 * "Too many attempts. Try again in N minutes." (or another refusal) with HTTP 429, `Retry-After`,
 * and the `RateLimit-Policy` / `RateLimit` fields of the IETF draft (draft-ietf-httpapi-ratelimit-headers).
 */
export function tooManyAttempts(msBeforeNext: number, policy: Policy, refusal: Refusal = TOO_MANY_ATTEMPTS): GraphQLError {
  const waitMs = Math.max(msBeforeNext, 0);
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  const headers = new HeaderMap([
    ['retry-after', String(retryAfter)],
    ['ratelimit-policy', `"${policy.name}";q=${policy.quota};w=${Math.max(1, Math.ceil(policy.windowMs / 1000))}`],
    ['ratelimit', `"${policy.name}";r=0;t=${retryAfter}`],
  ]);
  const error = new GraphQLError(refusal(`${minutes} minute${minutes === 1 ? '' : 's'}`), {
    extensions: { code: 'RATE_LIMITED', http: { status: 429, headers } },
  });
  refusedBy.set(error, policy.name);
  return error;
}

/** The policy each refusal was made under, kept beside the error rather than in what the caller is answered. */
const refusedBy = new WeakMap<object, string>();

/** The name of the policy that refused an attempt (`signIn-account`, `signInCode-account-ip`, …), or null for any other error. */
export function refusalPolicyOf(error: unknown): string | null {
  return typeof error === 'object' && error !== null ? (refusedBy.get(error) ?? null) : null;
}
