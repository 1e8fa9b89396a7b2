import { ONLY_SUPER_ADMIN_MAY, type CellContext, type Operation } from '../../../support/tenantMatrix';

/** A project of the other organisation with one current allocation, made for one cell, so a change let through touches nothing else. */
async function matrixProject({ db, other }: CellContext) {
  const [project] = await db.query<{ project_id: number }>(
    'INSERT INTO projects (client_id, short_code, name) VALUES ($1, $2, $3) RETURNING project_id',
    [Number(other.id), `MX-${Math.random().toString(36).slice(2, 10).toUpperCase()}`, 'Matrix project'],
  );
  const [user] = await db.query<{ user_id: number }>(
    'SELECT user_id FROM client_users WHERE client_id = $1 AND is_active ORDER BY user_id LIMIT 1',
    [Number(other.id)],
  );
  const [allocation] = await db.query<{ allocation_id: number }>(
    `INSERT INTO project_allocations (project_id, user_id, alloc_percentage, project_role) VALUES ($1, $2, 10, 'Matrix') RETURNING allocation_id`,
    [project!.project_id, user!.user_id],
  );
  return { projectId: String(project!.project_id), userId: String(user!.user_id), allocationId: String(allocation!.allocation_id) };
}

/** The other organisation's projects with their allocations: what a refused project change must leave as it was. */
const projectsOf = ({ db, other }: CellContext) =>
  db.query(
    `SELECT p.project_id, p.short_code, p.name, p.closed_at,
            array(SELECT row(a.user_id, a.alloc_percentage, a.project_role, a.is_current, a.end_date)::text
                    FROM project_allocations a WHERE a.project_id = p.project_id ORDER BY a.allocation_id) AS allocations
       FROM projects p WHERE p.client_id = $1 ORDER BY p.project_id`,
    [Number(other.id)],
  );

const PROJECT_FIELDS = 'project { id organizationId shortCode name isClosed currentAllocationCount } errors { code field }';

const ALLOCATION_FIELDS =
  'allocation { id projectId userId firstName percentage role isCurrent personTotalPercentage } errors { code field }';

/** Projects and the people allocated to them. */
export const PROJECTS: Record<string, Operation> = {
  'Query.projects': {
    call: ({ other }) => ({
      document:
        'query ($id: ID) { projects(organizationId: $id, page: { limit: 100 }) { totalCount nodes { id shortCode name issueCount releaseCount } } }',
      variables: { id: other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.project': {
    call: async (cell) => ({
      document: 'query ($id: ID!, $organizationId: ID) { project(id: $id, organizationId: $organizationId) { id shortCode name } }',
      variables: { id: (await matrixProject(cell)).projectId, organizationId: cell.other.id },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.allocations': {
    call: async (cell) => ({
      document:
        'query ($organizationId: ID, $filter: AllocationFilter) { allocations(organizationId: $organizationId, filter: $filter) { totalCount nodes { id firstName lastName email percentage projectName } } }',
      variables: { organizationId: cell.other.id, filter: { projectId: (await matrixProject(cell)).projectId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Query.allocationCandidates': {
    call: async (cell) => ({
      document:
        'query ($id: ID!) { allocationCandidates(projectId: $id) { totalCount nodes { id firstName lastName email totalPercentage } } }',
      variables: { id: (await matrixProject(cell)).projectId },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
  },
  'Mutation.createProject': {
    call: ({ other, unique }) => ({
      document: `mutation ($input: CreateProjectInput!) { createProject(input: $input) { ${PROJECT_FIELDS} } }`,
      variables: {
        input: { organizationId: other.id, shortCode: `MC-${unique.replace(/[^A-Za-z0-9]/g, '').slice(0, 16)}`, name: `Created ${unique}` },
      },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.renameProject': {
    call: async (cell) => ({
      document: `mutation ($input: RenameProjectInput!) { renameProject(input: $input) { ${PROJECT_FIELDS} } }`,
      variables: { input: { id: (await matrixProject(cell)).projectId, name: `Renamed ${cell.unique}` } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.closeProject': {
    call: async (cell) => ({
      document: `mutation ($input: CloseProjectInput!) { closeProject(input: $input) { ${PROJECT_FIELDS} } }`,
      variables: { input: { id: (await matrixProject(cell)).projectId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.allocateToProject': {
    call: async (cell) => {
      const { projectId } = await matrixProject(cell);
      const [user] = await cell.db.query<{ user_id: number }>(
        'SELECT user_id FROM client_users WHERE client_id = $1 AND is_active ORDER BY user_id DESC LIMIT 1',
        [Number(cell.other.id)],
      );
      return {
        document: `mutation ($input: AllocateToProjectInput!) { allocateToProject(input: $input) { ${ALLOCATION_FIELDS} } }`,
        variables: { input: { projectId, userId: String(user!.user_id), percentage: 30, role: 'Matrix' } },
      };
    },
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.updateAllocation': {
    call: async (cell) => ({
      document: `mutation ($input: UpdateAllocationInput!) { updateAllocation(input: $input) { ${ALLOCATION_FIELDS} } }`,
      variables: { input: { id: (await matrixProject(cell)).allocationId, percentage: 90, role: 'Changed' } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
  'Mutation.endAllocation': {
    call: async (cell) => ({
      document: `mutation ($input: EndAllocationInput!) { endAllocation(input: $input) { ${ALLOCATION_FIELDS} } }`,
      variables: { input: { id: (await matrixProject(cell)).allocationId } },
    }),
    may: ONLY_SUPER_ADMIN_MAY,
    touches: { rows: projectsOf },
  },
};
