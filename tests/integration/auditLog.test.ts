import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const AUDIT_LOG = /* GraphQL */ `
  query AuditLog($organizationId: ID, $page: PageInput, $search: String, $filter: AuditFilter, $sort: AuditSort) {
    auditLog(organizationId: $organizationId, page: $page, search: $search, filter: $filter, sort: $sort) {
      totalCount
      nodes {
        id
        occurredAt
        action
        entityType
        entityId
        organizationId
        organizationName
        actor {
          id
          name
          email
        }
        ip
        changes {
          field
          before
          after
        }
      }
    }
  }
`;
const ACTIONS = 'query ($organizationId: ID) { auditActions(organizationId: $organizationId) }';
const SET_ACTIVE = /* GraphQL */ `
  mutation ($input: SetUsersActiveInput!) {
    setUsersActive(input: $input) {
      errors {
        code
      }
    }
  }
`;

type Entry = {
  id: string;
  occurredAt: string;
  action: string;
  entityType: string;
  entityId: string | null;
  organizationId: string | null;
  organizationName: string | null;
  actor: { id: string; name: string; email: string } | null;
  ip: string | null;
  changes: { field: string; before: string | null; after: string | null }[];
};
type LogData = { auditLog: { totalCount: number; nodes: Entry[] } };

describe.each(DATABASES)('the audit log over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let acmeAdmin: GraphQLSession;
  let provider: GraphQLSession;
  let ids: { acme: string; globex: string; person: string };

  beforeAll(async () => {
    acmeAdmin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const clients = await stack.db.query<{ company_name: string; client_id: number }>('SELECT company_name, client_id FROM clients');
    const idOf = (name: string) => String(clients.find((row) => row.company_name === name)!.client_id);
    const [person] = await stack.db.query<{ user_id: number }>(
      "SELECT user_id FROM client_users WHERE client_id = $1 AND type_of_user = 'User' AND is_active AND email <> 'member@acme.local' ORDER BY user_id LIMIT 1",
      [Number(idOf('Acme Corporation'))],
    );
    ids = { acme: idOf('Acme Corporation'), globex: idOf('Globex Industries'), person: String(person!.user_id) };
    // A change made through the console, so the log has an entry this test knows all about.
    const off = await acmeAdmin.request<{ setUsersActive: { errors: unknown[] } }>(SET_ACTIVE, {
      input: { userIds: [ids.person], active: false },
    });
    expect(off.data?.setUsersActive.errors).toEqual([]);
  });

  it('shows an organisation admin who deactivated whom, from where, field by field, newest first', async () => {
    const answer = await acmeAdmin.request<LogData>(AUDIT_LOG, { filter: { action: 'user.deactivate' } });
    expect(answer.errors).toBeUndefined();
    const entry = answer.data!.auditLog.nodes.find((node) => node.entityId === ids.person);
    expect(entry).toMatchObject({
      action: 'user.deactivate',
      entityType: 'user',
      organizationId: ids.acme,
      organizationName: 'Acme Corporation',
      actor: { email: 'admin@acme.local' },
    });
    // The gateway reports the caller's address to the REST service, which writes it beside the change.
    expect(entry!.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    expect(entry!.changes).toContainEqual({ field: 'isActive', before: 'true', after: 'false' });

    const all = await acmeAdmin.request<LogData>(AUDIT_LOG, { page: { limit: 100 } });
    const times = all.data!.auditLog.nodes.map((node) => node.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.data!.auditLog.nodes.map((node) => node.organizationId))).toEqual(new Set([ids.acme]));
  });

  it("finds entries by the person who made them, and only the person's", async () => {
    const [admin] = await stack.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@acme.local'");
    const byAdmin = await acmeAdmin.request<LogData>(AUDIT_LOG, { filter: { actorId: String(admin!.user_id) }, page: { limit: 100 } });
    expect(byAdmin.data!.auditLog.totalCount).toBeGreaterThan(0);
    expect(byAdmin.data!.auditLog.nodes.every((node) => node.actor?.email === 'admin@acme.local')).toBe(true);
    const searched = await acmeAdmin.request<LogData>(AUDIT_LOG, { search: 'ADMIN@ACME', page: { limit: 100 } });
    expect(searched.data!.auditLog.nodes.every((node) => node.actor?.email === 'admin@acme.local')).toBe(true);
  });

  it('finds entries by the words the console shows for their action', async () => {
    const searched = await acmeAdmin.request<LogData>(AUDIT_LOG, { search: 'person deactivated', page: { limit: 100 } });
    expect(searched.errors).toBeUndefined();
    expect(searched.data!.auditLog.totalCount).toBeGreaterThan(0);
    expect(new Set(searched.data!.auditLog.nodes.map((node) => node.action))).toEqual(new Set(['user.deactivate']));
  });

  it('narrows to a time window', async () => {
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const none = await acmeAdmin.request<LogData>(AUDIT_LOG, { filter: { occurredFrom: future } });
    expect(none.data!.auditLog).toEqual({ totalCount: 0, nodes: [] });
  });

  it("names the actions of the caller's scope for the filter", async () => {
    const own = await acmeAdmin.request<{ auditActions: string[] }>(ACTIONS);
    expect(own.data!.auditActions).toContain('user.deactivate');
    const globex = await provider.request<{ auditActions: string[] }>(ACTIONS, { organizationId: ids.globex });
    const [globexOnly] = await stack.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE client_id = $1 AND action = 'user.deactivate'",
      [Number(ids.globex)],
    );
    expect(globex.data!.auditActions.includes('user.deactivate')).toBe(globexOnly!.n > 0);
  });

  it('shows a SuperAdmin the whole platform, or one organisation when named', async () => {
    const platform = await provider.request<LogData>(AUDIT_LOG, { filter: { action: 'user.deactivate' }, page: { limit: 100 } });
    expect(platform.data!.auditLog.nodes.some((node) => node.entityId === ids.person)).toBe(true);
    const [{ n } = { n: 0 }] = await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    const everything = await provider.request<LogData>(AUDIT_LOG, { page: { limit: 1 } });
    expect(everything.data!.auditLog.totalCount).toBe(n);
    const globex = await provider.request<LogData>(AUDIT_LOG, { organizationId: ids.globex, page: { limit: 100 } });
    expect(globex.data!.auditLog.nodes.every((node) => node.organizationId === ids.globex)).toBe(true);
  });

  it("refuses another organisation's log to an organisation admin, whatever id they send, and the log to members", async () => {
    for (const organizationId of [ids.globex, ` ${ids.globex}`, '0', '-1']) {
      const answer = await acmeAdmin.request<LogData>(AUDIT_LOG, { organizationId });
      expect(answer.data).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|BAD_REQUEST/);
    }
    const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
    expect((await member.request<LogData>(AUDIT_LOG)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await member.request<{ auditActions: string[] }>(ACTIONS)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
