import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../db/database';
import { audit } from '../domain/audit';
import { END_REASON, endSessions, LIVE_SESSION } from '../domain/sessions';
import { requireAdmin, viewerOf } from '../http/auth';
import { HttpError, parseBody } from '../http/errors';
import { clientOf } from '../http/gateway';
import { listResource, type ResourceDefinition, recordOf } from '../http/resource';
import { targetOrganization } from '../http/scope';

/** Sign-in sessions of an organisation's users (the "user session audit" of the specification). */
export const sessionFields = {
  SessionId: { sql: 's.session_id', type: 'int' },
  ClientId: { sql: 's.client_id', type: 'int' },
  UserId: { sql: 's.user_id', type: 'int' },
  UserFirstname: { sql: 'u.first_name', type: 'text', searchable: true },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true },
  OfficialEmail: { sql: 'u.email', type: 'text', searchable: true },
  Ip: { sql: 's.ip', type: 'text', searchable: true },
  UserAgent: { sql: 's.user_agent', type: 'text' },
  StartedAt: { sql: 's.started_at', type: 'timestamp', sort: { index: 'sessions_client_started_sort_idx' } },
  LastSeenAt: { sql: 's.last_seen_at', type: 'timestamp', sort: { index: 'sessions_client_last_seen_sort_idx' } },
  EndedAt: { sql: 's.ended_at', type: 'timestamp', sort: { index: 'sessions_client_ended_sort_idx' } },
  EndReason: { sql: 's.end_reason', type: 'text' },
  ExpiresAt: { sql: 's.expires_at', type: 'timestamp' },
  Active: { sql: `(${LIVE_SESSION})`, type: 'bool' },
} satisfies ResourceDefinition['fields'];

export const sessions: ResourceDefinition = {
  from: 'sessions s JOIN client_users u ON u.user_id = s.user_id',
  fields: sessionFields,
  tenantField: 'ClientId',
  tieBreaker: 's.session_id',
};

const sessionId = z.int({ error: 'Give the session to end' }).positive().max(Number.MAX_SAFE_INTEGER);
const organizationId = z.union([z.int().positive(), z.string()]).optional();

/** POST /subscription_user_sessions/end */
export const endSessionBody = z.strictObject({ SessionId: sessionId, ClientId: organizationId });
/** POST /subscription_user_sessions/end-user */
export const endUserSessionsBody = z.strictObject({
  UserId: z.int({ error: 'Give the user whose sessions to end' }).positive().max(2_147_483_647),
  ClientId: organizationId,
});
/** POST /subscription_user_sessions/end-others */
export const endOtherSessionsBody = z.strictObject({ ClientId: organizationId });

export const sessionRecord = recordOf(sessionFields, ['Ip', 'UserAgent', 'EndedAt', 'EndReason']).extend({
  Current: z.boolean().meta({ description: 'Whether this is the session the call was made with' }),
});

export function sessionRoutes(db: Database): Router {
  const router = Router();

  router.get('/subscription_user_sessions', requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const rows = await listResource(db, sessions, req, res, viewer);
    // The caller's own session is marked, so the console never offers to end it by mistake.
    res.json(rows.map((row) => ('SessionId' in row ? { ...row, Current: String(row.SessionId) === viewer.sessionId } : row)));
  });

  router.post('/subscription_user_sessions/end', requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const body = parseBody(endSessionBody, req.body);
    const clientId = targetOrganization(viewer, body.ClientId);
    if (String(body.SessionId) === viewer.sessionId) {
      throw new HttpError('BAD_REQUEST', 'This is the session you are using: sign out to end it', 'SessionId');
    }
    const ended = await db.transaction(async (tx) => {
      const [session] = await tx.query<{ user_id: number; live: boolean }>(
        `SELECT s.user_id, (${LIVE_SESSION}) AS live FROM sessions s WHERE s.session_id = $1 AND s.client_id = $2 FOR UPDATE`,
        [body.SessionId, clientId],
      );
      // Another organisation's session is answered like one that does not exist.
      if (!session) throw new HttpError('NOT_FOUND', 'There is no such session in this organisation', 'SessionId');
      if (!session.live) return false;
      await tx.query(`UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE session_id = $1`, [body.SessionId, END_REASON.byAdmin]);
      await audit(tx, {
        clientId,
        actorUserId: viewer.userId,
        action: 'session.end',
        entityType: 'session',
        entityId: body.SessionId,
        before: { active: true },
        after: { active: false, userId: session.user_id, endReason: END_REASON.byAdmin },
        ip: clientOf(req, res).ip,
      });
      return true;
    });
    res.json({ ended: ended ? 1 : 0 });
  });

  router.post('/subscription_user_sessions/end-user', requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const body = parseBody(endUserSessionsBody, req.body);
    const clientId = targetOrganization(viewer, body.ClientId);
    const ended = await db.transaction(async (tx) => {
      const [user] = await tx.query('SELECT 1 FROM client_users WHERE user_id = $1 AND client_id = $2', [body.UserId, clientId]);
      if (!user) throw new HttpError('NOT_FOUND', 'There is no such user in this organisation', 'UserId');
      const count = await endSessions(tx, viewer, END_REASON.byAdmin, 's.user_id = $2', [body.UserId]);
      if (count > 0) {
        await audit(tx, {
          clientId,
          actorUserId: viewer.userId,
          action: 'session.end_all_of_user',
          entityType: 'user',
          entityId: body.UserId,
          after: { endedSessions: count, endReason: END_REASON.byAdmin },
          ip: clientOf(req, res).ip,
        });
      }
      return count;
    });
    res.json({ ended });
  });

  router.post('/subscription_user_sessions/end-others', requireAdmin, async (req, res) => {
    const viewer = viewerOf(res);
    const body = parseBody(endOtherSessionsBody, req.body);
    const clientId = targetOrganization(viewer, body.ClientId);
    const ended = await db.transaction(async (tx) => {
      const count = await endSessions(tx, viewer, END_REASON.byAdmin, 's.client_id = $2', [clientId]);
      if (count > 0) {
        await audit(tx, {
          clientId,
          actorUserId: viewer.userId,
          action: 'session.end_all_others',
          entityType: 'organization',
          entityId: clientId,
          after: { endedSessions: count, endReason: END_REASON.byAdmin },
          ip: clientOf(req, res).ip,
        });
      }
      return count;
    });
    res.json({ ended });
  });

  return router;
}
