import { z } from 'zod';
import { auditIn, auditScope } from '#domain/audited';
import { END_REASON, endSessions, LIVE_SESSION } from '#domain/sessions';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { listResource, type ResourceDefinition, recordOf, throughPerson } from '#http/resource';
import { targetOrganization } from '#http/scope';
import { route } from '#http/route';
import { listParameters, listAnswer, BAD_LIST_QUERY, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/** Sign-in sessions of an organisation's users (the "user session audit" of the specification). */
export const sessionFields = {
  SessionId: { sql: 's.session_id', type: 'int' },
  ClientId: { sql: 's.client_id', type: 'int' },
  UserId: { sql: 's.user_id', type: 'int' },
  // Searched in the people table and matched by the sessions' person index (migration 089).
  UserFirstname: { sql: 'u.first_name', type: 'text', searchable: true, searchThrough: throughPerson('s.user_id', 'first_name') },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true, searchThrough: throughPerson('s.user_id', 'last_name') },
  OfficialEmail: { sql: 'u.email', type: 'text', searchable: true, searchThrough: throughPerson('s.user_id', 'email') },
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
  counted: 'sessions',
  // Every session has its person (user_id is never null and refers to them): the join adds their fields.
  table: 'sessions s',
};

const sessionId = z.int({ error: 'Give the session to end' }).positive().max(Number.MAX_SAFE_INTEGER);
const organizationId = z.union([z.int().positive(), z.string()]).optional();

/** POST /subscription_user_sessions/end */
export const endSessionBody = requestSchema('SessionEnd', z.strictObject({ SessionId: sessionId, ClientId: organizationId }));
/** POST /subscription_user_sessions/end-user */
export const endUserSessionsBody = requestSchema(
  'UserSessionsEnd',
  z.strictObject({
    UserId: z.int({ error: 'Give the user whose sessions to end' }).positive().max(2_147_483_647),
    ClientId: organizationId,
  }),
);
/** POST /subscription_user_sessions/end-others */
export const endOtherSessionsBody = requestSchema('OtherSessionsEnd', z.strictObject({ ClientId: organizationId }));

export const sessionRecord = answerSchema(
  'Session',
  recordOf(sessionFields, ['Ip', 'UserAgent', 'EndedAt', 'EndReason']).extend({
    Current: z.boolean().meta({ description: 'Whether this is the session the call was made with' }),
  }),
);

const sessionsEnded = answerSchema(
  'SessionsEnded',
  z.strictObject({
    ended: z.int().meta({ description: 'How many live sessions this call ended (0 when none was live)' }),
  }),
);

export const sessionRoutes = [
  route(
    {
      method: 'get',
      path: '/subscription_user_sessions',
      access: 'admin',
      operationId: 'listSessions',
      tag: 'Sessions',
      summary: "Sign-in sessions: an organization admin's own organization, any (filtered by ClientId) for a SuperAdmin",
      description: 'Active is true while the session has neither ended nor expired. Current marks the session of the call.',
      parameters: listParameters(sessionFields),
      responses: {
        200: listAnswer('Sessions', sessionRecord),
        400: BAD_LIST_QUERY,
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const rows = await listResource(db, sessions, req, res, viewer);
      // The caller's own session is marked, so the console never offers to end it by mistake.
      res.json(rows.map((row) => ('SessionId' in row ? { ...row, Current: String(row.SessionId) === viewer.sessionId } : row)));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription_user_sessions/end',
      access: 'admin',
      operationId: 'endSession',
      tag: 'Sessions',
      summary: 'End one live session of the organization (ClientId: a SuperAdmin may name any, others only their own)',
      description: 'Ending a session that has ended already changes nothing and answers ended 0. Writes the audit log (session.end).',
      body: endSessionBody,
      responses: {
        200: { description: 'Ended, or already over', body: sessionsEnded },
        400: refused('BAD_REQUEST: SessionId missing, or the session of the call itself (sign out instead)'),
        404: refused('NOT_FOUND (field SessionId): no such session in the organization'),
      },
    },
    async (req, res, { db }) => {
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
        if (!session) throw new HttpError('NOT_FOUND', 'There is no such session in this organization', 'SessionId');
        if (!session.live) return false;
        await tx.query(`UPDATE sessions SET ended_at = now(), end_reason = $2 WHERE session_id = $1`, [body.SessionId, END_REASON.byAdmin]);
        await auditIn(tx, auditScope(req, res, clientId), {
          action: 'session.end',
          entityType: 'session',
          entityId: body.SessionId,
          before: { active: true },
          after: { active: false, userId: session.user_id, endReason: END_REASON.byAdmin },
        });
        return true;
      });
      res.json({ ended: ended ? 1 : 0 });
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription_user_sessions/end-user',
      access: 'admin',
      operationId: 'endUserSessions',
      tag: 'Sessions',
      summary: "End every live session of one user of the organization, except the caller's own",
      description: 'Writes the audit log (session.end_all_of_user) when a session ended.',
      body: endUserSessionsBody,
      responses: {
        200: { description: 'How many ended', body: sessionsEnded },
        400: refused('BAD_REQUEST: UserId missing'),
        404: refused('NOT_FOUND (field UserId): no such user in the organization'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(endUserSessionsBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      const ended = await db.transaction(async (tx) => {
        const [user] = await tx.query('SELECT 1 FROM client_users WHERE user_id = $1 AND client_id = $2', [body.UserId, clientId]);
        if (!user) throw new HttpError('NOT_FOUND', 'There is no such user in this organization', 'UserId');
        const count = await endSessions(tx, viewer, END_REASON.byAdmin, 's.user_id = $2', [body.UserId]);
        if (count > 0) {
          await auditIn(tx, auditScope(req, res, clientId), {
            action: 'session.end_all_of_user',
            entityType: 'user',
            entityId: body.UserId,
            after: { endedSessions: count, endReason: END_REASON.byAdmin },
          });
        }
        return count;
      });
      res.json({ ended });
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription_user_sessions/end-others',
      access: 'admin',
      operationId: 'endOtherSessions',
      tag: 'Sessions',
      summary: "End every live session of the organization except the caller's own",
      description: 'Writes the audit log (session.end_all_others) when a session ended.',
      body: endOtherSessionsBody,
      responses: {
        200: { description: 'How many ended', body: sessionsEnded },
        400: refused('BAD_REQUEST: a malformed ClientId'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(endOtherSessionsBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      const ended = await db.transaction(async (tx) => {
        const count = await endSessions(tx, viewer, END_REASON.byAdmin, 's.client_id = $2', [clientId]);
        if (count > 0) {
          await auditIn(tx, auditScope(req, res, clientId), {
            action: 'session.end_all_others',
            entityType: 'organization',
            entityId: clientId,
            after: { endedSessions: count, endReason: END_REASON.byAdmin },
          });
        }
        return count;
      });
      res.json({ ended });
    },
  ),
];
