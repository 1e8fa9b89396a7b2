import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn } from '../support/graphql';
import { startStack, type Stack } from '../support/stack';
import { GroupsPage } from './pages/GroupsPage';

describe('groups in the browser', () => {
  let stack: Stack;
  const browser = useBrowser();
  let cookie = '';

  beforeAll(async () => {
    stack = await startStack('pglite');
    cookie = (await signedIn(stack.gatewayUrl, 'admin@acme.local')).cookies.get('token_org')!;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });
  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The file's tab, handed to Acme's admin. */
  const admin = (mode: 'light' | 'dark'): Promise<Page> => tab({ mode, height: 800, session: cookie });

  it('an organisation admin makes a group and adds a member, in light mode, with no axe finding', async () => {
    const page = await admin('light');
    const groups = new GroupsPage(page);
    await page.goto('/GroupManagement');
    await groups.row('Engineering').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('Groups');
    expect(await groups.row('On-call').getByRole('cell').nth(2).innerText()).toBe('2');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `groups-light-1280.png`, { fullPage: true });

    await groups.createGroup('Field crew', 'Visits customer sites');
    await groups.row('Field crew').waitFor();
    await page.getByRole('button', { name: 'Members of Field crew' }).click();
    await groups.members().getByText('Members of Field crew', { exact: true }).waitFor();
    await page.getByTestId('group-members-empty').waitFor();
    await groups.addMember('baker', 'Tom Baker');
    await groups.memberList().getByText('tom.baker@acme.local').waitFor();
    expect(
      await groups
        .members()
        .getByRole('heading', { name: /^Members/, level: 3 })
        .innerText(),
    ).toBe('Members (1)');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `groups-members-light-1280.png`);

    await page.keyboard.press('Escape');
    await groups.members().waitFor({ state: 'detached' });
    await expect.poll(() => groups.row('Field crew').getByRole('cell').nth(2).innerText()).toBe('1');
    expect(await groups.row('Field crew').getByRole('cell').nth(1).innerText()).toBe('Visits customer sites');
    const [saved] = await stack.db.query<{ members: string[] }>(
      `SELECT array(SELECT u.email FROM group_members m JOIN client_users u ON u.user_id = m.user_id WHERE m.group_id = g.group_id) AS members
         FROM groups g WHERE g.name = 'Field crew'`,
    );
    expect(saved?.members).toEqual(['tom.baker@acme.local']);
  });

  it('reads well in dark mode at 1280 and 390 px, the members dialog too, and deletes a group after asking', async () => {
    const page = await admin('dark');
    const groups = new GroupsPage(page);
    await page.goto('/GroupManagement?q=sup');
    await groups.row('Support').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `groups-dark-1280.png`, { fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/GroupManagement');
    await groups.row('Sales').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `groups-dark-390.png`, { fullPage: true });

    await page.getByRole('button', { name: 'Members of Sales' }).click();
    await groups.memberList().waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `groups-members-dark-390.png`);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Delete Sales' }).click();
    const dialog = page.getByTestId('group-delete-dialog');
    await dialog.getByText('Delete Sales?').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByTestId('group-delete-dialog-confirm').click();
    // The dialog closes when the deletion is done (the list may already be reloading, rows gone,
    // after the members dialog's changes).
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Sales was deleted').waitFor();
    await groups.row('Sales').waitFor({ state: 'detached' });
    expect(await stack.db.query(`SELECT 1 FROM groups WHERE name = 'Sales'`)).toEqual([]);
  });
});
