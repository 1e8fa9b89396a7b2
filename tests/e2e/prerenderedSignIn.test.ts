import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser } from '../support/browser';
import { DEMO_PASSWORD } from '../support/graphql';
import { useStack } from '../support/useStack';

/** Holds the app's entry script back until `release` is called: the page as it is before any script runs. */
async function holdScripts(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const prerendered = (page: Page) => page.locator('#prerendered');

/** The icons the colour mode button shows (`dark` for the moon, `light` for the sun), under `within`. */
const shownModeIcons = (page: Page, within: string) =>
  page.evaluate(
    (root) =>
      Array.from(document.querySelectorAll(`${root} button[aria-label="Dark mode"] svg`))
        .filter((icon) => icon.getClientRects().length > 0)
        .map((icon) => icon.getAttribute('data-mode')),
    within,
  );

describe('the sign-in page arrives as ready HTML', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  it('shows the form before any script runs, and keeps what the person typed when the app takes over', async () => {
    // bypassCSP: for the accessibility check's script.
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 390, height: 844 }, bypassCSP: true });
    const release = await holdScripts(context);
    const page = await context.newPage();
    // The module script holds up DOMContentLoaded: the page is read as soon as it arrives.
    await page.goto('/login', { waitUntil: 'commit' });

    const form = prerendered(page).getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'Email' }).fill('admin@acme.local');
    await form.locator('input[name=password]').fill(DEMO_PASSWORD.slice(0, -1));
    await form.getByRole('checkbox', { name: 'Keep me signed in' }).uncheck();
    // Pressing the button or Enter before the app runs sends nothing anywhere (no password in the address).
    await form.getByRole('button', { name: 'Sign in' }).click();
    await form.locator('input[name=password]').press('Enter');
    await form.locator('input[name=password]').press('End');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => document.title)).toBe('Sign in · Yozy Admin');
    await screenshot(page, `prerendered-sign-in-before-script.png`);

    release();
    await expect.poll(() => prerendered(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId('login-email').inputValue()).toBe('admin@acme.local');
    expect(await page.getByTestId('login-password').inputValue()).toBe(DEMO_PASSWORD.slice(0, -1));
    expect(await page.getByTestId('login-keep-signed-in').isChecked()).toBe(false);
    // Still in the password field, the caret at its end: the last character goes where it belongs.
    await page.keyboard.type(DEMO_PASSWORD.slice(-1));
    expect(await page.getByTestId('login-password').inputValue()).toBe(DEMO_PASSWORD);
    await screenshot(page, `prerendered-sign-in-taken-over.png`);
    expect(await axeFindings(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    // Not kept signed in, as the box said before the app ran: the session ends with the browser.
    const session = (await context.cookies()).find((cookie) => cookie.name === 'token_org');
    expect(session?.expires).toBe(-1);
    await context.close();
  });

  it('looks the same in the dark, and is replaced by the app without the form going away', async () => {
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    const release = await holdScripts(context);
    const page = await context.newPage();
    // From the frame the ready form first shows, every frame must show exactly one sign-in form:
    // the ready one, then the app's.
    await page.addInitScript(() => {
      const gaps: string[] = [];
      let shown = false;
      (window as unknown as { formGaps: string[] }).formGaps = gaps;
      const watch = () => {
        const forms = Array.from(document.querySelectorAll('form[aria-label="Sign in"]')).filter(
          (form) => form.getClientRects().length > 0,
        );
        shown ||= forms.length > 0;
        if (shown && forms.length !== 1) gaps.push(`${forms.length} forms at ${Math.round(performance.now())} ms`);
        if (!shown || document.getElementById('prerendered') || performance.now() < 3000) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await prerendered(page).getByRole('form', { name: 'Sign in' }).waitFor();
    // Before any of the app's code runs, the colour mode button already shows the dark mode's moon.
    expect(await shownModeIcons(page, '#prerendered')).toEqual(['dark']);
    release();
    await page.getByTestId('login-email').waitFor();
    await expect.poll(() => prerendered(page).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { formGaps: string[] }).formGaps)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await shownModeIcons(page, '#root')).toEqual(['dark']);
    await screenshot(page, `prerendered-sign-in-dark.png`);
    // Pressed, the page turns light and the button shows the sun.
    await page.getByTestId('color-mode-toggle').click();
    await expect.poll(() => shownModeIcons(page, '#root')).toEqual(['light']);
    await context.close();
  });

  it('is not what a signed-in person gets: they go straight on without a sign-in form', async () => {
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-email').fill('admin@acme.local');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');

    const answer = await page.request.get('/login');
    expect(await answer.text()).not.toContain('id="prerendered"');
    await context.close();
  });
});
