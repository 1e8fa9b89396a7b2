import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, useBrowser } from '../support/browser';
import { useSharedStack } from '../support/useStack';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LoginPage } from './pages/LoginPage';

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
const chunk = (screen: string) => new RegExp(`/assets/${screen}-[\\w-]+\\.js$`);

describe('moving between the public pages in the browser', () => {
  const stack = useSharedStack();
  const browser = useBrowser();

  async function open(width: number): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width, height: 800 } });
    return { context, page: await context.newPage() };
  }

  it.each([1280, 390])(
    'shows the forgot-password page, or its loading state, at once and carries the email there and back (%i px)',
    async (width) => {
      const { context, page } = await open(width);
      // A slow connection: the forgot-password screen's code comes only when the test lets it.
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      await context.route(chunk('ForgotPasswordView'), async (route) => {
        await arrived;
        await route.continue();
      });
      await page.goto('/login');
      const login = new LoginPage(page);
      await login.email().waitFor();
      // The email field has the focus on arrival: typing goes straight in.
      await expect.poll(() => focused(page)).toBe('login-email');
      await page.keyboard.type('kenji.watanabe@acme.local');

      await page.getByRole('link', { name: 'Forgot password?' }).click();
      // At once the sign-in page is gone and its loading state is in its place: nothing on screen
      // takes typing that would then be lost.
      expect(await login.email().isVisible()).toBe(false);
      expect(await page.getByRole('status').filter({ hasText: 'Loading' }).isVisible()).toBe(true);
      await page.keyboard.type('typed while loading');
      expect(await login.email().inputValue()).toBe('kenji.watanabe@acme.local');
      await screenshot(page, `public-navigation-loading-${width}.png`);
      arrive();

      const request = new ForgotPasswordPage(page);
      await request.email().waitFor();
      expect(await request.email().inputValue()).toBe('kenji.watanabe@acme.local');
      await expect.poll(() => focused(page)).toBe('reset-request-email');
      await screenshot(page, `public-navigation-forgot-${width}.png`);

      // Corrected here, the address goes back to the sign-in page; a password is never carried.
      await request.email().fill('kenji@acme.local');
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await login.email().waitFor();
      expect(await login.email().inputValue()).toBe('kenji@acme.local');
      expect(await login.password().inputValue()).toBe('');
      await context.close();
    },
  );

  it("fetches a linked screen's code when the link is pointed at, and keeps the email across the sign-up page", async () => {
    const { context, page } = await open(1280);
    const signupCode: string[] = [];
    page.on('request', (request) => {
      if (chunk('SignupView').test(new URL(request.url()).pathname)) signupCode.push(request.url());
    });
    await page.goto('/login');
    const login = new LoginPage(page);
    await login.email().waitFor();
    await login.email().fill('newcomer@example.com');
    await page.waitForLoadState('networkidle');

    const link = page.getByRole('link', { name: 'Create an account' });
    const fetched = page.waitForRequest((request) => chunk('SignupView').test(new URL(request.url()).pathname));
    await link.hover();
    await fetched;
    await link.click();
    await page.getByTestId('signup-form').waitFor();
    // The first field of the form has the focus on arrival.
    await expect.poll(() => focused(page)).toBe('signup-company-name');
    expect(signupCode).toHaveLength(1);

    await page.goBack();
    await login.email().waitFor();
    expect(await login.email().inputValue()).toBe('newcomer@example.com');
    await expect.poll(() => focused(page)).toBe('login-email');
    await context.close();
  });
});
