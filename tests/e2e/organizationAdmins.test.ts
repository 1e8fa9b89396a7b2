import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe("another organisation admin, added from the organisation's user tab in the browser", () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  /** The provider's SuperAdmin in a fresh context; axe is injected as a script, which the CSP rightly refuses. */
  async function superAdmin(b: Browser, mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const context = await b.newContext({ baseURL: stack.gatewayUrl, viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
    await context.addCookies([{ name: 'token_org', value: session.cookies.get('token_org')!, url: stack.gatewayUrl }]);
    return context.newPage();
  }

  it.each([
    ['light', 1280],
    ['dark', 390],
  ] as const)('lets the provider invite an organisation admin (%s, %i px), marked Admin in the list', async (mode, width) => {
    const [acme] = await stack.db.query<{ id: number }>("SELECT client_id AS id FROM clients WHERE company_name = 'Acme Corporation'");
    const email = `nadia.petrova.${mode}@acme.local`;
    const page = await superAdmin(browser(), mode, width);
    await page.goto(`/OrganizationDetails/Organization/${acme!.id}/user`);
    await page.getByTestId('invite-open').click();
    const dialog = page.getByTestId('invite-dialog');
    await dialog.getByTestId('invite-first-name').fill('Nadia');
    await dialog.getByTestId('invite-last-name').fill('Petrova');
    await dialog.getByTestId('invite-email').fill(email);
    await dialog.getByTestId('invite-phone').fill('+1 555 0177');
    await dialog.getByTestId('invite-department-name').fill('IT');
    await dialog.getByTestId('invite-type').selectOption({ label: 'Organization admin' });
    await dialog.getByTestId('invite-role').selectOption({ label: 'Admin · Yozy Web' });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `organization-admin-invite-${mode}-${width}.png`);
    await page.getByTestId('invite-submit').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('table-search').fill('nadia');
    // The search waits for typing to stop: wait for the narrowed list, not the one before it.
    await page.waitForURL((url) => url.searchParams.get('q') === 'nadia');
    await page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByTestId('user-admin').waitFor();
    expect(await row.getByTestId('user-status').innerText()).toBe('Invited');
    expect(await stack.db.query('SELECT type_of_user FROM client_users WHERE email = $1', [email])).toEqual([{ type_of_user: 'OrgAdmin' }]);
    expect(await stack.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [email])).toHaveLength(1);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `organization-admin-invited-${mode}-${width}.png`, { fullPage: true });
    await page.context().close();
  });
});
