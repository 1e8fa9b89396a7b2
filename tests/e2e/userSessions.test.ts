import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { factories } from '../support/factories';
import { DEMO_PASSWORD, GraphQLSession, VIEWER } from '../support/graphql';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';
import { SessionsPage } from './pages/SessionsPage';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe('user sessions in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  async function signedIn(email: string, width: number, colorScheme: 'light' | 'dark' = 'light', password = DEMO_PASSWORD): Promise<Page> {
    const page = await tab({ mode: colorScheme, width });
    await page.goto('/login');
    await new LoginPage(page).signIn(email, password);
    await page.getByTestId('profile-menu').waitFor();
    return page;
  }

  it("ends a member's session from the list, which signs that phone out", async () => {
    const phone = new GraphQLSession(stack.gatewayUrl, { 'user-agent': IPHONE });
    await phone.signIn('member@acme.local');

    const page = await signedIn('admin@acme.local', 1280);
    await page.getByTestId('sidebar').getByRole('link', { name: 'User Sessions', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/OrgUserSessions.js');
    const sessions = new SessionsPage(page);
    await sessions.loaded();
    await expect.poll(() => sessions.rowOf('This session').count()).toBe(1);
    expect(await sessions.rowOf('This session').innerText()).toContain('admin@acme.local');

    await sessions.status().selectOption('active');
    await page.waitForURL((url) => url.searchParams.get('active') === 'true');
    await sessions.search().fill('member@acme');
    await page.waitForURL((url) => url.searchParams.get('q') === 'member@acme');
    await expect.poll(async () => (await sessions.loaded()).count()).toBe(1);
    const row = sessions.rowOf('member@acme.local');
    expect(await row.innerText()).toMatch(/Safari 17 on iOS 17[\s\S]*Mobile/);
    await screenshot(page, `sessions-1280.png`, { fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');

    await sessions.endSessionOf('member@acme.local');
    // The toast says whose session ended, and where.
    await page.getByText(/’s session on Safari 17 on iOS 17 was ended$/).waitFor();
    // Only live sessions are listed, so the ended one leaves the list.
    await page.getByTestId('table-no-match').waitFor();
    expect((await phone.request<{ viewer: unknown }>(VIEWER)).data?.viewer).toBeNull();

    await sessions.status().selectOption('ended');
    await expect.poll(() => sessions.rowOf('Ended by an administrator').count()).toBeGreaterThan(0);
  });

  it('offers to end the other sessions only while the organisation has another live one', async () => {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const page = await signedIn(admin.email, 1280, 'light', admin.password!);
    await visit(page, '/OrgUserSessions.js');
    const sessions = new SessionsPage(page);
    await expect.poll(async () => (await sessions.loaded()).count()).toBe(1);
    expect(await sessions.rowOf('This session').count()).toBe(1);
    expect(await page.getByTestId('end-other-sessions').count()).toBe(0);
    await screenshot(page, `sessions-only-own-1280.png`);

    await make.session(await make.user(organisation));
    await page.reload();
    await expect.poll(async () => (await sessions.loaded()).count()).toBe(2);
    await page.getByTestId('end-other-sessions').click();
    await page.getByTestId('end-sessions-dialog-confirm').click();
    await page.getByText('Everyone else was signed out').waitFor();
    await page.getByText('1 session ended; you stay signed in here.').waitFor();
    await page.getByTestId('end-other-sessions').waitFor({ state: 'detached' });
  });

  it('reads well on a phone and in dark mode, and the keyboard reaches the actions', async () => {
    const page = await signedIn('admin@acme.local', 390, 'dark');
    await visit(page, '/OrgUserSessions.js');
    const sessions = new SessionsPage(page);
    await sessions.loaded();
    await screenshot(page, `sessions-390-dark.png`, { fullPage: true });
    expect(describeViolations(await axeViolations(page))).toBe('');

    await page.getByTestId('end-other-sessions').focus();
    await page.keyboard.press('Enter');
    await sessions.dialog().waitFor();
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Escape');
    await sessions.dialog().waitFor({ state: 'detached' });
  });
});
