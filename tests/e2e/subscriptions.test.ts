import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from '../support/axe';
import { SCREENSHOTS, useBrowser } from '../support/browser';
import { signedIn } from '../support/graphql';
import { startStack, type Stack } from '../support/stack';

describe('subscription details in the browser', () => {
  let stack: Stack;
  const browser = useBrowser();
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
      // axe is injected as a script, which the console's Content-Security-Policy rightly refuses.
      const context = await browser().newContext({
        baseURL: stack.gatewayUrl,
        viewport: { width: 1280, height: 800 },
        colorScheme: mode,
        bypassCSP: true,
      });
      await context.addCookies([{ name: 'token_org', value: cookie, url: stack.gatewayUrl }]);
      const page = await context.newPage();
      await page.goto('/subscriptionDetails');
      const table = page.getByRole('table', { name: 'Licences' });
      await table.getByText('Web Business').waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe('Subscription Details');

      const rows = table.getByRole('row');
      expect(await rows.count()).toBe(3);
      // Soonest to run out first: the Yozy Lite licence ends in twelve days.
      const lite = rows.nth(1);
      expect(await lite.getByRole('cell').nth(0).innerText()).toBe('Yozy Lite');
      expect(await lite.getByTestId('licence-expiry').innerText()).toBe('Expires in 12 days');
      expect(await lite.getByRole('progressbar').getAttribute('aria-label')).toBe('0 of 10 seats used');
      const validTill = await lite.getByRole('cell').nth(5).innerText();
      expect(validTill.split('\n')[0]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(await page.getByTestId('licence-expiry-warning').innerText()).toContain('Yozy Lite (Lite Starter): expires in 12 days');
      const web = rows.nth(2);
      expect(await web.getByRole('cell').nth(2).innerText()).toBe('$49.00');
      expect(await web.getByTestId('licence-expiry').count()).toBe(0);
      expect(await web.getByRole('progressbar').getAttribute('aria-label')).toMatch(/^\d+ of 50 seats used$/);

      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}licences-${mode}-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(200);
      expect(await axeFindings(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}licences-${mode}-390.png`, fullPage: true });
      await context.close();
    },
  );
});
