import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { useStack } from '../support/useStack';

const SET_ACTIVE = 'mutation ($input: SetUsersActiveInput!) { setUsersActive(input: $input) { errors { code } } }';

describe('the audit log in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let admin: GraphQLSession;
  let person: { id: string; name: string };

  beforeAll(async () => {
    admin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const [row] = await stack.db.query<{ user_id: number; name: string }>(
      `SELECT u.user_id, u.first_name || ' ' || u.last_name AS name FROM client_users u JOIN clients c USING (client_id)
        WHERE c.company_name = 'Acme Corporation' AND u.type_of_user = 'User' AND u.is_active AND u.email <> 'member@acme.local'
        ORDER BY u.user_id LIMIT 1`,
    );
    person = { id: String(row!.user_id), name: row!.name };
    // Something the organisation's admin did that the log must show.
    await admin.request(SET_ACTIVE, { input: { userIds: [person.id], active: false } });
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function open(mode: 'light' | 'dark', width: number, session = admin): Promise<Page> {
    const page = await tab({ mode, width, session });
    await page.goto('/dashboard');
    return page;
  }

  it('shows an admin who deactivated whom, narrows to one action and one person, and exports what it shows', async () => {
    const page = await open('light', 1280);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Audit Log', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/AuditLog');
    await page.getByTestId('page-title').getByText('Audit Log', { exact: true }).waitFor();
    const table = page.getByTestId('audit-table');
    const deactivation = table.getByRole('row').filter({ hasText: person.name }).filter({ hasText: 'Person deactivated' });
    await deactivation.waitFor();
    expect(await deactivation.innerText()).toContain('Active: Yes → No');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `audit-log-light-1280.png`, { fullPage: true });

    await page.getByTestId('audit-action-filter').selectOption('user.deactivate');
    await page.waitForURL((url) => url.searchParams.get('action') === 'user.deactivate');
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:nth-child(3)').allInnerTexts()))
      .toEqual(new Set(['Person deactivated']));

    await deactivation.getByTestId('audit-person').click();
    await page.getByTestId('audit-person-filter').waitFor();
    expect(await page.getByTestId('audit-person-filter').innerText()).toContain('Changes by');
    expect(new URL(page.url()).searchParams.get('person')).not.toBeNull();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain('Person deactivated');
    expect(csv).toContain(`Person: ${person.name}`);
    expect(csv).toContain('Active: Yes → No');
    expect(csv).not.toContain('user.deactivate');
    expect(csv).not.toContain('Every session of a person ended');

    await page.getByRole('button', { name: 'Show changes by everyone' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('person')).toBeNull();
  });

  it('reads well in dark mode and on a phone', async () => {
    const page = await open('dark', 390);
    await visit(page, '/AuditLog');
    await page.getByTestId('audit-table').locator('tbody').getByText('Person deactivated').first().waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `audit-log-dark-390.png`, { fullPage: true });
  });

  it("shows the provider the whole platform's log in Platform Settings, each entry with its organisation", async () => {
    const provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const page = await open('light', 1280, provider);
    await visit(page, '/platformsettings/audit');
    const row = page.getByTestId('audit-table').getByRole('row').filter({ hasText: person.name }).filter({ hasText: 'Person deactivated' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Acme Corporation');
    expect(await page.getByRole('tab', { name: 'Audit log', selected: true }).count()).toBe(1);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `audit-log-platform-light-1280.png`, { fullPage: true });
  });
});
