import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn, type GraphQLAnswer } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const PROJECT =
  'id organizationId shortCode name isClosed currentAllocationCount overAllocatedCount issueCount openIssueCount releaseCount';
const ALLOCATION = 'id projectId projectShortCode userId firstName percentage role isCurrent endDate personTotalPercentage';
const ERRORS = 'errors { code field message }';

const PROJECTS = `query ($organizationId: ID, $search: String, $filter: ProjectFilter) {
  projects(organizationId: $organizationId, search: $search, filter: $filter, page: { limit: 100 }) { totalCount nodes { ${PROJECT} } }
}`;
const ONE = `query ($id: ID!) { project(id: $id) { ${PROJECT} } }`;
const ALLOCATIONS = `query ($organizationId: ID, $filter: AllocationFilter) {
  allocations(organizationId: $organizationId, filter: $filter, page: { limit: 100 }) { totalCount nodes { ${ALLOCATION} } }
}`;
const CANDIDATES = `query ($projectId: ID!, $search: String) {
  allocationCandidates(projectId: $projectId, search: $search, page: { limit: 100 }) { totalCount nodes { id email totalPercentage isAllocated } }
}`;
const CREATE = `mutation ($input: CreateProjectInput!) { createProject(input: $input) { project { ${PROJECT} } ${ERRORS} } }`;
const RENAME = `mutation ($input: RenameProjectInput!) { renameProject(input: $input) { project { ${PROJECT} } ${ERRORS} } }`;
const CLOSE = `mutation ($input: CloseProjectInput!) { closeProject(input: $input) { project { ${PROJECT} } ${ERRORS} } }`;
const ALLOCATE = `mutation ($input: AllocateToProjectInput!) { allocateToProject(input: $input) { allocation { ${ALLOCATION} } ${ERRORS} } }`;
const UPDATE = `mutation ($input: UpdateAllocationInput!) { updateAllocation(input: $input) { allocation { ${ALLOCATION} } ${ERRORS} } }`;
const END = `mutation ($input: EndAllocationInput!) { endAllocation(input: $input) { allocation { ${ALLOCATION} } ${ERRORS} } }`;

type Project = {
  id: string;
  organizationId: string;
  shortCode: string;
  name: string;
  isClosed: boolean;
  currentAllocationCount: number;
  overAllocatedCount: number;
};
type Allocation = {
  id: string;
  projectId: string;
  userId: string;
  percentage: number;
  isCurrent: boolean;
  endDate: string | null;
  personTotalPercentage: number;
};
type UserError = { code: string; field: string | null; message: string };
type Payload<Key extends string, T> = Record<Key, { errors: UserError[] } & Record<string, T | null>>;
const codeOf = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0]?.extensions?.code;

