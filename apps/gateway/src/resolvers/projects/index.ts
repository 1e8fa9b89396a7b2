import { ALLOCATION_REST_FIELDS, PROJECT_REST_FIELDS, toRestFields } from '@yozy/shared';
import type { AllocationCandidateRecord, AllocationRecord, ProjectRecord } from '#datasources/types';
import { gatewayError } from '#errors';
import type { AllocationFilter, AllocationSortField, ProjectFilter, ProjectSortField, Resolvers } from '#generated/graphql';
import { admin, organizationScoped, withUserErrors } from '#guards';
import type { GatewayContext } from '#context';
import { listPage, type ListSpec } from '#lists';
import { readRestFields } from '#resolvers/restFields';

const FIELDS = PROJECT_REST_FIELDS;
const ALLOCATION = ALLOCATION_REST_FIELDS;
/** People whose allocations one list may ask for at once: a page of the people list. */
const MAX_PEOPLE = 100;

const PROJECT_LIST: ListSpec<ProjectFilter, ProjectSortField> = {
  search: [FIELDS.shortCode, FIELDS.name],
  filter: { isClosed: [FIELDS.isClosed, 'eq'] },
  sort: { SHORT_CODE: FIELDS.shortCode, NAME: FIELDS.name, CREATED_AT: FIELDS.createdAt },
  defaultSort: { field: 'SHORT_CODE', direction: 'ASC' },
};

