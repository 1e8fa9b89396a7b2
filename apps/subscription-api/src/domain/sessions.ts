import { SESSION_MAX_AGE_MS, SHORT_SESSION_MAX_AGE_MS } from '@yozy/shared';
import type { Queryable } from '#db/database';
import type { Client } from '#http/gateway';
import type { Viewer } from '#http/auth';
import { HttpError } from '#http/errors';
import { hashToken, newToken } from '#security/tokens';
import { clientJson } from './organizations';

/** A session counts as live until it is ended or expires; the list's Active field says which. */
export const LIVE_SESSION = 's.ended_at IS NULL AND s.expires_at > now()';

/** Why a session ended, as the list shows it. */
export const END_REASON = {
  byAdmin: 'ended_by_admin',
  passwordChanged: 'password_changed',
  twoFactorRequired: 'two_factor_required',
} as const;

/**
 * Ends the live sessions `where` picks (SQL over `s`, parameters from $2), except the caller's
 * own, and answers how many ended. The caller's session stays: ending it is signing out.
 */
export async function endSessions(tx: Queryable, viewer: Viewer, reason: string, where: string, params: unknown[]): Promise<number> {
  const rows = await tx.query(
    `UPDATE sessions s SET ended_at = now(), end_reason = $1
      WHERE ${LIVE_SESSION} AND s.session_id <> $${params.length + 2}::bigint AND ${where}
      RETURNING s.session_id`,
    [reason, ...params, viewer.sessionId],
  );
  return rows.length;
}

/**
 * The signed-in user with their organisation, as GET /users/me answers. An API key's caller is its
 * maker as the key acts: with the type and organisation of the key's reach (`as`).
 */
export async function loadProfile(db: Queryable, userId: number, as?: Pick<Viewer, 'clientId' | 'typeOfUser'>) {
  const [row] = await db.query<{ profile: Record<string, unknown> }>(
    `SELECT json_build_object(
              'ClientUserId', u.user_id, 'UUID', u.uuid, 'UserFirstname', u.first_name,
              'UserLastname', u.last_name, 'OfficialEmail', u.email, 'Phone', u.phone,
              'TypeOfUser', COALESCE($3, u.type_of_user), 'ClientId', c.client_id,
              'Role', (SELECT r.role_name FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id
                        WHERE ur.user_id = u.user_id ORDER BY r.role_id LIMIT 1),
              'OrgDetails', ${clientJson}) AS profile
       FROM client_users u JOIN clients c ON c.client_id = COALESCE($2, u.client_id)
      WHERE u.user_id = $1`,
    [userId, as?.clientId ?? null, as?.typeOfUser ?? null],
    { prepare: true },
  );
  if (!row) throw new HttpError('NOT_FOUND', 'No such user');
  return row.profile;
}

/**
 * Starts a session for a person who has passed every step of signing in, and answers its token,
 * their profile and whether they chose to be kept signed in: a day if so, three hours if not.
 */
export async function startSession(db: Queryable, user: { user_id: number; client_id: number }, client: Client, keepSignedIn: boolean) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (keepSignedIn ? SESSION_MAX_AGE_MS : SHORT_SESSION_MAX_AGE_MS));
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, client_id, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), user.user_id, user.client_id, client.ip, client.userAgent, expiresAt],
  );
  return { token, expiresAt: expiresAt.toISOString(), keepSignedIn, user: await loadProfile(db, user.user_id) };
}
