import { type Request, type Response } from 'express';
import { GROUP_MEMBERS_REST_FIELDS, groupMembersInput, restSchema } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { auditIn, auditScope, lockAudited } from '#domain/audited';
import { auditedGroup, emitGroupChange, NO_GROUP_MESSAGE } from '#domain/groups';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody } from '#http/errors';
import { listResource, type ResourceDefinition, recordOf } from '#http/resource';
import { targetOrganization } from '#http/scope';
import { route } from '#http/route';
import { listParameters, listAnswer, refused } from '#http/answers';
import { answerSchema, requestSchema } from '#openapi/components';
import { idOf } from '#webhooks/events';
import { groupRecord, readGroup } from './groups';

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

/** POST /subscription_user_group_mapping and …/remove: people joining or leaving a group. */
export const groupMembersBody = requestSchema('GroupMembersChange', restSchema(groupMembersInput, GROUP_MEMBERS_REST_FIELDS));

export const NOT_MEMBERS_MESSAGE = 'Choose active people of the group’s own organization';

/** Lists about one group need `GroupId=eq.<id>`, and only an administrator of its organisation gets them. */
async function requireGroupFilter(db: Queryable, req: Request, res: Response): Promise<void> {
  const filter = req.query.GroupId;
  const id = typeof filter === 'string' ? /^eq\.(\d{1,10})$/.exec(filter)?.[1] : undefined;
  if (!id) throw new HttpError('BAD_REQUEST', 'Name the group: GroupId=eq.<id>', 'GroupId');
  const [group] = await db.query<{ client_id: number }>('SELECT client_id FROM groups WHERE group_id = $1', [Number(id)]);
  if (!group) throw new HttpError('NOT_FOUND', NO_GROUP_MESSAGE, 'GroupId');
  targetOrganization(viewerOf(res), group.client_id, 'GroupId');
}

export const groupMemberRecord = answerSchema('GroupMember', recordOf(groupMemberFields));
export const groupCandidateRecord = answerSchema('GroupCandidate', recordOf(groupCandidateFields));

/** A group's people: who is in it, who could join, and people joining or leaving it, each change audited. */
export const groupMemberRoutes = [
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
      const body = parseBody(groupMembersBody, req.body);
      const userIds = [...new Set(body.UserIds)];
      await db.transaction(async (tx) => {
        const { row: group, scope } = await lockAudited(tx, auditScope(req, res), auditedGroup, body.GroupId);
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
        const addedUserIds = added.map((row) => row.user_id).sort((a, b) => a - b);
        await auditIn(tx, scope, { action: 'group.add_members', entityType: 'group', entityId: group.group_id, after: { addedUserIds } });
        await emitGroupChange(tx, group.client_id, group.group_id, { change: 'MEMBERS_ADDED', personIds: addedUserIds.map(idOf) });
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
      const body = parseBody(groupMembersBody, req.body);
      await db.transaction(async (tx) => {
        const { row: group, scope } = await lockAudited(tx, auditScope(req, res), auditedGroup, body.GroupId);
        const removed = await tx.query<{ user_id: number }>(
          'DELETE FROM group_members WHERE group_id = $1 AND user_id = ANY($2::int[]) RETURNING user_id',
          [group.group_id, [...new Set(body.UserIds)]],
        );
        if (removed.length === 0) return;
        const removedUserIds = removed.map((row) => row.user_id).sort((a, b) => a - b);
        await auditIn(tx, scope, {
          action: 'group.remove_members',
          entityType: 'group',
          entityId: group.group_id,
          before: { removedUserIds },
        });
        await emitGroupChange(tx, group.client_id, group.group_id, { change: 'MEMBERS_REMOVED', personIds: removedUserIds.map(idOf) });
      });
      res.json(await readGroup(db, body.GroupId));
    },
  ),
];
