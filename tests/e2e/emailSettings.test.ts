import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn } from '../support/graphql';
import { startMailSink, type MailSink } from '../support/mailSink';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';

describe('email settings and the outbox in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let sink: MailSink;
  let acmeId: string;

  beforeAll(async () => {
    sink = await startMailSink();
    const [acme] = await stack.db.query<{ id: string }>("SELECT client_id::text AS id FROM client_users WHERE email = 'admin@acme.local'");
    acmeId = acme!.id;
  });
  afterAll(() => sink.close());

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function as(email: string, mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, email);
    return tab({ mode, width, session });
  }

  it('an organisation admin sets its own mail server, sends a test mail, and words the invitation with a preview', async () => {
    const page = await as('admin@acme.local', 'light', 1280);
    await page.goto('/TwoFactor/organization');
    const form = page.getByTestId('email-settings-form');
    await form.waitFor();
    await form.getByTestId('email-sender-name').fill('Acme People Team');
    await form.getByTestId('email-smtp-host').fill('127.0.0.1');
    await form.getByTestId('email-smtp-security').selectOption('NONE');
    await form.getByTestId('email-smtp-from').fill('mailer@acme.local');
    // No port: the field says so, and nothing typed is lost.
    await page.getByTestId('email-settings-save').click();
    await form.getByTestId('email-smtp-port-error').waitFor();
    expect(await form.getByTestId('email-smtp-host').inputValue()).toBe('127.0.0.1');
    expect(await page.getByTestId('email-test-send').isDisabled()).toBe(true);

    await form.getByTestId('email-smtp-port').fill(new URL(sink.url).port);
    await page.getByTestId('email-settings-save').click();
    await expect.poll(() => page.getByTestId('email-test-send').isDisabled()).toBe(false);
    await page.getByTestId('email-test-send').click();
    await expect.poll(() => page.getByTestId('email-test-outcome').innerText()).toContain('A test mail went to admin@acme.local');
    const test = await sink.waitFor('admin@acme.local', (mail) => mail.subject === 'Test mail from Yozy Admin');
    expect(test.text).toContain('From: Acme People Team <mailer@acme.local>');

    const invitation = page.getByTestId('email-template-invitation');
    await invitation.getByTestId('email-template-edit').click();
    const dialog = page.getByTestId('email-template-dialog');
    await dialog.getByTestId('email-template-subject').fill('Join {{organization}}');
    await dialog.getByTestId('email-template-body').fill('Hi {{firstName}},\n\nWelcome aboard, {{nickname}}.');
    await page.getByTestId('email-template-save').click();
    await dialog.getByTestId('email-template-body-error').waitFor();
    expect(await dialog.getByTestId('email-template-body-error').innerText()).toContain('{{nickname}} is not a value of this mail');
    await dialog.getByTestId('email-template-body').fill('Hi {{firstName}},\n\nWelcome aboard.');
    await dialog.getByTestId('email-template-preview').click();
    const preview = dialog.getByTestId('email-template-preview-result');
    await expect.poll(() => preview.innerText()).toContain('Subject: Join Example Corporation');
    expect(await preview.locator('iframe').getAttribute('sandbox')).toBe('');
    expect(await preview.frameLocator('iframe').locator('body').innerText()).toContain('Hi Ada,');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `email-template-preview-1280.png`);
    await page.getByTestId('email-template-save').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => invitation.innerText()).toContain('Own wording');
    await screenshot(page, `email-settings-organization-1280.png`, { fullPage: true });
  });

  it('keeps the test mail in the outbox when no mail server is set, says so, and a SuperAdmin follows the link to it', async () => {
    // Globex has no server of its own, the provider none either, and this stack no SMTP_URL.
    const admin = await as('admin@globex.local', 'light', 1280);
    await admin.goto('/TwoFactor/organization');
    await admin.getByTestId('email-test-send').click();
    const outcome = admin.getByTestId('email-test-outcome');
    await expect.poll(() => outcome.innerText()).toContain('No mail server is set: the test mail is in the outbox.');
    // The outbox is the provider's: an organisation admin gets no link to it.
    expect(await admin.getByTestId('email-test-outbox').count()).toBe(0);

    const provider = await as('admin@yozy.local', 'dark', 1280);
    await provider.goto('/platformsettings/email');
    await provider.getByTestId('email-test-send').click();
    await expect.poll(() => provider.getByTestId('email-test-outcome').innerText()).toContain('No mail server is set');
    expect(await axeFindings(provider)).toEqual([]);
    await screenshot(provider, `email-test-kept-dark.png`);
    await provider.getByTestId('email-test-outbox').click();
    await provider.waitForURL((url) => url.pathname === '/platformsettings/outbox');
    await provider.getByTestId('outbox-table').getByText('admin@globex.local').first().waitFor();
  });

  it('the provider opens an organisation’s email settings tab, its own in Platform Settings, and reads a mail in the outbox', async () => {
    const page = await as('admin@yozy.local', 'light', 1280);
    await page.goto(`/OrganizationDetails/Organization/${acmeId}/emailsettings`);
    await page.getByTestId('email-settings-form').waitFor();
    expect(await page.getByTestId('email-templates').innerText()).not.toContain('Enquiry received');

    await visit(page, '/platformsettings/email');
    await page.getByTestId('email-template-enquiry_received').waitFor();

    // A mail kept in the outbox (no server): the invitation of one of the demo's invited people.
    const [kept] = await stack.db.query<{ to_address: string }>(
      "SELECT to_address FROM mail_outbox WHERE template = 'invitation' AND sent_at IS NULL AND error IS NULL ORDER BY mail_id LIMIT 1",
    );
    await visit(page, '/platformsettings/outbox');
    await page.getByTestId('outbox-table').getByRole('row').nth(1).waitFor();
    await page.getByTestId('outbox-status-filter').selectOption('KEPT');
    await page.waitForURL(/status=KEPT/);
    await page.getByRole('searchbox', { name: 'Search the outbox' }).fill(kept!.to_address);
    await page.waitForURL(/q=/);
    await page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
    await page.getByTestId('outbox-open').first().click();
    const mail = page.getByTestId('outbox-mail');
    await mail.waitFor();
    expect(await mail.innerText()).toContain(`To ${kept!.to_address}`);
    expect(await mail.frameLocator('iframe').locator('a').first().innerText()).toBe('Set your password');
    expect(await mail.innerText()).toContain('Reading a mail is recorded in the audit log.');
    expect(await stack.db.query("SELECT 1 FROM audit_log WHERE action = 'mail.read'")).toHaveLength(1);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `platform-outbox-mail-1280.png`);
  });

  it.each(['light', 'dark'] as const)('has no axe violation in %s mode at 1280 and 390 px', async (mode) => {
    // One reader turning a window from wide to narrow.
    const page = await as('admin@yozy.local', mode, 1280);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, ready] of [
        [`/OrganizationDetails/Organization/${acmeId}/emailsettings`, 'email-settings-form'],
        ['/platformsettings/outbox', 'outbox-table'],
      ] as const) {
        await visit(page, path);
        await page.getByTestId(ready).waitFor();
        await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
        expect(await axeFindings(page), `${mode} ${width} ${path}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${mode} ${width} ${path}`).toBe(width);
        await screenshot(page, `${path.includes('outbox') ? 'platform-outbox' : 'email-settings'}-${mode}-${width}.png`, {
          fullPage: true,
        });
      }
    }
  });
});
