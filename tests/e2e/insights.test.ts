import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { DEMO_PASSWORD } from '../support/graphql';
import { useStack } from '../support/useStack';
import { DashboardPage, StatisticsPage } from './pages/InsightsPages';
import { LoginPage } from './pages/LoginPage';
import { axeFindings } from '../support/axe';

type Mode = 'light' | 'dark';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** DD-MM-YYYY, as the console shows a day. */
const shown = (day: string) => day.split('-').reverse().join('-');

describe('the dashboard and the statistics in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  async function signedIn(mode: Mode, width = 1280): Promise<Page> {
    const page = await tab({ mode, width });
    await page.goto('/login');
    await new LoginPage(page).signIn('admin@acme.local', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    return page;
  }

  async function acmeNumbers() {
    const [row] = await stack.db.query<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE u.is_active AND NOT u.awaiting_approval AND u.password_hash IS NOT NULL)::int AS active,
              count(*) FILTER (WHERE NOT u.is_active)::int AS disabled,
              count(*) FILTER (WHERE u.is_active AND u.password_hash IS NULL AND EXISTS (
                SELECT 1 FROM user_tokens t WHERE t.user_id = u.user_id AND t.purpose = 'invite'
                   AND t.used_at IS NULL AND t.voided_at IS NULL AND t.expires_at > now()))::int AS invited,
              (SELECT count(*)::int FROM sessions s WHERE s.client_id = c.client_id AND s.ended_at IS NULL AND s.expires_at > now()) AS live,
              -- Today (UTC, as the chart counts days): the seed's live sessions began up to 75 minutes ago, so
              -- just after midnight some of them began yesterday.
              (SELECT count(*)::int FROM sessions s WHERE s.client_id = c.client_id
                  AND (s.started_at AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date) AS "signedInToday",
              (SELECT count(*)::int FROM licences l WHERE l.client_id = c.client_id AND l.is_active
                  AND l.valid_till BETWEEN current_date AND current_date + 30) AS expiring
         FROM clients c JOIN client_users u ON u.client_id = c.client_id
        WHERE c.company_name = 'Acme Corporation' GROUP BY c.client_id`,
    );
    return row!;
  }

  /** Seats per product as the seat limit counts them: live licences give, active people with a role take. */
  async function acmeSeats() {
    return stack.db.query<{ product: string; used: number; capacity: number }>(
      `SELECT pr.product_name AS product,
              (SELECT count(DISTINCT u.user_id)::int FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
                WHERE u.client_id = c.client_id AND u.is_active AND ur.product_id = pr.product_id) AS used,
              (SELECT coalesce(sum(pl.capacity), 0)::int FROM licences l JOIN plans pl ON pl.plan_id = l.plan_id
                WHERE l.client_id = c.client_id AND l.product_id = pr.product_id AND l.is_active
                  AND l.valid_till >= current_date) AS capacity
         FROM clients c, products pr
        WHERE c.company_name = 'Acme Corporation' AND pr.product_id IN (
              SELECT product_id FROM licences WHERE client_id = c.client_id AND is_active
               UNION
              SELECT ur.product_id FROM user_roles ur JOIN client_users u ON u.user_id = ur.user_id
               WHERE u.client_id = c.client_id AND u.is_active)
        ORDER BY pr.product_id`,
    );
  }

  it('shows the seeded numbers on cards that lead to their screens, with a chart its table repeats', async () => {
    const page = await signedIn('light');
    const dashboard = new DashboardPage(page);
    await dashboard.ready();
    const expected = await acmeNumbers();
    // The seed gives every card something to show, so a card stuck at zero cannot pass.
    for (const key of ['active', 'disabled', 'invited', 'expiring'] as const) expect(expected[key]).toBeGreaterThan(0);
    expect(await dashboard.value('active-users').innerText()).toBe(String(expected.active));
    expect(await dashboard.value('disabled-users').innerText()).toBe(String(expected.disabled));
    expect(await dashboard.value('pending-invitations').innerText()).toBe(String(expected.invited));
    expect(await dashboard.value('sessions-active').innerText()).toBe(String(expected.live));
    expect(await dashboard.value('licences-expiring').innerText()).toBe(String(expected.expiring));
    expect((await dashboard.seats().allInnerTexts()).map((text) => text.replace(/\s+/g, ' '))).toEqual(
      (await acmeSeats()).map((seat) => `${seat.product} ${seat.used} of ${seat.capacity} seats used`),
    );

    const chart = dashboard.chart('Sign-ins per day');
    await chart.getByRole('img', { name: /^Sign-ins per day\. Sign-ins: \d+ in all over 30 rows/ }).waitFor();
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    await chart.getByRole('button', { name: 'Show table' }).click();
    expect(await chart.locator('tbody tr').count()).toBe(30);
    expect(await chart.locator('tbody tr').last().locator('td').allInnerTexts()).toEqual([
      shown(daysAgo(0)),
      String(expected.signedInToday),
    ]);

    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `dashboard-light-1280.png`, { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `dashboard-light-390.png`, { fullPage: true });

    await dashboard.card('sessions-active').click();
    await page.waitForURL((url) => url.pathname === '/OrgUserSessions.js');
    await page.goBack();
    await dashboard.card('licences-expiring').click();
    await page.waitForURL((url) => url.pathname === '/subscriptionDetails');
    await page.goBack();
    await dashboard.card('seats').click();
    await page.waitForURL((url) => url.pathname === '/subscriptionDetails');
    await page.goBack();
    // Keyboard: the card is a link like any other.
    await dashboard.card('disabled-users').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/UserManagement');
  });

  it('is clean for axe in dark mode too', async () => {
    const page = await signedIn('dark');
    const dashboard = new DashboardPage(page);
    await dashboard.ready();
    await dashboard.chart('Sign-ins per day').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `dashboard-dark-1280.png`, { fullPage: true });

    await visit(page, '/Statistics');
    const statistics = new StatisticsPage(page);
    await statistics.ready();
    await statistics.showTable('Project activity');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `statistics-dark-1280.png`, { fullPage: true });
  });

  it('changes the days shown through the address and downloads a chart as CSV', async () => {
    const page = await signedIn('light');
    await visit(page, '/Statistics');
    const statistics = new StatisticsPage(page);
    await statistics.ready();
    // The last 30 days by default.
    expect(await statistics.from().inputValue()).toBe(shown(daysAgo(29)));
    expect(await statistics.to().inputValue()).toBe(shown(daysAgo(0)));
    for (const title of [
      'Sign-ins per day',
      'Active users per day',
      'Seat use per product',
      'Users per department',
      'Users per group',
      'Project activity',
    ]) {
      await statistics.chartImage(title).waitFor();
    }
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `statistics-light-1280.png`, { fullPage: true });

    const [from, to] = [daysAgo(45), daysAgo(40)];
    await statistics.showDays(from, to);
    await page.waitForURL((url) => url.searchParams.get('from') === from && url.searchParams.get('to') === to);
    await statistics
      .panel('Sign-ins per day')
      .getByText(`${shown(from)} to ${shown(to)}`)
      .waitFor();
    await statistics.showTable('Sign-ins per day');
    expect(await statistics.tableRows('Sign-ins per day').count()).toBe(6);

    const { name, text } = await statistics.downloadCsv('Sign-ins per day');
    expect(name).toMatch(/^sign-ins-per-day-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Day,Sign-ins');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([45, 44, 43, 42, 41, 40].map((n) => shown(daysAgo(n))));
    const [sessions] = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions s JOIN clients c ON c.client_id = s.client_id
        WHERE c.company_name = 'Acme Corporation'
          AND s.started_at >= $1::date::timestamp AT TIME ZONE 'UTC' AND s.started_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'`,
      [from, to],
    );
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(sessions!.n);

    // The address alone shows the same days after a reload.
    await page.reload();
    await statistics.ready();
    expect(await statistics.from().inputValue()).toBe(shown(from));

    // A range that runs backwards is explained, and the address keeps the days shown.
    await statistics.showDays(to, from);
    await page.getByRole('alert').getByText('The first day must not be after the last day').waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(from);

    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === daysAgo(6));
    await statistics
      .panel('Sign-ins per day')
      .getByText(`${shown(daysAgo(6))} to ${shown(daysAgo(0))}`)
      .waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `statistics-light-390.png`, { fullPage: true });
  });
});
