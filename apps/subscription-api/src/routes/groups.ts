import { z } from 'zod';
import { groupInput, recordId, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditScope, changeAudited, createAudited, deleteAudited } from '#domain/audited';
import { auditedGroup, emitGroupChange, NO_GROUP_MESSAGE } from '#domain/groups';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody, settleDuplicates } from '#http/errors';
import { recordById, type ResourceDefinition, recordOf } from '#http/resource';
import { targetOrganization, withOrganisation } from '#http/scope';
import { listRoute, route } from '#http/route';
import { refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';

/** The assignment groups of an organisation (the ITSM group master of the provider's backend). */
export const groupFields = {
  GroupId: { sql: 'g.group_id', type: 'int' },
  ClientId: { sql: 'g.client_id', type: 'int' },
  GroupName: { sql: 'g.name', type: 'text', searchable: true, sort: { index: 'groups_name_sort_idx', by: 'lower(g.name)' } },
  Description: { sql: 'g.description', type: 'text', searchable: true },
  MemberCount: { sql: '(SELECT count(*)::int FROM group_members gm WHERE gm.group_id = g.group_id)', type: 'int' },
  CreatedAt: { sql: 'g.created_at', type: 'timestamp', sort: { index: 'groups_created_at_sort_idx' } },
} satisfies ResourceDefinition['fields'];

export const groups: ResourceDefinition = {
  from: 'groups g',
  fields: groupFields,
  tenantField: 'ClientId',
  tieBreaker: 'g.group_id',
};

/** The groups each person of an organisation is in: what one person's page shows. */
export const personGroupFields = {
  UserId: { sql: 'gm.user_id', type: 'int' },
  ClientId: { sql: 'g.client_id', type: 'int' },
  GroupId: { sql: 'g.group_id', type: 'int' },
  GroupName: { sql: 'g.name', type: 'text', searchable: true },
  AddedAt: { sql: 'gm.added_at', type: 'timestamp' },
} satisfies ResourceDefinition['fields'];

export const personGroups: ResourceDefinition = {
  from: 'group_members gm JOIN groups g ON g.group_id = gm.group_id',
  fields: personGroupFields,
  tenantField: 'ClientId',
  tieBreaker: 'gm.group_id, gm.user_id',
};

const GROUP_REST = { name: 'GroupName', description: 'Description' } as const;
const groupId = recordId('Choose a group');

/** POST /agilesaas_itsmassignmentgroup_master: a new group, in the caller's organisation or the one a SuperAdmin names. */
export const groupCreateBody = requestSchema(
  'GroupCreate',
  restSchema(groupInput, GROUP_REST).extend({ ClientId: recordId('Choose an organization').optional() }),
);
/** POST /agilesaas_itsmassignmentgroup_master/update: a group's new name and description. */
export const groupUpdateBody = requestSchema('GroupUpdate', restSchema(groupInput, GROUP_REST).extend({ GroupId: groupId }));
/** POST /agilesaas_itsmassignmentgroup_master/delete. */
export const groupDeleteBody = requestSchema('GroupDelete', z.object({ GroupId: groupId }));

export const GROUP_NAME_TAKEN_MESSAGE = 'The organization has a group of this name already';

/** A group as the list answers it. */
export async function readGroup(db: Queryable, id: number): Promise<Record<string, unknown>> {
  const group = await recordById(db, groups, 'g.group_id', id);
  if (!group) throw new HttpError('NOT_FOUND', NO_GROUP_MESSAGE, 'GroupId');
  return group;
}

/** A change that clashes with another group's name is answered as CONFLICT on the name. */
const NAME_TAKEN = { groups_client_name_key: [GROUP_NAME_TAKEN_MESSAGE, 'GroupName'] } as const;

export const groupRecord = answerSchema('Group', recordOf(groupFields, ['Description']));
export const personGroupRecord = answerSchema('PersonGroup', recordOf(personGroupFields));
export const groupDeleted = answerSchema('GroupDeleted', z.strictObject({ GroupId: z.int() }));

export const groupRoutes = [
  listRoute({
    path: '/agilesaas_itsmassignmentgroup_master',
    access: 'admin',
    operationId: 'listGroups',
    tag: 'Groups',
    summary: "Assignment groups with their member counts: an organization admin's own organization's, any for a SuperAdmin",
    resource: groups,
    rows: 'Groups',
    record: groupRecord,
  }),

  listRoute({
    path: '/subscription_user_groups',
    access: 'admin',
    operationId: 'listPersonGroups',
    tag: 'Groups',
    summary:
      'The groups people of one organisation are in (UserId=eq.<id> for one person’s): the caller’s own unless a SuperAdmin names another',
    resource: personGroups,
    rows: 'Memberships',
    record: personGroupRecord,
    scope: withOrganisation,
  }),

  route(
    {
      method: 'post',
      path: '/agilesaas_itsmassignmentgroup_master',
      access: 'admin',
      operationId: 'createGroup',
      idempotent: true,
      tag: 'Groups',
      summary: "A new group in the caller's organization, or in the one a SuperAdmin names (ClientId); written to the audit log",
      body: groupCreateBody,
      responses: {
        201: { description: 'Created', body: groupRecord },
        400: refused('BAD_REQUEST naming the field: GroupName missing or too long, Description too long'),
        404: refused('NOT_FOUND: no such organization (field ClientId)'),
        409: refused(`CONFLICT (field GroupName): "${GROUP_NAME_TAKEN_MESSAGE}"`),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(groupCreateBody, req.body);
      const clientId = targetOrganization(viewerOf(res), body.ClientId);
      const id = await settleDuplicates(
        () =>
          db.transaction(async (tx) => {
            const id = await createAudited(
              tx,
              auditScope(req, res, clientId),
              auditedGroup,
              'group.create',
              async () => {
                const [client] = await tx.query('SELECT 1 FROM clients WHERE client_id = $1', [clientId]);
                if (!client) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
                const [row] = await tx.query<{ group_id: number }>(
                  'INSERT INTO groups (client_id, name, description) VALUES ($1, $2, $3) RETURNING group_id',
                  [clientId, body.GroupName, body.Description],
                );
                return row!.group_id;
              },
              { name: body.GroupName, description: body.Description },
            );
            await emitGroupChange(tx, clientId, id, { change: 'CREATED' });
            return id;
          }),
        NAME_TAKEN,
      );
      res.status(201).json(await readGroup(db, id));
    },
  ),

  route(
    {
      method: 'post',
      path: '/agilesaas_itsmassignmentgroup_master/update',
      access: 'admin',
      operationId: 'updateGroup',
      tag: 'Groups',
      summary: 'Rename a group or change its description; the changed fields go to the audit log',
      body: groupUpdateBody,
      responses: {
        200: { description: 'Changed', body: groupRecord },
        400: refused('BAD_REQUEST naming the field'),
        403: refused("FORBIDDEN: another organization's group, or not an administrator"),
        404: refused('NOT_FOUND: no such group (field GroupId)'),
        409: refused(`CONFLICT (field GroupName): "${GROUP_NAME_TAKEN_MESSAGE}"`),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(groupUpdateBody, req.body);
      await settleDuplicates(
        () =>
          db.transaction(async (tx) => {
            const {
              before: group,
              changed,
              audited,
            } = await changeAudited(tx, auditScope(req, res), auditedGroup, body.GroupId, {
              action: 'group.update',
              planned: () => ({ name: body.GroupName, description: body.Description }),
              write: async (group) => {
                await tx.query('UPDATE groups SET name = $2, description = $3 WHERE group_id = $1', [
                  group.group_id,
                  body.GroupName,
                  body.Description,
                ]);
              },
            });
            if (audited) {
              await emitGroupChange(tx, group.client_id, group.group_id, { change: 'UPDATED', changed: Object.keys(changed.after) });
            }
          }),
        NAME_TAKEN,
      );
      res.json(await readGroup(db, body.GroupId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/agilesaas_itsmassignmentgroup_master/delete',
      access: 'admin',
      operationId: 'deleteGroup',
      tag: 'Groups',
      summary: 'Delete a group and its memberships (the people stay); the audit log keeps its name and members',
      body: groupDeleteBody,
      responses: {
        200: { description: 'Deleted', body: groupDeleted },
        400: refused('BAD_REQUEST: GroupId missing or not a whole number'),
        403: refused("FORBIDDEN: another organization's group, or not an administrator"),
        404: refused('NOT_FOUND: no such group (field GroupId)'),
      },
    },
    async (req, res, { db }) => {
      const body = parseBody(groupDeleteBody, req.body);
      await db.transaction(async (tx) => {
        const { row: group } = await deleteAudited(tx, auditScope(req, res), auditedGroup, body.GroupId, {
          action: 'group.delete',
          before: async (group) => {
            const members = await tx.query<{ user_id: number }>('SELECT user_id FROM group_members WHERE group_id = $1 ORDER BY user_id', [
              group.group_id,
            ]);
            return { name: group.name, description: group.description, memberIds: members.map((m) => m.user_id) };
          },
          remove: (group) => tx.query('DELETE FROM groups WHERE group_id = $1', [group.group_id]),
        });
        await emitGroupChange(tx, group.client_id, group.group_id, { change: 'DELETED' });
      });
      res.json({ GroupId: body.GroupId });
    },
  ),
];
