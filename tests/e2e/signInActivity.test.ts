import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '@yozy/gateway';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { factories, FACTORY_PASSWORD, type User } from '../support/factories';
import { GraphQLSession, signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

// Waits of ten minutes, so the hold outlasts the test on a slow machine.
const STEP = { ...DEFAULT_RATE_LIMITS.signIn, freeFailures: 3, waitIncrementMs: 10 * 60_000, perAccount: { freeFailures: 4 } };
const LIMITS: RateLimits = { ...DEFAULT_RATE_LIMITS, signIn: STEP, signInCode: STEP };
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  'python-requests/2.31.0',
];
const SIGN_IN = 'mutation ($input: SignInInput!) { signIn(input: $input) { viewer { email } errors { code } } }';

describe('a person’s sign-in activity in the browser', () => {
  const stack = useStack('pglite', { rateLimits: LIMITS });
  const browser = useBrowser();
  let cookie = '';
  let people: { nina: User; omar: User };

  /** Wrong passwords from four addresses, then the right one from a fifth: new browsers of the account wait. */
  async function guess(person: User, network: number) {
    for (let i = 0; i < 5; i++) {
      const client = new GraphQLSession(stack.gatewayUrl, { 'x-forwarded-for': `10.66.${network}.${i + 1}`, 'user-agent': AGENTS[i % 3]! });
      await client.request(SIGN_IN, {
        input: { email: person.email, password: i < 4 ? 'Wrong@123' : FACTORY_PASSWORD, captcha: await client.captcha() },
      });
    }
  }

  beforeAll(async () => {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    people = {
      nina: await make.user(organisation, { firstName: 'Nina', lastName: 'Held' }),
      omar: await make.user(organisation, { firstName: 'Omar', lastName: 'Held' }),
    };
    cookie = (await signedIn(stack.gatewayUrl, admin.email, FACTORY_PASSWORD)).cookies.get('token_org')!;
    await guess(people.nina, 1);
    await guess(people.omar, 2);
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function open(mode: 'light' | 'dark', width: number, path: string): Promise<Page> {
    const page = await tab({ mode, width, session: cookie });
    await page.goto(path);
    return page;
  }

  it('shows the attempts and the hold in words, and clears the hold after asking', async () => {
    const page = await open('light', 1280, `/UserManagement/${people.nina.userId}`);
    const section = page.getByTestId('person-sign-in-activity');
    await section.getByTestId('sign-in-hold').waitFor();
    expect(await section.getByTestId('sign-in-hold-reason').innerText()).toMatch(
      /^Sign-in from new browsers is held back until \w{3} \d{2} \d{4}, \d{2}:\d{2} [AP]M after 4 failed attempts from 4 addresses\.$/,
    );
    const rows = section.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.first().innerText()).toContain('Held back');
    expect(await rows.first().innerText()).toContain('Account guessed from many addresses: new browsers wait');
    expect(await rows.nth(1).innerText()).toMatch(/Failed\s+Wrong password\s+Password\s+10\.66\.1\.4\s+Chrome 130 on Windows 10/);
    expect(await rows.nth(2).innerText()).toContain('python-requests/2.31.0');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(section, `sign-in-activity-light-1280.png`);

    // Only the failures, then every attempt again.
    await section.getByTestId('sign-in-activity-filter').selectOption({ label: 'Passed' });
    await section.getByTestId('table-no-match').waitFor();
    await section.getByTestId('sign-in-activity-filter').selectOption({ label: 'Every attempt' });
    await expect.poll(() => rows.count()).toBe(5);

    await section.getByTestId('sign-in-hold-clear').click();
    const dialog = page.getByTestId('sign-in-hold-confirm');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Nina Held');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `sign-in-hold-confirm-light-1280.png`);
    await page.getByTestId('sign-in-hold-confirm-confirm').click();
    await page.getByText('Nina Held may sign in again').waitFor();
    await section.getByTestId('sign-in-hold').waitFor({ state: 'detached' });

    const audited = await stack.db.query<{ entity_id: string }>("SELECT entity_id FROM audit_log WHERE action = 'user.sign_in_hold_clear'");
    expect(audited).toEqual([{ entity_id: String(people.nina.userId) }]);
    // Nina signs in at once from a browser she never used.
    const fresh = new GraphQLSession(stack.gatewayUrl, { 'x-forwarded-for': '10.66.9.9' });
    const back = await fresh.request<{ signIn: { viewer: { email: string } | null } }>(SIGN_IN, {
      input: { email: people.nina.email, password: FACTORY_PASSWORD, captcha: await fresh.captcha() },
    });
    expect(back.data?.signIn.viewer).toEqual({ email: people.nina.email });

    // The audit log says what happened in words.
    await visit(page, '/AuditLog');
    await page.getByTestId('audit-action').filter({ hasText: 'Sign-in hold cleared' }).first().waitFor();
  }, 120_000);

  it('reads well in dark mode and on a phone, the table scrolling inside its frame', async () => {
    // One reader, the window turned from wide to narrow and the system's colour mode switched.
    const page = await open('dark', 1280, `/UserManagement/${people.omar.userId}`);
    for (const [mode, width] of [
      ['dark', 1280],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await page.setViewportSize({ width, height: 900 });
      const section = page.getByTestId('person-sign-in-activity');
      await section.getByTestId('sign-in-hold').waitFor();
      await expect.poll(() => section.locator('tbody tr').count()).toBe(5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width}`).toBe(width);
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(section, `sign-in-activity-${mode}-${width}.png`);
    }
  }, 120_000);

  it('counts the failed sign-ins of the last day on the dashboard', async () => {
    const page = await open('light', 1280, '/dashboard');
    // Nina's four wrong passwords and her refused one, and Omar's.
    await expect.poll(() => page.getByTestId('dashboard-failed-sign-ins-value').innerText()).toBe('10');
    expect(await page.getByTestId('dashboard-failed-sign-ins').evaluate((card) => card.tagName)).not.toBe('A');
  });
});
