import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { issueToken } from '@yozy/subscription-api';
import { screenshot, useBrowser, watchAppearances } from '../support/browser';
import { linksIn, startMailSink, type MailSink } from '../support/mailSink';
import { startStack, type Stack } from '../support/stack';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LoginPage } from './pages/LoginPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';

const RULE = 'Password must contain at least one uppercase letter, one special character, and be at least 6 characters long';
const MISMATCH = 'Passwords do not match. Please try again.';
const EXPIRED = 'The URL you are trying to use has expired';
const PRODUCT = 'https://app.yozy.local';

describe('resetting a forgotten password in the browser', () => {
  let sink: MailSink;
  let stack: Stack;
  const browser = useBrowser();

  beforeAll(async () => {
    sink = await startMailSink();
    stack = await startStack('pglite', { smtpUrl: sink.url });
  });
  afterAll(async () => {
    await stack?.stop();
    await sink?.close();
  });

  /** When each screen first showed, by the page's clock, per page. */
  const shown = new WeakMap<Page, Record<string, number>>();

  async function open(path: string): Promise<Page> {
    const context = await browser().newContext({ baseURL: stack.gatewayUrl, viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.gatewayUrl });
    const seen = await watchAppearances(context, {
      success: '[data-testid="reset-success"]',
      expired: '[data-testid="reset-expired"]',
      login: '/login',
    });
    // The product the countdown sends people to is not ours to run: answer for it.
    await context.route(`${PRODUCT}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Yozy Web</title><h1>Yozy Web</h1>' }),
    );
    const page = await context.newPage();
    shown.set(page, seen);
    await page.goto(path);
    return page;
  }

  async function resetLink(email: string) {
    const [user] = await stack.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = $1', [email]);
    const token = await issueToken(stack.db, { userId: user!.user_id, email, purpose: 'reset' });
    return { token, path: `/forgotpassword/${encodeURIComponent(token)}/${encodeURIComponent(email)}` };
  }

  const close = (context: BrowserContext) => context.close();

  it('mails a link, sets the new password from it, counts down to the product, and signs in with it', async () => {
    const email = 'kenji.watanabe@acme.local';
    const page = await open('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgotpassword');
    const request = new ForgotPasswordPage(page);

    await request.request('kenji.watanabe@acme');
    expect(await request.emailError().innerText()).toBe('Enter a valid email address, like name@company.com');
    expect(await request.email().inputValue()).toBe('kenji.watanabe@acme');
    await screenshot(page, `reset-request.png`);

    await request.request(email);
    await request.done().waitFor();
    expect(await request.done().innerText()).toBe(
      `If an account exists for ${email}, we have sent a link to reset its password. The link is valid for 8 hours.`,
    );
    await screenshot(page, `reset-request-done.png`);

    const mail = await sink.waitFor(email, (m) => m.subject.includes('Reset'));
    const [link] = linksIn(mail, `${stack.gatewayUrl}/forgotpassword/`);
    expect(link).toMatch(new RegExp(`/forgotpassword/[A-Za-z0-9_-]{43}/kenji\\.watanabe%40acme\\.local$`));

    await page.goto(link!);
    const reset = new ResetPasswordPage(page);
    await reset.welcome().waitFor();
    expect(await reset.title().innerText()).toBe(`Welcome ${email}`);
    expect(await reset.hint().innerText()).toBe(RULE);

    await reset.choose('Fresh@456');
    await reset.success.root().waitFor();
    // The countdown says where it goes: the product's address.
    expect(await reset.success.countdown().innerText()).toBe(`Automatic redirect in 10 sec to ${PRODUCT}`);
    expect(await reset.success.title().innerText()).toBe('Password successfully reset.');
    await page.getByText('Success', { exact: true }).waitFor();
    expect(await reset.success.email().inputValue()).toBe(email);
    expect(await reset.success.password().inputValue()).toBe('Fresh@456');
    expect(await reset.success.password().getAttribute('type')).toBe('password');
    await reset.success.showPassword();
    expect(await reset.success.password().getAttribute('type')).toBe('text');
    expect(await reset.success.login().getAttribute('href')).toBe('/login');

    await reset.success.copy().click();
    await reset.success.copy().filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Fresh@456');

    await page.waitForFunction(() => /in [0-8] sec /.test(document.querySelector('[data-testid="reset-countdown"]')?.textContent ?? ''));
    expect(await reset.success.secondsLeft()).toBeLessThan(9);
    await screenshot(page, `reset-success.png`);
    // "Copied" shows for 3 s, then the button says Copy again.
    await reset.success
      .copy()
      .filter({ hasText: /^Copy$/ })
      .waitFor({ timeout: 4_000 });

    await page.waitForURL(`${PRODUCT}/**`, { timeout: 15_000 });
    expect(Date.now() - shown.get(page)!.success!).toBeGreaterThan(9_000);
    expect(await page.title()).toBe('Yozy Web');

    await page.goto(`${stack.gatewayUrl}/login`);
    await new LoginPage(page).signIn(email, 'Fresh@456');
    // An ordinary member lands on the notice that the console is for administrators.
    await page.getByTestId('admins-only').waitFor();
    expect(await page.getByTestId('admins-only').innerText()).toContain(email);
    await close(page.context());
  });

  it('shows the expired message for a forged and an expired link, then goes to sign-in after 4 s', async () => {
    const expiredLink = await resetLink('tom.baker@acme.local');
    await stack.db.query("UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE email = $1", ['tom.baker@acme.local']);
    const forged = `/forgotpassword/${'A'.repeat(43)}/${encodeURIComponent('admin@acme.local')}`;

    await Promise.all(
      [forged, expiredLink.path].map(async (path, index) => {
        const page = await open(path);
        const reset = new ResetPasswordPage(page);
        await reset.expired().waitFor();
        expect(await reset.title().innerText()).toBe(EXPIRED);
        if (index === 0) await screenshot(page, `reset-expired.png`);
        await page.waitForURL((url) => url.pathname === '/login', { timeout: 8_000 });
        const seen = shown.get(page)!;
        await vi.waitFor(() => expect(seen.login).toBeDefined());
        const after = seen.login! - seen.expired!;
        expect(after).toBeGreaterThan(3_000);
        expect(after).toBeLessThan(7_000);
        await close(page.context());
      }),
    );
  });

  it("counts down to the console's own sign-in page, in words, where the product's address is that page (npm start's demo)", async () => {
    const email = 'elena.petrova@acme.local';
    // npm start gives the demo products the console's /login as their address: the same here, for this person's product.
    const [product] = await stack.db.query<{ product_id: number; domain: string }>(
      `SELECT p.product_id, p.domain FROM products p JOIN user_roles r USING (product_id) JOIN client_users u USING (user_id)
        WHERE u.email = $1 ORDER BY r.assigned_at, r.product_id LIMIT 1`,
      [email],
    );
    await stack.db.query('UPDATE products SET domain = $1 WHERE product_id = $2', [`${stack.gatewayUrl}/login`, product!.product_id]);
    try {
      const page = await open((await resetLink(email)).path);
      const reset = new ResetPasswordPage(page);
      await reset.welcome().waitFor();
      await reset.choose('Fresh@456');
      await reset.success.root().waitFor();
      expect(await reset.success.countdown().innerText()).toBe('Automatic redirect in 10 sec to the sign-in page');
      await screenshot(page, `reset-success-demo.png`);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      await new LoginPage(page).email().waitFor();
      await close(page.context());
    } finally {
      await stack.db.query('UPDATE products SET domain = $1 WHERE product_id = $2', [product!.domain, product!.product_id]);
    }
  });

  it('explains a weak password and a mismatch, clears the mismatch on typing, and keeps the typing when the link is refused', async () => {
    const email = 'diego.alvarez@acme.local';
    const page = await open((await resetLink(email)).path);
    const reset = new ResetPasswordPage(page);
    await reset.welcome().waitFor();

    await reset.choose('weakpass');
    expect(await reset.passwordError().innerText()).toBe(RULE);
    expect(await reset.hint().count()).toBe(0);
    await screenshot(page, `reset-form-weak.png`);

    await reset.choose('Fresh@456', 'Fresh@457');
    expect(await reset.confirmError().innerText()).toBe(MISMATCH);
    expect(await reset.passwordError().count()).toBe(0);
    await screenshot(page, `reset-form-mismatch.png`);
    await reset.password().press('End');
    await reset.password().pressSequentially('7');
    expect(await reset.confirmError().count()).toBe(0);

    // The link stops working meanwhile: the form says so and keeps what was typed.
    await stack.db.query("UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE email = $1", [email]);
    await reset.choose('Fresh@457');
    await reset.error().waitFor();
    expect(await reset.error().innerText()).toContain(EXPIRED);
    await page.getByText('Something went wrong', { exact: true }).waitFor();
    expect(await reset.password().inputValue()).toBe('Fresh@457');
    expect(await reset.confirm().inputValue()).toBe('Fresh@457');
    await screenshot(page, `reset-form-refused.png`);
    await close(page.context());
  });
});
