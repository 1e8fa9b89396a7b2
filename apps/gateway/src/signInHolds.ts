import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { ipKey } from './addressKey';
import { accountKey, personAccount } from './deviceCookies';
import { GUESSED_OPERATIONS, type GuessedOperation, type SignInLimit } from './rateLimitPolicies';

/**
 * What holds a person's sign-in back, as an admin sees it (Keycloak's "temporarily locked"), and
 * the clearing of it (its "unlock"). Read from the limiter's own counters (rateLimits.ts), in
 * memory or in Redis, so every gateway instance sees the same: for each guessed step, the
 * account's gate for new browsers, and the gate of each address the account's failures came from.
 * The addresses are those the REST service recorded failures from (domain/signInActivity.ts): the
 * counters are keyed by digests and cannot be listed.
 */

/** The counters of one guessed step a hold is read from and cleared in. */
export type StepCounters = {
  limits: SignInLimit;
  /** Per account and address: shut while an attempt runs and for the wait after a failure. */
  gate: RateLimiterAbstract;
  pairFailures: RateLimiterAbstract;
  /** Per account, the failures of new browsers from every address, and the gate they shut. */
  accountFailures: RateLimiterAbstract;
  accountGate: RateLimiterAbstract;
};

/** The password step, or the code steps of a sign-in (a code, a recovery code, setting two-factor up), which are counted together. */
export type HoldStep = 'password' | 'code';
export type HoldKind = 'new_browsers' | 'one_address';

/** One hold on a person's sign-in. */
export type SignInHold = {
  /** New browsers of an account under guessing from many addresses, or one address that failed too often. */
  kind: HoldKind;
  step: HoldStep;
  /** The address held back (one_address). */
  address: string | null;
  until: Date;
  /** The failures counted behind it. */
  failures: number;
  /** How many addresses those failures came from, as far as the recorded failures tell. */
  addresses: number;
};

/** Whose sign-in: their email (the password step's account), their id (the code step's), and the addresses their failures came from. */
export type HoldSubject = { email: string; userId: string | number; addresses: readonly { ip: string; step: HoldStep }[] };

const STEP: Record<GuessedOperation, HoldStep> = { signIn: 'password', signInCode: 'code' };

export function signInHolds(counters: Record<GuessedOperation, StepCounters>) {
  /** The counters' names of the account and of each address (an IPv6 address by its /64), with the address shown for it. */
  function keysOf(operation: GuessedOperation, subject: HoldSubject) {
    const account = accountKey(operation === 'signIn' ? subject.email : personAccount(subject.userId));
    const pairs = new Map<string, string>();
    for (const { ip, step } of subject.addresses) {
      const pair = `${account}:${ipKey(ip)}`;
      if (step === STEP[operation] && !pairs.has(pair)) pairs.set(pair, ip);
    }
    return { account, pairs };
  }

  const waitOf = async (gate: RateLimiterAbstract, key: string) => Math.max(0, (await gate.get(key))?.msBeforeNext ?? 0);
  const countOf = async (failures: RateLimiterAbstract, key: string) => (await failures.get(key))?.consumedPoints ?? 0;

  async function read(subject: HoldSubject): Promise<SignInHold[]> {
    const now = Date.now();
    const holds = await Promise.all(
      GUESSED_OPERATIONS.map(async (operation): Promise<SignInHold[]> => {
        const { limits, gate, pairFailures, accountFailures, accountGate } = counters[operation];
        const step = STEP[operation];
        const { account, pairs } = keysOf(operation, subject);
        const [failures, wait] = await Promise.all([countOf(accountFailures, account), waitOf(accountGate, account)]);
        const held: SignInHold[] =
          failures >= limits.perAccount.freeFailures && wait > 0
            ? [{ kind: 'new_browsers', step, address: null, until: new Date(now + wait), failures, addresses: pairs.size }]
            : [];
        const perAddress = await Promise.all(
          [...pairs].map(async ([pair, address]): Promise<SignInHold[]> => {
            const [pairCount, pairWait] = await Promise.all([countOf(pairFailures, pair), waitOf(gate, pair)]);
            return pairCount >= limits.freeFailures && pairWait > 0
              ? [{ kind: 'one_address', step, address, until: new Date(now + pairWait), failures: pairCount, addresses: 1 }]
              : [];
          }),
        );
        return [...held, ...perAddress.flat()];
      }),
    );
    // The longest first: it says until when the person is held back.
    return holds.flat().sort((a, b) => b.until.getTime() - a.until.getTime());
  }

  /** Deletes the counters behind every hold of the person: their failures are forgotten, as after a sign-in. */
  async function clear(subject: HoldSubject): Promise<void> {
    await Promise.all(
      GUESSED_OPERATIONS.flatMap((operation) => {
        const { gate, pairFailures, accountFailures, accountGate } = counters[operation];
        const { account, pairs } = keysOf(operation, subject);
        return [
          accountFailures.delete(account),
          accountGate.delete(account),
          ...[...pairs.keys()].flatMap((pair) => [pairFailures.delete(pair), gate.delete(pair)]),
        ];
      }),
    );
  }

  return { read, clear };
}
