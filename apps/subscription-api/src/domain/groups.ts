import type { Queryable } from '#db/database';
import { emit, idOf, type WebhookEventData } from '#webhooks/events';
import { auditedRow, type AuditedRecord } from './audited';

export const NO_GROUP_MESSAGE = 'There is no such group; it may have been deleted';

export type GroupRow = { group_id: number; client_id: number; name: string; description: string | null; company_name: string };

/** An assignment group, as its changes are audited: the audit log keeps its name and description. */
export const auditedGroup: AuditedRecord<GroupRow> = {
  entityType: 'group',
  read: (tx, id, options) =>
    auditedRow(
      tx,
      {
        select: `SELECT g.group_id, g.client_id, g.name, g.description, c.company_name
                   FROM groups g JOIN clients c ON c.client_id = g.client_id`,
        key: 'g.group_id',
        client: 'g.client_id',
        lockOf: 'g',
      },
      id,
      options,
    ),
  clientIdOf: (group) => group.client_id,
  missing: [NO_GROUP_MESSAGE, 'GroupId'],
  described: (group) => ({ name: group.name, description: group.description }),
};

/** Tells the organisation's systems a group changed (webhooks), in the change's transaction. */
export function emitGroupChange(
  tx: Queryable,
  clientId: number,
  groupId: number,
  what: Pick<WebhookEventData['group.changed'], 'change' | 'personIds' | 'changed'>,
) {
  return emit(tx, { clientId, type: 'group.changed', data: { organizationId: idOf(clientId), groupId: idOf(groupId), ...what } });
}
