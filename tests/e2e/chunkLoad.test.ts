import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CHUNK_LOAD_TIMEOUT_MS } from '@yozy/shared';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser } from '../support/browser';
import { useSharedStack } from '../support/useStack';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LoginPage } from './pages/LoginPage';

/** The forgot-password screen's own code, fetched when its link is pointed at or followed. */
const FORGOT_PASSWORD_CODE = /\/assets\/ForgotPasswordView-[\w-]+\.js$/;
const EMAIL = 'kenji.watanabe@acme.local';

describe('a screen whose code does not come', () => {
  const stack = useSharedStack();
  const browser = useBrowser();

  /** The sign-in page with an email typed in, the forgot-password screen's code refused while `refused()` says so. */
  async function typedOnSignIn(
    mode: 'light' | 'dark',
    refused: () => boolean,
    { paused = false } = {},
  ): Promise<{ context: BrowserContext; page: Page; attempts: () => number; failures: () => number }> {
    const context = await browser().newContext({
      baseURL: stack.gatewayUrl,
      viewport: { width: 1280, height: 800 },
      colorScheme: mode,
      bypassCSP: true,
    });
    let attempts = 0;
    let failures = 0;
    context.on('requestfailed', (request) => {
      if (FORGOT_PASSWORD_CODE.test(new URL(request.url()).pathname)) failures += 1;
    });
    await context.route(FORGOT_PASSWORD_CODE, async (route) => {
      attempts += 1;
      await (refused() ? route.abort('internetdisconnected') : route.continue());
    });
    const page = await context.newPage();
    // The page's clock, moved on by the test instead of waiting minutes.
    await page.clock.install();
    await page.goto('/login');
    const login = new LoginPage(page);
    await login.email().fill(EMAIL);
    await login.password().fill('not carried');
    const link = page.getByRole('link', { name: 'Forgot password?' });
    if (paused) {
      // From here on the page's time moves only when the test moves it (the link is followed
      // without the pointer, whose checks wait for animation frames, which stand still too).
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await link.dispatchEvent('click');
    } else {
      await link.click();
    }
    return { context, page, attempts: () => attempts, failures: () => failures };
  }

  it('keeps its loading state while the code is fetched again, and shows the screen with the typed email once the code comes', async () => {
    let offline = true;
    const { context, page, attempts } = await typedOnSignIn('light', () => offline);
    await expect.poll(attempts).toBeGreaterThanOrEqual(1);
    await page.clock.runFor(1_000);
    await expect.poll(attempts).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('status').filter({ hasText: 'Loading' }).isVisible()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);

    // The connection is back: the next attempt brings the screen, with what was typed.
    offline = false;
    await page.clock.runFor(15_000);
    const request = new ForgotPasswordPage(page);
    await request.email().waitFor();
    expect(await request.email().inputValue()).toBe(EMAIL);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it.each(['light', 'dark'] as const)(
    'says so with a Reload button 120 s after the first attempt, and nothing typed is lost (%s mode)',
    async (mode) => {
      const { context, page, attempts, failures } = await typedOnSignIn(mode, () => true, { paused: true });
      /** Until the page has met the failure of every attempt so far (and so waits to try again). */
      const failed = async () => {
        await expect.poll(failures).toBe(attempts());
        // A task later (a message: timers stand still), the page has scheduled its next attempt.
        await page.evaluate(
          () =>
            new Promise((resolve) => {
              const channel = new MessageChannel();
              channel.port1.onmessage = resolve;
              channel.port2.postMessage(null);
            }),
        );
      };
      await expect.poll(attempts).toBe(1);
      await failed();
      const loading = page.getByRole('status').filter({ hasText: 'Loading' });
      // Tried again after 1, 2, 4 and 8 s, then every 15 s.
      for (const wait of [1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000]) {
        const before = attempts();
        await page.clock.runFor(wait);
        await expect.poll(attempts).toBeGreaterThan(before);
        await failed();
      }
      expect(attempts()).toBeGreaterThanOrEqual(10);
      // Just before 120 s, still waiting, saying nothing yet.
      await page.clock.runFor(CHUNK_LOAD_TIMEOUT_MS - 105_000 - 1);
      expect(await loading.isVisible()).toBe(true);
      expect(await page.getByRole('alert').count()).toBe(0);

      await page.clock.runFor(1);
      await page.clock.resume();
      const notice = page.getByRole('alert');
      await notice.getByText('This screen could not be loaded').waitFor();
      expect(await notice.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
      // In place of the screen, in the page: no reload happened, and the address is the screen's.
      expect(new URL(page.url()).pathname).toBe('/forgotpassword');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, `chunk-load-notice-${mode}-1280.png`, { fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await notice.getByRole('button', { name: 'Reload' }).waitFor();
      await screenshot(page, `chunk-load-notice-${mode}-390.png`, { fullPage: true });

      // Back on the sign-in page the email typed is still there (never the password).
      await page.goBack();
      const login = new LoginPage(page);
      await login.email().waitFor();
      expect(await login.email().inputValue()).toBe(EMAIL);
      expect(await login.password().inputValue()).toBe('');
      await context.close();
    },
  );
});
