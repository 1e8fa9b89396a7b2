import type { Queryable } from '#db/database';
import type { Viewer } from '#http/auth';
import { refused } from '#http/answers';
import { HttpError } from '#http/errors';
import { targetOrganization } from '#http/scope';
import { auditedRow, type AuditedRecord } from './audited';

/**
 * A person's total over their current allocations to open projects (SQL of a correlated
 * subquery on `userSql`): what is warned about above FULL_ALLOCATION (100 %), never refused.
 */
export const currentTotalOf = (userSql: string) =>
  `(SELECT COALESCE(sum(ca.alloc_percentage), 0)::int FROM project_allocations ca JOIN projects cp ON cp.project_id = ca.project_id
     WHERE ca.user_id = ${userSql} AND ca.is_current AND cp.closed_at IS NULL)`;

export const PROJECT_CLOSED_MESSAGE = 'This project is closed; its allocations cannot change';
export const NO_PROJECT = 'There is no such project';

export type ProjectRow = { project_id: number; client_id: number; short_code: string; name: string; closed_at: Date | null };

/** A project, as its changes are audited: the audit log keeps its name. */
export const auditedProject: AuditedRecord<ProjectRow> = {
  entityType: 'project',
  read: (tx, id, options) =>
    auditedRow(
      tx,
      { select: 'SELECT project_id, client_id, short_code, name, closed_at FROM projects', key: 'project_id', client: 'client_id' },
      id,
      options,
    ),
  clientIdOf: (project) => project.client_id,
  missing: [NO_PROJECT, 'ProjectId'],
  described: (project) => ({ name: project.name }),
};

/**
 * The project a change is about, locked until the transaction ends: NOT_FOUND when there is none,
 * FORBIDDEN when it belongs to another organisation than an OrgAdmin's own.
 */
export async function lockProject(tx: Queryable, viewer: Viewer, id: number, field = 'ProjectId'): Promise<ProjectRow> {
  const project = await auditedProject.read(tx, id, { lock: true });
  if (!project) throw new HttpError('NOT_FOUND', NO_PROJECT, field);
  targetOrganization(viewer, project.client_id, field);
  return project;
}

/** The refusal of lockProject to an administrator of another organisation. */
export const FORBIDDEN_PROJECT = refused("FORBIDDEN: another organisation's project, or not an administrator");
