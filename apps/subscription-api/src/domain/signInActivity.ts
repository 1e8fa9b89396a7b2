import type { Queryable } from '#db/database';
import type { Client } from '#http/gateway';
import { hashToken } from '#security/tokens';

/** The step of a sign-in an attempt was made at. */
export const SIGN_IN_STEPS = ['password', 'code', 'recovery_code', 'enrolment', 'sso'] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

/** How an attempt went on: signed in, or the step passed and the next one asked. */
export const SIGN_IN_SUCCESSES = ['signed_in', 'code_asked', 'enrolment_asked'] as const;

/** Why the gateway refused an attempt before it was checked: one of its holds (rateLimits.ts). */
export const SIGN_IN_REFUSALS = ['held_new_browsers', 'held_address', 'held_browser', 'address_limit'] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

/** Why an attempt failed: what was wrong, the state of the account, or one of the gateway's holds. */
export const SIGN_IN_FAILURES = [
  'wrong_password',
  'deactivated',
  'no_password',
  'organization_inactive',
  'sso_required',
  'awaiting_approval',
  'wrong_code',
  'used_code',
  'wrong_recovery_code',
  'step_ended',
  ...SIGN_IN_REFUSALS,
] as const;

export const SIGN_IN_OUTCOMES = [...SIGN_IN_SUCCESSES, ...SIGN_IN_FAILURES] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/** Attempts are kept this long: as long as the sessions list shows sessions. */
export const SIGN_IN_ACTIVITY_DAYS = 90;
/** Old rows removed by one write at most, so a write after a long pause stays quick. */
const PRUNED_PER_WRITE = 100;

const succeeded = (outcome: SignInOutcome) => (SIGN_IN_SUCCESSES as readonly string[]).includes(outcome);

/** The person an attempt is of, as the statement picks them: by id, by email, or by the token of their sign-in step. */
type Subject = { userId: number | null } | { email: string } | { challenge: string };

const PERSON_BY = {
  userId: 'SELECT user_id, client_id FROM client_users WHERE user_id = $1',
  email: 'SELECT user_id, client_id FROM client_users WHERE lower(email) = lower($1)',
  challenge: `SELECT u.user_id, u.client_id FROM sign_in_challenges ch JOIN client_users u ON u.user_id = ch.user_id
               WHERE ch.token_hash = $1`,
};

/**
 * Records one sign-in attempt of a known person, and removes a few rows past their 90 days. One
 * statement whether or not the subject names a known account (an unknown email records nothing),
 * so the time a failed sign-in takes tells nothing about whether the account exists.
 */
export async function recordSignInAttempt(
  db: Queryable,
  subject: Subject,
  attempt: { step: SignInStep; outcome: SignInOutcome },
  client: Client,
): Promise<void> {
  const [by, value] =
    'userId' in subject
      ? (['userId', subject.userId] as const)
      : 'email' in subject
        ? (['email', subject.email] as const)
        : (['challenge', hashToken(subject.challenge)] as const);
  await db.query(
    `WITH pruned AS (
       DELETE FROM sign_in_attempts WHERE attempt_id IN (
         SELECT attempt_id FROM sign_in_attempts
          WHERE occurred_at < now() - make_interval(days => ${SIGN_IN_ACTIVITY_DAYS})
          ORDER BY occurred_at LIMIT ${PRUNED_PER_WRITE})
     ), person AS (${PERSON_BY[by]})
     INSERT INTO sign_in_attempts (user_id, client_id, step, outcome, succeeded, ip, user_agent)
     SELECT user_id, client_id, $2, $3, $4, $5, $6 FROM person`,
    [value, attempt.step, attempt.outcome, succeeded(attempt.outcome), client.ip, client.userAgent],
  );
}

/**
 * The failures the gateway counts against an account and address (a wrong password or code, which
 * is all the service tells it): the ones behind its holds. Refused attempts and other refusals
 * (single sign-on required, an organisation turned off) count nothing.
 */
const COUNTED_FAILURES: readonly SignInOutcome[] = [
  'wrong_password',
  'deactivated',
  'no_password',
  'wrong_code',
  'used_code',
  'wrong_recovery_code',
  'step_ended',
];

/** The address of one failure, as the gateway's counters know it: which step, how many, the latest when. */
export type FailureAddress = { Ip: string; Step: 'password' | 'code'; Failures: number; LastAt: string };

/** Most addresses answered: the gateway looks up a counter for each. */
export const MOST_FAILURE_ADDRESSES = 500;

/**
 * The addresses a person's sign-ins failed from since a time, the latest first, grouped as the
 * gateway counts them: the password step, and the code steps (a code, a recovery code, setting
 * two-factor up), which it counts together. Only the failures it counts: an address whose attempts
 * were all refused has no counter.
 */
export async function failureAddresses(db: Queryable, userId: number, since: Date): Promise<FailureAddress[]> {
  const rows = await db.query<Omit<FailureAddress, 'LastAt'> & { LastAt: Date | string }>(
    `SELECT ip AS "Ip", CASE WHEN step = 'password' THEN 'password' ELSE 'code' END AS "Step",
            count(*)::int AS "Failures", max(occurred_at) AS "LastAt"
       FROM sign_in_attempts
      WHERE user_id = $1 AND occurred_at >= $2 AND outcome = ANY($3::text[]) AND ip IS NOT NULL
      GROUP BY 1, 2
      ORDER BY max(occurred_at) DESC
      LIMIT ${MOST_FAILURE_ADDRESSES}`,
    [userId, since, COUNTED_FAILURES],
  );
  return rows.map((row) => ({ ...row, LastAt: new Date(row.LastAt).toISOString() }));
}

/** Failed sign-ins of an organisation's people over the last day (the dashboard). */
export const FAILED_SIGN_INS_LAST_DAY_SQL = `(SELECT count(*)::int FROM sign_in_attempts
  WHERE client_id = $1 AND NOT succeeded AND occurred_at > now() - interval '24 hours')`;

/**
 * A single sign-on the identity provider confirmed but the console refused, kept when the account
 * is of the organisation whose provider vouched for it: deactivated, or awaiting its admins' approval.
 */
export async function recordSsoRefusal(db: Queryable, claims: { clientId: number; email: string }, client: Client): Promise<void> {
  const [person] = await db.query<{ user_id: number; is_active: boolean; awaiting_approval: boolean }>(
    'SELECT user_id, is_active, awaiting_approval FROM client_users WHERE lower(email) = lower($1) AND client_id = $2',
    [claims.email, claims.clientId],
  );
  if (!person || (person.is_active && !person.awaiting_approval)) return;
  const outcome = person.is_active ? 'awaiting_approval' : 'deactivated';
  await recordSignInAttempt(db, { userId: person.user_id }, { step: 'sso', outcome }, client);
}
