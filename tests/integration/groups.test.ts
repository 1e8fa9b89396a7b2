import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const GROUPS = /* GraphQL */ `
  query ($organizationId: ID, $search: String, $sort: GroupSort, $page: PageInput) {
    groups(organizationId: $organizationId, search: $search, sort: $sort, page: $page) {
      totalCount
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        organizationId
        name
        description
        memberCount
      }
    }
  }
`;
const CREATE = /* GraphQL */ `
  mutation ($input: CreateGroupInput!) {
    createGroup(input: $input) {
      group {
        id
        organizationId
        name
        description
        memberCount
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const UPDATE = /* GraphQL */ `
  mutation ($input: UpdateGroupInput!) {
    updateGroup(input: $input) {
      group {
        id
        name
        description
      }
      errors {
        code
        field
      }
    }
  }
`;
const DELETE = /* GraphQL */ `
  mutation ($input: DeleteGroupInput!) {
    deleteGroup(input: $input) {
      deletedGroupId
      errors {
        code
      }
    }
  }
`;
const ADD = /* GraphQL */ `
  mutation ($input: GroupMembersInput!) {
    addGroupMembers(input: $input) {
      group {
        memberCount
      }
      errors {
        code
        field
      }
    }
  }
`;
const REMOVE = /* GraphQL */ `
  mutation ($input: GroupMembersInput!) {
    removeGroupMembers(input: $input) {
      group {
        memberCount
      }
      errors {
        code
      }
    }
  }
`;
const MEMBERS = /* GraphQL */ `
  query ($groupId: ID!, $search: String) {
    groupMembers(groupId: $groupId, search: $search) {
      totalCount
      nodes {
        id
        firstName
        email
      }
    }
  }
`;
const CANDIDATES = /* GraphQL */ `
  query ($groupId: ID!, $search: String) {
    groupMemberCandidates(groupId: $groupId, search: $search, page: { limit: 100 }) {
      totalCount
      nodes {
        id
        email
        isMember
      }
    }
  }
