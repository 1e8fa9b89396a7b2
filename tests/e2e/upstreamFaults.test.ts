import { describe, expect, it } from 'vitest';
import type { UpstreamPolicy } from '@yozy/gateway';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { startFaultyProxy, type FaultyProxy } from '../support/faultyProxy';
import { DEMO_PASSWORD } from '../support/graphql';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';

const POLICY: UpstreamPolicy = {
  timeoutMs: 2_500,
  retries: 1,
  minBackoffMs: 10,
  maxBackoffMs: 40,
  breaker: { windowMs: 10_000, volumeThreshold: 6, errorThresholdPercentage: 50, resetMs: 1_000 },
};

describe('the console while the service behind it is not answering', () => {
  let proxy: FaultyProxy | undefined;
  const stack = useStack('pglite', {
    upstream: POLICY,
    apiVia: async (apiUrl) => (proxy = await startFaultyProxy(apiUrl)).url,
  });
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  it('shows one banner, keeps what was typed, and recovers by itself without a reload', async () => {
    const page = await tab();
    await page.goto('/login');
    await new LoginPage(page).signIn('admin@acme.local', DEMO_PASSWORD);
    await page.getByTestId('profile-menu').waitFor();
    await visit(page, '/UserManagement');
    await page.getByTestId('invite-open').click();
    await page.getByTestId('invite-first-name').fill('Olga');
    await page.getByTestId('invite-last-name').fill('Outage');
    await page.getByTestId('invite-email').fill('olga.outage@acme.local');
    await page.getByTestId('invite-role').selectOption({ label: 'Member · Yozy Web' });
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    proxy!.set({ kind: 'reset' });
    await page.getByTestId('invite-submit').click();
    const banner = page.getByTestId('upstream-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('The service is not answering; we keep trying.');
    expect(await page.getByTestId('upstream-banner').count()).toBe(1);
    // The dialog is still open with everything typed.
    expect(await page.getByTestId('invite-first-name').inputValue()).toBe('Olga');
    expect(await page.getByTestId('invite-email').inputValue()).toBe('olga.outage@acme.local');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `upstream-banner-light-1280.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `upstream-banner-dark-390.png`);

    // The network is back: the banner goes within a probe or two, the same page, nothing reloaded.
    proxy!.set({ kind: 'pass' });
    await banner.waitFor({ state: 'hidden', timeout: 20_000 });
    await page.getByTestId('invite-submit').click();
    await page.getByText('Invitation sent').waitFor();
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(loads);
    const [invited] = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM client_users WHERE email = 'olga.outage@acme.local'`,
    );
    expect(invited!.n).toBe(1);
  });
});
