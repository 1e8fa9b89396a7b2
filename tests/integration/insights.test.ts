import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import type { Database } from '@yozy/subscription-api';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const DASHBOARD = /* GraphQL */ `
  query DashboardNumbers($organizationId: ID) {
    dashboard(organizationId: $organizationId) {
      organizationId
      activeUsers
      disabledUsers
      sessionsActiveNow
      licencesExpiringSoon
      pendingInvitations
      seats {
        productName
        capacity
        used
      }
      signInsPerDay {
        day
        count
      }
    }
  }
`;

const STATISTICS = /* GraphQL */ `
  query StatisticsNumbers($organizationId: ID, $from: Date, $to: Date) {
    statistics(organizationId: $organizationId, from: $from, to: $to) {
      organizationId
      from
      to
      signInsPerDay {
        day
        count
      }
      activeUsersPerDay {
        day
        count
      }
      usersPerGroup {
        name
        count
      }
      projects {
        shortCode
        name
        allocations
        issues
        releases
      }
    }
  }
`;

type Dashboard = {
  organizationId: string;
  activeUsers: number;
  disabledUsers: number;
  sessionsActiveNow: number;
  licencesExpiringSoon: number;
  pendingInvitations: number;
  seats: { productName: string; capacity: number; used: number }[];
  signInsPerDay: { day: string; count: number }[];
};
type Statistics = {
  organizationId: string;
  from: string;
  to: string;
  signInsPerDay: { day: string; count: number }[];
  activeUsersPerDay: { day: string; count: number }[];
  usersPerGroup: { name: string; count: number }[];
  projects: { shortCode: string; name: string; allocations: number; issues: number; releases: number }[];
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * What the demo holds for one organisation, counted straight from the database, so these tests
 * keep checking the dashboard's numbers however many people, sessions or licences the demo grows.
 */
async function demoNumbers(db: Database, clientId: string) {
  const [counts] = await db.query<{
    active: number;
    disabled: number;
    live: number;
    expiring: number;
    invited: number;
    today: number;
  }>(
    `SELECT (SELECT count(*)::int FROM client_users
              WHERE client_id = $1 AND is_active AND NOT awaiting_approval AND password_hash IS NOT NULL) AS active,
            (SELECT count(*)::int FROM client_users WHERE client_id = $1 AND NOT is_active) AS disabled,
            (SELECT count(*)::int FROM sessions WHERE client_id = $1 AND ended_at IS NULL AND expires_at > now()) AS live,
            (SELECT count(*)::int FROM licences
              WHERE client_id = $1 AND is_active AND valid_till BETWEEN current_date AND current_date + 30) AS expiring,
            -- Invited and not yet signed up, with a link that still works (an expired invitation is not pending).
            (SELECT count(*)::int FROM client_users u
              WHERE u.client_id = $1 AND u.is_active AND u.password_hash IS NULL
                AND EXISTS (SELECT 1 FROM user_tokens t WHERE t.user_id = u.user_id AND t.purpose = 'invite'
                               AND t.used_at IS NULL AND t.voided_at IS NULL AND t.expires_at > now())) AS invited,
            (SELECT count(*)::int FROM sessions
              WHERE client_id = $1 AND (started_at AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date) AS today`,
    [Number(clientId)],
  );
  // Each product's seats: the capacity of its live licences, taken by active people with a role on it.
  const seats = await db.query<{ productName: string; capacity: number; used: number }>(
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
    [Number(clientId)],
  );
  const { today, ...dashboard } = counts!;
  return {
    dashboard: {
      activeUsers: dashboard.active,
      disabledUsers: dashboard.disabled,
      sessionsActiveNow: dashboard.live,
      licencesExpiringSoon: dashboard.expiring,
      pendingInvitations: dashboard.invited,
      seats,
    },
    signInsToday: today,
  };
}

describe.each(DATABASES)('dashboard and statistics over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let acmeAdmin: GraphQLSession;
  let globexAdmin: GraphQLSession;
  let superAdmin: GraphQLSession;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    globexAdmin = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    superAdmin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    for (const row of await stack.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients')) {
      ids[row.company_name] = String(row.client_id);
    }
  });

  it("shows an organisation's admin their own dashboard", async () => {
    const answer = await acmeAdmin.request<{ dashboard: Dashboard }>(DASHBOARD);
    expect(answer.errors).toBeUndefined();
    const expected = await demoNumbers(stack.db, ids['Acme Corporation']!);
    // The demo gives Acme people of every kind, people signed in now besides this admin, a licence
    // about to lapse and two products; if it stops doing so, these checks say nothing.
    const { disabledUsers, pendingInvitations, sessionsActiveNow, licencesExpiringSoon } = expected.dashboard;
    expect(Math.min(disabledUsers, pendingInvitations, sessionsActiveNow - 1, licencesExpiringSoon)).toBeGreaterThan(0);
    expect(expected.dashboard.seats.map((seat) => seat.productName)).toEqual(['Yozy Lite', 'Yozy Web']);
    expect(answer.data!.dashboard).toEqual({
      organizationId: ids['Acme Corporation'],
      ...expected.dashboard,
      signInsPerDay: expect.any(Array),
    });
    expect(answer.data!.dashboard.signInsPerDay).toHaveLength(30);
    expect(answer.data!.dashboard.signInsPerDay.at(-1)).toEqual({ day: daysAgo(0), count: expected.signInsToday });
  });

  it("refuses one organisation's admin the dashboard and statistics of another, showing nothing of them", async () => {
    for (const document of [DASHBOARD, STATISTICS]) {
      const answer = await acmeAdmin.request(document, { organizationId: ids['Globex Industries'] });
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(answer.data).toBeNull();
    }
    const own = await globexAdmin.request<{ dashboard: Dashboard }>(DASHBOARD, { organizationId: ids['Globex Industries'] });
    const { activeUsers, disabledUsers, pendingInvitations } = (await demoNumbers(stack.db, ids['Globex Industries']!)).dashboard;
    expect(own.data!.dashboard).toMatchObject({ activeUsers, disabledUsers, pendingInvitations });
  });

  it("lets a SuperAdmin read any organisation's numbers by its id", async () => {
    const answer = await superAdmin.request<{ dashboard: Dashboard }>(DASHBOARD, { organizationId: ids['Globex Industries'] });
    expect(answer.errors).toBeUndefined();
    const expected = (await demoNumbers(stack.db, ids['Globex Industries']!)).dashboard;
    // Globex holds one Yozy Lite licence, months from its end, with people on most of its seats.
    expect(expected.seats).toEqual([{ productName: 'Yozy Lite', capacity: 25, used: expect.any(Number) }]);
    expect(expected.seats[0]!.used).toBeGreaterThan(0);
    expect(answer.data!.dashboard).toMatchObject({
      organizationId: ids['Globex Industries'],
      activeUsers: expected.activeUsers,
      disabledUsers: expected.disabledUsers,
      licencesExpiringSoon: 0,
      seats: expected.seats,
    });
    const missing = await superAdmin.request(DASHBOARD, { organizationId: '999999' });
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('gives the statistics of the chosen days, and refuses a range that runs backwards', async () => {
    const [from, to] = [daysAgo(20), daysAgo(10)];
    const answer = await superAdmin.request<{ statistics: Statistics }>(STATISTICS, { organizationId: ids['Acme Corporation'], from, to });
    expect(answer.errors).toBeUndefined();
    const statistics = answer.data!.statistics;
    expect(statistics).toMatchObject({ organizationId: ids['Acme Corporation'], from, to });
    expect(statistics.signInsPerDay.map((day) => day.day)).toEqual(Array.from({ length: 11 }, (_, i) => daysAgo(20 - i)));
    const [sessions] = await stack.db.query<{ n: number; people: number }>(
      `SELECT count(*)::int AS n FROM sessions
        WHERE client_id = $1 AND started_at >= $2::date::timestamp AT TIME ZONE 'UTC' AND started_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`,
      [Number(ids['Acme Corporation']), from, to],
    );
    expect(sessions!.n).toBeGreaterThan(0);
    expect(statistics.signInsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(sessions!.n);
    // Every group of Acme with its active members, the largest first; the demo's groups have members.
    const groups = await stack.db.query<{ name: string; count: number }>(
      `SELECT g.name, count(u.user_id)::int AS count
         FROM groups g
         LEFT JOIN group_members m ON m.group_id = g.group_id
         LEFT JOIN client_users u ON u.user_id = m.user_id AND u.is_active
        WHERE g.client_id = $1
        GROUP BY g.group_id, g.name ORDER BY count DESC, lower(g.name)`,
      [Number(ids['Acme Corporation'])],
    );
    expect(groups.map((group) => group.name)).toEqual(expect.arrayContaining(['Engineering', 'Sales', 'Support']));
    expect(groups.every((group) => group.count > 0)).toBe(true);
    expect(statistics.usersPerGroup).toEqual(groups);
    const projects = await stack.db.query<{ name: string }>('SELECT name FROM projects WHERE client_id = $1 ORDER BY short_code', [
      Number(ids['Acme Corporation']),
    ]);
    expect(projects.map((project) => project.name)).toEqual(expect.arrayContaining(['Field Service App', 'Website Revamp']));
    expect(statistics.projects.map((project) => project.name)).toEqual(projects.map((project) => project.name));

    const backwards = await acmeAdmin.request(STATISTICS, { from: to, to: from });
    expect(backwards.errors?.[0]).toMatchObject({
      message: 'The first day must not be after the last day',
      extensions: { code: 'BAD_USER_INPUT', field: 'from' },
    });
  });

  it('is refused to members and to callers who have not signed in', async () => {
    const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
    expect((await member.request(DASHBOARD)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await new GraphQLSession(stack.gatewayUrl).request(STATISTICS)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
