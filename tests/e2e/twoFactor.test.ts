import { authenticatorCode } from '@yozy/subscription-api/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { factories } from '../support/factories';
import { signedIn } from '../support/graphql';
import { useSharedStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';
import { Shell } from './pages/Shell';

describe('two-factor sign-in in the browser', () => {
  const stack = useSharedStack();
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The file's tab, handed over with nobody signed in and nothing stored. */
  function openPage(width: number, colorScheme: 'light' | 'dark'): Promise<Page> {
    return tab({ mode: colorScheme, width });
  }

  async function expectAccessible(page: Page) {
    expect(describeViolations(await axeViolations(page))).toBe('');
  }

  it('sets up two-factor on Privacy & Setting with the key, then signs in with the password and a code', async () => {
    const { admin } = await factories(stack.db).organisationWithAdmin();
    const page = await openPage(1280, 'light');
    await page.goto('/login');
    await new LoginPage(page).signIn(admin.email, admin.password!);
    await page.getByTestId('profile-menu').waitFor();

    await visit(page, '/TwoFactor');
    await page.getByTestId('two-factor-status').getByText('Off.').waitFor();
    await page.getByTestId('two-factor-start').click();
    const key = (await page.getByTestId('two-factor-key').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expect
      .poll(() => page.getByRole('img', { name: /QR code/ }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await screenshot(page, `two-factor-enrol-1280.png`, { fullPage: true });
    await expectAccessible(page);

    // A wrong code is refused under the field, in the service's words.
    await page.getByTestId('two-factor-code').fill(authenticatorCode(key, 10));
    await page.getByTestId('two-factor-confirm').click();
    await page.getByTestId('two-factor-code-error').getByText('That code is not right').waitFor();
    await page.getByTestId('two-factor-code').fill(authenticatorCode(key));
    await page.getByTestId('two-factor-confirm').click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCodes = await codes.allInnerTexts();
    await screenshot(page, `two-factor-recovery-codes-1280.png`, { fullPage: true });
    await expectAccessible(page);
    await page.getByTestId('recovery-codes-done').click();
    await page.getByTestId('two-factor-status').getByText('10 of 10 recovery codes left').waitFor();

    // Signed out, the password alone no longer signs in: the code does.
    await new Shell(page).signOut();
    await page.waitForURL((url) => url.pathname === '/login');
    await new LoginPage(page).signIn(admin.email, admin.password!);
    const code = page.getByTestId('login-code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    // The code field has the focus on the code step.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)).toBe('login-code');
    await screenshot(page, `two-factor-code-1280.png`, { fullPage: true });
    await expectAccessible(page);
    // The next code of the app: the one that confirmed the set-up cannot be used twice.
    await code.fill(authenticatorCode(key, 1));
    await page.keyboard.press('Enter');
    await page.getByTestId('profile-menu').waitFor();

    // On a phone in dark mode, with a recovery code instead: the tab handed over as a device of its own, nothing stored.
    const phone = await openPage(390, 'dark');
    await phone.goto('/login');
    await new LoginPage(phone).signIn(admin.email, admin.password!);
    await phone.getByTestId('login-code').waitFor();
    await expectAccessible(phone);
    await phone.getByTestId('login-code-switch').click();
    await phone.getByTestId('login-recovery-code').fill(recoveryCodes[0]!);
    await screenshot(phone, `two-factor-recovery-390-dark.png`, { fullPage: true });
    await expectAccessible(phone);
    await phone.getByTestId('login-code-submit').click();
    await phone.getByTestId('profile-menu').waitFor();
    await visit(phone, '/TwoFactor');
    await phone.getByTestId('two-factor-status').getByText('9 of 10 recovery codes left').waitFor();
    await screenshot(phone, `two-factor-on-390-dark.png`, { fullPage: true });
    await expectAccessible(phone);
  });

  it('goes back to the password after five wrong codes, saying why', async () => {
    const { admin } = await factories(stack.db).organisationWithAdmin();
    // Two-factor set up through the API, as the test above does in the browser.
    const api = await signedIn(stack.gatewayUrl, admin.email, admin.password!);
    const started = await api.request<{ startTwoFactorEnrolment: { enrolment: { secret: string } } }>(
      'mutation { startTwoFactorEnrolment { enrolment { secret } errors { code } } }',
    );
    const key = started.data!.startTwoFactorEnrolment.enrolment.secret;
    await api.request('mutation ($code: String!) { confirmTwoFactor(input: { code: $code }) { errors { code } } }', {
      code: authenticatorCode(key),
    });

    const page = await openPage(1280, 'light');
    await page.goto('/login');
    await new LoginPage(page).signIn(admin.email, admin.password!);
    const code = page.getByTestId('login-code');
    const wrongCode = async () => {
      await code.fill(authenticatorCode(key, 10));
      const answered = page.waitForResponse((response) => response.request().postData()?.includes('verifySignInCode') ?? false);
      await page.getByTestId('login-code-submit').click();
      await answered;
    };
    for (let i = 0; i < 4; i++) {
      await wrongCode();
      await page.getByText('That code is not right').waitFor();
    }
    await wrongCode();
    await page
      .getByTestId('login-notice')
      .getByText('Five wrong codes ended that sign-in. Sign in with your email and password again.')
      .waitFor();
    await page.getByTestId('login-form').waitFor();
    await expectAccessible(page);
    // A new sign-in has a step of its own, and the right code signs in.
    await new LoginPage(page).signIn(admin.email, admin.password!);
    await code.fill(authenticatorCode(key, 1));
    await page.getByTestId('login-code-submit').click();
    await page.getByTestId('profile-menu').waitFor();
  });
});
