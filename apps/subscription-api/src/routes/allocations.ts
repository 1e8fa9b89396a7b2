import { type Request, type Response } from 'express';
import { z } from 'zod';
import { FULL_ALLOCATION, allocationCreateInput, allocationUpdateInput, recordId, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditedRow, auditIn, auditScope, changeAudited, lockAudited, type AuditedRecord } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody, settleDuplicates } from '#http/errors';
import { listResource, recordById, type ResourceDefinition, recordOf } from '#http/resource';
import { targetOrganization } from '#http/scope';
import { listRoute, route } from '#http/route';
import { listParameters, listAnswer, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

import { currentTotalOf, FORBIDDEN_PROJECT, lockProject, NO_PROJECT, PROJECT_CLOSED_MESSAGE } from '#domain/projects';

const personName = { index: 'group_people_name_sort_idx', by: 'lower(u.first_name), lower(u.last_name)' };

/** People's allocations to projects (the project mapping of the provider's backend), current and ended. */
export const allocationFields = {
  AllocationId: { sql: 'a.allocation_id', type: 'int' },
  ProjectId: { sql: 'a.project_id', type: 'int' },
  ClientId: { sql: 'p.client_id', type: 'int' },
  TeamMemberId: { sql: 'a.user_id', type: 'int' },
  UserFirstname: { sql: 'u.first_name', type: 'text', searchable: true, sort: personName },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true },
  OfficialEmail: { sql: 'u.email', type: 'text', searchable: true },
  AllocPercentage: { sql: 'a.alloc_percentage', type: 'int' },
  ProjectRole: { sql: 'a.project_role', type: 'text', searchable: true },
  IsCurrent: { sql: 'a.is_current', type: 'bool' },
  ProjectEndDate: { sql: 'a.end_date', type: 'date' },
  PersonCurrentTotal: { sql: currentTotalOf('a.user_id'), type: 'int' },
  ProjectShortCode: { sql: 'p.short_code', type: 'text' },
  ProjectName: { sql: 'p.name', type: 'text' },
  ProjectClosed: { sql: '(p.closed_at IS NOT NULL)', type: 'bool' },
} satisfies ResourceDefinition['fields'];

export const allocations: ResourceDefinition = {
  from: 'project_allocations a JOIN projects p ON p.project_id = a.project_id JOIN client_users u ON u.user_id = a.user_id',
  fields: allocationFields,
  tenantField: 'ClientId',
  // By person: a list is one project's (one current allocation each) or one person's (a page at most).
  tieBreaker: 'u.user_id',
};

/** The active people of a project's organisation with their current totals: whom the allocation form offers. */
export const allocationCandidateFields = {
  ProjectId: { sql: 'p.project_id', type: 'int' },
  ClientId: { sql: 'u.client_id', type: 'int' },
  TeamMemberId: { sql: 'u.user_id', type: 'int' },
  UserFirstname: { sql: 'u.first_name', type: 'text', searchable: true, sort: personName },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true },
  OfficialEmail: { sql: 'u.email', type: 'text', searchable: true },
  PersonCurrentTotal: { sql: currentTotalOf('u.user_id'), type: 'int' },
  IsAllocated: {
    sql: 'EXISTS (SELECT 1 FROM project_allocations ca WHERE ca.project_id = p.project_id AND ca.user_id = u.user_id AND ca.is_current)',
    type: 'bool',
  },
} satisfies ResourceDefinition['fields'];

export const allocationCandidates: ResourceDefinition = {
  from: 'client_users u JOIN projects p ON p.client_id = u.client_id',
  where: 'u.is_active',
  fields: allocationCandidateFields,
  tenantField: 'ClientId',
  tieBreaker: 'u.user_id',
};

const ALLOCATION_REST = {
  projectId: 'ProjectId',
  userId: 'TeamMemberId',
  percentage: 'AllocPercentage',
  role: 'ProjectRole',
  endDate: 'ProjectEndDate',
} as const;
/** POST /agilesaas_project_mapping: a person joins a project. */
export const allocationCreateBody = requestSchema('AllocationCreate', restSchema(allocationCreateInput, ALLOCATION_REST));
/** POST /agilesaas_project_mapping/update: a current allocation's new terms. */
export const allocationUpdateBody = requestSchema(
  'AllocationUpdate',
  restSchema(allocationUpdateInput, { id: 'AllocationId', percentage: 'AllocPercentage', role: 'ProjectRole', endDate: 'ProjectEndDate' }),
);
/** POST /agilesaas_project_mapping/end: a current allocation ends today. */
export const allocationEndBody = requestSchema('AllocationEnd', z.object({ AllocationId: recordId('Choose an allocation') }));

export const ALLOCATION_ENDED_MESSAGE = 'This allocation has ended already';
export const ALREADY_ALLOCATED_MESSAGE = 'This person is allocated to the project already; change that allocation instead';
export const NOT_A_MEMBER_MESSAGE = 'Choose an active person of the project’s own organization';
const NO_ALLOCATION = 'There is no such allocation';

