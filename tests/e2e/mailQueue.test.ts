import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { signedIn } from '../support/graphql';
import { startMailSink } from '../support/mailSink';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

/**
 * The outbox as a queue in the browser: with the mail server down, an invitation is given up after
 * its (here, one-second) day of tries; the provider sees why in the outbox and sends it again.
 */
describe('the mail queue in the outbox', () => {
  let port = 0;
  beforeAll(async () => {
    const gone = await startMailSink();
    port = Number(new URL(gone.url).port);
    await gone.close();
  });
  const stack = useStack('pglite', () => ({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailQueue: { retryFirstMs: 200, retryMaxMs: 400, retryForMs: 1_000, pollMs: 50 },
  }));
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function as(email: string, mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, email);
    return tab({ mode, width, session });
  }

  it('shows a failed mail with the reason and retries it; a mail being retried shows its next attempt', async () => {
    const acme = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const [role] = await stack.db.query<{ id: string }>(
      `SELECT r.role_id::text AS id FROM roles r JOIN licences l ON l.product_id = r.product_id JOIN client_users u ON u.client_id = l.client_id
        WHERE u.email = 'admin@acme.local' AND r.is_active ORDER BY r.role_id LIMIT 1`,
    );
    const email = 'outbox.retry@acme.local';
    const invited = await acme.request<{ inviteUser: { errors: unknown[] } }>(
      'mutation ($input: InviteUserInput!) { inviteUser(input: $input) { errors { code } } }',
      { input: { firstName: 'Outbox', lastName: 'Retry', email, roleId: role!.id } },
    );
    expect(invited.data!.inviteUser.errors).toEqual([]);
    const statusOf = async () =>
      (
        await stack.db.query<{ failed: boolean }>('SELECT failed_at IS NOT NULL AS failed FROM mail_outbox WHERE to_address = $1', [email])
      )[0]?.failed;
    for (let waited = 0; !(await statusOf()); waited += 100) {
      if (waited > 20_000) throw new Error('the mail was not given up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    for (const mode of ['light', 'dark'] as const) {
      // One reader turning a window from wide to narrow.
      const page = await as('admin@yozy.local', mode, 1280);
      await page.goto(`/platformsettings/outbox?q=${encodeURIComponent(email)}`);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const row = page.getByTestId('outbox-table').getByRole('row').filter({ hasText: email });
        await row.getByText('Failed', { exact: true }).waitFor();
        await expect(row.getByTestId('outbox-error').textContent()).resolves.toMatch(/ECONNREFUSED/);
        expect(await axeFindings(page), `${mode} ${width}`).toEqual([]);
        await screenshot(page, `outbox-queue-failed-${mode}-${width}.png`, { fullPage: true });
      }
    }

    const page = await as('admin@yozy.local', 'light', 1280);
    await page.goto(`/platformsettings/outbox?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId('outbox-table').getByRole('row').filter({ hasText: email });
    await row.getByTestId('outbox-retry').click();
    await page.getByText('Mail queued again').waitFor();
    await row.getByText('Retrying', { exact: true }).waitFor();
    await expect(row.getByTestId('outbox-next-attempt').textContent()).resolves.toMatch(/^Attempt \d+ at /);
    expect(await row.getByTestId('outbox-retry').count()).toBe(0);
    await screenshot(page, `outbox-queue-retrying-1280.png`);
  }, 120_000);
});
