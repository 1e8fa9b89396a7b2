import { SIGN_IN_HANDOFF_VALIDITY_MINUTES } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { hashToken, newToken } from '#security/tokens';
import { statesAllowing } from './personLifecycle';

/**
 * Sign-in hand-offs (`/login?data=<token>`): a product tells the sign-in page who is coming. Like
 * reset tokens: 256 random bits, only a digest stored, bound to one person, single use; valid
 * minutes only, since the product sends the person on at once. Redeeming one answers their email
 * and nothing that signs them in.
 */
export type HandoffIssue = { userId: number; issuedBy: number; apiKeyId: number | null };

/** Issues a token and returns it raw with its expiry: the only time it exists outside the address bar. */
export async function issueHandoff(tx: Queryable, input: HandoffIssue): Promise<{ token: string; expiresAt: string }> {
  const token = newToken();
  const [row] = await tx.query<{ expires_at: Date | string }>(
    `INSERT INTO sign_in_handoffs (user_id, token_hash, issued_by, api_key_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))
     RETURNING expires_at`,
    [input.userId, hashToken(token), input.issuedBy, input.apiKeyId, SIGN_IN_HANDOFF_VALIDITY_MINUTES],
  );
  return { token, expiresAt: new Date(row!.expires_at).toISOString() };
}

export type RedeemedHandoff = { handoffId: number; userId: number; clientId: number; email: string; issuedBy: number };

/**
 * Uses a live token (unused, unexpired, its person still active): the check and the use are one
 * UPDATE, so of two requests racing with the same token only one gets the email. Null otherwise.
 */
export async function redeemHandoff(tx: Queryable, token: string): Promise<RedeemedHandoff | null> {
  const [row] = await tx.query<RedeemedHandoff>(
    `UPDATE sign_in_handoffs h SET used_at = now()
       FROM client_users u
      WHERE h.token_hash = $1 AND h.used_at IS NULL AND h.expires_at > now()
        AND u.user_id = h.user_id AND ${statesAllowing('redeemSignInHandoff')}
     RETURNING h.handoff_id AS "handoffId", u.user_id AS "userId", u.client_id AS "clientId", u.email, h.issued_by AS "issuedBy"`,
    [hashToken(token)],
  );
  return row ?? null;
}
