import type { SignInAttemptOutcome, SignInAttemptStep, SignInHoldFieldsFragment } from '@/generated/graphql';
import { formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/numbers';

/**
 * The words of a person's sign-in activity: each step and outcome of an attempt, the browser it
 * came from, and what holds their sign-in back, so no enum value or raw agent text reaches the page.
 */

export const SIGN_IN_STEP_LABELS: Record<SignInAttemptStep, string> = {
  PASSWORD: 'Password',
  CODE: 'Authenticator code',
  RECOVERY_CODE: 'Recovery code',
  ENROLMENT: 'Two-factor set-up',
  SINGLE_SIGN_ON: 'Single sign-on',
};

/** How an attempt ended, in a word for its badge, and what happened in a few more. */
export type OutcomeWords = { result: 'Signed in' | 'Passed' | 'Failed' | 'Held back'; detail: string };

export const SIGN_IN_OUTCOMES: Record<SignInAttemptOutcome, OutcomeWords> = {
  SIGNED_IN: { result: 'Signed in', detail: 'Signed in' },
  CODE_ASKED: { result: 'Passed', detail: 'Authenticator code asked next' },
  ENROLMENT_ASKED: { result: 'Passed', detail: 'Two-factor set-up asked next' },
  WRONG_PASSWORD: { result: 'Failed', detail: 'Wrong password' },
  DEACTIVATED: { result: 'Failed', detail: 'Account deactivated' },
  NO_PASSWORD: { result: 'Failed', detail: 'No password chosen yet' },
  ORGANIZATION_INACTIVE: { result: 'Failed', detail: 'Organization’s access turned off' },
  SSO_REQUIRED: { result: 'Failed', detail: 'Must sign in with single sign-on' },
  AWAITING_APPROVAL: { result: 'Failed', detail: 'Awaiting an admin’s approval' },
  WRONG_CODE: { result: 'Failed', detail: 'Wrong code' },
  USED_CODE: { result: 'Failed', detail: 'Code used before' },
  WRONG_RECOVERY_CODE: { result: 'Failed', detail: 'Wrong or used recovery code' },
  STEP_ENDED: { result: 'Failed', detail: 'Fifth wrong code: sign-in ended' },
  HELD_NEW_BROWSERS: { result: 'Held back', detail: 'Account guessed from many addresses: new browsers wait' },
  HELD_ADDRESS: { result: 'Held back', detail: 'Too many failures from this address' },
  HELD_BROWSER: { result: 'Held back', detail: 'Too many failures from this browser' },
  ADDRESS_LIMIT: { result: 'Held back', detail: 'Too many failures from this address on any account' },
};

/** The longest agent text shown as it is, when it names no browser the console knows. */
const AGENT_CHARACTERS = 60;

/** "Chrome 130 on Windows 10"; the agent text itself, shortened, when it names nothing known; "Unknown browser" without one. */
export function browserWords(attempt: { browser?: string | null; operatingSystem?: string | null; userAgent?: string | null }): string {
  const known = [attempt.browser, attempt.operatingSystem].filter(Boolean).join(' on ');
  if (known) return known;
  const agent = attempt.userAgent?.trim();
  if (!agent) return 'Unknown browser';
  return agent.length > AGENT_CHARACTERS ? `${agent.slice(0, AGENT_CHARACTERS - 1)}…` : agent;
}

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * One hold in a sentence: "Sign-in from new browsers is held back until Nov 28 2026, 06:15 PM
 * after 12 failed attempts from 7 addresses".
 */
export function holdSentence(hold: SignInHoldFieldsFragment['holds'][number]): string {
  const code = hold.step === 'CODE';
  const what = code ? 'The two-factor code step' : 'Sign-in';
  const where = hold.kind === 'NEW_BROWSERS' ? 'new browsers' : (hold.address ?? 'one address');
  const failures = code ? count(hold.failures, 'wrong code', 'wrong codes') : count(hold.failures, 'failed attempt', 'failed attempts');
  const from = hold.kind === 'NEW_BROWSERS' && hold.addresses > 0 ? ` from ${count(hold.addresses, 'address', 'addresses')}` : '';
  return `${what} from ${where} is held back until ${formatDateTime(hold.until)} after ${failures}${from}`;
}
