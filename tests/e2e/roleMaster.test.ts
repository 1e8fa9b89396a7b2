import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe('the role master in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The provider's SuperAdmin, handed the file's tab. */
  async function superAdmin(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    return tab({ mode, width, session });
  }

  const row = (page: Page, name: string) => page.getByTestId('role-table').getByRole('row').filter({ hasText: name });
  const act = async (page: Page, name: string, action: string) => {
    await row(page, name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: action }).click();
  };

  it('adds a role to a product, keeps a role people hold from deletion, retires the new one and deletes it', async () => {
    const page = await superAdmin('light', 1280);
    const [held] = await stack.db.query<{ name: string; product: string; n: number }>(
      `SELECT r.role_name AS name, p.product_name AS product, count(*)::int AS n
         FROM roles r JOIN products p USING (product_id) JOIN user_roles ur ON ur.role_id = r.role_id
        GROUP BY r.role_id, p.product_name ORDER BY count(*) DESC LIMIT 1`,
    );
    await page.goto('/platformsettings/plans');
    await page.getByTestId('platform-tabs').getByRole('tab', { name: 'Roles' }).click();
    await page.waitForURL((url) => url.pathname === '/platformsettings/roles');
    await row(page, held!.name).first().waitFor();

    // Bad input first: the form says what is wrong and keeps what was typed.
    await page.getByTestId('role-add').click();
    const dialog = page.getByTestId('role-dialog');
    await dialog.getByTestId('role-name').fill('Field engineer');
    await page.getByTestId('role-save').click();
    await dialog.getByTestId('role-product-error').waitFor();
    expect(await dialog.getByTestId('role-name').inputValue()).toBe('Field engineer');
    await dialog.getByTestId('role-product').selectOption({ label: 'Yozy Web' });
    await dialog.getByTestId('role-description').fill('Works on customer sites');
    await page.getByTestId('role-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => row(page, 'Field engineer').innerText())
      .toMatch(/Field engineer\s+Yozy Web\s+Works on customer sites\s+0\s+Offered/);

    // Held by people: retiring is offered, deleting is not.
    await row(page, held!.name)
      .first()
      .getByRole('button', { name: `Actions for ${held!.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Retire' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    // The menu fades out before it leaves: wait, or the next row's menu finds two items named Retire.
    await expect.poll(() => page.getByRole('menuitem', { name: 'Retire' }).count()).toBe(0);

    await act(page, 'Field engineer', 'Retire');
    const confirm = page.getByTestId('role-confirm');
    expect(await confirm.innerText()).toContain('will no longer be offered for invitations and imports');
    await page.getByTestId('role-confirm-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, 'Field engineer').innerText()).toContain('Retired');
    await screenshot(page, `platform-roles-retired-1280.png`, { fullPage: true });

    await act(page, 'Field engineer', 'Delete');
    await page.getByTestId('role-confirm-confirm').click();
    // The dialog closes once the deletion is done; the list may empty for a moment before, while it reloads.
    await page.getByTestId('role-confirm').waitFor({ state: 'detached' });
    await expect.poll(() => row(page, 'Field engineer').count()).toBe(0);
    const [audit] = await stack.db.query<{ actions: string[] }>(
      `SELECT array_agg(action ORDER BY audit_id) AS actions FROM audit_log
        WHERE entity_type = 'role'
          AND entity_id = (SELECT entity_id FROM audit_log WHERE action = 'role.create' AND after->>'RoleName' = 'Field engineer')`,
    );
    expect(audit!.actions).toEqual(['role.create', 'role.retire', 'role.delete']);
  });

  it.each(['light', 'dark'] as const)('has no axe violation in %s mode, with the form open too, at 1280 and 390 px', async (mode) => {
    // One visit, as a person turning a window from wide to narrow: the form closed between.
    const page = await superAdmin(mode, 1280);
    await page.goto('/platformsettings/roles');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('role-table').getByRole('row').nth(1).waitFor();
      expect(await axeFindings(page), `${mode} ${width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width}`).toBe(width);
      await screenshot(page, `platform-roles-${mode}-${width}.png`, { fullPage: true });
      await page.getByTestId('role-add').click();
      await page.getByTestId('role-name').waitFor();
      expect(await axeFindings(page), `${mode} ${width} form`).toEqual([]);
      await screenshot(page, `platform-roles-form-${mode}-${width}.png`);
      await page.keyboard.press('Escape');
      await page.getByTestId('role-name').waitFor({ state: 'detached' });
    }
  });
});
