import { type Request, type Response } from 'express';
import { z } from 'zod';
import { GROUP_MEMBERS_REST_FIELDS, groupInput, groupMembersInput, recordId, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { audit, changedFields } from '#domain/audit';
import { viewerOf, type Viewer } from '#http/auth';
import { HttpError, parseBody, settleDuplicates } from '#http/errors';
import { clientOf } from '#http/gateway';
import { listResource, recordById, type ResourceDefinition, recordOf } from '#http/resource';
import { targetOrganization, withOrganisation } from '#http/scope';
import { listRoute, route } from '#http/route';
import { listParameters, listAnswer, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { emit, idOf, type WebhookEventData } from '#webhooks/events';

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

const personName = { index: 'group_people_name_sort_idx', by: 'lower(u.first_name), lower(u.last_name)' };

/** The people of a group (the user-group mapping of the provider's backend). */
export const groupMemberFields = {
  GroupId: { sql: 'gm.group_id', type: 'int' },
  ClientId: { sql: 'g.client_id', type: 'int' },
  UserId: { sql: 'gm.user_id', type: 'int' },
  UserFirstname: { sql: 'u.first_name', type: 'text', searchable: true, sort: personName },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true },
  OfficialEmail: { sql: 'u.email', type: 'text', searchable: true },
  IsActive: { sql: 'u.is_active', type: 'bool' },
  AddedAt: { sql: 'gm.added_at', type: 'timestamp' },
} satisfies ResourceDefinition['fields'];

export const groupMembers: ResourceDefinition = {
  from: 'group_members gm JOIN groups g ON g.group_id = gm.group_id JOIN client_users u ON u.user_id = gm.user_id',
  fields: groupMemberFields,
  tenantField: 'ClientId',
  tieBreaker: 'gm.user_id',
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

/** The active people of a group's organisation, each marked whether they are in the group: who the picker offers. */
export const groupCandidateFields = {
  GroupId: { sql: 'g.group_id', type: 'int' },
  ClientId: { sql: 'u.client_id', type: 'int' },
  UserId: { sql: 'u.user_id', type: 'int' },
  UserFirstname: { sql: 'u.first_name', type: 'text', searchable: true, sort: personName },
  UserLastname: { sql: 'u.last_name', type: 'text', searchable: true },
  OfficialEmail: { sql: 'u.email', type: 'text', searchable: true },
  IsMember: { sql: 'EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = g.group_id AND gm.user_id = u.user_id)', type: 'bool' },
} satisfies ResourceDefinition['fields'];

export const groupCandidates: ResourceDefinition = {
  from: 'client_users u JOIN groups g ON g.client_id = u.client_id',
  where: 'u.is_active',
  fields: groupCandidateFields,
  tenantField: 'ClientId',
  tieBreaker: 'u.user_id',
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
/** POST /subscription_user_group_mapping and …/remove: people joining or leaving a group. */
export const groupMembersBody = requestSchema('GroupMembersChange', restSchema(groupMembersInput, GROUP_MEMBERS_REST_FIELDS));

export const GROUP_NAME_TAKEN_MESSAGE = 'The organization has a group of this name already';
export const NOT_MEMBERS_MESSAGE = 'Choose active people of the group’s own organization';

type GroupRow = { group_id: number; client_id: number; name: string; description: string | null; company_name: string };

/**
 * The group a change is about, locked until the transaction ends: NOT_FOUND when there is none,
 * FORBIDDEN when it belongs to another organisation than an OrgAdmin's own.
 */
async function lockGroup(tx: Queryable, viewer: Viewer, id: number, field = 'GroupId'): Promise<GroupRow> {
  const [group] = await tx.query<GroupRow>(
    `SELECT g.group_id, g.client_id, g.name, g.description, c.company_name
       FROM groups g JOIN clients c ON c.client_id = g.client_id
      WHERE g.group_id = $1
      FOR UPDATE OF g`,
    [id],
  );
  if (!group) throw new HttpError('NOT_FOUND', 'There is no such group; it may have been deleted', field);
  targetOrganization(viewer, group.client_id, field);
  return group;
}

/** A group as the list answers it. */
async function readGroup(db: Queryable, id: number): Promise<Record<string, unknown>> {
  const group = await recordById(db, groups, 'g.group_id', id);
  if (!group) throw new HttpError('NOT_FOUND', 'There is no such group; it may have been deleted', 'GroupId');
  return group;
}

/** Lists about one group need `GroupId=eq.<id>`, and only an administrator of its organisation gets them. */
async function requireGroupFilter(db: Queryable, req: Request, res: Response): Promise<void> {
  const filter = req.query.GroupId;
  const id = typeof filter === 'string' ? /^eq\.(\d{1,10})$/.exec(filter)?.[1] : undefined;
  if (!id) throw new HttpError('BAD_REQUEST', 'Name the group: GroupId=eq.<id>', 'GroupId');
  const [group] = await db.query<{ client_id: number }>('SELECT client_id FROM groups WHERE group_id = $1', [Number(id)]);
  if (!group) throw new HttpError('NOT_FOUND', 'There is no such group; it may have been deleted', 'GroupId');
  targetOrganization(viewerOf(res), group.client_id, 'GroupId');
}

/** Tells the organisation's systems a group changed (webhooks), in the change's transaction. */
function emitGroupChange(
  tx: Queryable,
  clientId: number,
  groupId: number,
  what: Pick<WebhookEventData['group.changed'], 'change' | 'personIds' | 'changed'>,
) {
  return emit(tx, { clientId, type: 'group.changed', data: { organizationId: idOf(clientId), groupId: idOf(groupId), ...what } });
}

/** A change that clashes with another group's name is answered as CONFLICT on the name. */
const NAME_TAKEN = { groups_client_name_key: [GROUP_NAME_TAKEN_MESSAGE, 'GroupName'] } as const;

export const groupRecord = answerSchema('Group', recordOf(groupFields, ['Description']));
export const groupMemberRecord = answerSchema('GroupMember', recordOf(groupMemberFields));
export const personGroupRecord = answerSchema('PersonGroup', recordOf(personGroupFields));
export const groupCandidateRecord = answerSchema('GroupCandidate', recordOf(groupCandidateFields));
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
      const viewer = viewerOf(res);
      const body = parseBody(groupCreateBody, req.body);
      const clientId = targetOrganization(viewer, body.ClientId);
      const id = await settleDuplicates(
        () =>
          db.transaction(async (tx) => {
            const [client] = await tx.query('SELECT 1 FROM clients WHERE client_id = $1', [clientId]);
            if (!client) throw new HttpError('NOT_FOUND', 'There is no such organization', 'ClientId');
            const [row] = await tx.query<{ group_id: number }>(
              'INSERT INTO groups (client_id, name, description) VALUES ($1, $2, $3) RETURNING group_id',
              [clientId, body.GroupName, body.Description],
            );
            const after = { name: body.GroupName, description: body.Description };
            await audit(tx, {
              clientId,
              actorUserId: viewer.userId,
              action: 'group.create',
              entityType: 'group',
              entityId: row!.group_id,
              after,
              ip: clientOf(req, res).ip,
            });
            await emitGroupChange(tx, clientId, row!.group_id, { change: 'CREATED' });
            return row!.group_id;
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
      const viewer = viewerOf(res);
      const body = parseBody(groupUpdateBody, req.body);
      await settleDuplicates(
        () =>
          db.transaction(async (tx) => {
            const group = await lockGroup(tx, viewer, body.GroupId);
            const change = changedFields(
              { name: group.name, description: group.description },
              { name: body.GroupName, description: body.Description },
            );
            if (Object.keys(change.after).length === 0) return;
            await tx.query('UPDATE groups SET name = $2, description = $3 WHERE group_id = $1', [
              group.group_id,
              body.GroupName,
              body.Description,
            ]);
            await audit(tx, {
              clientId: group.client_id,
              actorUserId: viewer.userId,
              action: 'group.update',
              entityType: 'group',
              entityId: group.group_id,
              ...change,
              ip: clientOf(req, res).ip,
            });
            await emitGroupChange(tx, group.client_id, group.group_id, { change: 'UPDATED', changed: Object.keys(change.after) });
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
      const viewer = viewerOf(res);
      const body = parseBody(groupDeleteBody, req.body);
      await db.transaction(async (tx) => {
        const group = await lockGroup(tx, viewer, body.GroupId);
        const members = await tx.query<{ user_id: number }>('SELECT user_id FROM group_members WHERE group_id = $1 ORDER BY user_id', [
          group.group_id,
        ]);
        await tx.query('DELETE FROM groups WHERE group_id = $1', [group.group_id]);
        await audit(tx, {
          clientId: group.client_id,
          actorUserId: viewer.userId,
          action: 'group.delete',
          entityType: 'group',
          entityId: group.group_id,
          before: { name: group.name, description: group.description, memberIds: members.map((m) => m.user_id) },
          ip: clientOf(req, res).ip,
        });
        await emitGroupChange(tx, group.client_id, group.group_id, { change: 'DELETED' });
      });
      res.json({ GroupId: body.GroupId });
    },
  ),

  route(
    {
      method: 'get',
      path: '/subscription_user_group_mapping',
      access: 'admin',
      operationId: 'listGroupMembers',
      tag: 'Groups',
      summary: 'The members of one group (GroupId=eq.<id> is required)',
      parameters: listParameters(groupMemberFields),
      responses: {
        200: listAnswer('Members', groupMemberRecord),
        400: refused('BAD_REQUEST: no GroupId=eq.<id>, an unknown field, or a malformed filter, order or count'),
        403: refused("FORBIDDEN: another organization's group, or not an administrator"),
        404: refused('NOT_FOUND: no such group (field GroupId)'),
      },
    },
    async (req, res, { db }) => {
      await requireGroupFilter(db, req, res);
      res.json(await listResource(db, groupMembers, req, res, viewerOf(res)));
    },
  ),

  route(
    {
      method: 'get',
      path: '/subscription_user_group_mapping/candidates',
      access: 'admin',
      operationId: 'listGroupCandidates',
      tag: 'Groups',
      summary: "The active people of a group's organization, each marked whether already a member (GroupId=eq.<id> is required)",
      parameters: listParameters(groupCandidateFields),
      responses: {
        200: listAnswer('People', groupCandidateRecord),
        400: refused('BAD_REQUEST: no GroupId=eq.<id>, an unknown field, or a malformed filter, order or count'),
        403: refused("FORBIDDEN: another organization's group, or not an administrator"),
        404: refused('NOT_FOUND: no such group (field GroupId)'),
      },
    },
    async (req, res, { db }) => {
      await requireGroupFilter(db, req, res);
      res.json(await listResource(db, groupCandidates, req, res, viewerOf(res)));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription_user_group_mapping',
      access: 'admin',
      operationId: 'addGroupMembers',
      tag: 'Groups',
      summary: "Add people to a group: only active people of the group's own organization, or nothing is written",
      body: groupMembersBody,
      responses: {
        200: { description: 'The group with its new member count', body: groupRecord },
        400: refused(`BAD_REQUEST naming the field; UserIds: "${NOT_MEMBERS_MESSAGE}"`),
        403: refused("FORBIDDEN: another organization's group, or not an administrator"),
        404: refused('NOT_FOUND: no such group (field GroupId)'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(groupMembersBody, req.body);
      const userIds = [...new Set(body.UserIds)];
      await db.transaction(async (tx) => {
        const group = await lockGroup(tx, viewer, body.GroupId);
        // Whatever ids arrive, only active people of the group's own organisation may join it; one
        // stranger refuses the whole change, without saying who is whose.
        const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM client_users WHERE user_id = ANY($1::int[]) AND client_id = $2 AND is_active',
          [userIds, group.client_id],
        );
        if (n !== userIds.length) throw new HttpError('BAD_REQUEST', NOT_MEMBERS_MESSAGE, 'UserIds');
        const added = await tx.query<{ user_id: number }>(
          `INSERT INTO group_members (group_id, user_id) SELECT $1, unnest($2::int[])
         ON CONFLICT DO NOTHING RETURNING user_id`,
          [group.group_id, userIds],
        );
        if (added.length === 0) return;
        await audit(tx, {
          clientId: group.client_id,
          actorUserId: viewer.userId,
          action: 'group.add_members',
          entityType: 'group',
          entityId: group.group_id,
          after: { addedUserIds: added.map((row) => row.user_id).sort((a, b) => a - b) },
          ip: clientOf(req, res).ip,
        });
        await emitGroupChange(tx, group.client_id, group.group_id, {
          change: 'MEMBERS_ADDED',
          personIds: added
            .map((row) => row.user_id)
            .sort((a, b) => a - b)
            .map(idOf),
        });
      });
      res.json(await readGroup(db, body.GroupId));
    },
  ),

  route(
    {
      method: 'post',
      path: '/subscription_user_group_mapping/remove',
      access: 'admin',
      operationId: 'removeGroupMembers',
      tag: 'Groups',
      summary: 'Take people out of a group (they stay in the organization)',
      body: groupMembersBody,
      responses: {
        200: { description: 'The group with its new member count', body: groupRecord },
        400: refused('BAD_REQUEST naming the field'),
        403: refused("FORBIDDEN: another organization's group, or not an administrator"),
        404: refused('NOT_FOUND: no such group (field GroupId)'),
      },
    },
    async (req, res, { db }) => {
      const viewer = viewerOf(res);
      const body = parseBody(groupMembersBody, req.body);
      await db.transaction(async (tx) => {
        const group = await lockGroup(tx, viewer, body.GroupId);
        const removed = await tx.query<{ user_id: number }>(
          'DELETE FROM group_members WHERE group_id = $1 AND user_id = ANY($2::int[]) RETURNING user_id',
          [group.group_id, [...new Set(body.UserIds)]],
        );
        if (removed.length === 0) return;
        await audit(tx, {
          clientId: group.client_id,
          actorUserId: viewer.userId,
          action: 'group.remove_members',
          entityType: 'group',
          entityId: group.group_id,
          before: { removedUserIds: removed.map((row) => row.user_id).sort((a, b) => a - b) },
          ip: clientOf(req, res).ip,
        });
        await emitGroupChange(tx, group.client_id, group.group_id, {
          change: 'MEMBERS_REMOVED',
          personIds: removed
            .map((row) => row.user_id)
            .sort((a, b) => a - b)
            .map(idOf),
        });
      });
      res.json(await readGroup(db, body.GroupId));
    },
  ),
];
