import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#db/database';
import { migrate } from '#db/migrate';
import { audit, changedFields } from './audit';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ memory: true });
  await migrate(db);
});
afterAll(() => db.close());

describe('audit', () => {
  it('records who did what to which record, before and after, without secrets', async () => {
    await audit(db, {
      clientId: null,
      actorUserId: null,
      action: 'user.update',
      entityType: 'user',
      entityId: 7,
      before: { firstName: 'Ann', passwordHash: 'x' },
      after: { firstName: 'Anne', totpSecret: 'y', token: 'z' },
      ip: '127.0.0.1',
    });
    const [row] = await db.query('SELECT action, entity_type, entity_id, before, after, ip FROM audit_log');
    expect(row).toEqual({
      action: 'user.update',
      entity_type: 'user',
      entity_id: '7',
      before: { firstName: 'Ann' },
      after: { firstName: 'Anne' },
      ip: '127.0.0.1',
    });
  });

  it('keeps only the fields that changed', () => {
    expect(changedFields({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2] })).toEqual({
      before: { b: 'x', c: [1] },
      after: { b: 'y', c: [1, 2] },
    });
  });
});
