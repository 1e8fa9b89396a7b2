import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn } from '../support/graphql';
import { startStack, type Stack } from '../support/stack';
import { ProjectsPage } from './pages/ProjectsPage';

describe('projects in the browser', () => {
  let stack: Stack;
  const browser = useBrowser();
  let cookie = '';
  let providerCookie = '';

  beforeAll(async () => {
    stack = await startStack('pglite');
    cookie = (await signedIn(stack.gatewayUrl, 'admin@acme.local')).cookies.get('token_org')!;
    providerCookie = (await signedIn(stack.gatewayUrl, 'admin@yozy.local')).cookies.get('token_org')!;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  function signedInTab(mode: 'light' | 'dark', width = 1280, as = cookie): Promise<Page> {
    return tab({ mode, width, height: width > 500 ? 800 : 844, session: as });
  }

  it('an organisation admin makes a project, allocates someone over 100 % after a warning, and ends the allocation (light, 1280)', async () => {
    const page = await signedInTab('light');
    const projects = new ProjectsPage(page);
    await page.goto('/GroupManagement');
    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.waitForURL('**/GroupManagement/projects');
    await projects.row('ACM-WEB').waitFor();
    // The demo's Diego is on both open projects, 50 % and 60 %.
    await projects.row('ACM-WEB').getByTestId('project-over-allocated').waitFor();
    expect(await projects.row('ACM-ERP').getByTestId('project-status').innerText()).toBe('Closed');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `projects-light-1280.png`, { fullPage: true });

    await projects.createProject('acm-e2e', 'Browser trial');
    await projects.row('ACM-E2E').waitFor();
    await projects.row('ACM-E2E').getByTestId('project-link').click();
    await page.getByTestId('project-heading').getByText('ACM-E2E: Browser trial').waitFor();
    await page.getByText('Nobody is allocated').waitFor();

    const [diego] = await stack.db.query<{ id: string }>(
      "SELECT user_id::text AS id FROM client_users WHERE email = 'diego.alvarez@acme.local'",
    );
    await projects.fillAllocation('alvarez', diego!.id, '30', 'Tester');
    // The end date is the console's date field, written DD-MM-YYYY, not the browser's own picker format.
    const end = page.getByTestId('allocation-end-input');
    expect(await end.getAttribute('type')).toBe('text');
    expect(await end.getAttribute('placeholder')).toBe('DD-MM-YYYY');
    await end.fill('31-01-2028');
    const warning = page.getByTestId('allocation-over-warning');
    expect(await warning.innerText()).toContain('Diego would be allocated 140 % over current projects');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `projects-allocate-light-1280.png`);
    await page.getByTestId('allocation-save').click();
    // Warned, not refused: the allocation is made and the list shows the total as over.
    await projects.allocationRow('Diego Alvarez').getByTestId('allocation-over-total').getByText('140 %: over 100 %').waitFor();
    expect(await projects.allocationRow('Diego Alvarez').getByRole('cell').nth(4).innerText()).toBe('31-01-2028');
    const [saved] = await stack.db.query<{ end_date: string }>(
      `SELECT to_char(a.end_date, 'YYYY-MM-DD') AS end_date FROM project_allocations a JOIN projects p USING (project_id)
        WHERE p.short_code = 'ACM-E2E'`,
    );
    expect(saved).toEqual({ end_date: '2028-01-31' });

    await projects.allocationRow('Diego Alvarez').getByRole('button', { name: 'End Diego Alvarez' }).click();
    await page.getByTestId('allocation-end-dialog').getByText('ends today').waitFor();
    await page.getByTestId('allocation-end-dialog-confirm').click();
    await expect.poll(() => projects.allocationRow('Diego Alvarez').getByRole('cell').nth(5).innerText()).toBe('Ended');
    const [ended] = await stack.db.query<{ is_current: boolean }>(
      "SELECT a.is_current FROM project_allocations a JOIN projects p USING (project_id) WHERE p.short_code = 'ACM-E2E'",
    );
    expect(ended).toEqual({ is_current: false });
  });

  it('closes a project after asking, searches and exports the list, tells of allocations before deactivating, and reads well in dark mode at 1280 and 390 px', async () => {
    const page = await signedInTab('dark');
    const projects = new ProjectsPage(page);
    await page.goto('/GroupManagement/projects');
    await projects.row('ACM-MOB').getByRole('button', { name: 'Close ACM-MOB' }).click();
    const dialog = page.getByTestId('project-close-dialog');
    await dialog.getByText('Close ACM-MOB?').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByTestId('project-close-dialog-confirm').click();
    await expect.poll(() => projects.row('ACM-MOB').getByTestId('project-status').innerText()).toBe('Closed');

    await page.getByTestId('project-status-filter').selectOption({ label: 'Closed' });
    await page.getByTestId('table-search').fill('field');
    await page.waitForURL(/q=field/);
    await expect.poll(() => projects.table().getByTestId('project-link').allInnerTexts()).toEqual(['ACM-MOB']);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await download).path())!, 'utf8');
    expect(csv).toContain('ACM-MOB');
    expect(csv).not.toContain('ACM-WEB');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `projects-dark-1280.png`, { fullPage: true });

    // Deactivating someone says what they keep in projects: Diego is still on ACM-WEB.
    await visit(page, '/UserManagement?q=alvarez');
    await page.getByRole('checkbox', { name: 'Select Diego Alvarez' }).check({ force: true });
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByTestId('deactivate-allocations-notice')
      .getByText('Diego has 1 current project allocation; they stay until ended.')
      .waitFor();
    await page.getByTestId('users-confirm-cancel').click();

    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/GroupManagement/projects');
    await projects.row('ACM-WEB').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `projects-dark-390.png`, { fullPage: true });
    await projects.row('ACM-WEB').getByTestId('project-link').click();
    await projects.allocationRow('Diego Alvarez').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `project-page-dark-390.png`, { fullPage: true });

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await visit(page, '/GroupManagement/projects');
    await projects.row('ACM-WEB').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `projects-light-390.png`, { fullPage: true });
  });

  it('the provider sees an organisation’s projects in its group tab, each tab and project at its own address', async () => {
    const page = await signedInTab('light', 1280, providerCookie);
    const projects = new ProjectsPage(page);
    const [globex] = await stack.db.query<{ id: string }>(
      "SELECT client_id::text AS id FROM clients WHERE company_name = 'Globex Industries'",
    );
    await page.goto(`/OrganizationDetails/Organization/${globex!.id}/group`);
    await page.getByRole('tab', { name: 'Projects' }).click();
    await page.waitForURL(`**/OrganizationDetails/Organization/${globex!.id}/group/projects`);
    await projects.row('GLX-ERP').getByTestId('project-link').click();
    await page.getByTestId('project-heading').getByText('GLX-ERP: ERP Migration').waitFor();
    expect(page.url()).toMatch(new RegExp(`/OrganizationDetails/Organization/${globex!.id}/group/projects/\\d+$`));
    expect(await page.getByRole('tab', { name: 'Group Details' }).getAttribute('aria-selected')).toBe('true');
    expect(await axeFindings(page)).toEqual([]);
  });
});
