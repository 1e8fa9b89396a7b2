import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe('approving the people the provider added, in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** An organisation admin of Globex, whose settings ask for approval, handed the file's tab. */
  async function globexAdmin(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@globex.local');
    return tab({ mode, width, session });
  }

  /** Someone the provider added to Globex, awaiting approval (written straight in, without a role, so the demo's seats stay as they are). */
  async function awaiting(first: string, last: string): Promise<string> {
    const email = `${first}.${last}@globex.local`.toLowerCase();
    await stack.db.query(
      `INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, awaiting_approval)
       SELECT client_id, $1, $2, $3, 'User', true FROM clients WHERE company_name = 'Globex Industries'`,
      [first, last, email],
    );
    return email;
  }

  it.each([
    ['light', 1280],
    ['dark', 390],
  ] as const)('finds them by status, approves one (who is mailed) and declines another after asking (%s, %i px)', async (mode, width) => {
    const approve = await awaiting('Rosa', `Approved${mode}`);
    const decline = await awaiting('Dario', `Declined${mode}`);
    const page = await globexAdmin(mode, width);
    await page.goto('/UserManagement');
    await page.getByTestId('user-status-filter').selectOption('AWAITING_APPROVAL');
    await page.waitForURL((url) => url.searchParams.get('status') === 'AWAITING_APPROVAL');
    const row = (email: string) => page.getByRole('row').filter({ hasText: email });
    await row(approve).waitFor();
    await expect.poll(() => page.getByTestId('user-status').allInnerTexts()).toEqual(expect.arrayContaining(['Awaiting approval']));
    expect(new Set(await page.getByTestId('user-status').allInnerTexts())).toEqual(new Set(['Awaiting approval']));
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-awaiting-${mode}-${width}.png`, { fullPage: true });

    await row(approve).getByRole('checkbox').check({ force: true });
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => row(approve).count()).toBe(0);
    expect(await stack.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [approve])).toHaveLength(1);

    await row(decline).getByRole('checkbox').check({ force: true });
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Decline' }).click();
    const confirm = page.getByTestId('users-confirm');
    expect(await confirm.innerText()).toContain('Their accounts are deleted');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByTestId('users-confirm-confirm').click();
    // The dialog closes once the people are declined; the list may empty for a moment before, while it reloads.
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row(decline).count()).toBe(0);
    expect(await stack.db.query('SELECT 1 FROM client_users WHERE email = $1', [decline])).toEqual([]);
  });
});
