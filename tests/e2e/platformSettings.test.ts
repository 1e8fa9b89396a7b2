import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';
import { SignupPage } from './pages/SignupPage';
import { axeFindings } from '../support/axe';

type Mode = 'light' | 'dark';

describe('Platform Settings in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The file's tab, handed to the provider's SuperAdmin, newly signed in. */
  async function superAdmin(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    return tab({ mode, width, session });
  }

  /** The plans the public sign-up form offers for a product, to a visitor in a browser of their own (the SuperAdmin's stays open). */
  async function offeredPlans(b: Browser, product: string): Promise<string[]> {
    const context = await b.newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/signup');
    const signup = new SignupPage(page);
    await signup.productsLoaded();
    await signup.product().selectOption({ label: product });
    const plans = await signup.plan().locator('option').allInnerTexts();
    await context.close();
    return plans.map((label) => label.split(' — ')[0]!.trim()).filter((name) => name !== 'Choose a plan');
  }

  const row = (page: Page, plan: string) => page.getByTestId('plan-table').getByRole('row').filter({ hasText: plan });

  it('adds a plan that the sign-up form offers, then retires it so it is offered no more', async () => {
    const page = await superAdmin('light', 1280);
    await page.goto('/platformsettings');
    await page.waitForURL((url) => url.pathname === '/platformsettings/plans');
    await row(page, 'Web Enterprise').waitFor();
    expect(await page.getByTestId('platform-tabs').getByRole('tab', { selected: true }).innerText()).toBe('Plans');
    expect(await axeFindings(page)).toEqual([]);

    await page.getByTestId('plan-add').click();
    const dialog = page.getByTestId('plan-dialog');
    await dialog.getByTestId('plan-product').locator('option', { hasText: 'Yozy Web' }).waitFor({ state: 'attached' });
    await dialog.getByTestId('plan-product').selectOption({ label: 'Yozy Web' });
    await dialog.getByTestId('plan-name').fill('Web Growth');
    // The plan group is a closed list in words, never typed: a typo would send people elsewhere after a reset.
    expect(await dialog.getByTestId('plan-group').locator('option').allInnerTexts()).toEqual(['Lite', 'Standard']);
    await dialog.getByTestId('plan-group').selectOption({ label: 'Standard' });
    await dialog.getByTestId('plan-cost').fill('99999999999');
    await dialog.getByTestId('plan-capacity').fill('120');
    await page.getByTestId('plan-save').click();
    // A cost the column cannot hold is refused beside the field, and focus goes there.
    await dialog.getByTestId('plan-cost-error').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('plan-cost');
    await screenshot(page, `platform-plan-form-1280.png`);
    // A cost in the person's own writing keeps its size: a mark that could group thousands or
    // separate the decimals is refused with both readings, and a decimal comma is a decimal.
    await dialog.getByTestId('plan-cost').fill('1.950');
    await page.getByTestId('plan-save').click();
    await expect.poll(() => dialog.getByTestId('plan-cost-error').innerText()).toBe('“1.950” could be 1950 or 1.95: type 1950 or 1.95');
    await dialog.getByTestId('plan-cost').fill('199,50');
    await page.getByTestId('plan-save').click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Web Growth').waitFor();
    expect(await row(page, 'Web Growth').innerText()).toMatch(
      /Web Growth\s+Yozy Web\s+Standard\s+199\.50 USD \/ month\s+120\s+0\s+On sale/,
    );
    await screenshot(page, `platform-plans-1280.png`);
    expect(await offeredPlans(browser(), 'Yozy Web')).toEqual(['Web Business', 'Web Growth', 'Web Enterprise']);

    // Retiring, by keyboard: the row's menu, then the confirmation.
    await row(page, 'Web Growth').getByRole('button', { name: 'Actions for Web Growth' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Retire' }).waitFor();
    const highlighted = () => page.locator('[role="menuitem"][data-highlighted]').innerText();
    for (let step = 0; step < 3 && (await highlighted().catch(() => '')).trim() !== 'Retire'; step++)
      await page.keyboard.press('ArrowDown');
    expect((await highlighted()).trim()).toBe('Retire');
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('plan-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Web Growth will no longer be offered');
    await page.getByTestId('plan-confirm-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, 'Web Growth').innerText()).toContain('Retired');
    expect(await offeredPlans(browser(), 'Yozy Web')).toEqual(['Web Business', 'Web Enterprise']);
  });

  it('deletes an unused plan after asking, and offers no deletion for a plan in use', async () => {
    const page = await superAdmin('light', 1280);
    await page.goto('/platformsettings/plans?q=Web');
    await row(page, 'Web Business').waitFor();
    await row(page, 'Web Business').getByRole('button', { name: 'Actions for Web Business' }).click();
    await page.getByRole('menuitem', { name: 'Retire' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    const [product] = await stack.db.query<{ product_id: number }>("SELECT product_id FROM products WHERE product_code = 'YOZY-WEB'");
    await stack.db.query(
      "INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity) VALUES ($1, 'Web Sunset', 'STANDARD', 5, 'USD', 'MONTHLY', 5)",
      [product!.product_id],
    );
    await page.goto('/platformsettings/plans?q=Web+Sunset');
    await row(page, 'Web Sunset').getByRole('button', { name: 'Actions for Web Sunset' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByTestId('plan-confirm').waitFor();
    await page.getByTestId('plan-confirm-confirm').click();
    await page.getByTestId('table-no-match').waitFor();
    expect(await stack.db.query("SELECT 1 FROM plans WHERE plan_name = 'Web Sunset'")).toEqual([]);
  });

  it('adds a product that the sign-up form lists, and changes its address', async () => {
    const page = await superAdmin('light', 1280);
    await page.goto('/platformsettings/plans');
    await row(page, 'Web Enterprise').waitFor();
    await page.getByTestId('platform-tabs').getByRole('tab', { name: 'Products' }).click();
    await page.waitForURL((url) => url.pathname === '/platformsettings/products');
    const product = (name: string) => page.getByTestId('product-table').getByRole('row').filter({ hasText: name });
    await product('Yozy Web').waitFor();

    await page.getByTestId('product-add').click();
    const dialog = page.getByTestId('product-dialog');
    await dialog.getByTestId('product-name').fill('Yozy Desk');
    await dialog.getByTestId('product-code').fill('yozy-desk');
    await dialog.getByTestId('product-domain').fill('https://desk.yozy.example');
    await dialog.getByTestId('product-included').fill('Tickets, Knowledge base');
    await page.getByTestId('product-save').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await product('Yozy Desk').innerText()).toMatch(
      /Yozy Desk\s+YOZY-DESK\s+https:\/\/desk\.yozy\.example\s+Tickets, Knowledge base\s+0/,
    );
    await screenshot(page, `platform-products-1280.png`);

    const signup = await browser().newContext({ baseURL: stack.gatewayUrl });
    const signupPage = await signup.newPage();
    await signupPage.goto('/signup');
    await new SignupPage(signupPage).productsLoaded();
    expect(await new SignupPage(signupPage).product().locator('option').allInnerTexts()).toContain('Yozy Desk');
    await signup.close();

    await product('Yozy Desk').getByRole('button', { name: 'Edit Yozy Desk' }).click();
    await dialog.getByTestId('product-domain').fill('not an address');
    await page.getByTestId('product-save').click();
    await dialog.getByTestId('product-domain-error').waitFor();
    await dialog.getByTestId('product-domain').fill('https://desk.yozy.example/app');
    await page.getByTestId('product-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => product('Yozy Desk').innerText()).toContain('https://desk.yozy.example/app');
  });

  it('adds a region, retires a region organisations use (it cannot be deleted), and offers it again', async () => {
    const page = await superAdmin('light', 1280);
    const [used] = await stack.db.query<{ name: string; n: number }>(
      `SELECT r.region_name AS name, count(*)::int AS n FROM regions r JOIN org_settings s ON r.region_code = ANY (s.default_regions)
        WHERE r.is_active GROUP BY r.region_id ORDER BY r.region_id LIMIT 1`,
    );
    const region = (name: string) => page.getByTestId('region-table').getByRole('row').filter({ hasText: name });
    await page.goto('/platformsettings/products');
    await page.getByTestId('platform-tabs').getByRole('tab', { name: 'Regions' }).click();
    await page.waitForURL((url) => url.pathname === '/platformsettings/regions');
    await region(used!.name).waitFor();

    await page.getByTestId('region-add').click();
    const dialog = page.getByTestId('region-dialog');
    await dialog.getByTestId('region-code').fill('af south');
    await dialog.getByTestId('region-name').fill('Africa (Cape Town)');
    await page.getByTestId('region-save').click();
    await dialog.getByTestId('region-code-error').waitFor();
    await dialog.getByTestId('region-code').fill('af-south-1');
    await page.getByTestId('region-save').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await region('Africa (Cape Town)').innerText()).toMatch(/Africa \(Cape Town\)\s+af-south-1\s+0\s+Offered/);

    // In use as some organisation's default region: no deletion offered, only retirement.
    await region(used!.name)
      .getByRole('button', { name: `Actions for ${used!.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Retire' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Retire' }).click();
    const confirm = page.getByTestId('region-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(
      `It stays where it is named already (${used!.n === 1 ? '1 organization' : `${used!.n} organizations`})`,
    );
    await page.getByTestId('region-confirm-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => region(used!.name).innerText()).toContain('Retired');
    // The toast saying so leaves what lies just above it clickable (the row's menu opens there).
    const aboveToast = await page.evaluate(() => {
      const toast = Array.from(document.querySelectorAll('[data-scope="toast"][data-part="root"]')).at(-1)!.getBoundingClientRect();
      return document.elementFromPoint(toast.left + toast.width / 2, toast.top - 4)?.getAttribute('data-ghost') ?? null;
    });
    expect(aboveToast).toBeNull();
    expect(await stack.db.query('SELECT is_active FROM regions WHERE region_name = $1', [used!.name])).toEqual([{ is_active: false }]);
    await screenshot(page, `platform-regions-retired-1280.png`);

    await region(used!.name)
      .getByRole('button', { name: `Actions for ${used!.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Offer again' }).click();
    await expect.poll(() => region(used!.name).innerText()).toContain('Offered');
    const [audit] = await stack.db.query<{ actions: string[] }>(
      "SELECT array_agg(a.action ORDER BY a.audit_id) AS actions FROM audit_log a JOIN regions r ON a.entity_id = r.region_id::text WHERE a.entity_type = 'region' AND r.region_name = $1",
      [used!.name],
    );
    expect(audit!.actions).toEqual(['region.retire', 'region.reactivate']);
  });

  const SECTIONS = [
    { path: '/platformsettings/plans', ready: 'Web Enterprise', add: 'plan-add', form: 'plan-name', name: 'plans' },
    { path: '/platformsettings/products', ready: 'Yozy Lite', add: 'product-add', form: 'product-name', name: 'products' },
    { path: '/platformsettings/regions', ready: 'us-east-1', add: 'region-add', form: 'region-code', name: 'regions' },
  ];
  // One test per mode and section, so each stays well inside the time limit on a busy machine.
  const AXE_CASES = (['light', 'dark'] as const).flatMap((mode) => SECTIONS.map((section) => [mode, section.name, section] as const));

  it.each(AXE_CASES)('has no axe violation in %s mode on %s, with a form open too, at 1280 and 390 px', async (mode, _name, section) => {
    // One visit, as a person turning a window from wide to narrow: the form closed between.
    const page = await superAdmin(mode, 1280);
    await page.goto(section.path);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole('row').filter({ hasText: section.ready }).waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      expect(await axeFindings(page), `${section.name} ${mode} ${width}`).toEqual([]);
      // A wide table scrolls inside its own box: the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${section.name} ${mode} ${width}`).toBe(width);
      await screenshot(page, `platform-${section.name}-${mode}-${width}.png`, { fullPage: true });
      await page.getByTestId(section.add).click();
      await page.getByTestId(section.form).waitFor();
      expect(await axeFindings(page), `${section.name} ${mode} ${width} form`).toEqual([]);
      await screenshot(page, `platform-${section.name}-form-${mode}-${width}.png`);
      await page.keyboard.press('Escape');
      await page.getByTestId(section.form).waitFor({ state: 'detached' });
    }
  });

  it('keeps organisation admins out', async () => {
    const session = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const page = await tab({ session });
    await page.goto('/platformsettings/plans');
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});
