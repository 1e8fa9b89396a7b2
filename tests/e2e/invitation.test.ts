import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { issueToken } from '@yozy/subscription-api';
import { screenshot, useBrowser, useTab, watchAppearances } from '../support/browser';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';
import { SetPasswordPage } from './pages/SetPasswordPage';

const EXPIRED = 'The URL you are trying to use has expired';
const PRODUCT = 'https://app.yozy.local';

describe('an invited user setting a first password in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** When the success screen of the page opened last first showed, by the page's clock. */
  let shown: Record<string, number> = {};

  /**
   * A browser of its own, for the whole way to the product: the success screen's first showing
   * is marked by the page's clock, and the product's address answers as the product would.
   */
  async function open(path: string): Promise<Page> {
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.gatewayUrl });
    shown = await watchAppearances(context, { success: '[data-testid="setpassword-success"]' });
    await context.route(`${PRODUCT}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Yozy Web</title><h1>Yozy Web</h1>' }),
    );
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  /** The file's tab, for a visit that stays on the console. */
  async function opened(path: string): Promise<Page> {
    const page = await tab();
    await page.goto(path);
    return page;
  }

  /** A seeded user who was invited and has not chosen a password yet, with a fresh invitation. */
  async function invitation(domain: string) {
    const [user] = await stack.db.query<{ user_id: number; email: string }>(
      'SELECT user_id, email FROM client_users WHERE password_hash IS NULL AND email LIKE $1 ORDER BY user_id LIMIT 1',
      [`%@${domain}`],
    );
    const token = await issueToken(stack.db, { userId: user!.user_id, email: user!.email, purpose: 'invite' });
    return { email: user!.email, token };
  }

  const linkFor = (email: string, first: string, last: string, token?: string) =>
    `/setpassword/${[email, first, last].map(encodeURIComponent).join('/')}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

  it('shows FN/LN as empty names, requires every field, sets the password, counts down, and lets the user sign in', async () => {
    const { email, token } = await invitation('acme.local');
    const page = await open(linkFor(email, 'FN', 'LN', token));
    const screen = new SetPasswordPage(page);
    await screen.welcome().waitFor();

    expect(await screen.title().innerText()).toBe(`Welcome ${email}`);
    expect(await screen.firstName().inputValue()).toBe('');
    expect(await screen.lastName().inputValue()).toBe('');
    expect(await screen.note().innerText()).toBe('Password must be at least 6 characters with 1 uppercase letter and 1 special character');
    expect(await screen.validity().innerText()).toBe('This link is valid for 8 hours');
    await screenshot(page, `setpassword.png`);

    await screen.submit();
    expect(await screen.errorOf('first-name').innerText()).toBe('Enter your first name');
    expect(await screen.errorOf('last-name').innerText()).toBe('Enter your last name');
    expect(await screen.errorOf('password').innerText()).toBe('Enter a password');
    expect(await screen.errorOf('confirm').innerText()).toBe('Enter the password again');
    // Focus goes to the first field to fix, and a screen reader hears its message with its label.
    expect(await screen.firstName().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await screen.accessibilityOf(screen.firstName())).toEqual({ invalid: 'true', description: 'Enter your first name' });
    expect(await screen.accessibilityOf(screen.password())).toEqual({ invalid: 'true', description: 'Enter a password' });
    await screenshot(page, `setpassword-errors.png`);

    await screen.fill({ firstName: 'Grace', lastName: 'Hopper', password: 'First@123', confirmPassword: 'First@123' });
    await screen.copy().click();
    await screen.copy().filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('First@123');

    await screen.submit();
    await screen.success.root().waitFor();
    expect(await screen.success.countdown().innerText()).toBe(`Automatic redirect in 10 sec to ${PRODUCT}`);
    expect(await screen.success.title().innerText()).toBe('Password successfully reset');
    expect(await screen.success.email().inputValue()).toBe(email);
    expect(await screen.success.password().inputValue()).toBe('First@123');
    expect(await screen.success.password().getAttribute('type')).toBe('password');
    await screen.success.showPassword();
    expect(await screen.success.password().getAttribute('type')).toBe('text');
    await page.waitForFunction(() =>
      /in [0-8] sec /.test(document.querySelector('[data-testid="setpassword-countdown"]')?.textContent ?? ''),
    );
    await screenshot(page, `setpassword-success.png`);

    await page.waitForURL(`${PRODUCT}/**`, { timeout: 15_000 });
    expect(Date.now() - shown.success!).toBeGreaterThan(9_000);

    await page.goto(`${stack.gatewayUrl}/login`);
    await new LoginPage(page).signIn(email, 'First@123');
    await page.getByTestId('admins-only').waitFor();
    const [row] = await stack.db.query<{ first_name: string; last_name: string }>(
      'SELECT first_name, last_name FROM client_users WHERE email = $1',
      [email],
    );
    expect(row).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
    await page.context().close();
  });

  it('prefills real names, and shows the expired message for a link refused before or after the form, or without a token', async () => {
    const { email, token } = await invitation('globex.local');
    const page = await opened(linkFor(email, 'Ada', 'Lovelace', token));
    const screen = new SetPasswordPage(page);
    await screen.welcome().waitFor();
    expect(await screen.firstName().inputValue()).toBe('Ada');
    expect(await screen.lastName().inputValue()).toBe('Lovelace');

    // The link stops working while the form is open (a newer invitation was sent): the submission says so.
    await stack.db.query("UPDATE user_tokens SET voided_at = now() WHERE lower(email) = lower($1) AND purpose = 'invite'", [email]);
    await screen.fill({ firstName: 'Ada', lastName: 'Lovelace', password: 'First@123', confirmPassword: 'First@123' });
    await screen.submit();
    await screen.expired().waitFor();
    expect(await screen.title().innerText()).toBe(EXPIRED);
    await page.getByText('Something went wrong', { exact: true }).waitFor();
    await screenshot(page, `setpassword-expired.png`);
    expect(
      await screen
        .expired()
        .getByRole('link', { name: /sign in/i })
        .getAttribute('href'),
    ).toBe('/login');

    // A link that does not work is said to be expired before anything is typed.
    await page.goto(linkFor(email, 'Ada', 'Lovelace', 'not-the-real-token'));
    await screen.expired().waitFor();
    expect(await screen.welcome().count()).toBe(0);

    await page.goto(linkFor(email, 'FN', 'LN'));
    await screen.expired().waitFor();
    expect(await screen.title().innerText()).toBe(EXPIRED);
  });

  it('says plainly, before any typing, that the account of a deactivated person is deactivated', async () => {
    const { email, token } = await invitation('globex.local');
    await stack.db.query('UPDATE client_users SET is_active = false WHERE email = $1', [email]);
    try {
      const page = await opened(linkFor(email, 'FN', 'LN', token));
      const notice = page.getByTestId('setpassword-deactivated');
      await notice.waitFor();
      expect(await notice.getByRole('heading').innerText()).toBe('This account is deactivated');
      expect(await notice.innerText()).toContain('Ask them to activate it');
      expect(await page.getByTestId('setpassword-welcome').count()).toBe(0);
      await screenshot(page, `setpassword-deactivated.png`);
    } finally {
      await stack.db.query('UPDATE client_users SET is_active = true WHERE email = $1', [email]);
    }
  });
});
