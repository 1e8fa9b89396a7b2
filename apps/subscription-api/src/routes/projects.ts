import { z } from 'zod';
import { FULL_ALLOCATION, projectCreateInput, projectRenameInput, recordId, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope, changeAudited, createAudited, lockAudited } from '#domain/audited';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody, settleDuplicates } from '#http/errors';
import { recordById, type ResourceDefinition, recordOf } from '#http/resource';
import { targetOrganization } from '#http/scope';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

import { currentTotalOf, FORBIDDEN_PROJECT, NO_PROJECT, auditedProject } from '#domain/projects';

/** The projects of an organisation (the project master of the provider's backend), with what hangs on them. */
export const projectFields = {
  ProjectId: { sql: 'p.project_id', type: 'int' },
  ClientId: { sql: 'p.client_id', type: 'int' },
  ProjectShortCode: {
    sql: 'p.short_code',
    type: 'text',
    searchable: true,
    sort: { index: 'projects_short_code_sort_idx', by: 'lower(p.short_code)' },
  },
  ProjectName: { sql: 'p.name', type: 'text', searchable: true, sort: { index: 'projects_name_sort_idx', by: 'lower(p.name)' } },
  IsClosed: { sql: '(p.closed_at IS NOT NULL)', type: 'bool' },
  ClosedAt: { sql: 'p.closed_at', type: 'timestamp' },
  CreatedAt: { sql: 'p.created_at', type: 'timestamp', sort: { index: 'projects_created_at_sort_idx' } },
  CurrentAllocations: {
    sql: '(SELECT count(*)::int FROM project_allocations a WHERE a.project_id = p.project_id AND a.is_current)',
    type: 'int',
  },
  OverAllocatedPeople: {
    sql: `(SELECT count(*)::int FROM project_allocations a WHERE a.project_id = p.project_id AND a.is_current AND ${currentTotalOf('a.user_id')} > ${FULL_ALLOCATION})`,
    type: 'int',
  },
  IssueCount: { sql: '(SELECT count(*)::int FROM project_issues i WHERE i.project_id = p.project_id)', type: 'int' },
  OpenIssueCount: {
    sql: "(SELECT count(*)::int FROM project_issues i WHERE i.project_id = p.project_id AND i.status <> 'DONE')",
    type: 'int',
  },
  ReleaseCount: { sql: '(SELECT count(*)::int FROM project_releases r WHERE r.project_id = p.project_id)', type: 'int' },
} satisfies ResourceDefinition['fields'];

export const projects: ResourceDefinition = {
  from: 'projects p',
  fields: projectFields,
  tenantField: 'ClientId',
  tieBreaker: 'p.project_id',
};

const PROJECT_REST = { shortCode: 'ProjectShortCode', name: 'ProjectName' } as const;
const projectId = recordId('Choose a project');

/** POST /agilesaas_project_master: a new project, in the caller's organisation or the one a SuperAdmin names. */
export const projectCreateBody = requestSchema(
  'ProjectCreate',
  restSchema(projectCreateInput, PROJECT_REST).extend({ ClientId: recordId('Choose an organisation').optional() }),
);
/** POST /agilesaas_project_master/update: a project's new name. */
export const projectRenameBody = requestSchema('ProjectRename', restSchema(projectRenameInput, { id: 'ProjectId', name: 'ProjectName' }));
/** POST /agilesaas_project_master/close. */
export const projectCloseBody = requestSchema('ProjectClose', z.object({ ProjectId: projectId }));

export const PROJECT_CODE_TAKEN_MESSAGE = 'The organization has a project of this short code already';

async function readProject(db: Queryable, id: number): Promise<Record<string, unknown>> {
  const project = await recordById(db, projects, 'p.project_id', id);
  if (!project) throw new HttpError('NOT_FOUND', NO_PROJECT, 'ProjectId');
  return project;
}

const CODE_TAKEN = { projects_client_id_short_code_key: [PROJECT_CODE_TAKEN_MESSAGE, 'ProjectShortCode'] } as const;

export const projectRecord = answerSchema('Project', recordOf(projectFields, ['ClosedAt']));

