import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#app';
import type { Database } from '#db/database';
import { DEMO_PASSWORD } from '#seed/demo';
import { TEST_SECRET_KEY, TEST_SERVICE_TOKEN } from '#testing/restApi';
import { openSeededDatabase } from '#testing/testDatabase';
import { TEST_DATABASE_KINDS } from '#testing/testDatabases';

/**
 * A page past the first is read by its rows' keys first, then those rows are made into records
 * (`listResource`). Paging through a list two rows at a time shows every row of the whole list once,
 * in its order: lists whose key is one row only within their filter (a group's candidates are its
 * organisation's people, listed once per group), whose key has two columns (a person's groups),
 * whose order has ties (organisations by type) or whose fields are counted per row.
 */

const PAGE = 2;

describe.each(TEST_DATABASE_KINDS)('pages after the first on %s', (kind) => {
  let db: Database;
  let drop: () => Promise<void> = async () => undefined;
  let agent: ReturnType<typeof request.agent>;
  const tokens = { acme: '', provider: '' };
  const ids = { group: 0, person: 0 };

  beforeAll(async () => {
    ({ db, drop } = await openSeededDatabase(kind));
    agent = request
      .agent(createApp({ db, serviceToken: TEST_SERVICE_TOKEN, secretKey: TEST_SECRET_KEY }))
      .set(SERVICE_TOKEN_HEADER, TEST_SERVICE_TOKEN);
    const signIn = async (email: string) => (await agent.post('/users/signIn').send({ email, password: DEMO_PASSWORD })).body.token;
    tokens.acme = await signIn('admin@acme.local');
    tokens.provider = await signIn('admin@yozy.local');
    const [acme] = await db.query<{ group_id: number; user_id: number }>(
      `SELECT min(g.group_id) AS group_id, (SELECT u.user_id FROM client_users u WHERE u.email = 'admin@acme.local') AS user_id
         FROM groups g JOIN clients c ON c.client_id = g.client_id WHERE c.company_name = 'Acme Corporation'`,
    );
    ids.group = acme!.group_id;
    ids.person = acme!.user_id;
    // Acme's admin in every group of Acme, for a person's groups to run to several pages.
    await db.query(
      `INSERT INTO group_members (group_id, user_id)
       SELECT g.group_id, $1 FROM groups g WHERE g.client_id = (SELECT client_id FROM client_users WHERE user_id = $1)
       ON CONFLICT DO NOTHING`,
      [ids.person],
    );
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  const rowsOf = async (who: keyof typeof tokens, path: string, query: string): Promise<Record<string, unknown>[]> => {
    const response = await agent.get(`${path}?${query}`).auth(tokens[who], { type: 'bearer' }).set('prefer', 'count=bounded');
    expect(response.status, `${path}?${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body as Record<string, unknown>[];
  };

  it.each<[who: keyof typeof tokens, path: string, scope: () => string, orders: string[]]>([
    [
      'acme',
      '/subscription_user_group_mapping/candidates',
      () => `GroupId=eq.${ids.group}`,
      ['', 'UserFirstname.asc', 'UserFirstname.desc'],
    ],
    ['acme', '/subscription_user_groups', () => `UserId=eq.${ids.person}`, ['']],
    ['provider', '/subscription_client_details', () => '', ['', 'ClientType.asc', 'ClientType.desc', 'ClientCompanyName.desc']],
    ['acme', '/subscription_audit_log', () => '', ['', 'CreatedAt.desc']],
  ])('pages through %s’s %s showing every row once, in order', async (who, path, scope, orders) => {
    for (const order of orders) {
      const query = [scope(), order && `order=${order}`].filter(Boolean).join('&');
      const whole = await rowsOf(who, path, `${query}&limit=1000`);
      expect(whole.length, `${path}?${query}`).toBeGreaterThan(PAGE);
      const paged: Record<string, unknown>[] = [];
      for (let offset = 0; offset < whole.length + PAGE; offset += PAGE) {
        paged.push(...(await rowsOf(who, path, `${query}&limit=${PAGE}&offset=${offset}`)));
      }
      expect(paged, `${path}?${query}`).toEqual(whole);
    }
  });
});
