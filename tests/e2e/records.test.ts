import { authenticatorCode } from '@yozy/subscription-api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { factories } from '../support/factories';
import { signedIn } from '../support/graphql';
import { startStack, type Stack } from '../support/stack';
import { LoginPage } from './pages/LoginPage';

/** Records at their own addresses: a person's two-factor reset, an enquiry, an invitation, and a renewal request. */
describe('records at their own addresses in the browser', () => {
  let stack: Stack;
  const browser = useBrowser();

  beforeAll(async () => {
    stack = await startStack('pglite');
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });
  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The file's tab, handed to a visitor signed in with the session of `email` (nobody when left out). */
  async function pageOf(email?: string, password?: string): Promise<Page> {
    const session = email ? (await signedIn(stack.gatewayUrl, email, password)).cookies.get('token_org')! : undefined;
    return tab({ height: 800, session });
  }

  /** No axe finding in either colour mode at 1280 and 390 px; a screenshot of each to look at. */
  async function checkEverywhere(page: Page, name: string) {
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        expect(await axeFindings(page)).toEqual([]);
        await screenshot(page, `records-${name}-${mode}-${width}.png`, { fullPage: true });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it("resets a person's two-factor from their page; at their next sign-in they are asked to set it up", async () => {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const person = await make.user(organisation, { firstName: 'Tove', lastName: 'Reset' });
    const own = await signedIn(stack.gatewayUrl, person.email, person.password!);
    const started = await own.request<{ startTwoFactorEnrolment: { enrolment: { secret: string } } }>(
      'mutation { startTwoFactorEnrolment { enrolment { secret } } }',
    );
    await own.request('mutation ($code: String!) { confirmTwoFactor(input: { code: $code }) { errors { code } } }', {
      code: authenticatorCode(started.data!.startTwoFactorEnrolment.enrolment.secret),
    });

    const page = await pageOf(admin.email, admin.password!);
    await stack.db.query(
      'INSERT INTO org_settings (client_id, two_factor_required) VALUES ($1, true) ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true',
      [organisation.clientId],
    );
    await page.goto('/UserManagement');
    await page.getByTestId('users-table').getByRole('link', { name: 'Tove Reset' }).click();
    await page.getByTestId('person-screen').waitFor();
    const section = page.getByTestId('two-factor-reset');
    await section
      .getByTestId('two-factor-state')
      .getByText(/^Two-factor: on since \w{3} \d{2} \d{4}, \d{2}:\d{2} [AP]M$/)
      .waitFor();
    await checkEverywhere(page, 'two-factor-on');

    await section.getByTestId('two-factor-reset-open').click();
    const confirm = page.getByTestId('two-factor-reset-confirm');
    expect(await confirm.innerText()).toContain('The authenticator app and the recovery codes of Tove Reset stop working at once');
    await checkEverywhere(page, 'two-factor-confirm');
    await confirm.getByTestId('two-factor-reset-confirm-confirm').click();
    await section.getByTestId('two-factor-state').getByText('Two-factor: off').waitFor();
    expect(await section.getByTestId('two-factor-reset-open').count()).toBe(0);

    // The admin is done: the tab goes to the person, who signs in.
    const personPage = await pageOf();
    await personPage.goto('/login');
    await new LoginPage(personPage).signIn(person.email, person.password!);
    await personPage.getByTestId('two-factor-enrolment').waitFor();
    await checkEverywhere(personPage, 'two-factor-enrol-again');
  });

  it('opens an enquiry at its own address, in a new page too, and closes back to the filtered list', async () => {
    const [plan] = await stack.db.query<{ product_id: number; plan_id: number }>(
      'SELECT product_id, plan_id FROM plans ORDER BY plan_id LIMIT 1',
    );
    const [enquiry] = await stack.db.query<{ enquiry_id: number }>(
      `INSERT INTO enquiries (company_name, admin_first_name, admin_last_name, admin_email, contact_name, contact_email, product_id, plan_id)
       VALUES ('Addressable Ltd', 'Ada', 'Dress', 'ada@addressable.example', 'Ada Dress', 'ada@addressable.example', $1, $2) RETURNING enquiry_id`,
      [plan!.product_id, plan!.plan_id],
    );
    const page = await pageOf('admin@yozy.local');
    await page.goto('/EnquireDetails?q=Addressable');
    const link = page.getByTestId('enquiry-table').getByRole('link', { name: 'Addressable Ltd' });
    expect(await link.getAttribute('href')).toBe(`/EnquireDetails/${enquiry!.enquiry_id}?q=Addressable`);
    await link.click();
    await page.getByTestId('enquiry-dialog').getByTestId('enquiry-company').getByText('Addressable Ltd').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/EnquireDetails/${enquiry!.enquiry_id}`);

    // The address alone shows it, with its actions, as a new tab would: a second tab of the same
    // person, beside the file's one, closed when done.
    const fresh = await page.context().newPage();
    try {
      await fresh.goto(`/EnquireDetails/${enquiry!.enquiry_id}`);
      const dialog = fresh.getByTestId('enquiry-dialog');
      await dialog.getByTestId('enquiry-admin-email').getByText('ada@addressable.example').waitFor();
      await dialog.getByTestId('enquiry-approve').waitFor();
      await dialog.getByTestId('enquiry-reject').waitFor();
      await checkEverywhere(fresh, 'enquiry');

      await page.getByTestId('enquiry-dialog').getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/EnquireDetails?q=Addressable');

      await visit(fresh, '/EnquireDetails/999999999');
      await fresh.getByTestId('enquiry-not-found').getByText('There is no enquiry with the id 999999999').waitFor();
      await visit(fresh, '/EnquireDetails/not-an-id');
      await fresh.getByTestId('enquiry-not-found').getByText('This address does not name an enquiry').waitFor();
      await checkEverywhere(fresh, 'enquiry-not-found');
    } finally {
      await fresh.close();
    }
  });

  it('opens an invitation at its own address from a real link of the invitations list', async () => {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const invited = await make.user(organisation, { invited: true, firstName: 'Ivo', lastName: 'Invited' });
    await make.linkToken(invited, 'invite');
    const [token] = await stack.db.query<{ token_id: number }>(
      "SELECT max(token_id) AS token_id FROM user_tokens WHERE user_id = $1 AND purpose = 'invite'",
      [invited.userId],
    );
    const page = await pageOf(admin.email, admin.password!);
    await page.goto('/UserManagement?view=invitations');
    const link = page.getByTestId('invitations-table').getByRole('link', { name: 'Ivo Invited' });
    expect(await link.getAttribute('href')).toBe(`/UserManagement/invitations/${token!.token_id}`);
    await link.click();
    const shown = page.getByTestId('invitation-page');
    await shown.getByTestId('invitation-status').getByText('Pending').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('Invitation of Ivo Invited');
    expect(await page.getByTestId('invitation-details').innerText()).toContain(invited.email);
    await shown.getByTestId('invitation-resend').waitFor();
    await shown.getByTestId('invitation-revoke').waitFor();
    await checkEverywhere(page, 'invitation');

    // Another organisation's invitation is not there.
    const [theirs] = await stack.db.query<{ token_id: number }>(
      `SELECT max(t.token_id) AS token_id FROM user_tokens t JOIN client_users u ON u.user_id = t.user_id
        WHERE u.client_id <> $1 AND t.purpose = 'invite'`,
      [organisation.clientId],
    );
    await visit(page, `/UserManagement/invitations/${theirs!.token_id}`);
    await page.getByTestId('invitation-not-found').getByText('There is no such invitation in this organization').waitFor();
  });

  it('requests renewal of a licence near its end, which the provider sees among the enquiries', async () => {
    const page = await pageOf('admin@acme.local');
    await page.goto('/subscriptionDetails');
    const lite = page.getByRole('table', { name: 'Licences' }).getByRole('row').filter({ hasText: 'Yozy Lite' });
    await lite.getByTestId('licence-request-renewal').click();
    const confirm = page.getByTestId('licence-renewal-confirm');
    expect(await confirm.innerText()).toContain('The provider receives a request to renew');
    await checkEverywhere(page, 'renewal-confirm');
    await confirm.getByTestId('licence-renewal-confirm-confirm').click();
    await lite.getByTestId('licence-renewal-requested').getByText('Renewal requested').waitFor();
    expect(await lite.getByTestId('licence-request-renewal').count()).toBe(0);
    await checkEverywhere(page, 'renewal-requested');

    // The admin is done: the tab goes to the provider.
    const provider = await pageOf('admin@yozy.local');
    await provider.goto('/EnquireDetails?q=Acme');
    const row = provider.getByTestId('enquiry-table').getByRole('row').filter({ hasText: 'Renewal request' });
    await row.getByRole('link', { name: 'Acme Corporation' }).click();
    const dialog = provider.getByTestId('enquiry-dialog');
    await dialog.getByTestId('enquiry-renewal-organization').getByText('Acme Corporation').waitFor();
    expect(await dialog.getByTestId('enquiry-renewal-ends').innerText()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await dialog.getByTestId('enquiry-product').innerText()).toBe('Yozy Lite');
    await checkEverywhere(provider, 'renewal-enquiry');
  });
});