`;

type Group = { id: string; organizationId: string; name: string; description: string | null; memberCount: number };

describe.each(DATABASES)('groups over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let acmeAdmin: GraphQLSession;
  let globexAdmin: GraphQLSession;
  let superAdmin: GraphQLSession;
  let acme: string;
  let globex: string;
  const userId = async (email: string) =>
    String((await stack.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE lower(email) = $1', [email]))[0]!.user_id);

  beforeAll(async () => {
    [acmeAdmin, globexAdmin, superAdmin] = await Promise.all([
      signedIn(stack.gatewayUrl, 'admin@acme.local'),
      signedIn(stack.gatewayUrl, 'admin@globex.local'),
      signedIn(stack.gatewayUrl, 'admin@yozy.local'),
    ]);
    const clients = await stack.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients');
    acme = String(clients.find((c) => c.company_name === 'Acme Corporation')!.client_id);
    globex = String(clients.find((c) => c.company_name === 'Globex Industries')!.client_id);
  });

  it('lists the OrgAdmin’s own groups with member counts, searched, sorted and paged', async () => {
    const answer = await acmeAdmin.request<{ groups: { totalCount: number; pageInfo: { hasNextPage: boolean }; nodes: Group[] } }>(GROUPS, {
      page: { limit: 2 },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.groups.totalCount).toBe(4);
    expect(answer.data!.groups.pageInfo.hasNextPage).toBe(true);
    expect(answer.data!.groups.nodes.map((g) => g.name)).toEqual(['Engineering', 'On-call']);
    expect(answer.data!.groups.nodes[1]).toMatchObject({ organizationId: acme, memberCount: 2 });

    const searched = await acmeAdmin.request<{ groups: { nodes: Group[] } }>(GROUPS, {
      search: 'incidents',
      sort: { field: 'NAME', direction: 'DESC' },
    });
    expect(searched.data!.groups.nodes.map((g) => g.name)).toEqual(['On-call']);
  });

  it('shows a SuperAdmin the groups of the organisation named, and refuses that organisation to another OrgAdmin', async () => {
    const provider = await superAdmin.request<{ groups: { nodes: Group[] } }>(GROUPS, { organizationId: globex });
    expect(provider.data!.groups.nodes.map((g) => g.name)).toEqual(['Finance', 'Operations']);

    const refused = await acmeAdmin.request(GROUPS, { organizationId: globex });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(JSON.stringify(refused)).not.toContain('Operations');
  });

  it('creates, renames, fills, empties and deletes a group', async () => {
    const created = await acmeAdmin.request<{ createGroup: { group: Group; errors: unknown[] } }>(CREATE, {
      input: { name: 'Release crew', description: 'Ships on Thursdays' },
    });
    expect(created.data!.createGroup).toMatchObject({
      group: { organizationId: acme, name: 'Release crew', description: 'Ships on Thursdays', memberCount: 0 },
      errors: [],
    });
    const id = created.data!.createGroup.group.id;

    const clash = await acmeAdmin.request<{ createGroup: { group: null; errors: { code: string; field: string }[] } }>(CREATE, {
      input: { name: 'release CREW' },
    });
    expect(clash.data!.createGroup).toMatchObject({ group: null, errors: [{ code: 'CONFLICT', field: 'name' }] });

    const blank = await acmeAdmin.request<{ createGroup: { errors: { code: string; field: string; message: string }[] } }>(CREATE, {
      input: { name: '   ' },
    });
    expect(blank.data!.createGroup.errors).toEqual([{ code: 'BAD_USER_INPUT', field: 'name', message: 'Enter the group name' }]);

    const renamed = await acmeAdmin.request<{ updateGroup: { group: Group } }>(UPDATE, { input: { id, name: 'Release team' } });
    expect(renamed.data!.updateGroup.group).toEqual({ id, name: 'Release team', description: null });

    const tom = await userId('tom.baker@acme.local');
    const added = await acmeAdmin.request<{ addGroupMembers: { group: { memberCount: number } } }>(ADD, {
      input: { groupId: id, userIds: [tom] },
    });
    expect(added.data!.addGroupMembers.group.memberCount).toBe(1);
    const members = await acmeAdmin.request<{ groupMembers: { nodes: { email: string }[] } }>(MEMBERS, { groupId: id });
    expect(members.data!.groupMembers.nodes.map((m) => m.email)).toEqual(['tom.baker@acme.local']);

    const picker = await acmeAdmin.request<{ groupMemberCandidates: { nodes: { id: string; email: string; isMember: boolean }[] } }>(
      CANDIDATES,
      { groupId: id },
    );
    expect(picker.data!.groupMemberCandidates.nodes.every((p) => p.email.endsWith('@acme.local'))).toBe(true);
    expect(picker.data!.groupMemberCandidates.nodes.find((p) => p.id === tom)?.isMember).toBe(true);

    const removed = await acmeAdmin.request<{ removeGroupMembers: { group: { memberCount: number } } }>(REMOVE, {
      input: { groupId: id, userIds: [tom] },
    });
    expect(removed.data!.removeGroupMembers.group.memberCount).toBe(0);

    const deleted = await acmeAdmin.request<{ deleteGroup: { deletedGroupId: string } }>(DELETE, { input: { id } });
    expect(deleted.data!.deleteGroup.deletedGroupId).toBe(id);
    const actions = await stack.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_type = 'group' AND entity_id = $1 ORDER BY audit_id`,
      [id],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'group.create',
      'group.update',
      'group.add_members',
      'group.remove_members',
      'group.delete',
    ]);
  });

  it('adds only people of the group’s own organisation, whatever ids are sent', async () => {
    const [group] = await stack.db.query<{ group_id: number }>(`SELECT group_id FROM groups WHERE name = 'Support' AND client_id = $1`, [
      Number(acme),
    ]);
    const groupId = String(group!.group_id);
    const before = await stack.db.query('SELECT user_id FROM group_members WHERE group_id = $1 ORDER BY user_id', [group!.group_id]);
    const answer = await acmeAdmin.request<{ addGroupMembers: { group: null; errors: { code: string; field: string }[] } }>(ADD, {
      input: { groupId, userIds: [await userId('mindy.simmons@globex.local')] },
    });
    expect(answer.data!.addGroupMembers).toEqual({ group: null, errors: [{ code: 'BAD_USER_INPUT', field: 'userIds' }] });
    expect(await stack.db.query('SELECT user_id FROM group_members WHERE group_id = $1 ORDER BY user_id', [group!.group_id])).toEqual(
      before,
    );
  });

  it('refuses Globex’s admin every read and change of an Acme group, writing nothing', async () => {
    const [group] = await stack.db.query<{ group_id: number; name: string }>(
      `SELECT group_id, name FROM groups WHERE client_id = $1 ORDER BY group_id LIMIT 1`,
      [Number(acme)],
    );
    const groupId = String(group!.group_id);
    const rows = () =>
      stack.db.query(
        `SELECT g.name, g.description, array(SELECT user_id FROM group_members WHERE group_id = g.group_id ORDER BY user_id) AS members
           FROM groups g WHERE g.group_id = $1`,
        [group!.group_id],
      );
    const before = await rows();
    const calls = [
      globexAdmin.request(MEMBERS, { groupId }),
      globexAdmin.request(CANDIDATES, { groupId }),
      globexAdmin.request(UPDATE, { input: { id: groupId, name: 'Taken over' } }),
      globexAdmin.request(DELETE, { input: { id: groupId } }),
      globexAdmin.request(ADD, { input: { groupId, userIds: [await userId('mindy.simmons@globex.local')] } }),
      globexAdmin.request(REMOVE, { input: { groupId, userIds: [await userId('marcus.lee@acme.local')] } }),
      globexAdmin.request(CREATE, { input: { organizationId: acme, name: 'Moles' } }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(answer)).toBe('FORBIDDEN');
      expect(JSON.stringify(answer)).not.toContain('acme.local');
    }
    expect(await rows()).toEqual(before);
    expect(await stack.db.query(`SELECT 1 FROM groups WHERE name = 'Moles'`)).toEqual([]);
  });

  it('refuses members and signed-out callers', async () => {
    const member = await signedIn(stack.gatewayUrl, 'member@acme.local');
    expect((await member.request(GROUPS)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await new GraphQLSession(stack.gatewayUrl).request(GROUPS)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
