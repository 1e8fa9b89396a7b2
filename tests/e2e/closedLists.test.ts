import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe('closed lists of an organisation’s fields in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function superAdmin(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    return tab({ mode, width, session });
  }

  const initech = async () =>
    (await stack.db.query<{ id: number }>("SELECT client_id AS id FROM clients WHERE company_name = 'Initech Ltd'"))[0]!.id;

  it('adds a vertical, chooses country, currency, vertical and type for an organisation, and filters the list by a country in use', async () => {
    const page = await superAdmin('light', 1280);
    await page.goto('/platformsettings/business-verticals');
    await page.getByTestId('business-vertical-table').getByRole('row').nth(1).waitFor();
    await page.getByTestId('business-vertical-add').click();
    await page.getByTestId('business-vertical-name').fill('Agritech');
    await page.getByTestId('business-vertical-save').click();
    await page.getByTestId('business-vertical-dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('business-vertical-table').getByRole('row').filter({ hasText: 'Agritech' }).innerText())
      .toMatch(/Agritech\s+0\s+Offered/);

    const id = await initech();
    await visit(page, `/OrganizationDetails/Organization/${id}/info`);
    const form = page.getByTestId('organization-form');
    await form.getByTestId('organization-countryCode-search').fill('keny');
    await expect.poll(() => form.getByTestId('organization-countryCode').locator('option', { hasText: 'Kenya' }).count()).toBe(1);
    await form.getByTestId('organization-countryCode').selectOption({ label: 'Kenya' });
    await form.getByTestId('organization-currencyCode-search').fill('shilling');
    await form.getByTestId('organization-currencyCode').selectOption('KES');
    await form.getByTestId('organization-businessVertical').selectOption('Agritech');
    await form.getByTestId('organization-clientType').selectOption('Startup');
    await screenshot(page, `closed-lists-form-1280.png`, { fullPage: true });
    await page.getByTestId('organization-save').click();
    await expect
      .poll(
        async () =>
          (
            await stack.db.query(
              'SELECT country, country_code, currency_code, business_vertical, client_type FROM clients WHERE client_id = $1',
              [id],
            )
          )[0],
      )
      .toEqual({ country: 'Kenya', country_code: 'KE', currency_code: 'KES', business_vertical: 'Agritech', client_type: 'Startup' });

    await visit(page, '/OrganizationDetails');
    const table = page.getByTestId('organization-table');
    await table.getByRole('row').nth(1).waitFor();
    await expect.poll(() => page.getByTestId('filter-country').locator('option', { hasText: 'Kenya' }).count()).toBe(1);
    await page.getByTestId('filter-country').selectOption({ label: 'Kenya' });
    await page.waitForURL((url) => url.searchParams.get('countryCode') === 'KE');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).innerText()).toContain('Initech Ltd');
    await page.getByTestId('filter-vertical').selectOption('Agritech');
    await expect.poll(() => table.getByRole('row').nth(1).innerText()).toContain('Agritech');
    await screenshot(page, `closed-lists-filtered-1280.png`, { fullPage: true });
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violation in %s mode on the lists, the form and the filters, at 1280 and 390 px',
    async (mode) => {
      const id = await initech();
      // In Kenya, as the first test leaves it, so the filtered list has a row when this test runs alone.
      await stack.db.query("UPDATE clients SET country = 'Kenya', country_code = 'KE' WHERE client_id = $1", [id]);
      // One visit, as a person turning a window from wide to narrow.
      const page = await superAdmin(mode, 1280);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [path, ready, name] of [
          ['/platformsettings/client-types', 'client-type-table', 'types'],
          [`/OrganizationDetails/Organization/${id}/info`, 'organization-countryCode-search', 'form'],
          ['/OrganizationDetails?countryCode=KE', 'organization-table', 'list'],
        ] as const) {
          await visit(page, path);
          await page.getByTestId(ready).first().waitFor();
          if (name === 'types') await page.getByTestId(ready).getByRole('row').nth(1).waitFor();
          if (name === 'list') await page.getByTestId(ready).getByRole('row').nth(1).waitFor();
          expect(await axeFindings(page), `${mode} ${width} ${name}`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width} ${name}`).toBe(width);
          await screenshot(page, `closed-lists-${name}-${mode}-${width}.png`, { fullPage: true });
        }
      }
    },
  );
});
