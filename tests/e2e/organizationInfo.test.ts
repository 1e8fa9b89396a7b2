import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { factories } from '../support/factories';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe("an organisation's info tab in the browser", () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The file's tab, handed to the provider's SuperAdmin, newly signed in. */
  async function superAdmin(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    return tab({ mode, width, session });
  }

  it('edits the details and default regions with the keyboard, and shows them saved after a reload', async () => {
    const { clientId } = await factories(stack.db).organisation({ companyName: 'Keyboard Co' });
    const [region] = await stack.db.query<{ region_name: string; region_code: string }>(
      'SELECT region_name, region_code FROM regions WHERE is_active ORDER BY region_id LIMIT 1',
    );
    const page = await superAdmin('light', 1280);
    await page.goto(`/OrganizationDetails/Organization/${clientId}/info`);
    const name = page.getByRole('textbox', { name: /Company name/ });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Keyboard Co');

    await name.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Keyboard Holdings');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12 Home Row');
    await page.getByRole('checkbox', { name: new RegExp(region!.region_name.replace(/[()]/g, '\\$&')) }).focus();
    await page.keyboard.press('Space');
    // Enter in a text field sends the form.
    await page.getByRole('textbox', { name: /Address line 1/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Keyboard Holdings saved').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Keyboard Holdings' }).waitFor();
    expect(await page.getByRole('textbox', { name: /Address line 1/ }).inputValue()).toBe('12 Home Row');
    const [row] = await stack.db.query<{ company_name: string; default_regions: string[] }>(
      'SELECT c.company_name, s.default_regions FROM clients c JOIN org_settings s USING (client_id) WHERE c.client_id = $1',
      [clientId],
    );
    expect(row).toEqual({ company_name: 'Keyboard Holdings', default_regions: [region!.region_code] });
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violation in %s mode, with the deactivation warning open too, at 1280 and 390 px',
    async (mode) => {
      const { clientId } = await factories(stack.db).organisation({ companyName: `Axe ${mode} Co` });
      for (const width of [1280, 390]) {
        const page = await superAdmin(mode, width);
        await page.goto(`/OrganizationDetails/Organization/${clientId}/info`);
        await page.getByRole('textbox', { name: /Company name/ }).waitFor();
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
        expect(await axeFindings(page), `${mode} ${width}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width}`).toBe(width);
        await screenshot(page, `organization-info-${mode}-${width}.png`, { fullPage: true });
        await page.getByRole('button', { name: 'Deactivate organization' }).click();
        await page.getByRole('alertdialog').waitFor();
        expect(await axeFindings(page), `${mode} ${width} warning`).toEqual([]);
        await screenshot(page, `organization-info-deactivate-${mode}-${width}.png`);
      }
    },
  );
});