type AllocationRow = {
  allocation_id: number;
  project_id: number;
  client_id: number;
  user_id: number;
  alloc_percentage: number;
  project_role: string | null;
  is_current: boolean;
  end_date: string | null;
  closed: boolean;
};

/** An allocation with its project's organisation, as its changes are audited (allocationTerms). */
const auditedAllocation: AuditedRecord<AllocationRow> = {
  entityType: 'allocation',
  read: (tx, id, options) =>
    auditedRow(
      tx,
      {
        select: `SELECT a.allocation_id, a.project_id, p.client_id, a.user_id, a.alloc_percentage, a.project_role, a.is_current,
                        to_char(a.end_date, 'YYYY-MM-DD') AS end_date, p.closed_at IS NOT NULL AS closed
                   FROM project_allocations a JOIN projects p ON p.project_id = a.project_id`,
        key: 'a.allocation_id',
        client: 'p.client_id',
        lockOf: 'a',
      },
      id,
      options,
    ),
  clientIdOf: (allocation) => allocation.client_id,
  missing: [NO_ALLOCATION, 'AllocationId'],
  described: (allocation) => allocationTerms(allocation),
};

/** Only a current allocation changes. */
function refuseEnded(allocation: AllocationRow): void {
  if (!allocation.is_current) throw new HttpError('CONFLICT', ALLOCATION_ENDED_MESSAGE, 'AllocationId');
}

async function readAllocation(db: Queryable, id: number): Promise<Record<string, unknown>> {
  const allocation = await recordById(db, allocations, 'a.allocation_id', id);
  if (!allocation) throw new HttpError('NOT_FOUND', NO_ALLOCATION, 'AllocationId');
  return allocation;
}

/** The candidates list is about one project (`ProjectId=eq.<id>`), and only an administrator of its organisation gets it. */
async function requireProjectFilter(db: Queryable, req: Request, res: Response): Promise<void> {
  const filter = req.query.ProjectId;
  const id = typeof filter === 'string' ? /^eq\.(\d{1,10})$/.exec(filter)?.[1] : undefined;
  if (!id) throw new HttpError('BAD_REQUEST', 'Name the project: ProjectId=eq.<id>', 'ProjectId');
  const [project] = await db.query<{ client_id: number }>('SELECT client_id FROM projects WHERE project_id = $1', [Number(id)]);
  if (!project) throw new HttpError('NOT_FOUND', NO_PROJECT, 'ProjectId');
  targetOrganization(viewerOf(res), project.client_id, 'ProjectId');
}

/** An allocation as the audit log keeps it. */
const allocationTerms = (row: Pick<AllocationRow, 'alloc_percentage' | 'project_role' | 'end_date'>) => ({
  percentage: row.alloc_percentage,
  role: row.project_role,
  endDate: row.end_date,
});

const ALREADY_ALLOCATED = { project_allocations_current_key: [ALREADY_ALLOCATED_MESSAGE, 'TeamMemberId'] } as const;

export const allocationRecord = answerSchema('Allocation', recordOf(allocationFields, ['ProjectRole', 'ProjectEndDate']));
export const allocationCandidateRecord = answerSchema('AllocationCandidate', recordOf(allocationCandidateFields));

