import { z } from 'zod';
import type { Queryable } from '#db/database';
import { STATUS_SQL } from '#domain/people';
import { FAILED_SIGN_INS_LAST_DAY_SQL } from '#domain/signInActivity';
import { seatsOf } from '#domain/seats';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { clientIdQuery, targetOrganization } from '#http/scope';
import { route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema } from '#openapi/components';

/** Licences whose last day falls within this many days count as expiring soon. */
export const EXPIRING_WITHIN_DAYS = 30;
/** The dashboard's sign-in chart covers this many days up to today. */
export const DASHBOARD_DAYS = 30;
/** The statistics' default range, and the longest one that may be asked for. */
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;

const isoDate = z.iso.date({ error: 'Give a date as YYYY-MM-DD' });

export const dashboardQuery = z.object({
  ClientId: clientIdQuery('The organization; a SuperAdmin may name any, others only their own'),
});

export const statisticsQuery = dashboardQuery.extend({
  from: isoDate.optional().meta({ description: `First day (UTC); ${DEFAULT_RANGE_DAYS - 1} days before "to" when omitted` }),
  to: isoDate.optional().meta({ description: 'Last day (UTC), included; today when omitted' }),
});

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The days a statistics call covers: today's last 30 by default, never backwards or longer than a year. */
export function statisticsRange(from: string | undefined, to: string | undefined): { from: string; to: string } {
  const last = to ?? today();
  const first = from ?? addDays(last, -(DEFAULT_RANGE_DAYS - 1));
  if (daysBetween(first, last) < 0) throw new HttpError('BAD_REQUEST', 'The first day must not be after the last day', 'from');
  if (daysBetween(first, last) >= MAX_RANGE_DAYS) {
    throw new HttpError('BAD_REQUEST', `Choose at most ${MAX_RANGE_DAYS} days`, 'from');
  }
  return { from: first, to: last };
}

async function organizationOf(db: Queryable, viewer: ReturnType<typeof viewerOf>, requested: unknown): Promise<number> {
  const clientId = targetOrganization(viewer, requested);
  const [exists] = await db.query('SELECT 1 FROM clients WHERE client_id = $1', [clientId]);
  if (!exists) throw new HttpError('NOT_FOUND', 'No such organization', 'ClientId');
  return clientId;
}

type DailyCount = { day: string; count: number };

/**
 * Sessions started and people who started one on each day of the range (UTC days), a day
 * without any included. Only the range is read, through sessions_client_id_idx (client_id, started_at).
 */
async function sessionsPerDay(db: Queryable, clientId: number, from: string, to: string) {
  const rows = await db.query<{ day: string; sign_ins: number; people: number }>(
    `WITH days AS (
       SELECT (s.started_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS sign_ins, count(DISTINCT s.user_id)::int AS people
         FROM sessions s
        WHERE s.client_id = $1
          AND s.started_at >= $2::date::timestamp AT TIME ZONE 'UTC'
          AND s.started_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
        GROUP BY 1)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(days.sign_ins, 0) AS sign_ins, coalesce(days.people, 0) AS people
       FROM generate_series($2::date, $3::date, interval '1 day') AS d(day)
       LEFT JOIN days ON days.day = d.day::date
      ORDER BY d.day`,
    [clientId, from, to],
  );
  return {
    signIns: rows.map((row): DailyCount => ({ day: row.day, count: row.sign_ins })),
    people: rows.map((row): DailyCount => ({ day: row.day, count: row.people })),
  };
}

/**
 * Seats on every product the organisation has a licence for or people with a role on, counted
 * as the seat limit counts them (domain/seats.ts): a product without a live licence has none.
 */
async function seatUse(db: Queryable, clientId: number) {
  const products = await db.query<{ product_id: number }>(
    `SELECT product_id FROM licences WHERE client_id = $1 AND is_active
      UNION
     SELECT ur.product_id FROM user_roles ur JOIN client_users u ON u.user_id = ur.user_id WHERE u.client_id = $1 AND u.is_active
      ORDER BY product_id`,
    [clientId],
  );
  const seats = [];
  for (const { product_id: productId } of products) {
    const { productName, capacity, used } = await seatsOf(db, clientId, productId);
    seats.push({ productId, productName, capacity, used });
  }
  return seats;
}

