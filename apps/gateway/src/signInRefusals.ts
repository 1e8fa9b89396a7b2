import { describeError } from '@yozy/shared';
import { ipKey } from './addressKey';
import type { GatewayContext } from './context';
import type { RestBodyOf } from './datasources/types';
import { accountKey } from './deviceCookies';
import { refusalPolicyOf } from './rateLimits';

type Refusal = RestBodyOf<'recordSignInRefusal'>['Refusal'];
/** The step of a sign-in a refused attempt was made at, as the person's sign-in activity names it. */
export type RefusedStep = RestBodyOf<'recordSignInRefusal'>['Step'];

/** Which hold refused an attempt, by the end of its policy's name (rateLimits.ts): the longest ending first. */
const REFUSALS: readonly (readonly [ending: string, refusal: Refusal])[] = [
  ['-account-ip', 'held_address'],
  ['-account', 'held_new_browsers'],
  ['-device', 'held_browser'],
  ['-ip', 'address_limit'],
];

/** The longest email the REST service takes: a longer one names no account. */
const MAX_EMAIL = 320;

/**
 * Keeps a sign-in attempt the limiter refused before it reached the REST service in the person's
 * sign-in activity, through the REST service, which keeps it only for a known account (the email
 * of the password step, or the person of the code step's token). Once a minute for each account,
 * address and hold: a flood of refused attempts writes a row a minute, not a row each.
 */
export async function recordRefusal(ctx: GatewayContext, step: RefusedStep, account: string, error: unknown): Promise<void> {
  const policy = refusalPolicyOf(error);
  const refusal = policy === null ? undefined : REFUSALS.find(([ending]) => policy.endsWith(ending))?.[1];
  if (!refusal) return;
  const challenge = step === 'password' ? null : ctx.signInStep.current();
  const subject = step === 'password' ? { Email: account.trim() } : challenge ? { Challenge: challenge } : null;
  if (!subject || ('Email' in subject && (!subject.Email || subject.Email.length > MAX_EMAIL))) return;
  try {
    if (!(await ctx.limiter.firstInMinute(`${step}:${accountKey(account)}:${ipKey(ctx.clientAddress)}:${refusal}`))) return;
    await ctx.dataSources.signInActivity.recordRefusal({ ...subject, Step: step, Refusal: refusal });
  } catch (failure) {
    // The refusal is answered all the same; the request's log line says what could not be kept.
    ctx.request.failure = describeError(failure);
  }
}
