import type { AuditAction } from '@yozy/shared/auditLog';
import type { z } from 'zod';
import type { Queryable } from '#db/database';
import { auditScope, changeAudited, createAudited, deleteAudited, type AuditedRecord } from './audited';
import { HttpError, parseBody, settleDuplicates, type Duplicate } from '#http/errors';
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

/** The master as a record whose writes are audited: the provider's own, in no organisation. */
const recordOf = <Row>(master: Master<Row>): AuditedRecord<Row> => ({
  entityType: master.entity,
  read: (tx, id, { lock }) => master.read(tx, id, lock),
  clientIdOf: () => null,
  missing: [`There is no such ${master.entity}`, master.idField],
  described: master.described,
});

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
          const id = await createAudited(
            tx,
            auditScope(req, res, null),
            recordOf(master),
            actionOf(master.entity, 'create' as VerbOf<Entity>),
            () => insert(tx, record),
          );
          return (await master.read(tx, id))!;
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
          const { after } = await changeAudited(tx, auditScope(req, res, null), recordOf(master), id, {
            action: (changed, after) => actionOf(master.entity, verb(changed, after!)),
            write: (before) => update(tx, id, changes, before),
          });
          return after!;
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
    await db.transaction((tx) =>
      // Locked, so nothing starts using the record between this check and the deletion.
      deleteAudited(tx, auditScope(req, res, null), recordOf(master), id, {
        action: actionOf(master.entity, 'delete' as VerbOf<Entity>),
        refuse: async (before) => {
          const use = await inUse(tx, before);
          if (use) throw new HttpError('CONFLICT', use, master.idField);
        },
        remove: () => tx.query(`DELETE FROM ${master.table} WHERE ${master.key} = $1`, [id]),
      }),
    );
    res.status(204).end();
  };
}
