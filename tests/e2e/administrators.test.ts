import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe('the provider administrators in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The provider's SuperAdmin, handed the file's tab. */
  async function superAdmin(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    return tab({ mode, width, session });
  }

  const row = (page: Page, text: string) => page.getByTestId('administrator-table').getByRole('row').filter({ hasText: text });

  it('invites an administrator, who is mailed, marks the viewer as You, and deactivates another after asking', async () => {
    const page = await superAdmin('light', 1280);
    await page.goto('/platformsettings/administrators');
    const me = row(page, 'admin@yozy.local');
    await me.waitFor();
    expect(await me.getByTestId('administrator-you').innerText()).toBe('You');
    // Nothing to do to oneself here: no deactivation, so no action at all.
    expect(await me.getByRole('button').count()).toBe(0);

    await page.getByTestId('administrator-add').click();
    const dialog = page.getByTestId('administrator-dialog');
    await dialog.getByTestId('administrator-first-name').fill('Priya');
    await dialog.getByTestId('administrator-last-name').fill('Nair');
    await dialog.getByTestId('administrator-email').fill('priya.nair@yozy');
    await page.getByTestId('administrator-save').click();
    await dialog.getByTestId('administrator-email-error').waitFor();
    expect(await dialog.getByTestId('administrator-first-name').inputValue()).toBe('Priya');
    await dialog.getByTestId('administrator-email').fill('priya.nair@yozy.local');
    await page.getByTestId('administrator-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => row(page, 'priya.nair@yozy.local').innerText())
      .toMatch(/Priya Nair\s+priya\.nair@yozy\.local\s+Invited\s+Off\s+Never/);
    expect(await stack.db.query('SELECT template FROM mail_outbox WHERE to_address = $1', ['priya.nair@yozy.local'])).toHaveLength(1);

    // One action only, so it is a button of its own rather than a menu.
    await row(page, 'priya.nair@yozy.local').getByRole('button', { name: 'Deactivate Priya Nair' }).click();
    const confirm = page.getByTestId('administrator-confirm');
    expect(await confirm.innerText()).toContain('is signed out at once');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByTestId('administrator-confirm-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, 'priya.nair@yozy.local').innerText()).toContain('Deactivated');
    await screenshot(page, `platform-administrators-deactivated-1280.png`, { fullPage: true });
  });

  it.each(['light', 'dark'] as const)('has no axe violation in %s mode, with the invitation open too, at 1280 and 390 px', async (mode) => {
    // One visit, as a person turning a window from wide to narrow: the form closed between.
    const page = await superAdmin(mode, 1280);
    await page.goto('/platformsettings/administrators');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await row(page, 'admin@yozy.local').waitFor();
      expect(await axeFindings(page), `${mode} ${width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width}`).toBe(width);
      await screenshot(page, `platform-administrators-${mode}-${width}.png`, { fullPage: true });
      await page.getByTestId('administrator-add').click();
      await page.getByTestId('administrator-first-name').waitFor();
      expect(await axeFindings(page), `${mode} ${width} form`).toEqual([]);
      await screenshot(page, `platform-administrators-form-${mode}-${width}.png`);
      await page.keyboard.press('Escape');
      await page.getByTestId('administrator-first-name').waitFor({ state: 'detached' });
    }
  });
});
