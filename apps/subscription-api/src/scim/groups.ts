import type { Request, Response } from 'express';
import type { AuditAction } from '@yozy/shared/auditLog';
import { isUniqueViolation, type Queryable } from '#db/database';
import { auditIn } from '#domain/audited';
import { baseUrlOf, provisionerOf, provisioningScope, type Provisioner, type ScimServices } from './context';
import { filterSql, type FilterAttribute } from './filter';
import { applyPatch, MAX_OPERATIONS } from './patch';
import {
  answer,
  badRequest,
  notFound,
  objectBody,
  pageOf,
  answerList,
  projectAsAsked,
  queryText,
  refuseNul,
  requireVersion,
  SCHEMA,
  ScimError,
  versionOf,
} from './protocol';
import { MAX_PAGE } from './userResource';

/** An organisation's group as the SCIM Groups resource reads it. */
type GroupRow = {
  group_id: number;
  name: string;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
  members: { value: string; display: string }[];
};

/** Members are the organisation's people provisioning sees (never one it removed). */
const MEMBER = `u.deleted_at IS NULL AND u.type_of_user <> 'SuperAdmin'`;

const groupColumns = (withMembers: boolean) =>
  `g.group_id, g.name, g.external_id, g.created_at, g.updated_at, ${
    withMembers
      ? `coalesce((SELECT json_agg(json_build_object('value', u.uuid::text, 'display', trim(u.first_name || ' ' || u.last_name)) ORDER BY u.user_id)
              FROM group_members gm JOIN client_users u ON u.user_id = gm.user_id WHERE gm.group_id = g.group_id AND ${MEMBER}), '[]')`
      : `'[]'::json`
  } AS members`;

const GROUP_FILTERS: Record<string, FilterAttribute> = {
  id: { kind: 'exact', sql: 'g.group_id::text' },
  displayName: { kind: 'text', sql: 'g.name' },
  externalId: { kind: 'exact', sql: 'g.external_id' },
  'meta.lastModified': { kind: 'time', sql: 'g.updated_at' },
  'meta.created': { kind: 'time', sql: 'g.created_at' },
  ...Object.fromEntries(
    ['members', 'members.value'].map((name) => [
      name,
      {
        kind: 'related',
        sql: 'u.uuid::text',
        within: (condition: string) =>
          `EXISTS (SELECT 1 FROM group_members gm JOIN client_users u ON u.user_id = gm.user_id WHERE gm.group_id = g.group_id AND ${MEMBER} AND ${condition})`,
      } satisfies FilterAttribute,
    ]),
  ),
};

function groupResource(row: GroupRow, baseUrl: string) {
  return {
    schemas: [SCHEMA.group],
    id: String(row.group_id),
    ...(row.external_id !== null ? { externalId: row.external_id } : {}),
    displayName: row.name,
    members: row.members.map((member) => ({ ...member, $ref: `${baseUrl}/Users/${member.value}` })),
    meta: {
      resourceType: 'Group',
      created: new Date(row.created_at).toISOString(),
      lastModified: new Date(row.updated_at).toISOString(),
      location: `${baseUrl}/Groups/${row.group_id}`,
      version: versionOf(row.updated_at),
    },
  };
}

type GroupResource = ReturnType<typeof groupResource>;

/** Whether the answer needs the members (a list whose `excludedAttributes` drops them does not read them). */
const wantsMembers = (query: Record<string, unknown>) => {
  const excluded = (queryText(query, 'excludedAttributes') ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim());
  const attributes = queryText(query, 'attributes');
  if (excluded.includes('members')) return false;
  return (
    attributes === undefined ||
    attributes
      .toLowerCase()
      .split(',')
      .some((name) => name.trim().startsWith('members'))
  );
};

async function readGroup(db: Queryable, clientId: number, id: string, lock = false): Promise<GroupRow | null> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) return null;
  const [row] = await db.query<GroupRow>(
    `SELECT ${groupColumns(true)} FROM groups g WHERE g.client_id = $1 AND g.group_id = $2${lock ? ' FOR UPDATE OF g' : ''}`,
    [clientId, Number(id)],
  );
  return row ?? null;
}

type GroupInput = { name: string; externalId: string | null; members: string[] };

