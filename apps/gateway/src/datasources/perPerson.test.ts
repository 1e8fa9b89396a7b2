import { describe, expect, it } from 'vitest';
import { perPerson } from './perPerson';

type Row = { UserId: number; Name: string };

/** A REST list of rows of people: records each call, answers the rows of the people asked about, a page at a time. */
function restList(rows: (Row & { ClientId: number })[]) {
  const calls: { organizationId: number; userIds: number[]; offset: number }[] = [];
  const pageOf = async (organizationId: number, userIds: number[], offset: number) => {
    calls.push({ organizationId, userIds, offset });
    return rows
      .filter((row) => row.ClientId === organizationId && userIds.includes(row.UserId))
      .slice(offset, offset + perPerson.PAGE)
      .map(({ UserId, Name }) => ({ UserId, Name }));
  };
  return { calls, pageOf };
}

describe('rows of the people a request shows', () => {
  it('are read in one call per organisation, each person getting their own rows and none of another organisation', async () => {
    const { calls, pageOf } = restList([
      { ClientId: 2, UserId: 7, Name: 'Admin' },
      { ClientId: 2, UserId: 7, Name: 'Viewer' },
      { ClientId: 2, UserId: 8, Name: 'Member' },
      { ClientId: 3, UserId: 9, Name: 'Admin' },
    ]);
    const loader = perPerson(pageOf);
    const answers = await Promise.all([
      loader.load({ userId: 7, organizationId: 2 }),
      loader.load({ userId: 8, organizationId: 2 }),
      loader.load({ userId: 9, organizationId: 3 }),
      loader.load({ userId: 9, organizationId: 2 }),
      loader.load({ userId: 7, organizationId: 2 }),
    ]);
    expect(answers.map((rows) => rows.map((row) => row.Name))).toEqual([
      ['Admin', 'Viewer'],
      ['Member'],
      ['Admin'],
      [],
      ['Admin', 'Viewer'],
    ]);
    expect(calls).toEqual([
      { organizationId: 2, userIds: [7, 8, 9], offset: 0 },
      { organizationId: 3, userIds: [9], offset: 0 },
    ]);
  });

  it('asks about a hundred people at most in one call, and reads on while a page comes back full', async () => {
    const many = Array.from({ length: 150 }, (_, i) => i + 1);
    const rows = many.flatMap((userId) => Array.from({ length: 10 }, (_, n) => ({ ClientId: 2, UserId: userId, Name: `Role ${n}` })));
    const { calls, pageOf } = restList(rows);
    const loader = perPerson(pageOf);
    const answers = await Promise.all(many.map((userId) => loader.load({ userId, organizationId: 2 })));
    expect(answers.every((found) => found.length === 10)).toBe(true);
    expect(calls.map(({ userIds, offset }) => [userIds.length, offset])).toEqual([
      [100, 0],
      [50, 0],
      [100, 1000],
    ]);
  });

  it('reads again when asked again later in the request, after a mutation may have changed the rows', async () => {
    const rows = [{ ClientId: 2, UserId: 7, Name: 'Admin' }];
    const { calls, pageOf } = restList(rows);
    const loader = perPerson(pageOf);
    expect(await loader.load({ userId: 7, organizationId: 2 })).toEqual([{ UserId: 7, Name: 'Admin' }]);
    rows.push({ ClientId: 2, UserId: 7, Name: 'Viewer' });
    expect(await loader.load({ userId: 7, organizationId: 2 })).toHaveLength(2);
    expect(calls).toHaveLength(2);
  });
});
