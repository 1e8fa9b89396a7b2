import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { factories, type User } from '../support/factories';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

/**
 * What the console tells a person after they change something, and when an address leads nowhere:
 * it names who and what changed, and names the address before sending them on.
 */
describe('what the console says happened', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const cookies: Record<'admin' | 'provider', string> = { admin: '', provider: '' };
  let person: User;

  beforeAll(async () => {
    cookies.admin = (await signedIn(stack.gatewayUrl, 'admin@acme.local')).cookies.get('token_org')!;
    cookies.provider = (await signedIn(stack.gatewayUrl, 'admin@yozy.local')).cookies.get('token_org')!;
    const make = factories(stack.db);
    const [acme] = await stack.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
    person = await make.user({ clientId: acme!.client_id }, { firstName: 'Wile', lastName: 'Coyote' });
    // A product of Acme's with a free seat, Wile's role on it, and two browsers Wile is signed in on.
    const plan = await make.plan({ capacity: 3 });
    await stack.db.query("UPDATE products SET product_name = 'Yozy Anvils' WHERE product_id = $1", [plan.productId]);
    await make.licence({ clientId: acme!.client_id }, { plan });
    await make.role(person, plan, 'Tester');
    await make.session(person, { userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0' });
    await make.session(person, {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    });
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function open(
    path: string,
    { as, mode = 'light', width = 1280 }: { as?: keyof typeof cookies; mode?: 'light' | 'dark'; width?: number },
  ) {
    const page = await tab({ mode, width, session: as && cookies[as] });
    await page.goto(path);
    return page;
  }

  /** The toast that says what happened, by its words. */
  const toast = (page: Page, text: string | RegExp) => page.getByTestId('toasts').getByText(text).first();

  it('names the person and what changed after a role is removed, sessions end and someone is deactivated', async () => {
    const page = await open(`/UserManagement/${person.userId}`, { as: 'admin' });
    await page.getByTestId('person-session').first().waitFor();

    await page.getByTestId('person-role-remove').click();
    await page.getByTestId('person-role-remove-dialog-confirm').click();
    await toast(page, 'Wile Coyote’s role on Yozy Anvils was removed').waitFor();
    await toast(page, 'Their seat on Yozy Anvils is free for someone else.').waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `toast-role-removed-light-1280.png`);

    await page.getByTestId('person-session-end').first().click();
    await toast(page, /^Wile Coyote’s session on .+ was ended$/).waitFor();
    await expect.poll(() => page.getByTestId('person-session').count()).toBe(1);

    await page.getByTestId('person-sessions-end-all').click();
    await page.getByTestId('person-sessions-dialog-confirm').click();
    await toast(page, 'Wile Coyote was signed out everywhere').waitFor();
    await toast(page, '1 session ended; they must sign in again.').waitFor();

    await page.getByTestId('person-deactivate').click();
    await page.getByTestId('person-activation-dialog-confirm').click();
    await toast(page, 'Wile Coyote was deactivated').waitFor();
    await page.getByTestId('person-activate').click();
    await page.getByTestId('person-activation-dialog-confirm').click();
    await toast(page, 'Wile Coyote was activated').waitFor();
  });

  it.each([
    ['light', 1280],
    ['dark', 390],
  ] as const)('tells a visitor signed out that there is no such page, then sends them to sign in (%s, %i px)', async (mode, width) => {
    const page = await open('/reports/2026?year=all', { mode, width });
    await page.getByTestId('no-such-page').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('There is no such page');
    expect(await page.title()).toBe('There is no such page · Yozy Admin');
    expect(await page.getByTestId('no-such-page-address').innerText()).toBe('/reports/2026?year=all');
    expect(await page.getByTestId('no-such-page-countdown').innerText()).toMatch(/^Taking you to the sign-in page in \d+ seconds?\.$/);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `no-such-page-${mode}-${width}.png`);
    await page.getByTestId('no-such-page-go').click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('tells an administrator inside the console, then sends them on to their first page by itself', async () => {
    const page = await open('/UserManagment', { as: 'admin' });
    await page.getByTestId('no-such-page').waitFor();
    // Inside the console's frame, with its menu, and not sent anywhere before saying so.
    await page.getByTestId('sidebar').waitFor();
    expect(new URL(page.url()).pathname).toBe('/UserManagment');
    expect(await page.getByTestId('no-such-page-countdown').innerText()).toMatch(/^Taking you to Dashboard in \d+ seconds?\.$/);
    await screenshot(page, `no-such-page-signed-in-light-1280.png`);
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 20_000 });
  });

  it("says a tab does not exist under the page's own title", async () => {
    const page = await open('/platformsettings/invoices', { as: 'provider', mode: 'dark' });
    await page.getByTestId('no-such-page').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('Platform Settings');
    expect(await page.title()).toBe('There is no such page · Platform Settings · Yozy Admin');
    await page.getByTestId('no-such-page-go').click();
    await page.waitForURL((url) => url.pathname === '/platformsettings/plans');
    expect(await page.title()).toBe('Plans · Platform Settings · Yozy Admin');
  });
});