export const projectRoutes = [
  listRoute({
    path: '/agilesaas_project_master',
    access: 'admin',
    operationId: 'listProjects',
    tag: 'Projects',
    summary:
      "Projects with their current allocations, over-allocated people, issues and releases: an organisation admin's own organisation's, any for a SuperAdmin",
    resource: projects,
    rows: 'Projects',
    record: projectRecord,
  }),

  route(
    {
      method: 'post',
      path: '/agilesaas_project_master',
      access: 'admin',
      operationId: 'createProject',
      tag: 'Projects',
      summary: "A new project in the caller's organisation, or in the one a SuperAdmin names (ClientId); written to the audit log",
      body: projectCreateBody,
      responses: {
        201: { description: 'Created', body: projectRecord },
        400: refused('BAD_REQUEST naming the field: ProjectShortCode missing or malformed, ProjectName missing or too long'),
        404: refused('NOT_FOUND: no such organisation (field ClientId)'),
        409: refused(`CONFLICT (field ProjectShortCode): "${PROJECT_CODE_TAKEN_MESSAGE}"`),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(projectCreateBody, req.body);
      const clientId = targetOrganization(viewerOf(res), body.ClientId);
      const id = await settleDuplicates(
        () =>
          db.transaction((tx) =>
            createAudited(
              tx,
              auditScope(req, res, clientId),
              auditedProject,
              'project.create',
              async () => {
                const [client] = await tx.query('SELECT 1 FROM clients WHERE client_id = $1', [clientId]);
                if (!client) throw new HttpError('NOT_FOUND', 'There is no such organisation', 'ClientId');
                const [row] = await tx.query<{ project_id: number }>(
                  'INSERT INTO projects (client_id, short_code, name) VALUES ($1, $2, $3) RETURNING project_id',
                  [clientId, body.ProjectShortCode, body.ProjectName],
                );
                return row!.project_id;
              },
              { shortCode: body.ProjectShortCode, name: body.ProjectName },
            ),
          ),
        CODE_TAKEN,
      );
      res.status(201).json(await readProject(db, id));
    },
  ),

  route(
    {
      method: 'post',
      path: '/agilesaas_project_master/update',
      access: 'admin',
      operationId: 'renameProject',
      tag: 'Projects',
      summary: 'Rename a project (its short code stays); the old and new names go to the audit log',
      body: projectRenameBody,
      responses: {
        200: { description: 'Renamed', body: projectRecord },
        400: refused('BAD_REQUEST naming the field'),
        403: FORBIDDEN_PROJECT,
        404: refused('NOT_FOUND: no such project (field ProjectId)'),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(projectRenameBody, req.body);
      await db.transaction((tx) =>
        changeAudited(tx, auditScope(req, res), auditedProject, body.ProjectId, {
          action: 'project.rename',
          planned: () => ({ name: body.ProjectName }),
          write: async (project) => {
            await tx.query('UPDATE projects SET name = $2 WHERE project_id = $1', [project.project_id, body.ProjectName]);
          },
        }),
      );
      res.json(await readProject(db, body.ProjectId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/agilesaas_project_master/close',
      access: 'admin',
      operationId: 'closeProject',
      tag: 'Projects',
      summary: 'Close a project: its current allocations end today; the project stays, shown as closed, with its issues and releases',
      body: projectCloseBody,
      responses: {
        200: { description: 'Closed', body: projectRecord },
        400: refused('BAD_REQUEST: ProjectId missing or not a whole number'),
        403: FORBIDDEN_PROJECT,
        404: refused('NOT_FOUND: no such project (field ProjectId)'),
        409: refused('CONFLICT: the project is closed already'),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(projectCloseBody, req.body);
      await db.transaction(async (tx) => {
        const { row: project, scope } = await lockAudited(tx, auditScope(req, res), auditedProject, body.ProjectId);
        if (project.closed_at) throw new HttpError('CONFLICT', 'This project is closed already', 'ProjectId');
        const ended = await tx.query<{ allocation_id: number }>(
          `UPDATE project_allocations SET is_current = false, end_date = LEAST(COALESCE(end_date, current_date), current_date)
            WHERE project_id = $1 AND is_current RETURNING allocation_id`,
          [project.project_id],
        );
        const [closed] = await tx.query<{ closed_at: Date }>(
          'UPDATE projects SET closed_at = now() WHERE project_id = $1 RETURNING closed_at',
          [project.project_id],
        );
        const endedIds = ended.map((row) => row.allocation_id).sort((a, b) => a - b);
        await auditIn(tx, scope, {
          action: 'project.close',
          entityType: 'project',
          entityId: project.project_id,
          before: { closedAt: null, currentAllocationIds: endedIds },
          after: { closedAt: closed!.closed_at.toISOString(), currentAllocationIds: [] },
        });
      });
      res.json(await readProject(db, body.ProjectId));
    },
  ),
];