export async function dashboardOf(db: Queryable, clientId: number) {
  const [counts] = await db.query<{
    active_users: number;
    disabled_users: number;
    sessions_active_now: number;
    licences_expiring_soon: number;
    pending_invitations: number;
    failed_sign_ins: number;
  }>(
    // Active users are the people who can sign in now, as the users list's Active filter shows them:
    // someone invited who has not chosen a password, or awaiting approval, is not one yet.
    `SELECT (SELECT count(*)::int FROM client_users u WHERE u.client_id = $1 AND ${STATUS_SQL} = 'ACTIVE') AS active_users,
            (SELECT count(*)::int FROM client_users WHERE client_id = $1 AND NOT is_active) AS disabled_users,
            (SELECT count(*)::int FROM sessions WHERE client_id = $1 AND ended_at IS NULL AND expires_at > now()) AS sessions_active_now,
            (SELECT count(*)::int FROM licences
              WHERE client_id = $1 AND is_active AND valid_till BETWEEN current_date AND current_date + $2::int) AS licences_expiring_soon,
            (SELECT count(*)::int FROM client_users u
              WHERE u.client_id = $1 AND ${STATUS_SQL} = 'INVITED'
                -- Asked person by person (the organisation's few invited people) through
                -- user_tokens_live_invite_idx: as an EXISTS the planner may hash every live token.
                AND (SELECT true FROM user_tokens t
                      WHERE t.user_id = u.user_id AND t.purpose = 'invite' AND t.used_at IS NULL
                        AND t.voided_at IS NULL AND t.expires_at > now() LIMIT 1)) AS pending_invitations,
            ${FAILED_SIGN_INS_LAST_DAY_SQL} AS failed_sign_ins`,
    [clientId, EXPIRING_WITHIN_DAYS],
  );
  const to = today();
  return {
    clientId,
    activeUsers: counts!.active_users,
    disabledUsers: counts!.disabled_users,
    sessionsActiveNow: counts!.sessions_active_now,
    licencesExpiringSoon: counts!.licences_expiring_soon,
    expiringWithinDays: EXPIRING_WITHIN_DAYS,
    pendingInvitations: counts!.pending_invitations,
    failedSignInsLastDay: counts!.failed_sign_ins,
    seats: await seatUse(db, clientId),
    signInsPerDay: (await sessionsPerDay(db, clientId, addDays(to, -(DASHBOARD_DAYS - 1)), to)).signIns,
  };
}

export async function statisticsOf(db: Queryable, clientId: number, { from, to }: { from: string; to: string }) {
  const usersPerDepartment = await db.query<{ name: string | null; count: number }>(
    `SELECT NULLIF(trim(department_name), '') AS name, count(*)::int AS count
       FROM client_users WHERE client_id = $1 AND is_active
      GROUP BY 1 ORDER BY count DESC, name NULLS LAST`,
    [clientId],
  );
  const usersPerGroup = await db.query<{ name: string; count: number }>(
    `SELECT g.name, count(u.user_id)::int AS count
       FROM groups g
       LEFT JOIN group_members m ON m.group_id = g.group_id
       LEFT JOIN client_users u ON u.user_id = m.user_id AND u.is_active
      WHERE g.client_id = $1
      GROUP BY g.group_id, g.name ORDER BY count DESC, lower(g.name)`,
    [clientId],
  );
  const projects = await db.query<{
    projectId: number;
    shortCode: string;
    name: string;
    allocations: number;
    issues: number;
    openIssues: number;
    releases: number;
  }>(
    `SELECT p.project_id AS "projectId", p.short_code AS "shortCode", p.name,
            (SELECT count(*)::int FROM project_allocations a WHERE a.project_id = p.project_id AND a.is_current) AS allocations,
            (SELECT count(*)::int FROM project_issues i WHERE i.project_id = p.project_id) AS issues,
            (SELECT count(*)::int FROM project_issues i WHERE i.project_id = p.project_id AND i.status <> 'DONE') AS "openIssues",
            (SELECT count(*)::int FROM project_releases r WHERE r.project_id = p.project_id) AS releases
       FROM projects p WHERE p.client_id = $1
      ORDER BY p.short_code`,
    [clientId],
  );
  const days = await sessionsPerDay(db, clientId, from, to);
  return {
    clientId,
    from,
    to,
    signInsPerDay: days.signIns,
    activeUsersPerDay: days.people,
    seats: await seatUse(db, clientId),
    usersPerDepartment,
    usersPerGroup,
    projects,
  };
}

