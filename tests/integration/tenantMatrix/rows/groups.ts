import { ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';

/** A group of the other organisation with one member, made for one cell, so a change let through touches nothing else. */
async function matrixGroup({ db, other, unique }: CellContext) {
  const [group] = await db.query<{ group_id: number }>(
    `INSERT INTO groups (client_id, name, description) VALUES ($1, $2, 'Matrix group') RETURNING group_id`,
    [Number(other.id), `Matrix ${unique} ${Math.random().toString(36).slice(2)}`],
  );
  const [user] = await db.query<{ user_id: number }>(
    'SELECT user_id FROM client_users WHERE client_id = $1 AND is_active ORDER BY user_id LIMIT 1',
    [Number(other.id)],
  );
  await db.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)', [group!.group_id, user!.user_id]);
  return { groupId: String(group!.group_id), userId: String(user!.user_id) };
}

/** The other organisation's groups with their members: what a refused group change must leave as it was. */
const groupsOf = ({ db, other }: CellContext) =>
  db.query(
    `SELECT g.group_id, g.name, g.description, array(SELECT user_id FROM group_members m WHERE m.group_id = g.group_id ORDER BY user_id) AS members
       FROM groups g WHERE g.client_id = $1 ORDER BY g.group_id`,
    [Number(other.id)],
  );

const GROUP_FIELDS = 'group { id organizationId name description memberCount } errors { code field }';

/** Groups and their members. */
export const GROUPS: Record<string, Operation> = {
  'Query.groups': {
    call: ({ other }) => ({
      document:
        'query ($id: ID) { groups(organizationId: $id, page: { limit: 100 }) { totalCount nodes { id name description memberCount } } }',
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.groupMembers': {
    call: async (cell) => ({
      document: 'query ($id: ID!) { groupMembers(groupId: $id) { totalCount nodes { id firstName lastName email } } }',
      variables: { id: (await matrixGroup(cell)).groupId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.groupMemberCandidates': {
    call: async (cell) => ({
      document: 'query ($id: ID!) { groupMemberCandidates(groupId: $id) { totalCount nodes { id firstName lastName email isMember } } }',
      variables: { id: (await matrixGroup(cell)).groupId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createGroup': {
    call: ({ other, unique }) => ({
      document: `mutation ($input: CreateGroupInput!) { createGroup(input: $input) { ${GROUP_FIELDS} } }`,
      variables: { input: { organizationId: other.id, name: `Created ${unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Mutation.updateGroup': {
    call: async (cell) => ({
      document: `mutation ($input: UpdateGroupInput!) { updateGroup(input: $input) { ${GROUP_FIELDS} } }`,
      variables: { input: { id: (await matrixGroup(cell)).groupId, name: `Renamed ${cell.unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Mutation.deleteGroup': {
    call: async (cell) => ({
      document: 'mutation ($input: DeleteGroupInput!) { deleteGroup(input: $input) { deletedGroupId errors { code } } }',
      variables: { input: { id: (await matrixGroup(cell)).groupId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Mutation.addGroupMembers': {
    call: async (cell) => {
      const { groupId } = await matrixGroup(cell);
      const [user] = await cell.db.query<{ user_id: number }>(
        'SELECT user_id FROM client_users WHERE client_id = $1 AND is_active ORDER BY user_id DESC LIMIT 1',
        [Number(cell.other.id)],
      );
      return {
        document: `mutation ($input: GroupMembersInput!) { addGroupMembers(input: $input) { ${GROUP_FIELDS} } }`,
        variables: { input: { groupId, userIds: [String(user!.user_id)] } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
  'Mutation.removeGroupMembers': {
    call: async (cell) => {
      const { groupId, userId } = await matrixGroup(cell);
      return {
        document: `mutation ($input: GroupMembersInput!) { removeGroupMembers(input: $input) { ${GROUP_FIELDS} } }`,
        variables: { input: { groupId, userIds: [userId] } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: groupsOf },
  },
};
