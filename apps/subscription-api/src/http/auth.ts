import type { RequestHandler, Response } from 'express';
import { API_KEY_PREFIX, bearerChallenge, type TypeOfUser } from '@yozy/shared';
import type { Database } from '#db/database';
import { actingFor } from './acting';
import { hashToken } from '#security/tokens';
import { HttpError } from './errors';

/** Who is calling, from their session token. The organisation scope always comes from here. */
export type Viewer = {
  sessionId: string;
  userId: number;
  uuid: string;
  clientId: number;
  typeOfUser: TypeOfUser;
  /**
   * Set when an internal tool calls with an API key instead of a session: it acts for the
   * SuperAdmin who made the key, as a SuperAdmin (reach: every organisation) or as an organisation
   * admin of the one organisation it reaches, and a read-only key only reads.
   */
  apiKey: { keyId: number; readOnly: boolean } | null;
};

const LAST_SEEN_RESOLUTION = "interval '1 minute'";

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * A refusal of the bearer credential that says how to authenticate (RFC 6750): with none sent,
 * just the scheme; with one that is not live, invalid_token, so a tool tells a wrong key from a missing one.
 */
const noCredential = (message: string) => new HttpError('UNAUTHENTICATED', message, undefined, { 'WWW-Authenticate': bearerChallenge() });
const invalidCredential = (message: string) =>
  new HttpError('UNAUTHENTICATED', message, undefined, { 'WWW-Authenticate': bearerChallenge('invalid_token') });

export const API_KEY_THROUGH_GATEWAY_MESSAGE =
  'An API key works only through the console’s GraphQL address (/graphql), where its rate limit applies';

/**
 * Requires a live session token or API key; a `uuid` header, when sent, must be the session's
 * user. An API key must come with the gateway's service credential (`recogniseGateway` runs first).
 */
export function authenticate(db: Database): RequestHandler {
  return async (req, res, next) => {
    const token = bearerToken(req.get('authorization'));
    if (!token) throw noCredential('Sign in first: no session token was sent');
    if (token.startsWith(API_KEY_PREFIX)) {
      // A key counts against its rate limit in the gateway, so it is taken only from the gateway:
      // sent straight to this port it is refused before anything is looked up.
      if (res.locals.fromGateway !== true) throw invalidCredential(API_KEY_THROUGH_GATEWAY_MESSAGE);
      const viewer = await keyHolder(db, token);
      if (viewer.apiKey!.readOnly && req.method !== 'GET' && req.method !== 'HEAD') {
        throw new HttpError('FORBIDDEN', 'This API key may only read');
      }
      res.locals.viewer = viewer;
      // The audit log of whatever the call changes names the key beside its maker.
      actingFor({ apiKeyId: viewer.apiKey!.keyId }, next);
      return;
    }
    const uuid = req.get('uuid') || null;
    // One statement whatever happens: the session is looked up, and ended when it sat idle past the
    // organisation's limit, or its last use kept to the minute for a caller the uuid header does not refuse.
    const [session] = await db.query<Omit<Viewer, 'apiKey'> & { idleMinutes: number | null }>(
      `WITH live AS (
         SELECT s.session_id, s.user_id, u.uuid::text AS uuid, s.client_id, u.type_of_user,
                s.last_seen_at < now() - ${LAST_SEEN_RESOLUTION} AS stale,
                CASE WHEN s.last_seen_at < now() - make_interval(mins => o.session_idle_minutes)
                     THEN o.session_idle_minutes END AS idle_minutes
           FROM sessions s JOIN client_users u ON u.user_id = s.user_id
                JOIN clients c ON c.client_id = s.client_id
                LEFT JOIN org_settings o ON o.client_id = s.client_id
          WHERE s.token_hash = $1 AND s.ended_at IS NULL AND s.expires_at > now() AND u.is_active AND c.is_active
       ), ended AS (
         UPDATE sessions SET ended_at = now(), end_reason = 'idle'
          WHERE session_id = (SELECT session_id FROM live WHERE idle_minutes IS NOT NULL) AND ended_at IS NULL
       ), touched AS (
         UPDATE sessions SET last_seen_at = now()
          WHERE session_id = (SELECT session_id FROM live
                               WHERE stale AND idle_minutes IS NULL AND ($2::text IS NULL OR uuid = $2::text))
       )
       SELECT session_id::text AS "sessionId", user_id AS "userId", uuid, client_id AS "clientId",
              type_of_user AS "typeOfUser", idle_minutes AS "idleMinutes"
         FROM live`,
      [hashToken(token), uuid],
      { prepare: true },
    );
    if (!session) throw invalidCredential('The session has ended or the token is not valid');
    // The organisation's idle limit: a session unused for longer has ended, as if its person had signed out.
    if (session.idleMinutes !== null) {
      throw invalidCredential(`Signed out after ${session.idleMinutes} minutes without activity`);
    }
    if (uuid && uuid !== session.uuid) throw invalidCredential('The uuid header does not match the session');
    const { idleMinutes: _idle, ...viewer } = session;
    res.locals.viewer = { ...viewer, apiKey: null } satisfies Viewer;
    next();
  };
}

