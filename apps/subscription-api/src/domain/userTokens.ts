import { TOKEN_VALIDITY_MS } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { hashToken, newToken } from '#security/tokens';
import { allows, PERSON_FACTS_SQL, stateOf, type PersonFacts, type PersonMove } from './personLifecycle';

/**
 * Password reset and invitation tokens (DESIGN section 2; OWASP Forgot Password cheat sheet):
 * 256 random bits, only a digest stored, bound to one user, one email and one purpose, single
 * use, valid 8 hours. Using one voids every other unused token of that user for that purpose,
 * so an older mail cannot be replayed after the user has acted on a newer one.
 */
export type TokenPurpose = 'reset' | 'invite';

export type TokenOwner = { tokenId: number; userId: number; email: string };

type TokenClaim = { email: string; token: string; purpose: TokenPurpose };

/** Issues a token and returns it raw: the only time it exists outside a mail. */
export async function issueToken(db: Queryable, input: { userId: number; email: string; purpose: TokenPurpose }): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO user_tokens (user_id, email, purpose, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
    [input.userId, input.email, input.purpose, hashToken(token), TOKEN_VALIDITY_MS],
  );
  return token;
}

// A token is live while unused, not voided, not expired, and its user is active and still has
// the email it was sent to (a changed address must not keep an old link working).
const LIVE = `t.token_hash = $1 AND t.purpose = $2 AND lower(t.email) = lower($3)
  AND t.used_at IS NULL AND t.voided_at IS NULL AND t.expires_at > now()
  AND u.user_id = t.user_id AND u.is_active AND lower(u.email) = lower(t.email)`;

/** The owner of a live token, or null; reading does not use it up. */
export async function findLiveToken(db: Queryable, claim: TokenClaim): Promise<TokenOwner | null> {
  const [row] = await db.query<TokenOwner>(
    `SELECT t.token_id AS "tokenId", t.user_id AS "userId", u.email
       FROM user_tokens t, client_users u
      WHERE ${LIVE}`,
    [hashToken(claim.token), claim.purpose, claim.email],
  );
  return row ?? null;
}

/**
 * Uses a live token and voids its siblings; null when it is not live. The check and the use are
 * one UPDATE, so of two requests racing with the same token only one gets it. Call it inside the
 * transaction that does what the token allows.
 */
export async function consumeToken(tx: Queryable, claim: TokenClaim): Promise<TokenOwner | null> {
  const [row] = await tx.query<TokenOwner>(
    `UPDATE user_tokens t SET used_at = now()
       FROM client_users u
      WHERE ${LIVE}
     RETURNING t.token_id AS "tokenId", t.user_id AS "userId", u.email`,
    [hashToken(claim.token), claim.purpose, claim.email],
  );
  if (!row) return null;
  await tx.query(
    `UPDATE user_tokens SET voided_at = now()
      WHERE user_id = $1 AND purpose = $2 AND token_id <> $3 AND used_at IS NULL AND voided_at IS NULL`,
    [row.userId, claim.purpose, row.tokenId],
  );
  return row;
}

/** What a link's holder is told: it works, it no longer works, or it cannot work while their account is deactivated. */
export type LinkStatus = 'VALID' | 'EXPIRED' | 'DEACTIVATED';

/** The move each kind of link makes for its person. */
const MOVE_OF_LINK: Record<TokenPurpose, PersonMove> = { invite: 'acceptInvitation', reset: 'resetPassword' };

/**
 * Where a link stands for the person holding it. A genuine link (its token, for its email) of a
 * deactivated person says so, live or not, since sending a new one would not help; anything else
 * that is not live (expired, used, voided, unknown, another email's) is one answer: expired.
 */
export async function linkStatus(db: Queryable, claim: TokenClaim): Promise<LinkStatus> {
  const [row] = await db.query<PersonFacts & { live: boolean }>(
    `SELECT t.used_at IS NULL AND t.voided_at IS NULL AND t.expires_at > now() AS live, ${PERSON_FACTS_SQL}
       FROM user_tokens t JOIN client_users u ON u.user_id = t.user_id AND lower(u.email) = lower(t.email)
      WHERE t.token_hash = $1 AND t.purpose = $2 AND lower(t.email) = lower($3)`,
    [hashToken(claim.token), claim.purpose, claim.email],
  );
  if (!row) return 'EXPIRED';
  const state = stateOf(row);
  if (state === 'DISABLED') return 'DEACTIVATED';
  return row.live && allows(MOVE_OF_LINK[claim.purpose], state) ? 'VALID' : 'EXPIRED';
}