const dailyCount = z.strictObject({ day: z.iso.date(), count: z.int().min(0) });

const seatUseRecord = z.strictObject({
  productId: z.int(),
  productName: z.string(),
  capacity: z.int().min(0).meta({ description: "Seats the organization's active, unexpired licences for the product give" }),
  used: z.int().min(0).meta({ description: 'Active people with a role on the product, invited ones included' }),
});

export const dashboardAnswer = answerSchema(
  'Dashboard',
  z.strictObject({
    clientId: z.int(),
    activeUsers: z
      .int()
      .min(0)
      .meta({ description: 'People who can sign in now: neither invited without a password yet nor awaiting approval' }),
    disabledUsers: z.int().min(0),
    sessionsActiveNow: z.int().min(0).meta({ description: 'Sessions neither ended nor expired' }),
    licencesExpiringSoon: z.int().min(0).meta({ description: 'Active licences whose last day is within expiringWithinDays of today' }),
    expiringWithinDays: z.int(),
    pendingInvitations: z.int().min(0).meta({ description: 'Active people without a password holding a live invitation' }),
    failedSignInsLastDay: z
      .int()
      .min(0)
      .meta({ description: 'Failed sign-in attempts of the organization’s people in the last 24 hours, the refused ones included' }),
    seats: z.array(seatUseRecord),
    signInsPerDay: z.array(dailyCount).meta({ description: 'Sessions started on each of the last 30 days (UTC), today last' }),
  }),
);

export const statisticsAnswer = answerSchema(
  'Statistics',
  z.strictObject({
    clientId: z.int(),
    from: z.iso.date(),
    to: z.iso.date(),
    signInsPerDay: z.array(dailyCount),
    activeUsersPerDay: z.array(dailyCount).meta({ description: 'People who started a session on each day' }),
    seats: z.array(seatUseRecord),
    usersPerDepartment: z.array(
      z.strictObject({ name: z.string().nullable().meta({ description: 'Null for people without a department' }), count: z.int() }),
    ),
    usersPerGroup: z.array(z.strictObject({ name: z.string(), count: z.int().meta({ description: 'Active members' }) })),
    projects: z.array(
      z.strictObject({
        projectId: z.int(),
        shortCode: z.string(),
        name: z.string(),
        allocations: z.int().meta({ description: 'Current allocations of people to the project' }),
        issues: z.int(),
        openIssues: z.int().meta({ description: 'Issues not DONE' }),
        releases: z.int(),
      }),
    ),
  }),
);

/** Read-only numbers of one organisation for its dashboard and statistics screens. */
export const insightRoutes = [
  route(
    {
      method: 'get',
      path: '/insights/dashboard',
      access: 'admin',
      operationId: 'getDashboard',
      tag: 'Insights',
      summary:
        "An organization's people, seats, licences about to lapse, live sessions, waiting invitations, failed sign-ins of the last day and last 30 days of sign-ins",
      query: dashboardQuery,
      responses: {
        200: { description: 'The numbers', body: dashboardAnswer },
        400: refused('BAD_REQUEST (field ClientId): not a whole number'),
        404: refused('NOT_FOUND (field ClientId): no such organization'),
      },
    },
    async (req, res, { db }) => {
      const { ClientId } = parseBody(dashboardQuery, req.query);
      const clientId = await organizationOf(db, viewerOf(res), ClientId);
      res.json(await dashboardOf(db, clientId));
    },
  ),

  route(
    {
      method: 'get',
      path: '/insights/statistics',
      access: 'admin',
      operationId: 'getStatistics',
      tag: 'Insights',
      summary:
        "An organization's sign-ins and active people per day over a range of days, seats, people per department and group, and project activity",
      query: statisticsQuery,
      responses: {
        200: { description: 'The numbers', body: statisticsAnswer },
        400: refused(
          `BAD_REQUEST: a malformed date, from after to, more than ${MAX_RANGE_DAYS} days (field from), or a ClientId that is not a whole number`,
        ),
        404: refused('NOT_FOUND (field ClientId): no such organization'),
      },
    },
    async (req, res, { db }) => {
      const query = parseBody(statisticsQuery, req.query);
      const range = statisticsRange(query.from, query.to);
      const clientId = await organizationOf(db, viewerOf(res), query.ClientId);
      res.json(await statisticsOf(db, clientId, range));
    },
  ),
];
