import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { startStack, type Stack } from '../support/stack';

describe('subscription details in the browser', () => {
  let stack: Stack;
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);
  let cookie = '';

  beforeAll(async () => {
    stack = await startStack('pglite');
    cookie = (await signedIn(stack.gatewayUrl, 'admin@acme.local')).cookies.get('token_org')!;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it.each(['light', 'dark'] as const)(
    'an organisation admin sees the licences, the one near its end flagged, with no axe finding in %s mode at 1280 and 390 px',
    async (mode) => {
      const page = await tab({ mode, height: 800, session: cookie });
      await page.goto('/subscriptionDetails');
      const table = page.getByRole('table', { name: 'Licences' });
      await table.getByText('Web Business').waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe('Subscription Details');

      // What the screen should list, soonest to run out first, with each product's seats as the seat limit counts them.
      const licences = await stack.db.query<{ product: string; plan: string; days: number; capacity: number }>(
        `SELECT pr.product_name AS product, pl.plan_name AS plan, (l.valid_till - current_date)::int AS days,
                (SELECT coalesce(sum(p2.capacity), 0)::int FROM licences l2 JOIN plans p2 ON p2.plan_id = l2.plan_id
                  WHERE l2.client_id = l.client_id AND l2.product_id = l.product_id AND l2.is_active
                    AND l2.valid_till >= current_date) AS capacity
           FROM licences l JOIN clients c ON c.client_id = l.client_id
           JOIN products pr ON pr.product_id = l.product_id JOIN plans pl ON pl.plan_id = l.plan_id
          WHERE c.company_name = 'Acme Corporation' ORDER BY l.valid_till, l.licence_id`,
      );
      const soonest = licences[0]!;
      const web = licences.find((licence) => licence.product === 'Yozy Web')!;
      // The seed gives Acme a Yozy Lite licence that ends within the month, and its Yozy Web licence.
      expect(soonest).toMatchObject({ product: 'Yozy Lite' });
      expect(soonest.days).toBeLessThanOrEqual(30);
      expect(web.days).toBeGreaterThan(30);

      const rows = table.getByRole('row');
      expect(await rows.count()).toBe(licences.length + 1);
      const lite = rows.nth(1);
      expect(await lite.getByRole('cell').nth(0).innerText()).toBe('Yozy Lite');
      expect(await lite.getByTestId('licence-expiry').innerText()).toBe(`Expires in ${soonest.days} days`);
      expect(await lite.getByRole('progressbar').getAttribute('aria-label')).toMatch(
        new RegExp(`^\\d+ of ${soonest.capacity} seats used$`),
      );
      const validTill = await lite.getByRole('cell').nth(5).innerText();
      expect(validTill.split('\n')[0]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(await page.getByTestId('licence-expiry-warning').innerText()).toContain(
        `Yozy Lite (${soonest.plan}): expires in ${soonest.days} days`,
      );
      const webRow = rows.filter({ has: page.getByRole('cell', { name: 'Yozy Web', exact: true }) });
      expect(await webRow.count()).toBe(1);
      expect(await webRow.getByRole('cell').nth(2).innerText()).toBe('49.00 USD');
      expect(await webRow.getByTestId('licence-expiry').count()).toBe(0);
      expect(await webRow.getByRole('progressbar').getAttribute('aria-label')).toMatch(new RegExp(`^\\d+ of ${web.capacity} seats used$`));

      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `licences-${mode}-1280.png`, { fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `licences-${mode}-390.png`, { fullPage: true });
    },
  );
});