describe.each(DATABASES)('projects over /graphql on %s', (kind) => {
  const stack = useStack(kind);
  let acmeAdmin: GraphQLSession;
  let superAdmin: GraphQLSession;
  let acme: string;
  let globex: string;

  /** An active person of an organisation with no current allocation, so their totals start at 0. */
  const freePerson = async (clientId: string) =>
    String(
      (
        await stack.db.query<{ user_id: number }>(
          `SELECT u.user_id FROM client_users u WHERE u.client_id = $1 AND u.is_active
              AND NOT EXISTS (SELECT 1 FROM project_allocations a WHERE a.user_id = u.user_id AND a.is_current)
            ORDER BY u.user_id DESC LIMIT 1`,
          [Number(clientId)],
        )
      )[0]!.user_id,
    );
  const create = async (session: GraphQLSession, input: Record<string, unknown>) =>
    (await session.request<Payload<'createProject', Project>>(CREATE, { input })).data!.createProject;
  const allocate = async (input: Record<string, unknown>) =>
    (await acmeAdmin.request<Payload<'allocateToProject', Allocation>>(ALLOCATE, { input })).data!.allocateToProject;

  beforeAll(async () => {
    [acmeAdmin, superAdmin] = await Promise.all([
      signedIn(stack.gatewayUrl, 'admin@acme.local'),
      signedIn(stack.gatewayUrl, 'admin@yozy.local'),
    ]);
    const clients = await stack.db.query<{ client_id: number; company_name: string }>('SELECT client_id, company_name FROM clients');
    acme = String(clients.find((c) => c.company_name === 'Acme Corporation')!.client_id);
    globex = String(clients.find((c) => c.company_name === 'Globex Industries')!.client_id);
  });

  it('lists the organisation admin’s own projects with their counts; closed ones are marked and filtered', async () => {
    const all = await acmeAdmin.request<{ projects: { nodes: Project[] } }>(PROJECTS, {});
    expect(new Set(all.data!.projects.nodes.map((p) => p.organizationId))).toEqual(new Set([acme]));
    expect(all.data!.projects.nodes.find((p) => p.shortCode === 'ACM-WEB')).toMatchObject({
      isClosed: false,
      issueCount: 3,
      releaseCount: 2,
    });
    const closed = await acmeAdmin.request<{ projects: { nodes: Project[] } }>(PROJECTS, { filter: { isClosed: true } });
    expect(closed.data!.projects.nodes.map((p) => p.shortCode)).toEqual(['ACM-ERP']);
    const searched = await acmeAdmin.request<{ projects: { nodes: Project[] } }>(PROJECTS, { search: 'field service' });
    expect(searched.data!.projects.nodes.map((p) => p.shortCode)).toEqual(['ACM-MOB']);
    // The provider reads any organisation's projects by naming it.
    const provider = await superAdmin.request<{ projects: { nodes: Project[] } }>(PROJECTS, { organizationId: globex });
    expect(provider.data!.projects.nodes.map((p) => p.shortCode)).toContain('GLX-ERP');
  });

  it('creates, allocates over 100 % with the total answered, changes, ends and closes, as an admin would', async () => {
    const created = await create(acmeAdmin, { shortCode: `itg-${kind}`, name: 'Integration' });
    expect(created.errors).toEqual([]);
    const project = created.project!;
    expect(project).toMatchObject({ shortCode: `ITG-${kind.toUpperCase()}`, isClosed: false, organizationId: acme });
    const again = await create(acmeAdmin, { shortCode: `ITG-${kind}`, name: 'Twice' });
    expect(again).toMatchObject({ project: null, errors: [{ code: 'CONFLICT', field: 'shortCode' }] });
    const second = (await create(acmeAdmin, { shortCode: `itg2-${kind}`, name: 'Second' })).project!;

    const person = await freePerson(acme);
    const first = await allocate({ projectId: project.id, userId: person, percentage: 80, role: 'Developer', endDate: '2031-01-31' });
    expect(first.allocation).toMatchObject({ percentage: 80, isCurrent: true, endDate: '2031-01-31', personTotalPercentage: 80 });
    const over = await allocate({ projectId: second.id, userId: person, percentage: 40, role: 'Reviewer' });
    expect(over.errors).toEqual([]);
    expect(over.allocation).toMatchObject({ personTotalPercentage: 120, endDate: null });
    const counted = await acmeAdmin.request<{ project: Project }>(ONE, { id: project.id });
    expect(counted.data!.project).toMatchObject({ currentAllocationCount: 1, overAllocatedCount: 1 });
    const refused = await allocate({ projectId: project.id, userId: person, percentage: 0, role: 'X' });
    expect(refused.errors).toEqual([{ code: 'BAD_USER_INPUT', field: 'percentage', message: 'Enter a whole percentage from 1 to 100' }]);

    const candidates = await acmeAdmin.request<{
      allocationCandidates: { nodes: { id: string; totalPercentage: number; isAllocated: boolean }[] };
    }>(CANDIDATES, { projectId: project.id });
    expect(candidates.data!.allocationCandidates.nodes.find((c) => c.id === person)).toMatchObject({
      totalPercentage: 120,
      isAllocated: true,
    });

    const changed = await acmeAdmin.request<Payload<'updateAllocation', Allocation>>(UPDATE, {
      input: { id: first.allocation!.id, percentage: 60, role: 'Developer' },
    });
    expect(changed.data!.updateAllocation.allocation).toMatchObject({ percentage: 60, endDate: null, personTotalPercentage: 100 });
    const ended = await acmeAdmin.request<Payload<'endAllocation', Allocation>>(END, { input: { id: over.allocation!.id } });
    expect(ended.data!.endAllocation.allocation).toMatchObject({ isCurrent: false, personTotalPercentage: 60 });

    const theirs = await acmeAdmin.request<{ allocations: { nodes: Allocation[] } }>(ALLOCATIONS, {
      filter: { userIds: [person], isCurrent: true },
    });
    expect(theirs.data!.allocations.nodes.map((a) => a.projectId)).toEqual([project.id]);

    const renamed = await acmeAdmin.request<Payload<'renameProject', Project>>(RENAME, { input: { id: project.id, name: 'Renamed' } });
    expect(renamed.data!.renameProject.project).toMatchObject({ name: 'Renamed', shortCode: project.shortCode });
    const closed = await acmeAdmin.request<Payload<'closeProject', Project>>(CLOSE, { input: { id: project.id } });
    expect(closed.data!.closeProject.project).toMatchObject({ isClosed: true, currentAllocationCount: 0 });
    const late = await allocate({ projectId: project.id, userId: person, percentage: 10, role: 'X' });
    expect(late.errors[0]).toMatchObject({ code: 'CONFLICT', field: 'projectId' });

    const audited = await stack.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE (entity_type = 'project' AND entity_id = $1) OR (entity_type = 'allocation' AND entity_id = ANY($2)) ORDER BY audit_id`,
      [project.id, [first.allocation!.id, over.allocation!.id]],
    );
    expect(audited.map((a) => a.action)).toEqual([
      'project.create',
      'allocation.create',
      'allocation.create',
      'allocation.update',
      'allocation.end',
      'project.rename',
      'project.close',
    ]);
  });

  it('never lets an Acme admin read or change Globex projects, or allocate a Globex person to an Acme project', async () => {
    const [globexProject] = await stack.db.query<{ id: string }>(
      'SELECT project_id::text AS id FROM projects WHERE client_id = $1 LIMIT 1',
      [Number(globex)],
    );
    const [globexAllocation] = await stack.db.query<{ id: string }>(
      'SELECT a.allocation_id::text AS id FROM project_allocations a JOIN projects p USING (project_id) WHERE p.client_id = $1 AND a.is_current LIMIT 1',
      [Number(globex)],
    );
    const globexPerson = await freePerson(globex);
    const snapshot = () =>
      stack.db.query('SELECT * FROM projects p LEFT JOIN project_allocations a USING (project_id) WHERE p.client_id = $1 ORDER BY 1, 2', [
        Number(globex),
      ]);
    const before = await snapshot();

    expect((await acmeAdmin.request<{ project: Project | null }>(ONE, { id: globexProject!.id })).data!.project).toBeNull();
    expect(codeOf(await acmeAdmin.request(PROJECTS, { organizationId: globex }))).toBe('FORBIDDEN');
    expect(codeOf(await acmeAdmin.request(CANDIDATES, { projectId: globexProject!.id }))).toBe('FORBIDDEN');
    const byPerson = await acmeAdmin.request<{ allocations: { totalCount: number } }>(ALLOCATIONS, { filter: { userIds: [globexPerson] } });
    expect(byPerson.data!.allocations.totalCount).toBe(0);

    expect(codeOf(await acmeAdmin.request(CREATE, { input: { organizationId: globex, shortCode: 'GLX-MINE', name: 'X' } }))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await acmeAdmin.request(RENAME, { input: { id: globexProject!.id, name: 'Mine' } }))).toBe('FORBIDDEN');
    expect(codeOf(await acmeAdmin.request(CLOSE, { input: { id: globexProject!.id } }))).toBe('FORBIDDEN');
    expect(
      codeOf(
        await acmeAdmin.request(ALLOCATE, { input: { projectId: globexProject!.id, userId: globexPerson, percentage: 10, role: 'X' } }),
      ),
    ).toBe('FORBIDDEN');
    expect(codeOf(await acmeAdmin.request(UPDATE, { input: { id: globexAllocation!.id, percentage: 10, role: 'X' } }))).toBe('FORBIDDEN');
    expect(codeOf(await acmeAdmin.request(END, { input: { id: globexAllocation!.id } }))).toBe('FORBIDDEN');

    const acmeProject = (await create(acmeAdmin, { shortCode: `TEN-${kind}`, name: 'Tenant' })).project!;
    const stranger = await allocate({ projectId: acmeProject.id, userId: globexPerson, percentage: 10, role: 'X' });
    expect(stranger).toMatchObject({ allocation: null, errors: [{ code: 'BAD_USER_INPUT', field: 'userId' }] });

    expect(await snapshot()).toEqual(before);
  });

  it('lets a read-only API key read projects and change none', async () => {
    const key = await superAdmin.request<{ createApiKey: { secret: string } }>(
      'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret errors { code } } }',
      { input: { name: `Project reader ${kind}`, access: 'READ' } },
    );
    const tool = new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${key.data!.createApiKey.secret}` });
    const read = await tool.request<{ projects: { totalCount: number } }>(PROJECTS, { organizationId: acme });
    expect(read.data!.projects.totalCount).toBeGreaterThan(0);
    const written = await tool.request(CREATE, { input: { organizationId: acme, shortCode: `RO-${kind}`, name: 'Read only' } });
    expect(codeOf(written) ?? JSON.stringify(written.data)).toMatch(/FORBIDDEN/);
    expect(await stack.db.query('SELECT 1 FROM projects WHERE short_code = $1', [`RO-${kind}`.toUpperCase()])).toEqual([]);
  });
});
