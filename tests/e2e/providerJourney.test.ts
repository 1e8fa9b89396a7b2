import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser } from '../support/browser';
import { signedIn } from '../support/graphql';
import { unique } from '../support/factories';
import { useStack } from '../support/useStack';
import { EnquiriesPage } from './pages/EnquiriesPage';
import { LoginPage } from './pages/LoginPage';
import { OrganizationPage } from './pages/OrganizationPage';
import { SetPasswordPage } from './pages/SetPasswordPage';

describe("the provider's journey from an enquiry to a working organisation", () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const company = `Journey ${unique('Co')}`;
  const adminEmail = `owner@${unique('journey').toLowerCase()}.example`;

  beforeAll(async () => {
    // The enquiry as the public sign-up form leaves it, for a plan on sale.
    const [plan] = await stack.db.query<{ product_id: number; plan_id: number }>(
      'SELECT product_id, plan_id FROM plans WHERE is_active ORDER BY plan_id LIMIT 1',
    );
    await stack.db.query(
      `INSERT INTO enquiries (company_name, city, admin_first_name, admin_last_name, admin_email, contact_name, contact_email, product_id, plan_id)
       VALUES ($1, 'Lisbon', 'Rui', 'Costa', $2, 'Rui Costa', $2, $3, $4)`,
      [company, adminEmail, plan!.product_id, plan!.plan_id],
    );
  });

  it('approves the enquiry, the new admin signs in, and the provider finds the organisation, opens every tab and edits its info', async () => {
    const providerCookie = (await signedIn(stack.gatewayUrl, 'admin@yozy.local')).cookies.get('token_org')!;
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await context.addCookies([{ name: 'token_org', value: providerCookie, url: stack.gatewayUrl }]);
    const page = await context.newPage();
    await page.goto('/EnquireDetails');
    const enquiries = new EnquiriesPage(page);
    await enquiries.open(company);
    await enquiries.approve();
    await page.getByText(`${company} approved`).waitFor();

    // The new admin follows the invitation from the mail outbox, chooses a password and signs in.
    const [mail] = await stack.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [adminEmail]);
    const link = new URL(/http\S+\/setpassword\/\S+/.exec(mail!.text_body)![0]);
    const newcomer = await (await browser().newContext({ baseURL: stack.gatewayUrl })).newPage();
    await newcomer.goto(link.pathname + link.search);
    const setPassword = new SetPasswordPage(newcomer);
    await setPassword.fill({ firstName: 'Rui', lastName: 'Costa', password: 'Journey@1', confirmPassword: 'Journey@1' });
    await setPassword.submit();
    await setPassword.success.title().waitFor();
    await newcomer.goto('/login');
    await new LoginPage(newcomer).signIn(adminEmail, 'Journey@1');
    await newcomer.waitForURL((url) => url.pathname === '/dashboard');
    await newcomer.context().close();

    // Back as the provider: the organisation is in the list, and each of its tabs opens.
    await page.goto('/OrganizationDetails');
    await page
      .getByRole('searchbox', { name: 'Search organizations' })
      .or(page.getByRole('textbox', { name: 'Search organizations' }))
      .fill(company);
    await page.getByRole('link', { name: company }).click();
    const organization = new OrganizationPage(page);
    await expect.poll(() => organization.title().innerText()).toBe(company);
    const tabs = await organization.tabList().getByRole('tab').allInnerTexts();
    expect(tabs.length).toBeGreaterThan(1);
    for (const tab of tabs) {
      await organization.tab(tab).click();
      await expect.poll(() => organization.selectedTab().innerText()).toBe(tab);
      await page.getByRole('tabpanel').first().waitFor();
    }

    await organization.tab('Organization Information').click();
    const city = page.getByRole('textbox', { name: /^City/ });
    await expect.poll(() => city.inputValue()).toBe('Lisbon');
    await city.fill('Porto');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`${company} saved`).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `provider-journey-info-1280.png`);
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: /^City/ }).inputValue()).toBe('Porto');
    await context.close();
  });
});
