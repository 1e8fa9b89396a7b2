import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

/** The cells of one CSV line (RFC 4180: a quoted cell doubles its quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const cell = /"((?:[^"]|"")*)"|([^,]*)/y;
  for (let at = 0; ; at += 1) {
    cell.lastIndex = at;
    const [, quoted, plain] = cell.exec(line)!;
    cells.push(quoted !== undefined ? quoted.replaceAll('""', '"') : plain!);
    at = cell.lastIndex;
    if (line[at] !== ',') return cells;
  }
}

describe('user management in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let cookie = '';

  beforeAll(async () => {
    cookie = (await signedIn(stack.gatewayUrl, 'admin@acme.local')).cookies.get('token_org')!;
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function open(mode: 'light' | 'dark', width: number): Promise<Page> {
    const page = await tab({ mode, width, session: cookie });
    await page.goto('/UserManagement');
    await page.getByTestId('user-open').first().waitFor();
    await webSeats(page).waitFor();
    return page;
  }

  const rowsShown = (page: Page) => page.getByTestId('user-open').allInnerTexts();
  /** Ticks a person's row; ticked again if the list, read again after an action, cleared it meanwhile. */
  const tick = (page: Page, name: string) =>
    expect
      .poll(async () => {
        const box = page.getByRole('checkbox', { name: `Select ${name}` });
        if (!(await box.isChecked())) await box.check({ force: true }).catch(() => undefined);
        return box.isChecked();
      })
      .toBe(true);
  /** The seat count on the Yozy Web card: Acme has a licence for more than one product. */
  const webSeats = (page: Page) =>
    page.getByTestId('seat-summary').locator(':scope > div').filter({ hasText: 'Yozy Web' }).getByTestId('seat-count');

  /** Acme's Yozy Web seats as the seat limit counts them: live licences give, active people with a role take. */
  async function acmeWebSeats() {
    const [row] = await stack.db.query<{ used: number; capacity: number }>(
      `SELECT (SELECT count(DISTINCT u.user_id)::int FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
                WHERE u.client_id = c.client_id AND u.is_active AND ur.product_id = pr.product_id) AS used,
              (SELECT coalesce(sum(pl.capacity), 0)::int FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id
                WHERE l.client_id = c.client_id AND l.product_id = pr.product_id AND l.is_active
                  AND l.valid_till >= current_date) AS capacity
         FROM clients c, products pr WHERE c.company_name = 'Acme Corporation' AND pr.product_name = 'Yozy Web'`,
    );
    return row!;
  }

  it('lists, filters and searches people, shows one with their roles, and invites someone who then shows as invited', async () => {
    const page = await open('light', 1280);
    expect(await page.getByTestId('page-title').innerText()).toBe('User Management');
    const seats = await acmeWebSeats();
    expect(seats.capacity).toBeGreaterThan(seats.used);
    expect(await webSeats(page).innerText()).toBe(`${seats.used} of ${seats.capacity} seats used`);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-light-1280.png`, { fullPage: true });

    await page.getByTestId('user-status-filter').selectOption('DISABLED');
    await page.waitForURL((url) => url.searchParams.get('status') === 'DISABLED');
    const [disabled] = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM client_users u JOIN clients c ON c.client_id = u.client_id
        WHERE c.company_name = 'Acme Corporation' AND NOT u.is_active`,
    );
    expect(disabled!.n).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('user-status').allInnerTexts()).toEqual(Array<string>(disabled!.n).fill('Deactivated'));
    await page.getByTestId('user-status-filter').selectOption('');

    await page.getByTestId('table-search').fill('kenji');
    await expect.poll(() => rowsShown(page)).toEqual(['Kenji Watanabe']);
    // Each name is a real link to the person's own page (personPage.test.ts opens it).
    expect(await page.getByTestId('user-open').first().getAttribute('href')).toMatch(/^\/UserManagement\/\d+$/);

    await page.getByTestId('invite-open').click();
    const dialog = page.getByTestId('invite-dialog');
    await page.getByTestId('invite-submit').click();
    await page.getByTestId('invite-first-name-error').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-invite-errors-light-1280.png`);

    await page.getByTestId('invite-first-name').fill('Ingrid');
    await page.getByTestId('invite-last-name').fill('Browser');
    await page.getByTestId('invite-email').fill('ingrid.browser@acme.local');
    await page.getByTestId('invite-department-name').fill('Research');
    await page.getByTestId('invite-department-code').fill('RND');
    await page.getByTestId('invite-role').selectOption({ label: 'Member · Yozy Web' });
    await page.getByTestId('invite-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Invitation sent').waitFor();

    await page.getByTestId('table-search').fill('ingrid');
    await expect.poll(() => rowsShown(page)).toEqual(['Ingrid Browser']);
    expect(await page.getByTestId('user-status').innerText()).toBe('Invited');
    // The invited person takes a Yozy Web seat straight away.
    await expect.poll(() => webSeats(page).innerText()).toBe(`${seats.used + 1} of ${seats.capacity} seats used`);
    const [mail] = await stack.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [
      'ingrid.browser@acme.local',
    ]);
    expect(mail?.text_body).toContain('/setpassword/ingrid.browser%40acme.local/Ingrid/Browser?token=');

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-light-390.png`, { fullPage: true });
  });

  it('exports people with phone numbers as typed, dates in ISO 8601 and a role column per product', async () => {
    const email = 'grace.hopper@acme.local';
    // Phone numbers a spreadsheet would otherwise turn into numbers (dropping the + and the leading zeros).
    await stack.db.query("UPDATE client_users SET phone = '+442079460958' WHERE email = $1", [email]);
    await stack.db.query("UPDATE client_users SET phone = '0049 30 1234567' WHERE email = 'samuel.okafor@acme.local'");
    const roles = await stack.db.query<{ product: string; role: string }>(
      `SELECT p.product_name AS product, r.role_name AS role
         FROM user_roles ur JOIN client_users u USING (user_id) JOIN roles r ON r.role_id = ur.role_id
         JOIN products p ON p.product_id = ur.product_id
        WHERE u.email = $1 ORDER BY p.product_name`,
      [email],
    );
    expect(roles.length).toBeGreaterThan(0);
    const [created] = await stack.db.query<{ at: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS at FROM client_users WHERE email = $1`,
      [email],
    );

    const page = await open('light', 1280);
    await page.getByTestId('table-search').fill('hopper');
    await expect.poll(() => rowsShown(page)).toEqual(['Grace Hopper']);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const text = await readFile((await (await download).path())!, 'utf8');
    const [header, row] = text
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map(csvCells);
    const cell = (name: string) => row![header!.indexOf(name)];
    // Opened in a spreadsheet, ="…" shows the text itself: +44 and all, with no apostrophe before it.
    expect(cell('Phone')).toBe('="+442079460958"');
    expect(cell('Created')).toMatch(new RegExp(`^${created!.at}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$`));
    for (const { product, role } of roles) expect(cell(`Role on ${product}`)).toBe(role);
    expect(header!.filter((name) => name.startsWith('Role on '))).toEqual(expect.arrayContaining(roles.map((r) => `Role on ${r.product}`)));

    await page.getByTestId('table-search').fill('samuel');
    await expect.poll(() => rowsShown(page)).toEqual(['Samuel Okafor']);
    const second = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const other = await readFile((await (await second).path())!, 'utf8');
    expect(other).toContain('"=""0049 30 1234567"""');
  });

  it('shows the invitation, sends it again and revokes it after asking', async () => {
    const page = await open('light', 1280);
    await page.getByTestId('invitations-tab').click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'invitations');
    await page.getByTestId('invitation-status').first().waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-invitations-light-1280.png`, { fullPage: true });

    const table = page.getByTestId('invitations-table');
    await page.getByTestId('table-search').fill('ingrid');
    await expect.poll(() => table.getByTestId('invitation-status').allInnerTexts()).toEqual(['Pending']);
    await table.getByTestId('invitation-resend').click();
    await page.getByText('Invitation sent again').waitFor();

    // Copying a link voids the mailed one, so the console asks first; cancelling keeps the mailed link.
    const tokens = () =>
      stack.db.query<{ token_id: number }>(
        `SELECT t.token_id FROM user_tokens t JOIN client_users u ON u.user_id = t.user_id
          WHERE u.email = $1 AND t.purpose = 'invite' AND t.voided_at IS NULL`,
        ['ingrid.browser@acme.local'],
      );
    const before = await tokens();
    expect(before).toHaveLength(1);
    await table.getByTestId('invitation-copy').click();
    const copyConfirm = page.getByTestId('invitation-copy-confirm');
    await copyConfirm.waitFor();
    expect(await copyConfirm.innerText()).toContain(
      'The link emailed to ingrid.browser@acme.local stops working, and a new one is copied for you to pass on to Ingrid Browser yourself.',
    );
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-invitation-copy-light-1280.png`);
    await page.getByTestId('invitation-copy-confirm-cancel').click();
    await copyConfirm.waitFor({ state: 'detached' });
    expect(await tokens()).toEqual(before);
    await table.getByTestId('invitation-copy').click();
    await page.getByTestId('invitation-copy-confirm-confirm').click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/setpassword\/ingrid\.browser%40acme\.local\//);

    await table.getByTestId('invitation-revoke').click();
    await page.getByTestId('confirm-dialog').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByTestId('confirm-dialog-confirm').click();
    await page.getByText('Invitation revoked').waitFor();
    await expect.poll(() => table.getByTestId('invitation-status').allInnerTexts()).toEqual(['Revoked']);
    const [row] = await stack.db.query<{ is_active: boolean }>('SELECT is_active FROM client_users WHERE email = $1', [
      'ingrid.browser@acme.local',
    ]);
    expect(row?.is_active).toBe(false);

    // Revoking deactivated the person: the invitation is sent again only by activating them, asked first.
    expect(await table.getByTestId('invitation-resend').count()).toBe(0);
    expect(await table.getByTestId('invitation-copy').count()).toBe(0);
    await table.getByTestId('invitation-activate-resend').click();
    const activateConfirm = page.getByTestId('invitation-activate-confirm');
    await activateConfirm.waitFor();
    expect(await activateConfirm.innerText()).toContain(
      'Ingrid Browser (ingrid.browser@acme.local) is deactivated. Activating them takes a seat on each product they hold a role for, and a new invitation link is mailed to them; earlier links stay void.',
    );
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-invitation-activate-light-1280.png`);
    await page.getByTestId('invitation-activate-confirm-confirm').click();
    await page.getByText('Ingrid Browser is active again').waitFor();
    await expect.poll(() => table.getByTestId('invitation-status').allInnerTexts()).toEqual(['Pending']);
    const [again] = await stack.db.query<{ is_active: boolean }>('SELECT is_active FROM client_users WHERE email = $1', [
      'ingrid.browser@acme.local',
    ]);
    expect(again?.is_active).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-invitations-light-390.png`, { fullPage: true });
  });

  it('deactivates, activates and signs out the selected people, asking before what ends sessions', async () => {
    const page = await open('light', 1280);
    const status = (name: string) => page.getByRole('row').filter({ hasText: name }).getByTestId('user-status').innerText();
    await page.getByTestId('table-search').fill('engineering');
    // Wait for the narrowed list itself: rows ticked before it arrives belong to the old list.
    await page.waitForURL((url) => url.searchParams.get('q') === 'engineering');
    await page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    await expect.poll(() => rowsShown(page)).toEqual(expect.arrayContaining(['Kenji Watanabe', 'Marcus Lee']));
    for (const name of ['Kenji Watanabe', 'Marcus Lee'])
      await page.getByRole('checkbox', { name: `Select ${name}` }).check({ force: true });
    await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('2 selected');
    // Only what applies to two active people: no activating them, no invitation to send again.
    const offered = () => page.getByTestId('bulk-bar').getByRole('button').allInnerTexts();
    expect(await offered()).toEqual(['Deactivate', 'Sign out', 'Clear selection']);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-bulk-light-1280.png`);

    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByTestId('users-confirm').waitFor();
    await page.getByTestId('users-confirm-confirm').click();
    // The toast says what happened, not only that it did.
    await page.getByText('2 people were deactivated').waitFor();
    await expect.poll(() => status('Kenji Watanabe')).toBe('Deactivated');
    expect(await status('Marcus Lee')).toBe('Deactivated');
    // Until the confirmation has closed, its backdrop takes the clicks meant for the rows below.
    await page.getByTestId('users-confirm').waitFor({ state: 'detached' });

    for (const name of ['Kenji Watanabe', 'Marcus Lee']) await tick(page, name);
    await expect.poll(() => page.getByTestId('bulk-count').innerText()).toBe('2 selected');
    expect(await offered()).toEqual(['Activate', 'Clear selection']);
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Activate', exact: true }).click();
    await expect.poll(() => status('Kenji Watanabe')).toBe('Active');
    expect(await status('Marcus Lee')).toBe('Active');

    await tick(page, 'Kenji Watanabe');
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Sign out' }).click();
    await page.getByTestId('users-confirm-confirm').click();
    // Deactivating ended Kenji's sessions: the toast says there was none left to end.
    await page.getByText('Kenji Watanabe was not signed in anywhere').waitFor();
  });

  it('reads well in dark mode, wide and on a phone', async () => {
    const page = await open('dark', 1280);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-dark-1280.png`, { fullPage: true });
    await page.getByTestId('invite-open').click();
    await page.getByTestId('invite-dialog').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('invitations-tab').click();
    await page.getByTestId('invitation-status').first().waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-invitations-dark-1280.png`, { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-dark-390.png`, { fullPage: true });
  });
});
