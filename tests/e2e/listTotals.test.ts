import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { useStack } from '../support/useStack';

/** More changes than a list counts to the end: 10,000 rows past its page. */
const CHANGES = 10_050;

describe('a list longer than it is counted, in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let admin: GraphQLSession;

  beforeAll(async () => {
    admin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    // A busy organisation: its admin changed people ten thousand times.
    await stack.db.query(
      `INSERT INTO audit_log (client_id, actor_user_id, action, entity_type, entity_id, before, after, created_at)
       SELECT c.client_id, u.user_id, 'user.update', 'user', u.user_id::text, '{"lastName":"Before"}', jsonb_build_object('lastName', 'After ' || n),
              now() - make_interval(mins => n)
         FROM generate_series(1, $1::int) n, clients c JOIN client_users u ON u.client_id = c.client_id AND u.email = 'admin@acme.local'
        WHERE c.company_name = 'Acme Corporation'`,
      [CHANGES],
    );
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  it('says the whole log exactly, a filtered part as "more than 10,000", and pages on past it', async () => {
    // One visit, as the system's mode and the window's width change.
    const page: Page = await tab({ session: admin });
    for (const [mode, width] of [
      ['light', 1280],
      ['dark', 1280],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await page.setViewportSize({ width, height: 900 });
      // The whole log of the organisation: its kept total, exact.
      await visit(page, '/AuditLog');
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      // At the top of the list, as a new visit starts, not where the last width's paging left it.
      await page.evaluate(() => window.scrollTo(0, 0));
      const range = page.getByTestId('table-range');
      await expect.poll(() => range.innerText()).toMatch(/^1–25 of 10,\d{3}$/);

      await visit(page, '/AuditLog?action=user.update');
      await expect.poll(() => range.innerText()).toBe('1–25 of more than 10,000');
      expect(await page.getByTestId('table-page').innerText()).toBe('Page 1 of more than 400');
      expect(await page.getByRole('button', { name: 'Last page' }).isDisabled()).toBe(true);
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `list-total-more-than-${mode}-${width}.png`, { fullPage: true });

      if (mode === 'light' && width === 1280) {
        await page.getByRole('button', { name: 'Next page' }).click();
        await expect.poll(() => range.innerText()).toBe('26–50 of more than 10,000');
      }
    }
  });
});
