import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { EXPIRED_CHALLENGE_MESSAGE, type LiveChallenge } from './signInChallenges';

/** How many wrong codes one step of a sign-in takes: the last of them ends the step. */
export const STEP_WRONG_CODES = 5;

export const STEP_ENDED_MESSAGE = 'Five wrong codes have ended this sign-in. Sign in with your email and password again.';

/**
 * Runs the check of a code given to a step of a sign-in (locked by `liveChallenge`). A wrong code
 * (INVALID_CREDENTIALS) is counted against the step before it is refused: whatever the check did
 * is rolled back to before it, the count stays, and the caller's transaction commits, so the
 * refusal is answered rather than thrown. The last wrong code of the budget ends the step, and is
 * refused naming the step itself (field `challenge`), so the gateway drops it.
 */
export async function checkStepCode<T>(tx: Queryable, step: LiveChallenge, check: () => Promise<T>): Promise<T | HttpError> {
  // Read under the step's lock: a request that waited for it sees the wrong codes counted meanwhile,
  // though it may have begun before the step ended.
  const [budget] = await tx.query<{ failed: number }>('SELECT failed_attempts AS failed FROM sign_in_challenges WHERE challenge_id = $1', [
    step.challengeId,
  ]);
  if ((budget?.failed ?? STEP_WRONG_CODES) >= STEP_WRONG_CODES)
    throw new HttpError('INVALID_TOKEN', EXPIRED_CHALLENGE_MESSAGE, 'challenge');
  await tx.query('SAVEPOINT step_code');
  try {
    const result = await check();
    await tx.query('RELEASE SAVEPOINT step_code');
    return result;
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== 'INVALID_CREDENTIALS') throw error;
    await tx.query('ROLLBACK TO SAVEPOINT step_code');
    const [counted] = await tx.query<{ failed: number }>(
      `UPDATE sign_in_challenges
          SET failed_attempts = failed_attempts + 1,
              expires_at = CASE WHEN failed_attempts + 1 >= $2 THEN clock_timestamp() ELSE expires_at END
        WHERE challenge_id = $1
        RETURNING failed_attempts AS failed`,
      [step.challengeId, STEP_WRONG_CODES],
    );
    return (counted?.failed ?? STEP_WRONG_CODES) >= STEP_WRONG_CODES
      ? new HttpError('INVALID_CREDENTIALS', STEP_ENDED_MESSAGE, 'challenge')
      : error;
  }
}
