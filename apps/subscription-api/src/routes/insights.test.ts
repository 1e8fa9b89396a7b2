import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardAnswer, statisticsAnswer } from '../openapi/answers';
import { startRestApi, type ErrorBody, type RestApi } from '../testing/restApi';
import { statisticsRange } from './insights';

let api: RestApi;
const tokens: Record<string, string> = {};
let acme: number;
beforeAll(async () => {
  api = await startRestApi();
  for (const email of ['admin@yozy.local', 'admin@acme.local', 'admin@globex.local', 'member@acme.local']) {
    tokens[email] = await api.signIn(email);
  }
  [{ client_id: acme }] = (await api.db.query<{ client_id: number }>(
    "SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'",
  )) as [{ client_id: number }];
});
afterAll(() => api.stop());

const today = () => new Date().toISOString().slice(0, 10);

type Dashboard = {
  clientId: number;
  activeUsers: number;
  disabledUsers: number;
  sessionsActiveNow: number;
  licencesExpiringSoon: number;
  pendingInvitations: number;
  seats: { productName: string; capacity: number; used: number }[];
  signInsPerDay: { day: string; count: number }[];
};

describe('GET /insights/dashboard', () => {
  it("gives an organisation's admin their own numbers as the demo data holds them", async () => {
    const answer = await api.get<Dashboard>('/insights/dashboard', tokens['admin@acme.local']);
    expect(answer.status).toBe(200);
    expect(dashboardAnswer.safeParse(answer.body).error).toBeUndefined();
    // Twelve people, one deactivated, one invited without a password yet; three seeded live
    // sessions plus the member's and the admin's own from this test.
    expect(answer.body).toMatchObject({
      clientId: acme,
      activeUsers: 11,
      disabledUsers: 1,
      pendingInvitations: 1,
      sessionsActiveNow: 5,
      licencesExpiringSoon: 1,
      seats: [
        { productName: 'Yozy Lite', capacity: 10, used: 0 },
        { productName: 'Yozy Web', capacity: 50, used: 11 },
      ],
    });
    const days = answer.body.signInsPerDay;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: today(), count: 5 });
    expect(days.slice(0, -1).reduce((sum, day) => sum + day.count, 0)).toBeGreaterThan(100);
  });

  it('lets a SuperAdmin read any organisation, and says when there is none', async () => {
    const answer = await api.get<Dashboard>(`/insights/dashboard?ClientId=${acme}`, tokens['admin@yozy.local']);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ clientId: acme, activeUsers: 11 });
    const missing = await api.get<ErrorBody>('/insights/dashboard?ClientId=999999', tokens['admin@yozy.local']);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'ClientId' });
  });

  it("refuses another organisation's admin, members and callers without a session", async () => {
    const other = await api.get<ErrorBody>(`/insights/dashboard?ClientId=${acme}`, tokens['admin@globex.local']);
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 'FORBIDDEN', field: 'ClientId' });
    expect(JSON.stringify(other.body)).not.toMatch(/activeUsers|Yozy Web/);
    expect((await api.get('/insights/dashboard', tokens['member@acme.local'])).status).toBe(403);
    expect((await api.get('/insights/dashboard')).status).toBe(401);
    const malformed = await api.get<ErrorBody>('/insights/dashboard?ClientId=1;DROP', tokens['admin@yozy.local']);
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
    const answer = await api.get<Statistics>('/insights/statistics', tokens['admin@acme.local']);
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
    const answer = await api.get<Statistics>(`/insights/statistics?from=${from}&to=${to}`, tokens['admin@acme.local']);
    expect(answer.body.signInsPerDay).toHaveLength(11);
    const [expected] = await api.db.query<{ n: number; people: number }>(
      `SELECT count(*)::int AS n FROM sessions
        WHERE client_id = $1 AND started_at >= $2::date::timestamp AT TIME ZONE 'UTC'
          AND started_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`,
      [acme, from, to],
    );
    expect(answer.body.signInsPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(expected!.n);
    expect(expected!.n).toBeGreaterThan(0);
  });

  it('counts active people per department and group, and the project master per project', async () => {
    const answer = await api.get<Statistics>(`/insights/statistics?ClientId=${acme}`, tokens['admin@yozy.local']);
    expect(answer.body.usersPerDepartment).toEqual([
      { name: 'Engineering', count: 5 },
      { name: 'Sales', count: 2 },
      { name: 'Finance', count: 1 },
      { name: 'IT', count: 1 },
      { name: 'Marketing', count: 1 },
      { name: 'Support', count: 1 },
    ]);
    expect(answer.body.usersPerGroup).toEqual([
      { name: 'Engineering', count: 4 },
      { name: 'Sales', count: 4 },
      { name: 'Support', count: 3 },
    ]);
    expect(answer.body.projects).toEqual([
      expect.objectContaining({ shortCode: 'ACM-MOB', allocations: 4, issues: 3, openIssues: 2, releases: 2 }),
      expect.objectContaining({ shortCode: 'ACM-WEB', allocations: 4, issues: 3, openIssues: 2, releases: 2 }),
    ]);
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['from=2026-03-10&to=2026-03-01', 'from'],
    ['from=2024-01-01&to=2025-06-01', 'from'],
    ['to=yesterday', 'to'],
  ])('refuses %s naming %s', async (query, field) => {
    const answer = await api.get<ErrorBody>(`/insights/statistics?${query}`, tokens['admin@acme.local']);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'BAD_REQUEST', field });
  });

  it("refuses another organisation's admin", async () => {
    const answer = await api.get<ErrorBody>(`/insights/statistics?ClientId=${acme}`, tokens['admin@globex.local']);
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