function groupInput(resource: Record<string, unknown>): GroupInput {
  refuseNul(resource);
  const key = (name: string) => Object.keys(resource).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const displayName = resource[key('displayName') ?? 'displayName'];
  if (typeof displayName !== 'string' || !displayName.trim()) throw badRequest('invalidValue', 'displayName is required: the group’s name');
  if (displayName.trim().length > 100) throw badRequest('invalidValue', 'displayName may be at most 100 characters long');
  const externalId = resource[key('externalId') ?? 'externalId'];
  if (externalId !== undefined && externalId !== null && (typeof externalId !== 'string' || externalId.length > 255)) {
    throw badRequest('invalidValue', 'externalId must be text of at most 255 characters');
  }
  const members = resource[key('members') ?? 'members'] ?? [];
  if (!Array.isArray(members)) throw badRequest('invalidValue', 'members must be a list');
  if (members.length > 10 * MAX_OPERATIONS)
    throw new ScimError(400, `A group may be given at most ${10 * MAX_OPERATIONS} members at once`, 'tooMany');
  const values = members.map((member) => {
    const value = typeof member === 'object' && member !== null ? (member as { value?: unknown }).value : undefined;
    if (typeof value !== 'string' || !value) throw badRequest('invalidValue', 'Each member names a person by their id (value)');
    return value.toLowerCase();
  });
  return { name: displayName.trim(), externalId: (externalId as string | null | undefined) || null, members: [...new Set(values)] };
}

/** The people the member ids name, all of the organisation; otherwise `invalidValue` naming one that is not. */
async function memberIds(tx: Queryable, clientId: number, values: string[]): Promise<number[]> {
  if (values.length === 0) return [];
  const valid = values.filter((value) => /^[0-9a-f-]{36}$/.test(value));
  const rows = await tx.query<{ user_id: number; uuid: string }>(
    `SELECT u.user_id, u.uuid::text AS uuid FROM client_users u WHERE u.client_id = $1 AND ${MEMBER} AND u.uuid = ANY($2::uuid[])`,
    [clientId, valid],
  );
  const found = new Set(rows.map((row) => row.uuid));
  const missing = values.find((value) => !found.has(value));
  if (missing) throw badRequest('invalidValue', `No person with id ${missing} in this organization`);
  return rows.map((row) => row.user_id);
}

const audited = (
  tx: Queryable,
  provisioner: Provisioner,
  action: AuditAction,
  groupId: number,
  before: object | null,
  after: object | null,
) =>
  auditIn(tx, provisioningScope(provisioner), {
    action,
    entityType: 'group',
    entityId: groupId,
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  });

const NAME_TAKEN = 'A group with this displayName exists already in this organization';

async function settled<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'groups_client_name_key')) throw new ScimError(409, NAME_TAKEN, 'uniqueness');
    throw error;
  }
}

/** Makes the group's members exactly these people, audited as who joined and who left. */
async function setMembers(tx: Queryable, provisioner: Provisioner, groupId: number, userIds: number[]) {
  const left = await tx.query<{ user_id: number }>(
    `DELETE FROM group_members gm USING client_users u
      WHERE gm.group_id = $1 AND u.user_id = gm.user_id AND ${MEMBER} AND NOT (gm.user_id = ANY($2::int[])) RETURNING gm.user_id`,
    [groupId, userIds],
  );
  const joined = await tx.query<{ user_id: number }>(
    `INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING RETURNING user_id`,
    [groupId, userIds],
  );
  if (joined.length) await audited(tx, provisioner, 'group.scim_add_members', groupId, null, { userIds: joined.map((row) => row.user_id) });
  if (left.length) await audited(tx, provisioner, 'group.scim_remove_members', groupId, { userIds: left.map((row) => row.user_id) }, null);
  return joined.length + left.length > 0;
}

