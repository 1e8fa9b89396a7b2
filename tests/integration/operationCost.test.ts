import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@yozy/subscription-api';
import { consoleDocument } from '../support/consoleDocuments';
import { FACTORY_PASSWORD, factories, unique, type Organisation, type User } from '../support/factories';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { useStack } from '../support/useStack';

/**
 * No N+1: a console list costs the same number of REST calls and SQL statements whether its page
 * holds 10 rows or 100. Each list is asked for with the console's own document (apps/web), over
 * an organisation with more than a hundred of everything the busy lists show. Two more documents
 * ask what an internal tool may (people and invitations with their roles and groups): the fields a
 * row resolves with a REST call of its own are loaded for the whole page at once.
 */

/** More rows than the largest page, so a page of 100 really holds 100. */
const ROWS = 110;

/** What one GraphQL request cost the REST service. */
type Cost = { restCalls: number; statements: number; rows: number };

/** Counts every SQL statement the REST service sends its database, in or out of a transaction. */
function countStatements(db: Database) {
  let statements = 0;
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = ((sql, params, options) => {
    statements += 1;
    return query(sql, params, options);
  }) as Database['query'];
  db.transaction = ((work) =>
    transaction((tx) => {
      const counted = Object.create(tx) as typeof tx;
      counted.query = ((sql, params, options) => {
        statements += 1;
        return tx.query(sql, params, options);
      }) as typeof tx.query;
      return work(counted);
    })) as Database['transaction'];
  return () => statements;
}

/** The REST service's request log lines, by the request id the gateway passed on. */
function restCallLog() {
  const byRequest = new Map<string, number>();
  return {
    destination: {
      write(chunk: string) {
        for (const line of chunk.split('\n').filter(Boolean)) {
          const { service, requestId } = JSON.parse(line) as { service: string; requestId: string };
          if (service === 'subscription-api') byRequest.set(requestId, (byRequest.get(requestId) ?? 0) + 1);
        }
      },
    },
    callsOf: (requestId: string) => byRequest.get(requestId) ?? 0,
  };
}

/** The rows a list answer holds: its `nodes`, a bare list, or one record. */
function rowsOf(data: Record<string, unknown> | undefined): number {
  const [answer] = Object.values(data ?? {});
  if (Array.isArray(answer)) return answer.length;
  const nodes = (answer as { nodes?: unknown[] } | null)?.nodes;
  return Array.isArray(nodes) ? nodes.length : answer == null ? 0 : 1;
}

type Case = {
  operation: string;
  /** Who asks: the organisation's admin, or the provider's SuperAdmin. */
  as: 'admin' | 'superAdmin';
  /** The variables of a page of `size` rows. */
  variables: (size: number) => Record<string, unknown>;
  /** The list has more than 100 rows here, so a page of 100 must show more than a page of 10. */
  full?: boolean;
  /** Not one of the console's documents: what an internal tool may ask of the same list. */
  document?: string;
};

const page = (size: number) => ({ page: { offset: 0, limit: size } });

/** The people list as an internal tool may ask for it: every person with their roles, groups and two-factor sign-in. */
const PEOPLE_WITH_ROLES_AND_GROUPS = /* GraphQL */ `
  query PeopleWithRolesAndGroups($page: PageInput) {
    users(page: $page) {
      nodes {
        id
        roles {
          roleId
          roleName
        }
        groups {
          groupId
          name
        }
        twoFactor {
          enabled
          recoveryCodesLeft
        }
      }
    }
  }
`;

/** The invitations list as an internal tool may ask for it: every invitation with the roles it gives. */
const INVITATIONS_WITH_ROLES = /* GraphQL */ `
  query InvitationsWithRoles($page: PageInput) {
    invitations(page: $page) {
      nodes {
        id
        roles {
          roleId
          roleName
        }
      }
    }
  }
`;

