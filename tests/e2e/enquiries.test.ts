import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';
import { EnquiriesPage } from './pages/EnquiriesPage';
import { LoginPage } from './pages/LoginPage';
import { SetPasswordPage } from './pages/SetPasswordPage';

// Typed by the public on the sign-up form: if it were ever rendered as markup, a script would run.
const HOSTILE = `<img src=x onerror="window.__stored=1">Hostile Co<script>window.__stored=2</script>`;
const APPROVED = 'Playwright Approvals Ltd';
const APPROVED_ADMIN = 'new.admin@playwright-approvals.example';
const REJECTED = 'Playwright Rejections Ltd';

describe('the provider deciding on enquiries in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let providerCookie = '';

  beforeAll(async () => {
    providerCookie = (await signedIn(stack.gatewayUrl, 'admin@yozy.local')).cookies.get('token_org')!;
    const [plan] = await stack.db.query<{ product_id: number; plan_id: number }>(
      "SELECT product_id, plan_id FROM plans WHERE plan_name = 'Web Business'",
    );
    for (const [company, email] of [
      [HOSTILE, 'hostile@hostile.example'],
      [APPROVED, APPROVED_ADMIN],
      [REJECTED, 'owner@playwright-rejections.example'],
    ]) {
      await stack.db.query(
        `INSERT INTO enquiries (company_name, city, admin_first_name, admin_last_name, admin_email, admin_phone, contact_name,
                                contact_email, product_id, plan_id)
         VALUES ($1, 'Windhoek', 'Nia', 'Shikongo', $2, '+264 61 000 000', $1 || ' contact', $2, $3, $4)`,
        [company, email, plan!.product_id, plan!.plan_id],
      );
    }
  });

  /** The provider at a width and colour mode; scripts are not held back by the page's policy, so a stored one would run. */
  const tab = useTab(browser, () => stack.gatewayUrl);

  async function provider(width: number, mode: 'light' | 'dark'): Promise<Page> {
    const page = await tab({ mode, width, session: providerCookie });
    await page.goto('/EnquireDetails');
    await new EnquiriesPage(page).table().getByRole('row').nth(1).waitFor();
    return page;
  }

  async function expectAccessible(page: Page, what: string) {
    const violations = await axeViolations(page);
    expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
  }

  it('shows text the public typed as text, approves an enquiry, and the new admin follows the invitation and signs in', async () => {
    const page = await provider(1280, 'light');
    const enquiries = new EnquiriesPage(page);
    await expectAccessible(page, 'the pending list');
    await screenshot(page, `enquiries-1280-light.png`);

    await enquiries.open('Hostile Co');
    expect(await enquiries.detail('enquiry-company').innerText()).toBe(HOSTILE);
    expect(await enquiries.dialog().locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __stored?: number }).__stored)).toBeUndefined();
    await page.keyboard.press('Escape');
    await enquiries.dialog().waitFor({ state: 'detached' });

    await enquiries.open(APPROVED);
    expect(await enquiries.detail('enquiry-admin-email').innerText()).toBe(APPROVED_ADMIN);
    expect(await enquiries.detail('enquiry-plan').innerText()).toBe('Web Business');
    await expectAccessible(page, 'the enquiry dialog');
    await screenshot(page, `enquiries-dialog-1280-light.png`);
    await enquiries.approve();
    await page.getByText(`${APPROVED} approved`).waitFor();
    await enquiries.table().getByTestId('table-no-match').waitFor();

    // Rejecting asks for a reason; clearing the form empties it.
    await enquiries.open(REJECTED);
    await enquiries.dialog().getByTestId('enquiry-reject').click();
    // One way to close the dialog; Cancel only leaves the rejection, back to the enquiry.
    expect(await enquiries.dialog().getByRole('button', { name: 'Close' }).count()).toBe(1);
    expect(await enquiries.dialog().getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    await screenshot(page, `enquiries-reject-1280-light.png`);
    await enquiries.dialog().getByTestId('reject-submit').click();
    await page.getByTestId('reject-reason-error').waitFor();
    await enquiries.reason().fill('Typed by mistake');
    await enquiries.dialog().getByTestId('reject-clear').click();
    expect(await enquiries.reason().inputValue()).toBe('');
    await enquiries.reason().fill('We do not serve Namibia yet');
    await enquiries.dialog().getByTestId('reject-submit').click();
    await enquiries.dialog().waitFor({ state: 'detached' });
    await enquiries.rejectedTab().click();
    await enquiries.find(REJECTED);
    expect(await enquiries.table().getByRole('row').filter({ hasText: REJECTED }).innerText()).toContain('We do not serve Namibia yet');

    const [mail] = await stack.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [APPROVED_ADMIN]);
    const link = new URL(/http\S+\/setpassword\/\S+/.exec(mail!.text_body)![0]);
    const newcomer = await tab();
    await newcomer.goto(link.pathname + link.search);
    const setPassword = new SetPasswordPage(newcomer);
    await setPassword.fill({ firstName: 'Nia', lastName: 'Shikongo', password: 'Welcome@1', confirmPassword: 'Welcome@1' });
    await setPassword.submit();
    await setPassword.success.title().waitFor();
    await visit(newcomer, '/login');
    await new LoginPage(newcomer).signIn(APPROVED_ADMIN, 'Welcome@1');
    await newcomer.waitForURL((url) => url.pathname === '/dashboard');
    await newcomer.getByTestId('profile-menu').waitFor();
  });

  it('reads well in dark mode and on a phone', async () => {
    for (const [width, mode] of [
      [1280, 'dark'],
      [390, 'light'],
      [390, 'dark'],
    ] as const) {
      const page = await provider(width, mode);
      await expectAccessible(page, `the list at ${width} px in ${mode} mode`);
      await screenshot(page, `enquiries-${width}-${mode}.png`, { fullPage: true });
      const enquiries = new EnquiriesPage(page);
      await enquiries.open('Yoyodyne');
      await expectAccessible(page, `the dialog at ${width} px in ${mode} mode`);
      await screenshot(page, `enquiries-dialog-${width}-${mode}.png`);
    }
  });
});
