import type { Request, Response } from 'express';
import type { AuditAction } from '@yozy/shared/auditLog';
import type { Queryable } from '#db/database';
import { viewerOf, type Viewer } from '#http/auth';
import { HttpError } from '#http/errors';
import { clientOf } from '#http/gateway';
import { targetOrganization } from '#http/scope';
import { audit, changedFields, type AuditEntry } from './audit';

/**
 * Who writes, from where, and for which organisation: what every audit entry of a write carries
 * beside the change itself.
 */
export type AuditScope = {
  /** Who writes: null when nobody signed in does (an identity provider provisioning under its token). */
  actorUserId: number | null;
  ip: string | null;
} & (
  | {
      /**
       * The organisation the write acts for, known before it (an organisation's settings, its
       * people, a record created in it): only its records are found, another's id is "not found".
       * Null for the provider's own master lists.
       */
      clientId: number | null;
    }
  | {
      /**
       * The write acts for the organisation of the record it changes (a group, a project, an
       * endpoint named by its id), which the caller must be allowed to act on: FORBIDDEN otherwise,
       * as targetOrganization says.
       */
      caller: Viewer;
    }
);

/** An AuditScope whose organisation is known. */
export type OrganisationScope = Extract<AuditScope, { clientId: number | null }>;

/**
 * The scope of a write by the request's caller: for `clientId` (null: the provider's masters), or,
 * left out, for the organisation of the record it changes.
 */
export function auditScope<Id extends number | null>(
  req: Request,
  res: Response,
  clientId: Id,
): OrganisationScope & { actorUserId: number; clientId: Id };
export function auditScope(req: Request, res: Response): AuditScope;
export function auditScope(req: Request, res: Response, clientId?: number | null): AuditScope {
  const viewer = viewerOf(res);
  const who = { actorUserId: viewer.userId, ip: clientOf(req, res).ip };
  return clientId === undefined ? { ...who, caller: viewer } : { ...who, clientId };
}

/** The same scope, for the organisation `clientId` now known (the record's own, once it is locked). */
export const scopeFor = (scope: AuditScope, clientId: number | null): OrganisationScope => ({
  actorUserId: scope.actorUserId,
  ip: scope.ip,
  clientId,
});

/** The start of an audit entry of a write in `scope`: its organisation, actor and address. */
export const auditEntry = (scope: OrganisationScope): Pick<AuditEntry, 'clientId' | 'actorUserId' | 'ip'> => ({
  clientId: scope.clientId,
  actorUserId: scope.actorUserId,
  ip: scope.ip,
});

/** Writes one audit entry of a write in `scope`. */
export const auditIn = (tx: Queryable, scope: OrganisationScope, entry: Omit<AuditEntry, 'clientId' | 'actorUserId' | 'ip'>) =>
  audit(tx, { ...auditEntry(scope), ...entry });

/** A kind of record whose writes are audited: a group, a project, an organisation's settings, a region… */
export type AuditedRecord<Row> = {
  /** The audit log's entity type. */
  entityType: string;
  /**
   * The record of `id` (locked until the transaction ends with `lock`), or null when there is none;
   * with `within`, only that organisation's.
   */
  read: (tx: Queryable, id: number, options: { lock: boolean; within?: number }) => Promise<Row | null>;
  /** The organisation it belongs to; null for the provider's own. */
  clientIdOf: (row: Row) => number | null;
  /** The words and field of NOT_FOUND when there is no such record in the scope. */
  missing: readonly [message: string, field: string];
  /** What the audit log keeps of it; a change is compared field by field. */
  described: (row: Row) => Record<string, unknown>;
};

const withinOf = (scope: AuditScope) => ('clientId' in scope && scope.clientId !== null ? scope.clientId : undefined);

/**
 * The record of `id` locked until the transaction ends, and the scope of the write to it (its own
 * organisation): NOT_FOUND when there is none in the scope, FORBIDDEN when the scope is the
 * caller's and the record is of an organisation they may not act on. `field` names the input the
 * refusal is about when it is not the record's own id field.
 */
export async function lockAudited<Row>(
  tx: Queryable,
  scope: AuditScope,
  record: AuditedRecord<Row>,
  id: number,
  field: string = record.missing[1],
): Promise<{ row: Row; scope: OrganisationScope }> {
  const within = withinOf(scope);
  const row = await record.read(tx, id, { lock: true, within });
  if (!row || (within !== undefined && record.clientIdOf(row) !== within)) throw new HttpError('NOT_FOUND', record.missing[0], field);
  if ('caller' in scope) targetOrganization(scope.caller, record.clientIdOf(row), field);
  return { row, scope: scopeFor(scope, record.clientIdOf(row)) };
}

/** Adds a record in the scope's organisation: `insert` writes it and answers its id; audited with `after` (else the record as read). */
export async function createAudited<Row>(
  tx: Queryable,
  scope: OrganisationScope,
  record: Pick<AuditedRecord<Row>, 'entityType' | 'read' | 'described'>,
  action: AuditAction,
  insert: () => Promise<number>,
  after?: Record<string, unknown>,
): Promise<number> {
  const id = await insert();
  await auditIn(tx, scope, {
    action,
    entityType: record.entityType,
    entityId: id,
    after: after ?? record.described((await record.read(tx, id, { lock: false }))!),
  });
  return id;
}

