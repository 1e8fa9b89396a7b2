import type { Queryable } from '#db/database';
import { HttpError } from '#http/errors';
import { hashToken, newToken } from '#security/tokens';
import { coverageOf } from './singleSignOn';
import { CHALLENGE_MINUTES } from './twoFactor';

/** What a person must do after their password: give a code, or set two-factor up first. */
export type ChallengePurpose = 'code' | 'enrol';

export const EXPIRED_CHALLENGE_MESSAGE = 'This sign-in has expired. Sign in with your email and password again.';

/**
 * Whether a sign-in needs a second step: a code when the person has two-factor on, an enrolment
 * when their organisation requires two-factor and they have none yet.
 */
export async function twoFactorStep(db: Queryable, userId: number): Promise<ChallengePurpose | null> {
  const [row] = await db.query<{ enabled: boolean; required: boolean }>(
    `SELECT coalesce(tf.enabled, false) AS enabled, coalesce(os.two_factor_required, false) AS required
       FROM client_users u
       LEFT JOIN two_factor tf ON tf.user_id = u.user_id
       LEFT JOIN org_settings os ON os.client_id = u.client_id
      WHERE u.user_id = $1`,
    [userId],
  );
  if (row?.enabled) return 'code';
  if (row?.required) return 'enrol';
  return null;
}

/**
 * Issues the step between password and code: a random token bound to the person, lasting a few
 * minutes and good for one sign-in. The token starts with the person's id, so the gateway can
 * count wrong codes against the account without another call; the digest covers the whole token,
 * so a changed id matches nothing.
 */
export async function issueChallenge(
  db: Queryable,
  userId: number,
  purpose: ChallengePurpose,
  { keepSignedIn, beganWith = 'password' }: { keepSignedIn: boolean; beganWith?: 'password' | 'sso' },
) {
  const challenge = `${userId}.${newToken()}`;
  const expiresAt = new Date(Date.now() + CHALLENGE_MINUTES * 60_000);
  // Earlier steps of the same person that were never finished have no use any more.
  await db.query('DELETE FROM sign_in_challenges WHERE user_id = $1 AND (used_at IS NOT NULL OR expires_at < now())', [userId]);
  // The person's choice to be kept signed in waits with the step, so the step's end cannot change it.
  await db.query(
    `INSERT INTO sign_in_challenges (token_hash, user_id, purpose, expires_at, began_with, keep_signed_in)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(challenge), userId, purpose, expiresAt, beganWith, keepSignedIn],
  );
  return { twoFactor: purpose, challenge, challengeExpiresAt: expiresAt.toISOString() };
}

export type LiveChallenge = { challengeId: string; userId: number; clientId: number; keepSignedIn: boolean };

/**
 * The live, unused challenge of that token and purpose, locked for the transaction; an expired,
 * used, unknown or deactivated person's one gets the same refusal, and so does one begun with a
 * password once the person's organisation requires single sign-on.
 */
export async function liveChallenge(tx: Queryable, challenge: string, purpose: ChallengePurpose): Promise<LiveChallenge> {
  const [row] = await tx.query<LiveChallenge & { email: string; beganWith: 'password' | 'sso' }>(
    `SELECT ch.challenge_id::text AS "challengeId", ch.user_id AS "userId", u.client_id AS "clientId",
            u.email, ch.began_with AS "beganWith", ch.keep_signed_in AS "keepSignedIn"
       FROM sign_in_challenges ch JOIN client_users u ON u.user_id = ch.user_id
      WHERE ch.token_hash = $1 AND ch.purpose = $2 AND ch.used_at IS NULL AND ch.expires_at > now() AND u.is_active
        FOR UPDATE OF ch`,
    [hashToken(challenge), purpose],
  );
  if (!row) throw new HttpError('INVALID_TOKEN', EXPIRED_CHALLENGE_MESSAGE, 'challenge');
  if (row.beganWith === 'password' && (await coverageOf(tx, row.email))?.requireSso) {
    throw new HttpError('INVALID_TOKEN', EXPIRED_CHALLENGE_MESSAGE, 'challenge');
  }
  return { challengeId: row.challengeId, userId: row.userId, clientId: row.clientId, keepSignedIn: row.keepSignedIn };
}

export async function useChallenge(tx: Queryable, challenge: LiveChallenge): Promise<void> {
  await tx.query('UPDATE sign_in_challenges SET used_at = now() WHERE challenge_id = $1', [challenge.challengeId]);
}
