import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { DEMO_PASSWORD, GraphQLSession, signedIn as signedInOverGraphQL, VIEWER } from '../support/graphql';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('Privacy & Setting in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function signedIn(email: string, width: number, mode: 'light' | 'dark', password = DEMO_PASSWORD): Promise<Page> {
    const page = await tab({ mode, width });
    await page.goto('/login');
    await new LoginPage(page).signIn(email, password);
    await page.getByTestId('profile-menu').waitFor();
    return page;
  }

  const isSignedIn = async (session: GraphQLSession) => (await session.request<{ viewer: unknown }>(VIEWER)).data?.viewer !== null;

  it('ends your session on another device, then changes your password', async () => {
    const phone = new GraphQLSession(stack.gatewayUrl, { 'user-agent': IPHONE });
    await phone.signIn('admin@globex.local');

    const page = await signedIn('admin@globex.local', 1280, 'light');
    // The profile menu leads to the person's own account: the first tab of Privacy & Setting.
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('my-account').click();
    await page.waitForURL((url) => url.pathname === '/TwoFactor/account');
    const tabs = page.getByTestId('privacy-tabs');
    await page.getByTestId('own-session').first().waitFor();
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual(['My account', 'Organization', 'Webhooks']);
    expect(await tabs.getByRole('tab', { selected: true }).innerText()).toBe('My account');
    expect(await page.getByTestId('organization-settings').count()).toBe(0);
    const sessions = page.getByTestId('own-session');
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await sessions.first().innerText()).toContain('This session');
    await screenshot(page, `privacy-1280.png`, { fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');

    await sessions.filter({ hasText: 'Safari 17 on iOS 17' }).getByTestId('end-own-session').click();
    await page.getByTestId('end-own-sessions-dialog-confirm').click();
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await isSignedIn(phone)).toBe(false);

    await page.getByTestId('current-password').fill('Guessed@123');
    await page.getByTestId('new-password').fill('Changed@456');
    await page.getByTestId('confirm-password').fill('Changed@456');
    await page.getByTestId('change-password-submit').click();
    await page.getByText('The current password is not right').waitFor();
    expect(describeViolations(await axeViolations(page))).toBe('');

    await page.getByTestId('current-password').fill(DEMO_PASSWORD);
    await page.getByTestId('change-password-submit').click();
    await page.getByText('Password changed').waitFor();
    expect(await page.getByTestId('current-password').inputValue()).toBe('');
    await signedInOverGraphQL(stack.gatewayUrl, 'admin@globex.local', 'Changed@456');
  });

  it('reads well on a phone in dark mode', async () => {
    const page = await signedIn('admin@acme.local', 390, 'dark');
    await visit(page, '/TwoFactor');
    await page.waitForURL((url) => url.pathname === '/TwoFactor/account');
    await page.getByTestId('own-session').first().waitFor();
    await screenshot(page, `privacy-390-dark.png`, { fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');
  });

  it("shows the provider's SuperAdmin only their own account: the organisation tab leads back to it", async () => {
    const page = await signedIn('admin@yozy.local', 1280, 'light');
    await visit(page, '/TwoFactor/organization');
    await page.waitForURL((url) => url.pathname === '/TwoFactor/account');
    await page.getByTestId('own-session').first().waitFor();
    expect(await page.getByTestId('privacy-tabs').count()).toBe(0);
    expect(await page.getByTestId('organization-settings').count()).toBe(0);
  });
});
