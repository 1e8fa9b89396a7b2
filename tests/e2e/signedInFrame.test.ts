import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useSharedStack } from '../support/useStack';

type Mode = 'light' | 'dark';

/**
 * The app's code: every script but the colour mode's, which runs before the page is painted (a
 * blocking script of the page's head, as the ready page needs it).
 */
const APP_CODE = /\/(assets\/[^/]+|start-after-paint)\.js$/;

/** Holds the app's code back until `release` is called: the page as it is before any of it runs. */
async function holdScripts(context: BrowserContext): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await context.route(APP_CODE, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page's level-one headings a person (or a screen reader) can see, with where each is. */
const visibleHeadings = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('h1'))
      .filter((heading) => heading.getClientRects().length > 0)
      .map((heading) => {
        const { x, y, width, height } = heading.getBoundingClientRect();
        return { text: heading.textContent?.trim(), box: { x, y, width, height } };
      }),
  );

const visibleCount = (page: Page, selector: string) =>
  page.evaluate(
    (css) => Array.from(document.querySelectorAll(css)).filter((element) => element.getClientRects().length > 0).length,
    selector,
  );

describe('a signed-in page arrives with the console’s frame drawn', () => {
  const stack = useSharedStack();
  const browser = useBrowser();

  async function signedInContext(b: Browser, email: string, mode: Mode, width: number): Promise<BrowserContext> {
    const session = await signedIn(stack.gatewayUrl, email);
    // bypassCSP: for the accessibility check's script.
    const context = await b.newContext({ baseURL: stack.gatewayUrl, viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
    await context.addCookies([{ name: 'token_org', value: session.cookies.get('token_org')!, url: stack.gatewayUrl }]);
    return context;
  }

  it('shows the frame and the dashboard’s heading without any script, in both colour modes and at both widths', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const context = await signedInContext(browser(), 'admin@acme.local', mode, 1280);
      await context.route(APP_CODE, (route) => route.abort());
      const page = await context.newPage();
      await page.goto('/dashboard');
      expect(await visibleHeadings(page)).toEqual([{ text: 'Dashboard', box: expect.anything() }]);
      expect(await page.evaluate(() => document.title)).toBe('Dashboard · Yozy Admin');
      // The top bar, the menu's column (its entries' places) and the dashboard's cards loading.
      expect(await visibleCount(page, '#prerendered header')).toBe(1);
      expect(await visibleCount(page, '#prerendered nav[aria-label="Main menu"]')).toBe(1);
      expect(await visibleCount(page, '#prerendered main')).toBe(1);
      expect(await page.locator('#prerendered').getByText('Loading the dashboard').count()).toBe(1);
      // Nothing of who is signed in: their name is not known before the app asks.
      expect(await page.locator('#prerendered').getByText('Acme').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      await screenshot(page, `signed-in-frame-before-script-${mode}-1280.png`);
      // Sound for assistive technology as it is. (The accessibility check waits for nothing to be
      // loading, and without its code the frame is loading for good: its marks are taken off first.)
      await page.evaluate(() => document.querySelectorAll('[aria-busy]').forEach((element) => element.removeAttribute('aria-busy')));
      expect(await axeFindings(page)).toEqual([]);

      await page.setViewportSize({ width: 390, height: 844 });
      // Narrow: the menu is hidden until opened, as the app's own narrow layout has it.
      expect(await visibleCount(page, '#prerendered nav[aria-label="Main menu"]')).toBe(0);
      expect(await visibleHeadings(page)).toEqual([{ text: 'Dashboard', box: expect.anything() }]);
      await screenshot(page, `signed-in-frame-before-script-${mode}-390.png`);
      await context.close();
    }
  });

  for (const [mode, width] of [
    ['light', 1280],
    ['dark', 390],
  ] as const) {
    it(`is taken over by the app with one heading and one main landmark, nothing moved (${mode}, ${width} px)`, async () => {
      const context = await signedInContext(browser(), 'admin@acme.local', mode, width);
      const release = await holdScripts(context);
      const page = await context.newPage();
      // From the frame the heading first shows, every frame must show exactly one level-one heading
      // and one main landmark, the ready page's and then the app's, in the same place.
      await page.addInitScript(() => {
        const found: string[] = [];
        let first: string | null = null;
        (window as unknown as { frameFindings: string[] }).frameFindings = found;
        const watch = () => {
          const shown = (selector: string) =>
            Array.from(document.querySelectorAll(selector)).filter((element) => element.getClientRects().length > 0);
          const headings = shown('h1');
          const mains = shown('main');
          if (first !== null || headings.length > 0) {
            const at = Math.round(performance.now());
            if (headings.length !== 1) found.push(`${headings.length} headings at ${at} ms`);
            if (mains.length !== 1) found.push(`${mains.length} main landmarks at ${at} ms`);
            const box = headings[0]?.getBoundingClientRect();
            const where = box ? `${box.x},${box.y},${box.width},${box.height}` : 'none';
            first ??= where;
            if (where !== first) found.push(`the heading moved from ${first} to ${where} at ${at} ms`);
          }
          if (first === null || document.getElementById('prerendered') || performance.now() < 4000) requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      });
      await page.goto('/dashboard', { waitUntil: 'commit' });
      await page.locator('#prerendered h1').waitFor();
      const [before] = await visibleHeadings(page);
      expect(before?.text).toBe('Dashboard');
      await screenshot(page, `signed-in-frame-held-${mode}-${width}.png`);

      release();
      await page.getByTestId('page-title').waitFor();
      await expect.poll(() => page.locator('#prerendered').count()).toBe(0);
      await page.getByTestId('profile-name').waitFor();
      const after = await visibleHeadings(page);
      expect(after).toEqual([before]);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { frameFindings: string[] }).frameFindings)).toEqual([]);
      await screenshot(page, `signed-in-frame-taken-over-${mode}-${width}.png`);
      expect(await axeFindings(page)).toEqual([]);
      await context.close();
    });
  }

  it('draws the frame ahead for the people list and the organisation list too, and the app takes each over', async () => {
    for (const [email, path, title] of [
      ['admin@acme.local', '/UserManagement', 'User Management'],
      ['admin@yozy.local', '/OrganizationDetails', 'Organization List'],
    ] as const) {
      const context = await signedInContext(browser(), email, 'light', 1280);
      const release = await holdScripts(context);
      const page = await context.newPage();
      await page.goto(path, { waitUntil: 'commit' });
      await page.locator('#prerendered h1').waitFor();
      const [before] = await visibleHeadings(page);
      expect(before?.text).toBe(title);
      await screenshot(page, `signed-in-frame-held-${path.slice(1)}-light-1280.png`);
      release();
      await expect.poll(() => page.locator('#prerendered').count()).toBe(0);
      await page.getByTestId('profile-name').waitFor();
      expect(await visibleHeadings(page)).toEqual([before]);
      await context.close();
    }
  });

  it('leaves for the sign-in page without the frame when the session has ended', async () => {
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'token_org', value: 'no-such-session', url: stack.gatewayUrl }]);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByTestId('login-email').waitFor();
    expect(await page.locator('#prerendered').count()).toBe(0);
    expect(await visibleHeadings(page)).not.toContainEqual(expect.objectContaining({ text: 'Dashboard' }));
    await context.close();
  });
});
