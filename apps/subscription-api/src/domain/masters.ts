import type { AuditAction } from '@yozy/shared/auditLog';
import type { z } from 'zod';
import type { Queryable } from '#db/database';
import { audit, changedFields, type AuditEntry } from './audit';
import { viewerOf } from '#http/auth';
import { HttpError, parseBody, settleDuplicates, type Duplicate } from '#http/errors';
import { clientOf } from '#http/gateway';
import { recordIdOf } from '#http/resource';
import type { Handler } from '#http/route';

/**
 * A master list the provider's SuperAdmins keep (plans, products, regions, roles): records are
 * added, changed, retired while something uses them, and deleted once nothing does. Every write is
 * audited, and a clash two racing requests let past the checks is settled by the unique indexes.
 */
export type Master<Row, Entity extends string = string> = {
  /** The audit log's entity type, which also names its actions (`region.create`), each with its words in AUDIT_ACTIONS. */
  entity: Entity;
  /** The table and its key column. */
  table: string;
  key: string;
  /** `?RegionId=eq.7`: the record a change or deletion acts on, and the field that names it. */
  query: z.ZodObject;
  idField: string;
  /** The record as the list answers it; `lock` keeps its row locked until the transaction ends. */
  read: (db: Queryable, id: number, lock?: boolean) => Promise<Row | null>;
  /** What the audit log keeps of a record. */
  described: (row: Row) => Record<string, unknown>;
  duplicates: Record<string, Duplicate>;
};

/** The verbs the audit log has words for after `<entity>.`: `region` → `create`, `rename`, `retire`… */
type VerbOf<Entity extends string> = AuditAction extends infer Action ? (Action extends `${Entity}.${infer Verb}` ? Verb : never) : never;

/** The action `<entity>.<verb>`: the signatures below take only verbs of AUDIT_ACTIONS, which TypeScript cannot follow through a template. */
const actionOf = <Entity extends string>(entity: Entity, verb: VerbOf<Entity>) => `${entity}.${verb}` as AuditAction;

/** The audit entry of a write to the master by the caller. */
const entry = ({ entity }: { entity: string }, req: Parameters<Handler>[0], res: Parameters<Handler>[1]) =>
  ({ clientId: null, actorUserId: viewerOf(res).userId, entityType: entity, ip: clientOf(req, res).ip }) satisfies Partial<AuditEntry>;

async function locked<Row>(master: Master<Row>, tx: Queryable, id: number): Promise<Row> {
  const record = await master.read(tx, id, true);
  if (!record) throw new HttpError('NOT_FOUND', `There is no such ${master.entity}`, master.idField);
  return record;
}

/** Adds a record: `insert` checks the body and writes it in the transaction, answering the new id. */
export function createRecord<Row, Entity extends string, Body extends z.ZodType>(
  master: Master<Row, Entity> & { entity: 'create' extends VerbOf<Entity> ? Entity : never },
  body: Body,
  insert: (tx: Queryable, record: z.output<Body>) => Promise<number>,
): Handler {
  return async (req, res, { db }) => {
    const record = parseBody(body, req.body);
    const created = await settleDuplicates(
      () =>
        db.transaction(async (tx) => {
          const id = await insert(tx, record);
          const saved = (await master.read(tx, id))!;
          await audit(tx, {
            ...entry(master, req, res),
            action: actionOf(master.entity, 'create' as VerbOf<Entity>),
            entityId: id,
            after: master.described(saved),
          });
          return saved;
        }),
      master.duplicates,
    );
    res.status(201).json(created);
  };
}

/** How the audit log names a change of a record by what changed (its fields, as they are after): `retire`, `update`… */
type ChangeVerb<Row, Verb extends string = string> = (changed: Record<string, unknown>, after: Row) => Verb;

/** A change of IsActive retires or reactivates a record; any other change is `otherwise`. */
export const retiringOr =
  <Otherwise extends string>(otherwise: Otherwise): ChangeVerb<{ IsActive: boolean }, Otherwise | 'reactivate' | 'retire'> =>
  (changed, after) =>
    'IsActive' in changed ? (after.IsActive ? 'reactivate' : 'retire') : otherwise;

/** Changes a record: `update` checks the changes and writes them while the record is locked; nothing is audited when nothing changed. */
export function changeRecord<Row, Entity extends string, Body extends z.ZodType>(
  master: Master<Row, Entity>,
  body: Body,
  verb: ChangeVerb<Row, VerbOf<Entity>>,
  update: (tx: Queryable, id: number, changes: z.output<Body>, before: Row) => Promise<void>,
): Handler {
  return async (req, res, { db }) => {
    const id = recordIdOf(master.query, master.idField, req);
    const changes = parseBody(body, req.body);
    const saved = await settleDuplicates(
      () =>
        db.transaction(async (tx) => {
          const before = await locked(master, tx, id);
          await update(tx, id, changes, before);
          const after = (await master.read(tx, id))!;
          const diff = changedFields(master.described(before), master.described(after));
          if (Object.keys(diff.after).length) {
            await audit(tx, {
              ...entry(master, req, res),
              action: actionOf(master.entity, verb(diff.after, after)),
              entityId: id,
              ...diff,
            });
          }
          return after;
        }),
      master.duplicates,
    );
    res.json(saved);
  };
}

/** Deletes a record nothing uses; `inUse` says why one that something uses is kept (retire it instead). */
export function deleteRecord<Row, Entity extends string>(
  master: Master<Row, Entity> & { entity: 'delete' extends VerbOf<Entity> ? Entity : never },
  inUse: (tx: Queryable, row: Row) => Promise<string | null> | string | null,
): Handler {
  return async (req, res, { db }) => {
    const id = recordIdOf(master.query, master.idField, req);
    await db.transaction(async (tx) => {
      // Locked, so nothing starts using the record between this check and the deletion.
      const before = await locked(master, tx, id);
      const use = await inUse(tx, before);
      if (use) throw new HttpError('CONFLICT', use, master.idField);
      await tx.query(`DELETE FROM ${master.table} WHERE ${master.key} = $1`, [id]);
      await audit(tx, {
        ...entry(master, req, res),
        action: actionOf(master.entity, 'delete' as VerbOf<Entity>),
        entityId: id,
        before: master.described(before),
      });
    });
    res.status(204).end();
  };
}
