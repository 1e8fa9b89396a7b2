import type { RequestHandler, Response } from 'express';
import type { TypeOfUser } from '@yozy/shared';
import type { Database } from '../db/database';
import { hashToken } from '../security/tokens';
import { HttpError } from './errors';

/** Who is calling, from their session token. The organisation scope always comes from here. */
export type Viewer = {
  sessionId: string;
  userId: number;
  uuid: string;
  clientId: number;
  typeOfUser: TypeOfUser;
};

const LAST_SEEN_RESOLUTION = "interval '1 minute'";

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Requires a live session token; a `uuid` header, when sent, must be the session's user. */
export function authenticate(db: Database): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw new HttpError('UNAUTHENTICATED', 'Sign in first: no session token was sent');
    const [session] = await db.query<Viewer & { stale: boolean; idleMinutes: number | null }>(
      `SELECT s.session_id::text AS "sessionId", s.user_id AS "userId", u.uuid::text AS uuid,
              s.client_id AS "clientId", u.type_of_user AS "typeOfUser",
              s.last_seen_at < now() - ${LAST_SEEN_RESOLUTION} AS stale,
              CASE WHEN s.last_seen_at < now() - make_interval(mins => o.session_idle_minutes)
                   THEN o.session_idle_minutes END AS "idleMinutes"
         FROM sessions s JOIN client_users u ON u.user_id = s.user_id
              JOIN clients c ON c.client_id = s.client_id
              LEFT JOIN org_settings o ON o.client_id = s.client_id
        WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > now() AND u.is_active AND c.is_active`,
      [hashToken(token)],
    );
    if (!session) throw new HttpError('UNAUTHENTICATED', 'The session has ended or the token is not valid');
    // The organisation's idle limit: a session unused for longer ends now, as if its person had signed out.
    if (session.idleMinutes !== null) {
      await db.query("UPDATE sessions SET ended_at = now(), end_reason = 'idle' WHERE session_id = $1 AND ended_at IS NULL", [
        session.sessionId,
      ]);
      throw new HttpError('UNAUTHENTICATED', `Signed out after ${session.idleMinutes} minutes without activity`);
    }
    const uuid = req.get('uuid');
    if (uuid && uuid !== session.uuid) throw new HttpError('UNAUTHENTICATED', 'The uuid header does not match the session');
    if (session.stale) {
      await db.query('UPDATE sessions SET last_seen_at = now() WHERE session_id = $1', [session.sessionId]);
    }
    const { stale: _stale, idleMinutes: _idle, ...viewer } = session;
    res.locals.viewer = viewer satisfies Viewer;
    next();
  };
}

export function viewerOf(res: Response): Viewer {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (!viewer) throw new HttpError('UNAUTHENTICATED', 'Sign in first');
  return viewer;
}

/** The console is for administrators: ordinary users may only read their own profile. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (viewerOf(res).typeOfUser === 'User') {
    throw new HttpError('FORBIDDEN', 'This service is for administrators');
  }
  next();
};