/**
 * The caller behind an API key: live while the key is neither revoked nor expired, its maker is an
 * active SuperAdmin and the organisation it reaches is active. Its last use is kept to the minute.
 */
async function keyHolder(db: Database, key: string): Promise<Viewer> {
  // Looked up and its last use kept in one statement.
  const [row] = await db.query<{ keyId: number; readOnly: boolean; reach: number | null; userId: number; uuid: string; clientId: number }>(
    `WITH holder AS (
       SELECT k.key_id, k.access = 'READ' AS read_only, k.client_id AS reach, u.user_id, u.uuid::text AS uuid,
              c.client_id, k.last_used_at IS NULL OR k.last_used_at < now() - ${LAST_SEEN_RESOLUTION} AS stale
         FROM api_keys k JOIN client_users u ON u.user_id = k.created_by
              JOIN clients c ON c.client_id = COALESCE(k.client_id, u.client_id)
        WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
          AND u.is_active AND u.type_of_user = 'SuperAdmin' AND c.is_active
     ), touched AS (
       UPDATE api_keys SET last_used_at = now() WHERE key_id = (SELECT key_id FROM holder WHERE stale)
     )
     SELECT key_id AS "keyId", read_only AS "readOnly", reach, user_id AS "userId", uuid, client_id AS "clientId" FROM holder`,
    [hashToken(key)],
    { prepare: true },
  );
  if (!row) throw invalidCredential('The API key is not valid or has been revoked');
  return {
    // No session has id 0: "the caller's own session" is none of them.
    sessionId: '0',
    userId: row.userId,
    uuid: row.uuid,
    clientId: row.clientId,
    typeOfUser: row.reach === null ? 'SuperAdmin' : 'OrgAdmin',
    apiKey: { keyId: row.keyId, readOnly: row.readOnly },
  };
}

export function viewerOf(res: Response): Viewer {
  const viewer = res.locals.viewer as Viewer | undefined;
  if (!viewer) throw new HttpError('UNAUTHENTICATED', 'Sign in first');
  return viewer;
}

/** What only a signed-in person does for themselves (their password, two-factor, signing out); a tool's key is refused. */
export const requirePerson: RequestHandler = (_req, res, next) => {
  if (viewerOf(res).apiKey) throw new HttpError('FORBIDDEN', 'An API key acts for a tool: this is for a signed-in person');
  next();
};

/** The console is for administrators: ordinary users may only read their own profile. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (viewerOf(res).typeOfUser === 'User') {
    throw new HttpError('FORBIDDEN', 'This service is for administrators');
  }
  next();
};

/** The provider's own work (its masters, licences, sign-up decisions): only its SuperAdmins do it. */
export const requireSuperAdmin: RequestHandler = (_req, res, next) => {
  if (viewerOf(res).typeOfUser !== 'SuperAdmin') throw new HttpError('FORBIDDEN', 'This is for the provider’s administrators');
  next();
};
