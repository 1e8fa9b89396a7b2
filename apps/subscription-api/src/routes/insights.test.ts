import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardAnswer, statisticsAnswer } from './insights';
import { openRestApi, type RestApi } from '#testing/restApi';
import { EXPIRING_WITHIN_DAYS, statisticsRange } from './insights';

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local', 'member@acme.local'] as const;
let tokens: Record<(typeof PEOPLE)[number], string>;
let acme: number;
beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
  [{ client_id: acme }] = (await api.db.query<{ client_id: number }>(
    "SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'",
  )) as [{ client_id: number }];
});
afterAll(() => api.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('GET /insights/dashboard', () => {
  it("gives an organisation's admin their own numbers as the demo data holds them", async () => {
    const answer = await api.agent.get('/insights/dashboard').auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(answer.status).toBe(200);
    expect(dashboardAnswer.safeParse(answer.body).error).toBeUndefined();
    // What the demo holds for Acme, counted straight from its tables; the sessions live now are the
    // seeded ones plus the member's and the admin's own from this test.
    const [demo] = await api.db.query<{
      active: number;
      disabled: number;
      invited: number;
      live: number;
      expiring: number;
      today: number;
    }>(
      `SELECT (SELECT count(*)::int FROM client_users
                WHERE client_id = $1 AND is_active AND NOT awaiting_approval AND password_hash IS NOT NULL) AS active,
              (SELECT count(*)::int FROM client_users WHERE client_id = $1 AND NOT is_active) AS disabled,
              (SELECT count(*)::int FROM client_users u
                WHERE u.client_id = $1 AND u.is_active AND u.password_hash IS NULL
                  AND EXISTS (SELECT 1 FROM user_tokens t WHERE t.user_id = u.user_id AND t.purpose = 'invite'
                                 AND t.used_at IS NULL AND t.voided_at IS NULL AND t.expires_at > now())) AS invited,
              (SELECT count(*)::int FROM sessions WHERE client_id = $1 AND ended_at IS NULL AND expires_at > now()) AS live,
              (SELECT count(*)::int FROM licences WHERE client_id = $1 AND is_active
                  AND valid_till BETWEEN current_date AND current_date + $2::int) AS expiring,
              (SELECT count(*)::int FROM sessions
                WHERE client_id = $1 AND (started_at AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date) AS today`,
      [acme, EXPIRING_WITHIN_DAYS],
    );
    const seats = await api.db.query<{ productName: string; capacity: number; used: number }>(
      `SELECT pr.product_name AS "productName",
              (SELECT coalesce(sum(pl.capacity), 0)::int FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id
                WHERE l.client_id = $1 AND l.product_id = pr.product_id AND l.is_active AND l.valid_till >= current_date) AS capacity,
              (SELECT count(DISTINCT u.user_id)::int FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
                WHERE u.client_id = $1 AND u.is_active AND ur.product_id = pr.product_id) AS used
         FROM products pr
        WHERE pr.product_id IN (SELECT product_id FROM licences WHERE client_id = $1 AND is_active
                                 UNION
                                SELECT ur.product_id FROM user_roles ur JOIN client_users u ON u.user_id = ur.user_id
                                 WHERE u.client_id = $1 AND u.is_active)
        ORDER BY pr.product_id`,
      [acme],
    );
    // The demo has someone of each kind, so none of these is a zero that any answer would match.
    for (const count of [demo!.active, demo!.disabled, demo!.invited, demo!.expiring]) expect(count).toBeGreaterThan(0);
    expect(seats.map((seat) => seat.productName)).toEqual(['Yozy Lite', 'Yozy Web']);
    expect(answer.body).toMatchObject({
      clientId: acme,
      activeUsers: demo!.active,
      disabledUsers: demo!.disabled,
      pendingInvitations: demo!.invited,
      sessionsActiveNow: demo!.live,
      licencesExpiringSoon: demo!.expiring,
      seats,
    });
    expect(demo!.live).toBeGreaterThanOrEqual(2);
    const days: Statistics['signInsPerDay'] = answer.body.signInsPerDay;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: today(), count: demo!.today });
    expect(days.slice(0, -1).reduce((sum, day) => sum + day.count, 0)).toBeGreaterThan(100);
  });

  it('lets a SuperAdmin read any organisation, and says when there is none', async () => {
    const answer = await api.agent.get(`/insights/dashboard?ClientId=${acme}`).auth(tokens['admin@yozy.local'], { type: 'bearer' });
    expect(answer.status).toBe(200);
    const [people] = await api.db.query<{ active: number }>(
      'SELECT count(*)::int AS active FROM client_users WHERE client_id = $1 AND is_active AND NOT awaiting_approval AND password_hash IS NOT NULL',
      [acme],
    );
    expect(answer.body).toMatchObject({ clientId: acme, activeUsers: people!.active });
    const missing = await api.agent.get('/insights/dashboard?ClientId=999999').auth(tokens['admin@yozy.local'], { type: 'bearer' });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'ClientId' });
  });

  it('counts as active only the people who can sign in: not the invited nor those awaiting approval', async () => {
    const activeNow = async () =>
      (await api.agent.get('/insights/dashboard').auth(tokens['admin@acme.local'], { type: 'bearer' })).body.activeUsers as number;
    const before = await activeNow();
    const added = await api.db.query<{ user_id: number }>(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, awaiting_approval)
       VALUES ($1, 'Ivy', 'Invited', 'ivy.invited@acme.example', 'User', false),
              ($1, 'Abe', 'Awaiting', 'abe.awaiting@acme.example', 'User', true)
       RETURNING user_id`,
      [acme],
    );
    expect(await activeNow()).toBe(before);
    // The invited person chooses a password: now they can sign in.
    await api.db.query("UPDATE client_users SET password_hash = 'chosen' WHERE user_id = $1", [added[0]!.user_id]);
    expect(await activeNow()).toBe(before + 1);
    await api.db.query('DELETE FROM client_users WHERE user_id = ANY($1::int[])', [added.map((row) => row.user_id)]);
  });

  it("refuses another organisation's admin, members and callers without a session", async () => {
    const other = await api.agent.get(`/insights/dashboard?ClientId=${acme}`).auth(tokens['admin@globex.local'], { type: 'bearer' });
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'FORBIDDEN', field: 'ClientId' });
    expect(JSON.stringify(other.body)).not.toMatch(/activeUsers|Yozy Web/);
    expect((await api.agent.get('/insights/dashboard').auth(tokens['member@acme.local'], { type: 'bearer' })).status).toBe(403);
    expect((await api.agent.get('/insights/dashboard')).status).toBe(401);
    const malformed = await api.agent.get('/insights/dashboard?ClientId=1;DROP').auth(tokens['admin@yozy.local'], { type: 'bearer' });
    expect(malformed.status).toBe(400);
  });
});

type Statistics = {
  from: string;
  to: string;
  signInsPerDay: { day: string; count: number }[];
  activeUsersPerDay: { day: string; count: number }[];
  usersPerDepartment: { name: string | null; count: number }[];
  usersPerGroup: { name: string; count: number }[];
  projects: { shortCode: string; allocations: number; issues: number; openIssues: number; releases: number }[];
};

describe('GET /insights/statistics', () => {
  it('covers the last 30 days by default with every day present', async () => {
    const answer = await api.agent.get('/insights/statistics').auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(answer.status).toBe(200);
    expect(statisticsAnswer.safeParse(answer.body).error).toBeUndefined();
    expect(answer.body.to).toBe(today());
    expect(answer.body.signInsPerDay).toHaveLength(30);
    expect(answer.body.signInsPerDay[0]!.day).toBe(answer.body.from);
    for (const [index, day] of answer.body.activeUsersPerDay.entries()) {
      expect(day.count).toBeLessThanOrEqual(answer.body.signInsPerDay[index]!.count);
    }
  });

  it('counts sign-ins of the chosen days from the sessions table, and only its own organisation', async () => {
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10);
    const answer = await api.agent.get(`/insights/statistics?from=${from}&to=${to}`).auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(answer.body.signInsPerDay).toHaveLength(11);
    const [expected] = await api.db.query<{ n: number; people: number }>(
      `SELECT count(*)::int AS n FROM sessions
        WHERE client_id = $1 AND started_at >= $2::date::timestamp AT TIME ZONE 'UTC'
          AND started_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`,
      [acme, from, to],
    );
    expect(answer.body.signInsPerDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(expected!.n);
    expect(expected!.n).toBeGreaterThan(0);
  });

  it('counts active people per department and group, and the project master per project', async () => {
    const answer = await api.agent.get(`/insights/statistics?ClientId=${acme}`).auth(tokens['admin@yozy.local'], { type: 'bearer' });
    // Acme's active people by department (blank ones together) and by group (empty groups too),
    // most people first, then by name; and each of its projects with what the project master holds.
    const departments = await api.db.query<{ name: string | null; count: number }>(
      `SELECT NULLIF(trim(department_name), '') AS name, count(*)::int AS count
         FROM client_users WHERE client_id = $1 AND is_active
        GROUP BY 1 ORDER BY count DESC, name NULLS LAST`,
      [acme],
    );
    const groups = await api.db.query<{ name: string; count: number }>(
      `SELECT g.name, (SELECT count(*)::int FROM group_members m JOIN client_users u ON u.user_id = m.user_id
                        WHERE m.group_id = g.group_id AND u.is_active) AS count
         FROM groups g WHERE g.client_id = $1
        ORDER BY count DESC, lower(g.name)`,
      [acme],
    );
    const projects = await api.db.query<{
      shortCode: string;
      allocations: number;
      issues: number;
      openIssues: number;
      releases: number;
    }>(
      `SELECT p.short_code AS "shortCode",
              (SELECT count(*)::int FROM project_allocations a WHERE a.project_id = p.project_id AND a.is_current) AS allocations,
              (SELECT count(*)::int FROM project_issues i WHERE i.project_id = p.project_id) AS issues,
              (SELECT count(*)::int FROM project_issues i WHERE i.project_id = p.project_id AND i.status <> 'DONE') AS "openIssues",
              (SELECT count(*)::int FROM project_releases r WHERE r.project_id = p.project_id) AS releases
         FROM projects p WHERE p.client_id = $1 ORDER BY p.short_code`,
      [acme],
    );
    // The demo spreads Acme over several departments, groups and projects, so none of these is empty.
    expect(departments.length).toBeGreaterThan(1);
    expect(groups.some((group) => group.count > 0)).toBe(true);
    expect(projects.some((project) => project.allocations > 0 && project.issues > project.openIssues)).toBe(true);
    expect(answer.body.usersPerDepartment).toEqual(departments);
    expect(answer.body.usersPerGroup).toEqual(groups);
    expect(answer.body.projects).toEqual(projects.map((project) => expect.objectContaining(project)));
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['from=2026-03-10&to=2026-03-01', 'from'],
    ['from=2024-01-01&to=2025-06-01', 'from'],
    ['to=yesterday', 'to'],
  ])('refuses %s naming %s', async (query, field) => {
    const answer = await api.agent.get(`/insights/statistics?${query}`).auth(tokens['admin@acme.local'], { type: 'bearer' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
  });

  it("refuses another organisation's admin", async () => {
    const answer = await api.agent.get(`/insights/statistics?ClientId=${acme}`).auth(tokens['admin@globex.local'], { type: 'bearer' });
    expect(answer.status).toBe(403);
  });
});

describe('statisticsRange', () => {
  it('takes the 30 days up to the last day when the first is left out, and allows a whole leap year', () => {
    expect(statisticsRange(undefined, '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(statisticsRange('2024-01-01', '2024-12-31')).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(() => statisticsRange('2024-01-01', '2025-01-01')).toThrow('Choose at most 366 days');
  });
});
