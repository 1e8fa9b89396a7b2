import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#testing/testDatabase';
import type { Database } from './database';
import { migrate } from './migrate';

const MIGRATIONS = fileURLToPath(new URL('../../migrations/', import.meta.url));
const CLOSED_LISTS = '082_organization_choices.sql';

/** Migration 082 on organisations typed before the lists: what it maps, and what it keeps as it was. */
describe('the closed lists migration', () => {
  let db: Database;
  let directory: string;

  beforeAll(async () => {
    db = await openTestDatabase('migrated');
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    directory = mkdtempSync(join(tmpdir(), 'yozy-closed-lists-'));
    for (const file of readdirSync(MIGRATIONS).filter((name) => name < CLOSED_LISTS)) cpSync(join(MIGRATIONS, file), join(directory, file));
    await migrate(db, { directory });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('maps typed variants onto the lists and the ISO codes, and keeps what it cannot map as it was', async () => {
    await db.query(
      `INSERT INTO clients (company_name, country, country_code, currency_code, business_vertical, client_type) VALUES
         ('Typed', 'United Kingdom', NULL, ' gbp ', ' saas ', 'enterprise'),
         ('Coded', NULL, 'in', 'INR', 'Finance', 'SMB'),
         ('Blank', 'USA', '', 'USD', '', '  '),
         ('Odd', 'Atlantis', 'ATL', 'dollars', 'Widgets', 'Co-operative')`,
    );
    cpSync(join(MIGRATIONS, CLOSED_LISTS), join(directory, CLOSED_LISTS));
    expect(await migrate(db, { directory })).toEqual([CLOSED_LISTS]);

    expect(
      await db.query(
        'SELECT company_name, country, country_code, currency_code, business_vertical, client_type FROM clients ORDER BY client_id',
      ),
    ).toEqual([
      {
        company_name: 'Typed',
        country: 'United Kingdom',
        country_code: 'GB',
        currency_code: 'GBP',
        business_vertical: 'SaaS',
        client_type: 'Enterprise',
      },
      { company_name: 'Coded', country: null, country_code: 'IN', currency_code: 'INR', business_vertical: 'Finance', client_type: 'SMB' },
      { company_name: 'Blank', country: 'USA', country_code: 'US', currency_code: 'USD', business_vertical: null, client_type: null },
      {
        company_name: 'Odd',
        country: 'Atlantis',
        country_code: 'ATL',
        currency_code: 'dollars',
        business_vertical: 'Widgets',
        client_type: 'Co-operative',
      },
    ]);
    const lists = await db.query<{ choice_list: string; n: number }>(
      'SELECT choice_list, count(*)::int AS n FROM organization_choices GROUP BY choice_list ORDER BY choice_list',
    );
    expect(lists).toEqual([
      { choice_list: 'BusinessVertical', n: 9 },
      { choice_list: 'ClientType', n: 4 },
    ]);
  });
});
