import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { consoleDocument } from '../support/consoleDocuments';
import { DEMO_PASSWORD, signedIn as signedInSession } from '../support/graphql';
import { scimClient, scimUser } from '../support/scim';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';

/**
 * SCIM provisioning in the browser: Acme's admin turns it on in the organisation's single sign-on
 * settings with the role new people get, makes a token (shown once, with the base URL), and the
 * identity provider's requests with it create and remove people whose seats the console counts;
 * the token is revoked after a confirmation. The provider does the same on the organisation's tab.
 */
describe('SCIM provisioning in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  async function signedIn(email: string, width: number, mode: 'light' | 'dark'): Promise<Page> {
    const page = await tab({ mode, width });
    await page.goto('/login');
    await new LoginPage(page).signIn(email, DEMO_PASSWORD);
    await page.getByTestId('profile-menu').waitFor();
    return page;
  }

  /** The seats of a product on User Management, as "23 of 50 seats used". */
  async function seatsOn(page: Page, product: string): Promise<string> {
    await page.goto('/UserManagement');
    const card = page.getByText(product, { exact: true }).locator('xpath=..');
    await card.getByText(/seats used/).waitFor();
    return card.getByText(/seats used/).innerText();
  }

  it('turns provisioning on, shows a token once, and counts the seats of the people the identity provider makes and removes', async () => {
    const page = await signedIn('admin@acme.local', 1280, 'light');
    const before = await seatsOn(page, 'Yozy Web');
    await visit(page, '/TwoFactor/organization');
    const section = page.getByTestId('provisioning-section');
    await section.waitFor();
    // Domains are the organisation's: the demo's acme.local is verified.
    expect(await page.getByTestId('domain-acme.local').getByTestId('domain-status').innerText()).toContain('Verified');
    expect(await section.getByTestId('provisioning-tokens-empty').innerText()).toContain('No tokens yet');

    // On without a role is refused, naming the field; with one it is saved.
    await section.getByTestId('provisioning-enabled').check({ force: true });
    await section.getByTestId('provisioning-save').click();
    await section.getByTestId('provisioning-role-error').waitFor();
    await section.getByTestId('provisioning-role').selectOption({ label: 'Member · Yozy Web' });
    await section.getByTestId('provisioning-save').click();
    await page.getByText('Provisioning is on').first().waitFor();
    expect(await section.getByTestId('provisioning-base-url-shown').innerText()).toBe(`${stack.gatewayUrl}/scim/v2`);

    await section.getByTestId('provisioning-token-new').click();
    await page.getByTestId('provisioning-token-name').fill('Okta');
    await page.getByTestId('provisioning-token-save').click();
    const dialog = page.getByTestId('provisioning-token-dialog');
    await dialog.waitFor();
    const token = await dialog.getByTestId('provisioning-token').inputValue();
    expect(token).toMatch(/^yozy_scim_/);
    expect(await dialog.getByTestId('provisioning-base-url').inputValue()).toBe(`${stack.gatewayUrl}/scim/v2`);
    await dialog.getByTestId('provisioning-token-copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await screenshot(page, `provisioning-token-1280.png`);
    await dialog.getByTestId('provisioning-token-done').click();
    const row = section.getByTestId('provisioning-tokens').getByRole('row', { name: /Okta/ });
    await row.waitFor();
    expect(await row.innerText()).toContain('Never');
    expect(await page.content()).not.toContain(token);

    // The identity provider, with the token: a person of acme.local takes a seat, and gives it back when removed.
    const scim = scimClient(stack.gatewayUrl, token);
    const body = scimUser('acme.local', { name: { givenName: 'Katherine', familyName: 'Johnson' } });
    const created = await scim('POST', '/Users', body);
    expect(created.status).toBe(201);
    const [used, capacity] = before.match(/\d+/g)!.map(Number);
    expect(await seatsOn(page, 'Yozy Web')).toBe(`${used! + 1} of ${capacity} seats used`);
    await page.getByRole('link', { name: 'Katherine Johnson' }).waitFor();
    expect((await scim('DELETE', `/Users/${created.body.id as string}`)).status).toBe(204);
    expect(await seatsOn(page, 'Yozy Web')).toBe(before);
    const removed = page.getByRole('row', { name: /Katherine Johnson/ });
    expect(await removed.innerText()).toContain('Removed by the identity provider');

    // Its last use shows; revoked after asking, the next request is refused.
    await page.goto('/TwoFactor/organization');
    await expect.poll(() => row.innerText()).not.toContain('Never');
    await page.getByTestId('domains-section').scrollIntoViewIfNeeded();
    await screenshot(page, `provisioning-1280.png`, { fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');
    await row.getByTestId('provisioning-token-revoke').click();
    await page.getByTestId('provisioning-token-revoke-dialog-confirm').click();
    await section.getByTestId('provisioning-tokens-empty').waitFor();
    expect((await scim('GET', '/Users')).status).toBe(401);
  });

  it('lets the provider provision for an organisation on its single sign-on tab, and reads well on a phone in dark mode', async () => {
    const [globex] = await stack.db.query<{ id: string }>(
      "SELECT client_id::text AS id FROM clients WHERE company_name = 'Globex Industries'",
    );
    const page = await signedIn('admin@yozy.local', 1280, 'dark');
    // The organisation's domains are in its settings, apart from single sign-on.
    await visit(page, `/OrganizationDetails/Organization/${globex!.id}/SettingDetails`);
    const domains = page.getByTestId('domains-section');
    await domains.getByTestId('domains-empty').waitFor();
    await domains.getByTestId('domain-add').fill('globex.local');
    await domains.getByTestId('domain-add-save').click();
    const domain = domains.getByTestId('domain-globex.local');
    await domain.getByTestId('domain-confirm').click();
    await page.getByTestId('domain-confirm-dialog-confirm').click();
    await expect.poll(() => domain.getByTestId('domain-status').innerText()).toContain('Verified by the provider');
    await screenshot(page, `provisioning-provider-1280-dark.png`, { fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');
    // Single sign-on's tab has provisioning, and no second copy of the domains.
    await visit(page, `/OrganizationDetails/Organization/${globex!.id}/sso`);
    await page.getByTestId('provisioning-section').waitFor();
    expect(await page.getByTestId('domains-section').count()).toBe(0);

    // Acme's provisioning on with Yozy Web's members' role, as the first test leaves it, set by the
    // console's own operation so this test stands on its own.
    const [member] = await stack.db.query<{ id: number }>(
      "SELECT r.role_id AS id FROM roles r JOIN products p USING (product_id) WHERE r.role_name = 'Member' AND p.product_name = 'Yozy Web'",
    );
    const acmeAdmin = await signedInSession(stack.gatewayUrl, 'admin@acme.local');
    const turnedOn = await acmeAdmin.request<{ updateProvisioningSettings: { errors: unknown[] } }>(
      consoleDocument('ProvisioningSettingsUpdate'),
      { input: { enabled: true, roleId: String(member!.id) } },
    );
    expect(turnedOn.data?.updateProvisioningSettings.errors).toEqual([]);

    // Acme's admin on a phone, the system turning from light to dark.
    const phone = await signedIn('admin@acme.local', 390, 'light');
    for (const mode of ['light', 'dark'] as const) {
      await phone.emulateMedia({ colorScheme: mode });
      await expect.poll(() => phone.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      await visit(phone, '/TwoFactor/organization');
      await phone.getByTestId('provisioning-section').scrollIntoViewIfNeeded();
      await phone.getByTestId('provisioning-base-url-shown').waitFor();
      // The role chosen shows chosen, once the roles have come.
      await expect.poll(() => phone.getByTestId('provisioning-role').locator('option:checked').innerText()).toBe('Member · Yozy Web');
      await screenshot(phone, `provisioning-390-${mode}.png`, { fullPage: true });
      await screenshot(phone.getByTestId('provisioning-section'), `provisioning-section-390-${mode}.png`);
      expect(describeViolations(await axeViolations(phone))).toBe('');
    }
  });
});