export async function listGroups(req: Request, res: Response, { db }: ScimServices): Promise<void> {
  const provisioner = provisionerOf(res);
  const query = req.query as Record<string, unknown>;
  const params: unknown[] = [provisioner.clientId];
  const filter = queryText(query, 'filter');
  const condition = filter ? filterSql(filter, GROUP_FILTERS, params) : 'true';
  const { offset, limit } = pageOf(query, MAX_PAGE);
  const [counted] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM groups g WHERE g.client_id = $1 AND ${condition}`,
    params,
  );
  const rows =
    limit === 0
      ? []
      : await db.query<GroupRow>(
          `SELECT ${groupColumns(wantsMembers(query))} FROM groups g WHERE g.client_id = $1 AND ${condition}
            ORDER BY g.group_id LIMIT ${limit} OFFSET ${offset}`,
          params,
        );
  const baseUrl = baseUrlOf(res);
  answerList(
    res,
    rows.map((row) => projectAsAsked(groupResource(row, baseUrl), query)),
    counted!.total,
    offset + 1,
  );
}

export async function getGroup(req: Request, res: Response, { db }: ScimServices): Promise<void> {
  const row = await readGroup(db, provisionerOf(res).clientId, String(req.params.id));
  if (!row) throw notFound('Group');
  const query = req.query as Record<string, unknown>;
  answer(res, 200, projectAsAsked(groupResource(row, baseUrlOf(res)), query));
}

export async function createGroup(req: Request, res: Response, { db }: ScimServices): Promise<void> {
  const provisioner = provisionerOf(res);
  const input = groupInput(objectBody(req.body));
  const groupId = await settled(() =>
    db.transaction(async (tx) => {
      const userIds = await memberIds(tx, provisioner.clientId, input.members);
      const [created] = await tx.query<{ group_id: number }>(
        'INSERT INTO groups (client_id, name, external_id) VALUES ($1, $2, $3) RETURNING group_id',
        [provisioner.clientId, input.name, input.externalId],
      );
      const id = created!.group_id;
      await audited(tx, provisioner, 'group.scim_create', id, null, { name: input.name, externalId: input.externalId });
      await setMembers(tx, provisioner, id, userIds);
      return id;
    }),
  );
  const row = await readGroup(db, provisioner.clientId, String(groupId));
  const resource = groupResource(row!, baseUrlOf(res));
  res.setHeader('Location', resource.meta.location);
  answer(res, 201, resource);
}

async function changeGroup(req: Request, res: Response, { db }: ScimServices, inputOf: (current: GroupResource) => GroupInput) {
  const provisioner = provisionerOf(res);
  const baseUrl = baseUrlOf(res);
  const id = String(req.params.id);
  await settled(() =>
    db.transaction(async (tx) => {
      const row = await readGroup(tx, provisioner.clientId, id, true);
      if (!row) throw notFound('Group');
      const current = groupResource(row, baseUrl);
      requireVersion(req.get('if-match'), current.meta.version);
      const input = inputOf(current);
      const userIds = await memberIds(tx, provisioner.clientId, input.members);
      let changed = false;
      if (input.name !== row.name || input.externalId !== row.external_id) {
        await tx.query('UPDATE groups SET name = $2, external_id = $3 WHERE group_id = $1', [row.group_id, input.name, input.externalId]);
        await audited(
          tx,
          provisioner,
          'group.scim_update',
          row.group_id,
          { name: row.name, externalId: row.external_id },
          {
            name: input.name,
            externalId: input.externalId,
          },
        );
        changed = true;
      }
      if (await setMembers(tx, provisioner, row.group_id, userIds)) changed = true;
      if (changed) await tx.query('UPDATE groups SET updated_at = now() WHERE group_id = $1', [row.group_id]);
    }),
  );
  const row = await readGroup(db, provisioner.clientId, id);
  answer(res, 200, groupResource(row!, baseUrl));
}

export async function replaceGroup(req: Request, res: Response, services: ScimServices): Promise<void> {
  const body = objectBody(req.body);
  await changeGroup(req, res, services, (current) => {
    if (body.id !== undefined && body.id !== current.id) throw badRequest('mutability', 'id is set by the service and cannot be changed');
    return groupInput(body);
  });
}

export async function patchGroup(req: Request, res: Response, services: ScimServices): Promise<void> {
  const body = objectBody(req.body);
  await changeGroup(req, res, services, (current) => {
    const patched = applyPatch(current, body);
    if (patched.id !== current.id) throw badRequest('mutability', 'id is set by the service and cannot be changed');
    return groupInput(patched as unknown as Record<string, unknown>);
  });
}

export async function deleteGroup(req: Request, res: Response, { db }: ScimServices): Promise<void> {
  const provisioner = provisionerOf(res);
  await db.transaction(async (tx) => {
    const row = await readGroup(tx, provisioner.clientId, String(req.params.id), true);
    if (!row) throw notFound('Group');
    requireVersion(req.get('if-match'), versionOf(row.updated_at));
    await tx.query('DELETE FROM groups WHERE group_id = $1', [row.group_id]);
    await audited(tx, provisioner, 'group.scim_delete', row.group_id, { name: row.name, members: row.members.length }, null);
  });
  res.status(204).end();
}
