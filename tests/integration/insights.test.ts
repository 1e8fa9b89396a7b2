import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
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
    // Twelve people, one deactivated and one invited; three people of the demo signed in now, and this admin.
    expect(answer.data!.dashboard).toMatchObject({
      organizationId: ids['Acme Corporation'],
      activeUsers: 11,
      disabledUsers: 1,
      pendingInvitations: 1,
      sessionsActiveNow: 4,
      licencesExpiringSoon: 1,
      seats: [
        { productName: 'Yozy Lite', capacity: 10, used: 0 },
        { productName: 'Yozy Web', capacity: 50, used: 11 },
      ],
    });
    expect(answer.data!.dashboard.signInsPerDay).toHaveLength(30);
    expect(answer.data!.dashboard.signInsPerDay.at(-1)).toEqual({ day: daysAgo(0), count: 4 });
  });

  it("refuses one organisation's admin the dashboard and statistics of another, showing nothing of them", async () => {
    for (const document of [DASHBOARD, STATISTICS]) {
      const answer = await acmeAdmin.request(document, { organizationId: ids['Globex Industries'] });
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(answer.data).toBeNull();
    }
    const own = await globexAdmin.request<{ dashboard: Dashboard }>(DASHBOARD, { organizationId: ids['Globex Industries'] });
    expect(own.data!.dashboard).toMatchObject({ activeUsers: 7, disabledUsers: 1, pendingInvitations: 1 });
  });

  it("lets a SuperAdmin read any organisation's numbers by its id", async () => {
    const answer = await superAdmin.request<{ dashboard: Dashboard }>(DASHBOARD, { organizationId: ids['Globex Industries'] });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.dashboard).toMatchObject({
      organizationId: ids['Globex Industries'],
      activeUsers: 7,
      disabledUsers: 1,
      licencesExpiringSoon: 0,
      seats: [{ productName: 'Yozy Lite', capacity: 25, used: 7 }],
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
    expect(statistics.signInsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(sessions!.n);
    expect(statistics.usersPerGroup).toEqual([
      { name: 'Engineering', count: 4 },
      { name: 'Sales', count: 4 },
      { name: 'Support', count: 3 },
    ]);
    expect(statistics.projects.map((project) => project.name)).toEqual(['Field Service App', 'Website Revamp']);

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
