import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn, type GraphQLSession } from '../support/graphql';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';

const ISSUE = 'mutation ($email: String!) { issueSignInHandoff(input: { email: $email }) { handoff { token loginUrl } } }';
const REFUSED = 'That sign-in link has expired or was already used; sign in as usual.';

describe('a product hands a person to the sign-in page with /login?data=…', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);
  let provider: GraphQLSession;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });

  async function handoff(email: string): Promise<{ token: string; loginUrl: string }> {
    const answer = await provider.request<{ issueSignInHandoff: { handoff: { token: string; loginUrl: string } } }>(ISSUE, { email });
    return answer.data!.issueSignInHandoff.handoff;
  }

  async function open(width: number, colorScheme: 'light' | 'dark', path: string): Promise<{ page: Page; login: LoginPage }> {
    const page = await tab({ mode: colorScheme, width });
    await page.goto(path);
    return { page, login: new LoginPage(page) };
  }

  /** What the browser kept: the address, its history entry, storage and cookies, none of which may hold the token. */
  async function keptByBrowser(page: Page): Promise<string> {
    const inPage = await page.evaluate(() =>
      JSON.stringify([location.href, history.length, { ...localStorage }, { ...sessionStorage }, document.cookie]),
    );
    return inPage + JSON.stringify(await page.context().cookies());
  }

  async function expectAccessible(page: Page) {
    expect(describeViolations(await axeViolations(page))).toBe('');
  }

  it('fills in the email from a fresh token and takes the token out of the address bar at once', async () => {
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      const { token, loginUrl } = await handoff('member@acme.local');
      const { page, login } = await open(width, colorScheme, new URL(loginUrl).pathname + new URL(loginUrl).search);
      await expect.poll(() => login.email().inputValue()).toBe('member@acme.local');
      expect(new URL(page.url()).search).toBe('');
      expect(await keptByBrowser(page)).not.toContain(token);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
      expect(await page.getByTestId('login-notice').count()).toBe(0);
      await screenshot(page, `handoff-filled-${width}-${colorScheme}.png`, { fullPage: true });
      await expectAccessible(page);
    }
  });

  it('ignores a used, an expired and a forged token with a notice, and the form works as usual', async () => {
    const used = await handoff('admin@acme.local');
    const first = await open(1280, 'light', `/login?data=${encodeURIComponent(used.token)}`);
    await expect.poll(() => first.login.email().inputValue()).toBe('admin@acme.local');

    const expired = await handoff('admin@globex.local');
    await stack.db.query("UPDATE sign_in_handoffs SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");

    for (const [what, token, width, colorScheme] of [
      ['used', used.token, 390, 'light'],
      ['expired', expired.token, 1280, 'dark'],
      ['forged', 'forged-token-nobody-issued', 390, 'dark'],
    ] as const) {
      const { page, login } = await open(width, colorScheme, `/login?data=${encodeURIComponent(token)}`);
      const notice = page.getByTestId('login-notice');
      await notice.waitFor();
      expect(await notice.innerText(), what).toContain(REFUSED);
      expect(new URL(page.url()).search, what).toBe('');
      expect(await login.email().inputValue(), what).toBe('');
      expect(await keptByBrowser(page), what).not.toContain(token);
      await screenshot(page, `handoff-refused-${what}-${width}-${colorScheme}.png`, { fullPage: true });
      await expectAccessible(page);
      if (what === 'forged') {
        await login.signIn('admin@acme.local', 'Admin@123');
        await page.getByTestId('profile-menu').waitFor();
      }
    }
  });
});
