import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { factories } from '../support/factories';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

describe('organisation settings in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);
  let acmeId = '';

  beforeAll(async () => {
    const [acme] = await stack.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
    acmeId = String(acme!.client_id);
  });

  async function open(email: string, mode: 'light' | 'dark', width: number, password?: string): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, email, password);
    return tab({ mode, width, session });
  }

  const saved = () =>
    stack.db.query<{ session_idle_minutes: number | null; allowed_email_domains: string[]; two_factor_required: boolean }>(
      'SELECT session_idle_minutes, allowed_email_domains, two_factor_required FROM org_settings WHERE client_id = $1',
      [Number(acmeId)],
    );

  it('the provider changes an organisation’s settings in its tab, a bad value is refused by field, and what was saved stays after a reload', async () => {
    const page = await open('admin@yozy.local', 'light', 1280);
    await page.goto(`/OrganizationDetails/Organization/${acmeId}/SettingDetails`);
    const minutes = page.getByTestId('setting-idle-minutes');
    await minutes.waitFor();
    const before = await saved();

    await minutes.fill('2');
    await page.getByTestId('organization-settings-submit').click();
    expect(await page.getByTestId('setting-idle-minutes-error').innerText()).toBe('Enter at least 5 minutes');
    expect(await minutes.getAttribute('aria-invalid')).toBe('true');
    expect(await saved()).toEqual(before);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `organization-settings-error-light-1280.png`, { fullPage: true });

    await minutes.fill('30');
    await page.getByTestId('setting-allowed-domains').fill('acme.local\n@Acme.com');
    await page.getByText('Require two-factor sign-in for everyone').click();
    await page.getByTestId('organization-settings-submit').click();
    // Requiring two-factor signs out everyone without it, so the provider is asked first.
    const dialog = page.getByTestId('require-two-factor-dialog');
    expect(await dialog.innerText()).toContain('Everyone in this organization who has not set up two-factor sign-in is signed out now');
    await page.getByTestId('require-two-factor-dialog-confirm').click();
    await page.getByText('Settings saved').waitFor();
    expect(await saved()).toEqual([
      { session_idle_minutes: 30, allowed_email_domains: ['acme.local', 'acme.com'], two_factor_required: true },
    ]);

    await page.reload();
    await expect.poll(() => minutes.inputValue()).toBe('30');
    expect(await page.getByTestId('setting-allowed-domains').inputValue()).toBe('acme.local\nacme.com');
    expect(await page.getByTestId('setting-two-factor').isChecked()).toBe(true);
    await screenshot(page, `organization-settings-light-1280.png`, { fullPage: true });

    // Back to the demo's settings, with the keyboard alone.
    await minutes.fill('');
    await page.getByTestId('setting-allowed-domains').fill('');
    await page.getByTestId('setting-two-factor').focus();
    await page.keyboard.press('Space');
    await page.getByTestId('organization-settings-submit').focus();
    await page.keyboard.press('Enter');
    await expect.poll(saved).toEqual([{ session_idle_minutes: null, allowed_email_domains: [], two_factor_required: false }]);
  });

  it('an organisation admin who requires two-factor is told they will be signed out too, and is taken to the sign-in page', async () => {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const colleague = await make.user(organisation);
    await make.session(colleague);
    const page = await open(admin.email, 'light', 1280, admin.password!);
    await page.goto('/TwoFactor/organization');
    const settings = page.getByTestId('organization-settings');
    await settings.getByTestId('setting-idle-minutes').waitFor();
    await settings.getByText('Require two-factor sign-in for everyone').click();
    await settings.getByTestId('organization-settings-submit').click();

    const dialog = page.getByTestId('require-two-factor-dialog');
    expect(await dialog.innerText()).toContain('you too if you have not');
    // Cancel leaves everything as it was.
    await page.getByTestId('require-two-factor-dialog-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    const required = () =>
      stack.db.query<{ two_factor_required: boolean }>('SELECT two_factor_required FROM org_settings WHERE client_id = $1', [
        organisation.clientId,
      ]);
    expect(await required()).toEqual([]);

    await settings.getByTestId('organization-settings-submit').click();
    await page.getByTestId('require-two-factor-dialog-confirm').click();
    await page.getByText('You were signed out').waitFor();
    await page.waitForURL(/\/login/);
    await page.getByTestId('login-form').waitFor();
    expect(await required()).toEqual([{ two_factor_required: true }]);
    const ended = await stack.db.query<{ end_reason: string }>(
      'SELECT DISTINCT end_reason FROM sessions WHERE user_id = ANY($1::int[]) ORDER BY end_reason',
      [[admin.userId, colleague.userId]],
    );
    expect(ended).toEqual([{ end_reason: 'two_factor_required' }]);
  });

  it('an organisation admin finds the settings under Privacy & Setting; it reads well in dark mode on a phone', async () => {
    const page = await open('admin@acme.local', 'dark', 390);
    await page.goto('/TwoFactor');
    // The menu's address opens the person's own account; the organisation's settings are the next tab.
    await page.waitForURL((url) => url.pathname === '/TwoFactor/account');
    await page.getByTestId('privacy-tabs').getByRole('tab', { name: 'Organization' }).click();
    await page.waitForURL((url) => url.pathname === '/TwoFactor/organization');
    await page.getByTestId('organization-settings').getByTestId('setting-idle-minutes').waitFor();
    expect(await page.getByTestId('own-sessions').count()).toBe(0);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `organization-settings-dark-390.png`, { fullPage: true });
  });
});
