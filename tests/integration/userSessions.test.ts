import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, GraphQLSession, signedIn, VIEWER } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const SESSIONS = /* GraphQL */ `
  query SessionList($organizationId: ID, $page: PageInput, $search: String, $filter: SessionFilter, $sort: SessionSort) {
    sessions(organizationId: $organizationId, page: $page, search: $search, filter: $filter, sort: $sort) {
      totalCount
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        userId
        userEmail
        browser
        operatingSystem
        device
        startedAt
        lastSeenAt
        endedAt
        endReason
        active
        current
      }
    }
  }
`;

const END = {
  session: 'mutation ($input: EndSessionInput!) { endSession(input: $input) { endedCount errors { code field message } } }',
  user: 'mutation ($input: EndUserSessionsInput!) { endUserSessions(input: $input) { endedCount errors { code field message } } }',
  others: 'mutation ($input: EndOtherSessionsInput) { endOtherSessions(input: $input) { endedCount errors { code field message } } }',
};

type Node = {
  id: string;
  userId: string;
  userEmail: string;
  browser: string | null;
  operatingSystem: string | null;
  device: string | null;
  startedAt: string;
  lastSeenAt: string;
  endedAt: string | null;
  endReason: string | null;
  active: boolean;
  current: boolean;
};
type ListData = { sessions: { totalCount: number; pageInfo: { hasNextPage: boolean }; nodes: Node[] } };
type EndData = Record<string, { endedCount: number; errors: { code: string; field: string | null; message: string }[] }>;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe.each(DATABASES)('user sessions over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let admin: GraphQLSession;
  let ids: Record<string, string>;

  beforeAll(async () => {
    admin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const rows = await stack.db.query<{ company_name: string; client_id: number }>('SELECT company_name, client_id FROM clients');
    ids = Object.fromEntries(rows.map((row) => [row.company_name, String(row.client_id)]));
  });

  const list = async (session: GraphQLSession, variables: Record<string, unknown> = {}) => {
    const answer = await session.request<ListData>(SESSIONS, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!.sessions;
  };
  const signedInFrom = async (email: string, userAgent: string) => {
    const session = new GraphQLSession(stack.gatewayUrl, { 'user-agent': userAgent });
    await session.signIn(email);
    return session;
  };
  const isSignedIn = async (session: GraphQLSession) =>
    (await session.request<{ viewer: { email: string } | null }>(VIEWER)).data?.viewer !== null;

  it("lists the organisation's sessions newest first, the caller's own marked, the device read from the browser", async () => {
    await signedInFrom('member@acme.local', IPHONE);
    const page = await list(admin, { page: { limit: 100 } });
    expect(page.totalCount).toBeGreaterThan(100);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const started = page.nodes.map((node) => node.startedAt);
    expect(started).toEqual([...started].sort().reverse());
    expect(page.nodes.every((node) => node.userEmail.endsWith('@acme.local'))).toBe(true);
    expect(page.nodes.filter((node) => node.current).map((node) => node.userEmail)).toEqual(['admin@acme.local']);
    expect(page.nodes.find((node) => node.userEmail === 'member@acme.local' && node.active)).toMatchObject({
      browser: 'Safari 17',
      operatingSystem: 'iOS 17',
      device: 'mobile',
      endedAt: null,
    });
  });

  it('filters to live sessions, a date range and one user, searches and sorts on the server', async () => {
    const live = await list(admin, { filter: { active: true }, page: { limit: 100 } });
    expect(live.nodes.length).toBeGreaterThanOrEqual(2);
    expect(live.nodes.every((node) => node.active && node.endedAt === null)).toBe(true);

    const to = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const from = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const range = await list(admin, { filter: { startedFrom: from, startedTo: to }, page: { limit: 100 } });
    expect(range.totalCount).toBeGreaterThan(0);
    expect(range.nodes.every((node) => node.startedAt >= from && node.startedAt <= to)).toBe(true);

    const found = await list(admin, { search: 'MEMBER@acme', page: { limit: 100 } });
    expect(found.totalCount).toBeGreaterThan(0);
    expect(new Set(found.nodes.map((node) => node.userEmail))).toEqual(new Set(['member@acme.local']));
    const one = await list(admin, { filter: { userId: found.nodes[0]!.userId } });
    expect(one.totalCount).toBe(found.totalCount);

    const bySeen = await list(admin, { sort: { field: 'LAST_SEEN_AT', direction: 'ASC' }, page: { limit: 50 } });
    const seen = bySeen.nodes.map((node) => node.lastSeenAt);
    expect(seen).toEqual([...seen].sort());
  });

  it('ends one session: that browser is signed out, the audit log says who did it', async () => {
    const member = await signedInFrom('member@acme.local', IPHONE);
    const [session] = (await list(admin, { search: 'member@acme', filter: { active: true } })).nodes;
    const answer = await admin.request<EndData>(END.session, { input: { sessionId: session!.id } });
    expect(answer.data?.endSession).toEqual({ endedCount: 1, errors: [] });
    expect(await isSignedIn(member)).toBe(false);
    const [entry] = await stack.db.query<{ action: string; actor: string }>(
      `SELECT a.action, u.email AS actor FROM audit_log a JOIN client_users u ON u.user_id = a.actor_user_id
        WHERE a.entity_type = 'session' AND a.entity_id = $1`,
      [session!.id],
    );
    expect(entry).toEqual({ action: 'session.end', actor: 'admin@acme.local' });
    const ended = (await list(admin, { search: 'member@acme', page: { limit: 5 } })).nodes.find((node) => node.id === session!.id);
    expect(ended).toMatchObject({ active: false, endReason: 'ended_by_admin' });
  });

  it("ends every session of one user, or every session but the caller's own", async () => {
    const phone = await signedInFrom('member@acme.local', IPHONE);
    const laptop = await signedIn(stack.gatewayUrl, 'member@acme.local');
    const [member] = (await list(admin, { search: 'member@acme', page: { limit: 1 } })).nodes;
    const byUser = await admin.request<EndData>(END.user, { input: { userId: member!.userId } });
    expect(byUser.data?.endUserSessions?.errors).toEqual([]);
    expect(byUser.data?.endUserSessions?.endedCount).toBeGreaterThanOrEqual(2);
    expect([await isSignedIn(phone), await isSignedIn(laptop)]).toEqual([false, false]);

    const again = await signedIn(stack.gatewayUrl, 'member@acme.local');
    const secondAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const globex = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    const others = await admin.request<EndData>(END.others, {});
    expect(others.data?.endOtherSessions?.endedCount).toBeGreaterThanOrEqual(2);
    expect([await isSignedIn(again), await isSignedIn(secondAdmin), await isSignedIn(admin), await isSignedIn(globex)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect((await list(admin, { filter: { active: true } })).nodes.map((node) => node.current)).toEqual([true]);
  });

  it("refuses the caller's own session: signing out does that", async () => {
    const [own] = (await list(admin, { filter: { active: true } })).nodes;
    const answer = await admin.request<EndData>(END.session, { input: { sessionId: own!.id } });
    expect(answer.data?.endSession).toMatchObject({ endedCount: 0, errors: [{ code: 'BAD_USER_INPUT', field: 'sessionId' }] });
    expect(await isSignedIn(admin)).toBe(true);
  });

  describe('across organisations', () => {
    it("refuses Acme's admin Globex's sessions and leaves them live", async () => {
      const globex = await signedIn(stack.gatewayUrl, 'admin@globex.local');
      const listed = await admin.request<ListData>(SESSIONS, { organizationId: ids['Globex Industries'] });
      expect(listed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(JSON.stringify(listed)).not.toContain('globex.local');

      const [session] = (await list(globex, { filter: { active: true } })).nodes.filter((node) => node.current);
      const named = await admin.request<EndData>(END.session, {
        input: { sessionId: session!.id, organizationId: ids['Globex Industries'] },
      });
      expect(named.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const unnamed = await admin.request<EndData>(END.session, { input: { sessionId: session!.id } });
      expect(unnamed.data?.endSession).toMatchObject({ endedCount: 0, errors: [{ code: 'NOT_FOUND', field: 'sessionId' }] });
      const [globexAdmin] = (await list(globex, { search: 'admin@globex', page: { limit: 1 } })).nodes;
      const byUser = await admin.request<EndData>(END.user, { input: { userId: globexAdmin!.userId } });
      expect(byUser.data?.endUserSessions).toMatchObject({ endedCount: 0, errors: [{ code: 'NOT_FOUND', field: 'userId' }] });
      const others = await admin.request<EndData>(END.others, { input: { organizationId: ids['Globex Industries'] } });
      expect(others.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(await isSignedIn(globex)).toBe(true);
    });

    it('shows a SuperAdmin the organisation they name, and a member nothing', async () => {
      const superAdmin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
      const page = await list(superAdmin, { organizationId: ids['Globex Industries'], page: { limit: 100 } });
      expect(page.totalCount).toBeGreaterThan(0);
      expect(page.nodes.every((node) => node.userEmail.endsWith('@globex.local'))).toBe(true);
      const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
      const refused = await member.request<ListData>(SESSIONS, {});
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    });
  });
  it('changes your own password: the current one is checked, the rule applies, your other sessions end', async () => {
    const CHANGE =
      'mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { ok endedSessionCount errors { code field } } }';
    type ChangeData = { changePassword: { ok: boolean; endedSessionCount: number; errors: { code: string; field: string | null }[] } };
    const laptop = await signedIn(stack.gatewayUrl, 'marcus.lee@acme.local');
    const phone = await signedInFrom('marcus.lee@acme.local', IPHONE);
    const input = { currentPassword: DEMO_PASSWORD, password: 'Changed@456', confirmPassword: 'Changed@456' };

    const wrong = await laptop.request<ChangeData>(CHANGE, { input: { ...input, currentPassword: 'Guessed@1' } });
    expect(wrong.data?.changePassword).toEqual({
      ok: false,
      endedSessionCount: 0,
      errors: [{ code: 'INVALID_CREDENTIALS', field: 'currentPassword' }],
    });
    const weak = await laptop.request<ChangeData>(CHANGE, { input: { ...input, password: 'weak', confirmPassword: 'weak' } });
    expect(weak.data?.changePassword.errors).toEqual([{ code: 'WEAK_PASSWORD', field: 'password' }]);
    expect(await isSignedIn(phone)).toBe(true);

    const changed = await laptop.request<ChangeData>(CHANGE, { input });
    expect(changed.data?.changePassword).toEqual({ ok: true, endedSessionCount: 1, errors: [] });
    expect([await isSignedIn(laptop), await isSignedIn(phone)]).toEqual([true, false]);
    expect((await new GraphQLSession(stack.gatewayUrl).signIn('marcus.lee@acme.local')).data?.signIn.errors[0]?.code).toBe(
      'INVALID_CREDENTIALS',
    );
    await signedIn(stack.gatewayUrl, 'marcus.lee@acme.local', 'Changed@456');
  });
});
