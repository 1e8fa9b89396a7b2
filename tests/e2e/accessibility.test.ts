import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { issueToken } from '@yozy/subscription-api';
import { networkQuiet, screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { startStack, type Stack } from '../support/stack';
import { axeViolations, describeViolations } from '../support/axe';

const MODES = ['light', 'dark'] as const;
type Mode = (typeof MODES)[number];
type Visitor = 'admin@yozy.local' | 'admin@acme.local' | 'member@acme.local' | null;

describe('accessibility of every public page and the shell, in light and dark mode', () => {
  let stack: Stack;
  const browser = useBrowser();
  const sessions = new Map<string, string>();
  let resetPath = '';
  let invitationPath = '';

  beforeAll(async () => {
    stack = await startStack('pglite');
    for (const email of ['admin@yozy.local', 'admin@acme.local', 'member@acme.local']) {
      const session = await signedIn(stack.gatewayUrl, email);
      sessions.set(email, session.cookies.get('token_org')!);
    }
    const [kenji] = await stack.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = $1', [
      'kenji.watanabe@acme.local',
    ]);
    const resetToken = await issueToken(stack.db, { userId: kenji!.user_id, email: 'kenji.watanabe@acme.local', purpose: 'reset' });
    resetPath = `/forgotpassword/${encodeURIComponent(resetToken)}/${encodeURIComponent('kenji.watanabe@acme.local')}`;
    const [invited] = await stack.db.query<{ user_id: number; email: string }>(
      "SELECT user_id, email FROM client_users WHERE password_hash IS NULL AND email LIKE '%@acme.local' ORDER BY user_id LIMIT 1",
    );
    const inviteToken = await issueToken(stack.db, { userId: invited!.user_id, email: invited!.email, purpose: 'invite' });
    invitationPath = `/setpassword/${[invited!.email, 'Ann', 'Lee'].map(encodeURIComponent).join('/')}?token=${encodeURIComponent(inviteToken)}`;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });
  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The file's tab, handed to a visitor whose system asks for `mode`, signed in as `visitor` when given. */
  const handed = (mode: Mode, visitor: Visitor) => tab({ mode, height: 800, session: visitor ? sessions.get(visitor)! : undefined });

  /** A fresh visitor in a browser context of its own, whose system asks for `mode`, signed in as `visitor` when given. */
  async function visit(b: Browser, mode: Mode, visitor: Visitor): Promise<BrowserContext> {
    // axe is injected as a script, which the console's Content-Security-Policy rightly refuses.
    const context = await b.newContext({
      baseURL: stack.gatewayUrl,
      viewport: { width: 1280, height: 800 },
      colorScheme: mode,
      bypassCSP: true,
    });
    if (visitor) await context.addCookies([{ name: 'token_org', value: sessions.get(visitor)!, url: stack.gatewayUrl }]);
    return context;
  }

  const pages: [name: string, path: () => string, visitor: Visitor, ready: string][] = [
    ['login', () => '/login', null, 'login-email'],
    ['signup', () => '/signup', null, 'signup-company-name'],
    ['forgot-password', () => '/forgotpassword', null, 'reset-request-email'],
    ['reset-link', () => resetPath, null, 'reset-welcome'],
    ['reset-link-expired', () => `/forgotpassword/${'A'.repeat(43)}/${encodeURIComponent('admin@acme.local')}`, null, 'reset-expired'],
    ['invitation', () => invitationPath, null, 'setpassword-welcome'],
    ['not-found', () => '/setpassword', null, 'page-title'],
    ['superadmin-landing', () => '/EnquireDetails', 'admin@yozy.local', 'sidebar'],
    ['orgadmin-landing', () => '/dashboard', 'admin@acme.local', 'sidebar'],
    ['admins-only', () => '/dashboard', 'member@acme.local', 'admins-only'],
  ];

  // States worth a second look: error messages and a toast, whose colours must read as well.
  const extraStates: Record<string, (page: Page) => Promise<void>> = {
    login: async function errors(page) {
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-email').and(page.locator('[aria-invalid="true"]')).waitFor();
    },
    'orgadmin-landing': async function toast(page) {
      await page.getByTestId('reload-data').click();
      await page.getByText('Data reloaded').waitFor();
    },
  };

  describe.each(MODES)('%s mode', (mode) => {
    it.each(pages)('%s has no axe violation, and is photographed at 1280 and 390 px', async (name, path, visitor, ready) => {
      const page = await handed(mode, visitor);
      await page.goto(path());
      await page.getByTestId(ready).first().waitFor();
      await networkQuiet(page);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');

      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);

      await screenshot(page, `a11y-${name}-${mode}-1280.png`, { fullPage: true });
      const extra = extraStates[name];
      if (extra) {
        await extra(page);
        const more = await axeViolations(page);
        expect(more, describeViolations(more)).toEqual([]);
        await screenshot(page, `a11y-${name}-${mode}-1280-${extra.name}.png`, { fullPage: true });
      }
      await page.setViewportSize({ width: 390, height: 844 });
      const narrow = await axeViolations(page);
      expect(narrow, describeViolations(narrow)).toEqual([]);
      await screenshot(page, `a11y-${name}-${mode}-390.png`, { fullPage: true });
    });
  });

  it('names each page after its screen and announces the next screen politely', async () => {
    const page = await handed('light', null);
    await page.goto('/login');
    await page.getByTestId('login-email').waitFor();
    expect(await page.title()).toBe('Sign in · Yozy Admin');
    const announcer = page.getByTestId('route-announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('polite');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByTestId('reset-request-email').waitFor();
    const screen = (await page.getByTestId('page-title').innerText()).trim();
    await expect.poll(() => page.title()).toBe(`${screen} · Yozy Admin`);
    await expect.poll(() => announcer.innerText()).toBe(screen);
  });

  it('lets a keyboard user skip to the content, past a top bar whose toggle and menu they can reach', async () => {
    const page = await handed('light', 'admin@acme.local');
    await page.goto('/dashboard');
    await page.getByTestId('sidebar').waitFor();
    await expect.poll(() => page.title()).toBe('Dashboard · Yozy Admin');

    // The first Tab shows the skip link, on top of everything (not under the sticky top bar).
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.width).toBeGreaterThan(50);
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.textContent,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe('Skip to content');
    await screenshot(page, `a11y-skip-link.png`);

    await page.keyboard.press('Enter');
    const afterSkip = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const active = document.activeElement!;
      return active.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING || active === main || main.contains(active);
    });
    expect(afterSkip).toBeTruthy();

    // From the top, Tab reaches the colour mode toggle and the profile menu.
    await page.goto('/dashboard');
    await page.getByTestId('sidebar').waitFor();
    const reached = new Set<string>();
    for (let step = 0; step < 12 && reached.size < 2; step++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      if (id === 'color-mode-toggle' || id === 'profile-menu') reached.add(id);
      if (id === 'color-mode-toggle') {
        await page.keyboard.press('Enter');
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
        expect(await page.getByTestId('color-mode-toggle').getAttribute('aria-pressed')).toBe('true');
      }
      if (id === 'profile-menu') {
        await page.keyboard.press('Enter');
        await page.getByTestId('sign-out').waitFor();
        expect(await page.getByRole('menuitem', { name: 'Sign out' }).isVisible()).toBe(true);
        await page.keyboard.press('Escape');
      }
    }
    expect([...reached].sort()).toEqual(['color-mode-toggle', 'profile-menu']);
  });

  it('remembers the chosen mode across visits and paints it before the console has loaded', async () => {
    // A context of its own: the second visit holds the console's code back (context.route).
    const context = await visit(browser(), 'light', null);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('color-mode-toggle').click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    // Next visit, with the console's code held back: the page is already dark before any of it runs.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    const next = await context.newPage();
    // The page is parsed (module scripts wait for it) while none of the console's code has run.
    await next.goto('/login', { waitUntil: 'commit' });
    await next.waitForFunction(() => document.readyState !== 'loading');
    const early = await next.evaluate(() => ({
      dark: document.documentElement.classList.contains('dark'),
      scheme: getComputedStyle(document.documentElement).colorScheme,
      rendered: document.getElementById('root')!.childElementCount > 0,
    }));
    expect(early).toEqual({ dark: true, scheme: 'dark', rendered: false });
    release();
    await next.getByTestId('login-email').waitFor();
    expect(await next.getByTestId('color-mode-toggle').getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });
});