// The people of a list of allocations are a list of ids, which the REST filter takes as `in.(…)`.
type AllocationListFilter = Omit<AllocationFilter, 'userIds'>;
const ALLOCATION_LIST: ListSpec<AllocationListFilter, AllocationSortField> = {
  search: [ALLOCATION.firstName, ALLOCATION.lastName, ALLOCATION.email, ALLOCATION.role],
  filter: { projectId: [ALLOCATION.projectId, 'eq'], isCurrent: [ALLOCATION.isCurrent, 'eq'] },
  sort: { NAME: ALLOCATION.firstName },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

const CANDIDATE_LIST: ListSpec<Record<never, never>, 'NAME'> = {
  search: [ALLOCATION.firstName, ALLOCATION.lastName, ALLOCATION.email],
  filter: {},
  sort: { NAME: ALLOCATION.firstName },
  defaultSort: { field: 'NAME', direction: 'ASC' },
};

/** The REST field names of the project inputs, so a refusal names the input's field. */
const PROJECT_INPUT_FIELDS = { id: FIELDS.id, organizationId: FIELDS.organizationId, shortCode: FIELDS.shortCode, name: FIELDS.name };
/** The REST field names of the allocation inputs. */
const ALLOCATION_INPUT_FIELDS = {
  id: ALLOCATION.id,
  projectId: ALLOCATION.projectId,
  userId: ALLOCATION.userId,
  percentage: ALLOCATION.percentage,
  role: ALLOCATION.role,
  endDate: ALLOCATION.endDate,
};

/** The organisation a read names, or the caller's own: the REST service scopes an organisation admin to theirs anyway. */
async function organizationOf(organizationId: string | null | undefined, ctx: GatewayContext): Promise<string> {
  return organizationId ?? String((await ctx.viewer())!.ClientId);
}

/** The REST filter of a list of people's ids, after checking they are ids. */
function peopleFilter(userIds: readonly string[]): string {
  if (userIds.length > MAX_PEOPLE) throw gatewayError('BAD_USER_INPUT', `Ask for at most ${MAX_PEOPLE} people at a time`, 'filter.userIds');
  if (userIds.some((id) => !/^\d{1,10}$/.test(id))) throw gatewayError('BAD_USER_INPUT', 'People are named by their ids', 'filter.userIds');
  return `in.(${userIds.join(',')})`;
}

export const projectResolvers: Resolvers = {
  Query: {
    projects: organizationScoped(async (_parent, args, ctx) => {
      const organizationId = await organizationOf(args.organizationId, ctx);
      return listPage(args, PROJECT_LIST, (params) => {
        params.set(FIELDS.organizationId, `eq.${organizationId}`);
        return ctx.dataSources.projects.listProjects(params);
      });
    }),
    project: organizationScoped(async (_parent, { id, organizationId }, ctx) => {
      if (!/^\d{1,10}$/.test(id)) return null;
      const params = new URLSearchParams({
        [FIELDS.id]: `eq.${id}`,
        [FIELDS.organizationId]: `eq.${await organizationOf(organizationId, ctx)}`,
      });
      const { rows } = await ctx.dataSources.projects.listProjects(params);
      return rows[0] ?? null;
    }),
    allocations: organizationScoped(async (_parent, { filter, ...args }, ctx) => {
      const organizationId = await organizationOf(args.organizationId, ctx);
      const { userIds, ...listFilter } = filter ?? {};
      const people = userIds ? peopleFilter(userIds) : null;
      return listPage({ ...args, filter: listFilter }, ALLOCATION_LIST, (params) => {
        params.set(ALLOCATION.organizationId, `eq.${organizationId}`);
        if (people) params.set(ALLOCATION.userId, people);
        return ctx.dataSources.projects.listAllocations(params);
      });
    }),
    allocationCandidates: admin((_parent, args, ctx) =>
      listPage(args, CANDIDATE_LIST, (params) => {
        params.set(FIELDS.id, `eq.${args.projectId}`);
        return ctx.dataSources.projects.listAllocationCandidates(params);
      }),
    ),
  },
  Mutation: {
    createProject: organizationScoped(
      withUserErrors(PROJECT_INPUT_FIELDS, { project: null })(async (_parent, { input }, ctx) => ({
        project: await ctx.dataSources.projects.createProject(toRestFields(PROJECT_INPUT_FIELDS, input)),
      })),
    ),
    renameProject: admin(
      withUserErrors(PROJECT_INPUT_FIELDS, { project: null })(async (_parent, { input }, ctx) => ({
        project: await ctx.dataSources.projects.renameProject(toRestFields(PROJECT_INPUT_FIELDS, input)),
      })),
    ),
    closeProject: admin(
      withUserErrors(PROJECT_INPUT_FIELDS, { project: null })(async (_parent, { input }, ctx) => ({
        project: await ctx.dataSources.projects.closeProject(toRestFields(PROJECT_INPUT_FIELDS, input)),
      })),
    ),
    allocateToProject: admin(
      withUserErrors(ALLOCATION_INPUT_FIELDS, { allocation: null })(async (_parent, { input }, ctx) => ({
        // An omitted last day is an open-ended allocation.
        allocation: await ctx.dataSources.projects.createAllocation(toRestFields(ALLOCATION_INPUT_FIELDS, { endDate: null, ...input })),
      })),
    ),
    updateAllocation: admin(
      withUserErrors(ALLOCATION_INPUT_FIELDS, { allocation: null })(async (_parent, { input }, ctx) => ({
        allocation: await ctx.dataSources.projects.updateAllocation(toRestFields(ALLOCATION_INPUT_FIELDS, { endDate: null, ...input })),
      })),
    ),
    endAllocation: admin(
      withUserErrors(ALLOCATION_INPUT_FIELDS, { allocation: null })(async (_parent, { input }, ctx) => ({
        allocation: await ctx.dataSources.projects.endAllocation(toRestFields(ALLOCATION_INPUT_FIELDS, input)),
      })),
    ),
  },
  Project: {
    ...readRestFields<ProjectRecord>()({
      shortCode: FIELDS.shortCode,
      name: FIELDS.name,
      isClosed: FIELDS.isClosed,
      closedAt: FIELDS.closedAt,
      createdAt: FIELDS.createdAt,
      currentAllocationCount: FIELDS.currentAllocationCount,
      overAllocatedCount: FIELDS.overAllocatedCount,
      issueCount: FIELDS.issueCount,
      openIssueCount: FIELDS.openIssueCount,
      releaseCount: FIELDS.releaseCount,
    }),
    id: (project) => String(project.ProjectId),
    organizationId: (project) => String(project.ClientId),
  },
  Allocation: {
    ...readRestFields<AllocationRecord>()({
      projectShortCode: ALLOCATION.shortCode,
      projectName: ALLOCATION.projectName,
      projectClosed: ALLOCATION.projectClosed,
      firstName: ALLOCATION.firstName,
      lastName: ALLOCATION.lastName,
      email: ALLOCATION.email,
      percentage: ALLOCATION.percentage,
      role: ALLOCATION.role,
      isCurrent: ALLOCATION.isCurrent,
      endDate: ALLOCATION.endDate,
      personTotalPercentage: ALLOCATION.personTotal,
    }),
    id: (allocation) => String(allocation.AllocationId),
    projectId: (allocation) => String(allocation.ProjectId),
    userId: (allocation) => String(allocation.TeamMemberId),
  },
  AllocationCandidate: {
    ...readRestFields<AllocationCandidateRecord>()({
      firstName: ALLOCATION.firstName,
      lastName: ALLOCATION.lastName,
      email: ALLOCATION.email,
    }),
    id: (person) => String(person.TeamMemberId),
    totalPercentage: (person) => person.PersonCurrentTotal,
    isAllocated: (person) => person.IsAllocated,
  },
};