/** People allocated to projects: who works on what, how much, and until when. */
export const allocationRoutes = [
  listRoute({
    path: '/agilesaas_project_mapping',
    access: 'admin',
    operationId: 'listAllocations',
    tag: 'Projects',
    summary:
      "People's allocations to projects with each person's total over current projects (filter by ProjectId or TeamMemberId): an organisation admin's own organisation's only",
    resource: allocations,
    rows: 'Allocations',
    record: allocationRecord,
  }),

  route(
    {
      method: 'get',
      path: '/agilesaas_project_mapping/candidates',
      access: 'admin',
      operationId: 'listAllocationCandidates',
      tag: 'Projects',
      summary:
        "The active people of a project's organisation with their current totals, each marked whether allocated (ProjectId=eq.<id> is required)",
      parameters: listParameters(allocationCandidateFields),
      responses: {
        200: listAnswer('People', allocationCandidateRecord),
        400: refused('BAD_REQUEST: no ProjectId=eq.<id>, an unknown field, or a malformed filter, order or count'),
        403: FORBIDDEN_PROJECT,
        404: refused('NOT_FOUND: no such project (field ProjectId)'),
      },
    },
    async (req, res, { db }) => {
      await requireProjectFilter(db, req, res);
      res.json(await listResource(db, allocationCandidates, req, res, viewerOf(res)));
    },
  ),

  route(
    {
      method: 'post',
      path: '/agilesaas_project_mapping',
      access: 'admin',
      operationId: 'createAllocation',
      tag: 'Projects',
      summary: `Allocate an active person of the project's own organisation to an open project; a total above ${FULL_ALLOCATION} % is answered (PersonCurrentTotal), not refused`,
      body: allocationCreateBody,
      responses: {
        201: { description: 'Allocated', body: allocationRecord },
        400: refused(`BAD_REQUEST naming the field; TeamMemberId: "${NOT_A_MEMBER_MESSAGE}"`),
        403: FORBIDDEN_PROJECT,
        404: refused('NOT_FOUND: no such project (field ProjectId)'),
        409: refused(`CONFLICT: "${PROJECT_CLOSED_MESSAGE}" (ProjectId) or "${ALREADY_ALLOCATED_MESSAGE}" (TeamMemberId)`),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(allocationCreateBody, req.body);
      const id = await settleDuplicates(
        () =>
          db.transaction(async (tx) => {
            const project = await lockProject(tx, viewer, body.ProjectId);
            if (project.closed_at) throw new HttpError('CONFLICT', PROJECT_CLOSED_MESSAGE, 'ProjectId');
            // Whatever id arrives, only an active person of the project's own organisation may be
            // allocated; a stranger is refused without saying whose they are.
            const [person] = await tx.query('SELECT 1 FROM client_users WHERE user_id = $1 AND client_id = $2 AND is_active', [
              body.TeamMemberId,
              project.client_id,
            ]);
            if (!person) throw new HttpError('BAD_REQUEST', NOT_A_MEMBER_MESSAGE, 'TeamMemberId');
            const [row] = await tx.query<{ allocation_id: number }>(
              `INSERT INTO project_allocations (project_id, user_id, alloc_percentage, project_role, is_current, end_date)
               VALUES ($1, $2, $3, $4, true, $5) RETURNING allocation_id`,
              [project.project_id, body.TeamMemberId, body.AllocPercentage, body.ProjectRole, body.ProjectEndDate],
            );
            await auditIn(tx, auditScope(req, res, project.client_id), {
              action: 'allocation.create',
              entityType: 'allocation',
              entityId: row!.allocation_id,
              after: {
                projectId: project.project_id,
                userId: body.TeamMemberId,
                percentage: body.AllocPercentage,
                role: body.ProjectRole,
                endDate: body.ProjectEndDate,
              },
            });
            return row!.allocation_id;
          }),
        ALREADY_ALLOCATED,
      );
      res.status(201).json(await readAllocation(db, id));
    },
  ),

  route(
    {
      method: 'post',
      path: '/agilesaas_project_mapping/update',
      access: 'admin',
      operationId: 'updateAllocation',
      tag: 'Projects',
      summary: 'Change a current allocation: percentage, role, last day; the changed fields go to the audit log',
      body: allocationUpdateBody,
      responses: {
        200: { description: 'Changed', body: allocationRecord },
        400: refused('BAD_REQUEST naming the field'),
        403: refused("FORBIDDEN: another organisation's allocation, or not an administrator"),
        404: refused('NOT_FOUND: no such allocation (field AllocationId)'),
        409: refused(`CONFLICT: "${ALLOCATION_ENDED_MESSAGE}" or "${PROJECT_CLOSED_MESSAGE}"`),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(allocationUpdateBody, req.body);
      await db.transaction((tx) =>
        changeAudited(tx, auditScope(req, res), auditedAllocation, body.AllocationId, {
          action: 'allocation.update',
          refuse: (allocation) => {
            refuseEnded(allocation);
            if (allocation.closed) throw new HttpError('CONFLICT', PROJECT_CLOSED_MESSAGE, 'AllocationId');
          },
          planned: () => ({ percentage: body.AllocPercentage, role: body.ProjectRole, endDate: body.ProjectEndDate }),
          write: async (allocation) => {
            await tx.query(
              'UPDATE project_allocations SET alloc_percentage = $2, project_role = $3, end_date = $4 WHERE allocation_id = $1',
              [allocation.allocation_id, body.AllocPercentage, body.ProjectRole, body.ProjectEndDate],
            );
          },
        }),
      );
      res.json(await readAllocation(db, body.AllocationId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/agilesaas_project_mapping/end',
      access: 'admin',
      operationId: 'endAllocation',
      tag: 'Projects',
      summary: 'End a current allocation today (an earlier last day stays); the person stays in the organisation',
      body: allocationEndBody,
      responses: {
        200: { description: 'Ended', body: allocationRecord },
        400: refused('BAD_REQUEST: AllocationId missing or not a whole number'),
        403: refused("FORBIDDEN: another organisation's allocation, or not an administrator"),
        404: refused('NOT_FOUND: no such allocation (field AllocationId)'),
        409: refused(`CONFLICT: "${ALLOCATION_ENDED_MESSAGE}"`),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(allocationEndBody, req.body);
      await db.transaction(async (tx) => {
        const { row: allocation, scope } = await lockAudited(tx, auditScope(req, res), auditedAllocation, body.AllocationId);
        refuseEnded(allocation);
        const [ended] = await tx.query<{ end_date: string }>(
          `UPDATE project_allocations SET is_current = false, end_date = LEAST(COALESCE(end_date, current_date), current_date)
            WHERE allocation_id = $1 RETURNING to_char(end_date, 'YYYY-MM-DD') AS end_date`,
          [allocation.allocation_id],
        );
        await auditIn(tx, scope, {
          action: 'allocation.end',
          entityType: 'allocation',
          entityId: allocation.allocation_id,
          before: { isCurrent: true, endDate: allocation.end_date },
          after: { isCurrent: false, endDate: ended!.end_date },
        });
      });
      res.json(await readAllocation(db, body.AllocationId));
    },
  ),
];