/** What changed: the fields that differ, each side with only those, and what the audit entry kept. */
export type Changed<Row> = {
  before: Row;
  /** The record as read after the change; null when `planned` said it (nothing was read again). */
  after: Row | null;
  scope: OrganisationScope;
  /** The fields that changed (empty when nothing did). */
  changed: { before: Record<string, unknown>; after: Record<string, unknown> };
  /** What the audit entry kept before and after (the changed fields and any facts `write` answered); null when nothing was audited. */
  audited: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
};

export type Change<Row> = {
  /**
   * The action, or how it is named by what changed (its fields, as they are after) and the record
   * after the change (null when `planned` said it); null audits nothing.
   */
  action: AuditAction | ((changed: Record<string, unknown>, after: Row | null) => AuditAction | null);
  /** Refuses a change the record's state does not allow, before anything is compared or written. */
  refuse?: (before: Row) => unknown;
  /**
   * What the audit log will keep of the record after the change, when the input says it before
   * anything is written: nothing is written when nothing would change. Without it, the change is
   * written and the record read again to compare.
   */
  planned?: (before: Row) => Record<string, unknown>;
  /** Writes the change; may answer facts the audit entry's `after` adds beside the changed fields (SessionsEnded…). */
  write: (before: Row) => Promise<Record<string, unknown> | void>;
  /** Audited even when no field changed: a settings page's save is logged each time. */
  always?: boolean;
  /** The input the refusals name, when not the record's id field. */
  field?: string;
};

/**
 * Changes one record in one step of the transaction: locks it in the scope (lockAudited), compares
 * what the audit log keeps of it before and after, writes the change and audits the changed fields.
 */
export async function changeAudited<Row>(
  tx: Queryable,
  scope: AuditScope,
  record: AuditedRecord<Row>,
  id: number,
  change: Change<Row>,
): Promise<Changed<Row>> {
  const { row: before, scope: own } = await lockAudited(tx, scope, record, id, change.field);
  await change.refuse?.(before);
  let changed;
  let after: Row | null = null;
  let facts: Record<string, unknown> | void;
  if (change.planned) {
    changed = changedFields(record.described(before), change.planned(before));
    if (!Object.keys(changed.after).length && !change.always) return { before, after, scope: own, changed, audited: null };
    facts = await change.write(before);
  } else {
    facts = await change.write(before);
    after = (await record.read(tx, id, { lock: false, within: withinOf(own) }))!;
    changed = changedFields(record.described(before), record.described(after));
  }
  const action = typeof change.action === 'function' ? change.action(changed.after, after) : change.action;
  if (!action || (!Object.keys(changed.after).length && !change.always)) return { before, after, scope: own, changed, audited: null };
  const audited = { before: changed.before, after: facts ? { ...changed.after, ...facts } : changed.after };
  await auditIn(tx, own, { action, entityType: record.entityType, entityId: id, ...audited });
  return { before, after, scope: own, changed, audited };
}

/**
 * Deletes one record: locks it in the scope, lets `refuse` keep one something still uses, deletes
 * it with `remove` and audits what it was (`before`, else what the audit log keeps of it).
 */
export async function deleteAudited<Row>(
  tx: Queryable,
  scope: AuditScope,
  record: AuditedRecord<Row>,
  id: number,
  {
    action,
    refuse,
    remove,
    before,
  }: {
    action: AuditAction;
    refuse?: (row: Row) => unknown;
    remove: (row: Row) => Promise<unknown>;
    before?: (row: Row) => Promise<Record<string, unknown>> | Record<string, unknown>;
  },
): Promise<{ row: Row; scope: OrganisationScope }> {
  const locked = await lockAudited(tx, scope, record, id);
  await refuse?.(locked.row);
  const described = before ? await before(locked.row) : record.described(locked.row);
  await remove(locked.row);
  await auditIn(tx, locked.scope, { action, entityType: record.entityType, entityId: id, before: described });
  return locked;
}

/**
 * Reads one row for an AuditedRecord: `select` is the query up to its WHERE, `key` the id column,
 * `client` the organisation column (only `within`'s rows when given), `lockOf` the table FOR UPDATE
 * locks when the query joins others.
 */
export async function auditedRow<Row extends Record<string, unknown>>(
  tx: Queryable,
  { select, key, client, lockOf }: { select: string; key: string; client: string; lockOf?: string },
  id: number,
  { lock, within }: { lock: boolean; within?: number },
): Promise<Row | null> {
  const params: unknown[] = [id];
  const inOrganisation = within === undefined ? '' : ` AND ${client} = $${params.push(within)}`;
  const locking = lock ? ` FOR UPDATE${lockOf ? ` OF ${lockOf}` : ''}` : '';
  const [row] = await tx.query<Row>(`${select} WHERE ${key} = $1${inOrganisation}${locking}`, params);
  return row ?? null;
}
