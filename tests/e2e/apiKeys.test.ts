import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { GraphQLSession, signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe('API keys and the GraphQL explorer in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The provider's SuperAdmin, handed the file's tab (where axe is injected, past the page's policy). */
  async function superAdmin(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    return tab({ mode, width, session });
  }

  /**
   * The provider's SuperAdmin in a browser of their own, under the gateway's own
   * Content-Security-Policy, whose console messages and requests the test listens to.
   */
  async function superAdminUnderPolicy(b: Browser, mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const context = await b.newContext({ baseURL: stack.gatewayUrl, viewport: { width, height: 900 }, colorScheme: mode });
    await context.addCookies([{ name: 'token_org', value: session.cookies.get('token_org')!, url: stack.gatewayUrl }]);
    return context.newPage();
  }

  const row = (page: Page, text: string) => page.getByTestId('api-key-table').getByRole('row').filter({ hasText: text });
  const asTool = (secret: string) => new GraphQLSession(stack.gatewayUrl, { authorization: `Bearer ${secret}` });

  it('creates a key whose secret is shown once and works for a tool, then revokes it after asking', async () => {
    const page = await superAdmin('light', 1280);
    await page.goto('/platformsettings/api-keys');
    await page.getByTestId('table-empty').waitFor();
    await screenshot(page, `platform-api-keys-empty-1280.png`, { fullPage: true });

    await page.getByTestId('api-key-add').click();
    const dialog = page.getByTestId('api-key-dialog');
    await page.getByTestId('api-key-save').click();
    await dialog.getByTestId('api-key-name-error').waitFor();
    await dialog.getByTestId('api-key-name').fill('Acme HR feed');
    await dialog.getByTestId('api-key-access').selectOption('READ_WRITE');
    await dialog.getByTestId('api-key-organization').selectOption({ label: 'Acme Corporation' });
    await dialog.getByTestId('api-key-expires').fill('31-12-2099');
    await page.getByTestId('api-key-save').click();

    const secretField = page.getByTestId('api-key-secret');
    await secretField.waitFor();
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^yozy_key_/);
    expect(await page.getByTestId('api-key-secret-dialog').innerText()).toContain('only time the key is shown');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `platform-api-keys-secret-1280.png`);
    await page.getByTestId('api-key-done').click();

    await expect
      .poll(() => row(page, 'Acme HR feed').innerText())
      .toMatch(/Acme HR feed\s+yozy_key_\S+…\s+Read and write\s+Acme Corporation\s+Active\s+until (Dec 31 2099|Jan 01 2100)[^\n]*\s+Never/);
    expect(await row(page, 'Acme HR feed').innerText()).not.toContain(secret);

    // The tool, with the secret alone, sees its organisation's people.
    const tool = asTool(secret);
    const people = await tool.request<{ users: { totalCount: number } }>('{ users { totalCount } }');
    expect(people.data?.users.totalCount).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => row(page, 'Acme HR feed').innerText()).not.toContain('Never');

    await row(page, 'Acme HR feed').getByRole('button', { name: 'Revoke Acme HR feed' }).click();
    const confirm = page.getByTestId('api-key-confirm');
    expect(await confirm.innerText()).toContain('refused from its next call');
    await page.getByTestId('api-key-confirm-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => row(page, 'Acme HR feed').innerText()).toContain('Revoked');
    expect((await tool.request('{ users { totalCount } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await screenshot(page, `platform-api-keys-1280.png`, { fullPage: true });
  });

  it.each(['light', 'dark'] as const)('has no axe violation in %s mode, with the form open too, at 1280 and 390 px', async (mode) => {
    // One visit, as a person turning a window from wide to narrow: the form closed between.
    const page = await superAdmin(mode, 1280);
    await page.goto('/platformsettings/api-keys');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('api-key-table').or(page.getByTestId('table-empty')).first().waitFor();
      expect(await axeFindings(page), `${mode} ${width}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width}`).toBe(width);
      await screenshot(page, `platform-api-keys-${mode}-${width}.png`, { fullPage: true });
      await page.getByTestId('api-key-add').click();
      await page.getByTestId('api-key-name').waitFor();
      expect(await axeFindings(page), `${mode} ${width} form`).toEqual([]);
      await screenshot(page, `platform-api-keys-form-${mode}-${width}.png`);
      await page.keyboard.press('Escape');
      await page.getByTestId('api-key-name').waitFor({ state: 'detached' });
    }
  });

  it('opens the explorer for a SuperAdmin under the gateway’s own Content-Security-Policy, and runs a query', async () => {
    const page = await superAdminUnderPolicy(browser(), 'light', 1280);
    const violations: string[] = [];
    const outside: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(stack.gatewayUrl) && !request.url().startsWith('blob:') && !request.url().startsWith('data:')) {
        outside.push(request.url());
      }
    });
    await page.goto('/graphql');
    await page.locator('.graphiql-container').waitFor();
    // The editor (Monaco, with its workers) takes a moment on a busy machine: wait for its query,
    // then run it until the answer shows.
    await expect.poll(() => page.locator('.graphiql-query-editor').innerText(), { timeout: 45_000 }).toContain('organizations');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: /execute query/i }).click();
          return page.locator('.graphiql-response').innerText();
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toContain('totalCount');
    await screenshot(page, `graphql-explorer-1280.png`);
    expect(violations).toEqual([]);
    expect(outside).toEqual([]);

    // The way back to the console, to the SuperAdmin's landing page.
    await page.getByRole('link', { name: 'Back to the console' }).click();
    await page.waitForURL((url) => url.pathname === '/EnquireDetails');
    await page.getByTestId('profile-menu').waitFor();
    await page.context().close();
  });
});
