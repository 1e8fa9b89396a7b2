import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { factories } from '../support/factories';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

describe('the organisation list in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let providerCookie = '';

  beforeAll(async () => {
    providerCookie = (await signedIn(stack.gatewayUrl, 'admin@yozy.local')).cookies.get('token_org')!;
    const make = factories(stack.db);
    const plan = await make.plan({ capacity: 15 });
    const soon = await make.organisation({ companyName: 'Browser Expiring Soon Ltd' });
    await make.licence(soon, { plan, validDays: 12 });
    const admin = await make.user(soon, { typeOfUser: 'OrgAdmin' });
    await make.role(admin, plan);
    const asleep = await make.organisation({ companyName: 'Browser Deactivated Ltd' });
    await stack.db.query('UPDATE clients SET is_active = false WHERE client_id = $1', [asleep.clientId]);
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  const firstRow = (page: Page) => page.getByTestId('organization-table').getByRole('row').nth(1).waitFor();

  async function provider(width: number, mode: 'light' | 'dark', path = '/OrganizationDetails'): Promise<Page> {
    const page = await tab({ mode, width, session: providerCookie });
    await page.goto(path);
    await firstRow(page);
    return page;
  }

  const rowNames = (page: Page) =>
    page
      .getByTestId('organization-table')
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('td')?.textContent ?? ''));

  it('filters by licence end and status, shows seats used of capacity, keeps the filters in the address and exports them', async () => {
    // Among this test's own organisations: the demo has others whose licences end soon.
    const page = await provider(1280, 'light', '/OrganizationDetails?q=Browser');
    await page.getByTestId('filter-expiring').selectOption('true');
    await page.waitForURL((url) => url.searchParams.get('licenceExpiringSoon') === 'true');
    await expect.poll(() => rowNames(page), { timeout: 15_000 }).toEqual(['Browser Expiring Soon Ltd']);
    const row = page.getByTestId('organization-table').getByRole('row').nth(1);
    expect(await row.innerText()).toContain('1 of 15');
    const axe = await axeViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain('Browser Expiring Soon Ltd');
    expect(csv).toContain('1 of 15');
    expect(csv).not.toContain('Acme Corporation');
    expect(csv).not.toContain('Browser Deactivated Ltd');

    await page.getByTestId('filter-expiring').selectOption('');
    await page.getByTestId('filter-active').selectOption('false');
    await expect.poll(() => rowNames(page), { timeout: 15_000 }).toEqual(['Browser Deactivated Ltd']);
    await page.reload();
    await expect.poll(() => rowNames(page), { timeout: 15_000 }).toEqual(['Browser Deactivated Ltd']);
    expect(await page.getByTestId('filter-active').inputValue()).toBe('false');
    await screenshot(page, `organizations-filtered-1280-light.png`);
  });

  it('reads well in light and dark mode, wide and on a phone', async () => {
    // One reader, the system's colour mode switched and the window turned from wide to narrow.
    const page = await provider(1280, 'light');
    for (const [width, mode] of [
      [1280, 'light'],
      [1280, 'dark'],
      [390, 'light'],
      [390, 'dark'],
    ] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await page.setViewportSize({ width, height: 900 });
      await firstRow(page);
      const violations = await axeViolations(page);
      expect(violations, `${width} px, ${mode}:\n${describeViolations(violations)}`).toEqual([]);
      await screenshot(page, `organizations-${width}-${mode}.png`, { fullPage: width > 400 });
    }
  });
});