describe('the cost of a console list', { timeout: 300_000 }, () => {
  const log = restCallLog();
  const stack = useStack('pglite', { logs: log.destination });
  let statements: () => number;
  let organisation: Organisation;
  let admin: User;
  let people: number[];
  let groupId: number;
  let projectId: number;
  const sessions = {} as Record<Case['as'], GraphQLSession>;

  beforeAll(async () => {
    const make = factories(stack.db);
    ({ organisation, admin } = await make.organisationWithAdmin());
    const plan = await make.plan({ capacity: 1000 });
    await make.licence(organisation, { plan });
    const { roleId } = await make.role(admin, plan);
    const db = stack.db;
    const label = unique('cost');
    people = (
      await db.query<{ user_id: number }>(
        `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, is_active)
         SELECT $1, 'Person', 'No ' || n, $2 || '-' || n || '@factory.test', 'User', true FROM generate_series(1, $3::int) n
         RETURNING user_id`,
        [organisation.clientId, label, ROWS],
      )
    ).map((row) => row.user_id);
    await db.query('INSERT INTO user_roles (user_id, role_id, product_id) SELECT unnest($1::int[]), $2, $3', [
      people,
      roleId,
      plan.productId,
    ]);
    [{ group_id: groupId }] = (await db.query<{ group_id: number }>(
      `INSERT INTO groups (client_id, name) SELECT $1, $2 || '-' || n FROM generate_series(1, $3::int) n RETURNING group_id`,
      [organisation.clientId, label, ROWS],
    )) as [{ group_id: number }];
    await db.query('INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::int[])', [groupId, people]);
    [{ project_id: projectId }] = (await db.query<{ project_id: number }>(
      `INSERT INTO projects (client_id, short_code, name) SELECT $1, 'P' || n, $2 || '-' || n FROM generate_series(1, $3::int) n
       RETURNING project_id`,
      [organisation.clientId, label, ROWS],
    )) as [{ project_id: number }];
    await db.query('INSERT INTO project_allocations (project_id, user_id, alloc_percentage) SELECT $1, unnest($2::int[]), 10', [
      projectId,
      people,
    ]);
    await db.query(
      `INSERT INTO user_tokens (user_id, email, purpose, token_hash, expires_at)
       SELECT user_id, email, 'invite', $1 || '-invite-' || user_id, now() + interval '8 hours' FROM client_users WHERE user_id = ANY($2::int[])`,
      [label, people],
    );
    await db.query(
      `INSERT INTO sessions (token_hash, user_id, client_id, ip, user_agent, started_at, last_seen_at, expires_at)
       SELECT $1 || '-' || user_id, user_id, $2, '203.0.113.7', 'factory', now(), now(), now() + interval '1 day'
       FROM unnest($3::int[]) user_id`,
      [label, organisation.clientId, people],
    );
    await db.query(
      `INSERT INTO audit_log (client_id, actor_user_id, action, entity_type, entity_id, before, after)
       SELECT $1, $2, 'user.update', 'user', user_id::text, '{"IsActive":false}', '{"IsActive":true}' FROM unnest($3::int[]) user_id`,
      [organisation.clientId, admin.userId, people],
    );
    await db.query(
      `INSERT INTO clients (company_name, currency_code, contact_name) SELECT $1 || '-' || n, 'USD', 'Pat Contact'
       FROM generate_series(1, $2::int) n`,
      [label, ROWS],
    );
    // Every other person has two-factor sign-in on.
    await db.query(
      `INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at, recovery_code_hashes)
       SELECT user_id, 'sealed', true, now(), '{a,b}' FROM unnest($1::int[]) WITH ORDINALITY AS p(user_id, n) WHERE n % 2 = 0`,
      [people],
    );
    statements = countStatements(stack.db);
    sessions.admin = await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD);
    sessions.superAdmin = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  async function costOf(spec: Case, size: number): Promise<Cost> {
    const before = statements();
    const answer = await sessions[spec.as].request(spec.document ?? consoleDocument(spec.operation), spec.variables(size));
    expect(answer.errors, `${spec.operation} at ${size}`).toBeUndefined();
    // The REST service writes its line as its answer finishes, which the gateway's answer follows.
    await new Promise((resolve) => setImmediate(resolve));
    return { restCalls: log.callsOf(answer.headers.get('x-request-id')!), statements: statements() - before, rows: rowsOf(answer.data) };
  }

  const CASES: Case[] = [
    { operation: 'UserList', as: 'admin', variables: page, full: true },
    { operation: 'PeopleWithRolesAndGroups', as: 'admin', variables: page, full: true, document: PEOPLE_WITH_ROLES_AND_GROUPS },
    { operation: 'UserCurrentAllocations', as: 'admin', variables: (size) => ({ userIds: people.slice(0, size).map(String) }) },
    { operation: 'InvitationList', as: 'admin', variables: page, full: true },
    { operation: 'InvitationsWithRoles', as: 'admin', variables: page, full: true, document: INVITATIONS_WITH_ROLES },
    { operation: 'GroupList', as: 'admin', variables: page, full: true },
    { operation: 'GroupMemberList', as: 'admin', variables: (size) => ({ groupId: String(groupId), ...page(size) }), full: true },
    { operation: 'GroupCandidateList', as: 'admin', variables: (size) => ({ groupId: String(groupId), ...page(size) }), full: true },
    { operation: 'SessionList', as: 'admin', variables: page, full: true },
    { operation: 'AuditLog', as: 'admin', variables: page, full: true },
    { operation: 'ProjectList', as: 'admin', variables: page, full: true },
    { operation: 'AllocationList', as: 'admin', variables: page, full: true },
    {
      operation: 'AllocationCandidateList',
      as: 'admin',
      variables: (size) => ({ projectId: String(projectId), ...page(size) }),
      full: true,
    },
    { operation: 'LicenceList', as: 'admin', variables: page },
    { operation: 'DashboardSummary', as: 'admin', variables: () => ({}) },
    { operation: 'Viewer', as: 'admin', variables: () => ({}) },
    { operation: 'OrganizationList', as: 'superAdmin', variables: page, full: true },
    { operation: 'EnquiryList', as: 'superAdmin', variables: page },
    { operation: 'Outbox', as: 'superAdmin', variables: page },
    { operation: 'AdministratorList', as: 'superAdmin', variables: page },
    { operation: 'ApiKeyList', as: 'superAdmin', variables: page },
    { operation: 'RoleMaster', as: 'superAdmin', variables: page },
    { operation: 'RegionMaster', as: 'superAdmin', variables: page },
    { operation: 'PlanMaster', as: 'superAdmin', variables: page },
    { operation: 'ProductMaster', as: 'superAdmin', variables: page },
    { operation: 'OrganizationChoiceMaster', as: 'superAdmin', variables: (size) => ({ list: 'BUSINESS_VERTICAL', ...page(size) }) },
  ];

  it('still shows each person their own roles, groups and two-factor sign-in when a whole page is loaded at once', async () => {
    type Person = {
      id: string;
      roles: { roleName: string }[];
      groups: { name: string }[];
      twoFactor: { enabled: boolean; recoveryCodesLeft: number };
    };
    const answer = await sessions.admin.request<{ users: { nodes: Person[] } }>(PEOPLE_WITH_ROLES_AND_GROUPS, page(100));
    const shown = answer.data!.users.nodes.filter((person) => people.includes(Number(person.id)));
    expect(shown).toHaveLength(100);
    for (const person of shown) {
      expect([person.roles.length, person.groups.length], person.id).toEqual([1, 1]);
      const on = people.indexOf(Number(person.id)) % 2 === 1;
      expect(person.twoFactor, person.id).toEqual(on ? { enabled: true, recoveryCodesLeft: 2 } : { enabled: false, recoveryCodesLeft: 0 });
    }
  });

  it.each(CASES)('$operation costs no more REST calls or SQL statements for 100 rows than for 10', async (spec) => {
    await costOf(spec, 10); // warms what the services keep between requests (settings, the viewer's organisation)
    const small = await costOf(spec, 10);
    const large = await costOf(spec, 100);
    if (spec.full) expect([small.rows, large.rows], `${spec.operation} shows full pages`).toEqual([10, 100]);
    // At most, not exactly: a short page is its own count, so a page of 100 holding the whole list
    // skips the statement that counts it apart.
    expect(large.restCalls, `${spec.operation}: REST calls at 100 rows`).toBeLessThanOrEqual(small.restCalls);
    expect(large.statements, `${spec.operation}: SQL statements at 100 rows`).toBeLessThanOrEqual(small.statements);
    expect(small.restCalls, `${spec.operation} calls the REST service`).toBeGreaterThan(0);
  });
});
