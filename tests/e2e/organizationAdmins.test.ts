import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe("another organisation admin, added from the organisation's user tab in the browser", () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The provider's SuperAdmin, handed the file's tab. */
  async function superAdmin(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    return tab({ mode, width, session });
  }

  it.each([
    ['light', 1280],
    ['dark', 390],
  ] as const)('lets the provider invite an organisation admin (%s, %i px), marked Admin in the list', async (mode, width) => {
    const [acme] = await stack.db.query<{ id: number }>("SELECT client_id AS id FROM clients WHERE company_name = 'Acme Corporation'");
    const email = `nadia.petrova.${mode}@acme.local`;
    const page = await superAdmin(mode, width);
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
  });
});
