import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { onePeriodAfter } from '@yozy/shared/period';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';
import { EnquiriesPage } from './pages/EnquiriesPage';

type Mode = 'light' | 'dark';

const PLAN = 'Web Approval Growth';
const COMPANY = 'Planned Approvals Ltd';
const ADMIN = 'owner@planned-approvals.example';

describe('a new plan used in an approval, then its licence extended, in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** The provider's SuperAdmin, handed the file's tab. */
  async function provider(mode: Mode, width: number): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    return tab({ mode, width, session });
  }

  async function expectAccessible(page: Page, what: string) {
    const violations = await axeViolations(page);
    expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
  }

  const licenceRow = (page: Page, plan: string) => page.getByTestId('licence-table').getByRole('row').filter({ hasText: plan });
  const shown = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC' }).replaceAll('/', '-');

  it('adds a plan, approves an enquiry for it, and extends the new organisation’s licence', async () => {
    const page = await provider('light', 1280);

    // The plan, added in Platform Settings with a capacity no other plan has.
    const [{ capacity }] = (await stack.db.query<{ capacity: number }>('SELECT max(capacity)::int + 7 AS capacity FROM plans')) as [
      { capacity: number },
    ];
    await page.goto('/platformsettings/plans');
    await page.getByTestId('plan-add').click();
    const planDialog = page.getByTestId('plan-dialog');
    await planDialog.getByTestId('plan-product').locator('option', { hasText: 'Yozy Web' }).waitFor({ state: 'attached' });
    await planDialog.getByTestId('plan-product').selectOption({ label: 'Yozy Web' });
    await planDialog.getByTestId('plan-name').fill(PLAN);
    await planDialog.getByTestId('plan-cost').fill('79');
    await planDialog.getByTestId('plan-frequency').selectOption('YEARLY');
    await planDialog.getByTestId('plan-capacity').fill(String(capacity));
    await page.getByTestId('plan-save').click();
    await planDialog.waitFor({ state: 'detached' });
    await page.getByTestId('plan-table').getByRole('row').filter({ hasText: PLAN }).waitFor();

    // Someone signs up for that plan: the sign-up form offers it at once.
    const [plan] = await stack.db.query<{ plan_id: number; product_id: number }>(
      'SELECT plan_id, product_id FROM plans WHERE plan_name = $1',
      [PLAN],
    );
    await stack.db.query(
      `INSERT INTO enquiries (company_name, city, admin_first_name, admin_last_name, admin_email, admin_phone, contact_name,
                              contact_email, product_id, plan_id)
       VALUES ($1, 'Lisbon', 'Rui', 'Costa', $2, '+351 21 000 0000', 'Rui Costa', $2, $3, $4)`,
      [COMPANY, ADMIN, plan!.product_id, plan!.plan_id],
    );

    await page.goto('/EnquireDetails');
    const enquiries = new EnquiriesPage(page);
    await enquiries.open(COMPANY);
    expect(await enquiries.detail('enquiry-plan').innerText()).toBe(PLAN);
    await enquiries.approve();
    await page.getByText(`${COMPANY} approved`).waitFor();

    // The new organisation's Subscription tab shows the licence on that plan with its seats.
    const [organisation] = await stack.db.query<{ client_id: number; valid_till: string; used: number }>(
      `SELECT c.client_id, to_char(l.valid_till, 'YYYY-MM-DD') AS valid_till,
              (SELECT count(DISTINCT u.user_id)::int FROM client_users u JOIN user_roles ur ON ur.user_id = u.user_id
                WHERE u.client_id = c.client_id AND u.is_active AND ur.product_id = l.product_id) AS used
         FROM clients c JOIN licences l ON l.client_id = c.client_id WHERE c.company_name = $1`,
      [COMPANY],
    );
    const subscription = `/OrganizationDetails/Organization/${organisation!.client_id}/Subscription`;
    await visit(page, subscription);
    const row = licenceRow(page, PLAN);
    await row.waitFor();
    expect(await row.innerText()).toContain(`${organisation!.used} of ${capacity} seats`);
    expect(await row.innerText()).toContain(shown(organisation!.valid_till));
    await expectAccessible(page, 'the Subscription tab');

    // Extend by one more period of the plan, the dialog's own suggestion.
    await row.getByRole('button', { name: `Actions for Yozy Web ${PLAN}` }).click();
    await page.getByRole('menuitem', { name: 'Extend' }).click();
    const extend = page.getByTestId('licence-extend-dialog');
    await extend.waitFor();
    const later = onePeriodAfter(organisation!.valid_till, 'YEARLY');
    expect(await extend.getByTestId('licence-extend-valid-till').inputValue()).toBe(shown(later));
    await expectAccessible(page, 'the extend dialog');
    await screenshot(page, `licence-extend-1280-light.png`);
    await page.getByTestId('licence-extend-save').click();
    await extend.waitFor({ state: 'detached' });
    await expect.poll(() => licenceRow(page, PLAN).innerText()).toContain(shown(later));
    const [saved] = await stack.db.query<{ valid_till: string }>(
      "SELECT to_char(valid_till, 'YYYY-MM-DD') AS valid_till FROM licences WHERE client_id = $1",
      [organisation!.client_id],
    );
    expect(saved!.valid_till).toBe(later);
    await screenshot(page, `licence-tab-1280-light.png`);

    // Dark and light, wide and narrow: the tab, the add dialog and the deactivation question, in
    // the same visit as the system's mode and the window's width change.
    const view = page;
    for (const [width, mode] of [
      [1280, 'dark'],
      [390, 'light'],
      [390, 'dark'],
    ] as const) {
      await view.emulateMedia({ colorScheme: mode });
      await view.setViewportSize({ width, height: 900 });
      await expect.poll(() => view.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      await visit(view, subscription);
      await licenceRow(view, PLAN).waitFor();
      await expectAccessible(view, `the tab at ${width} px in ${mode} mode`);
      await screenshot(view, `licence-tab-${width}-${mode}.png`, { fullPage: true });

      await view.getByTestId('licence-add').click();
      const add = view.getByTestId('licence-add-dialog');
      await add.getByTestId('licence-add-product').locator('option', { hasText: 'Yozy Web' }).waitFor({ state: 'attached' });
      await add.getByTestId('licence-add-product').selectOption({ label: 'Yozy Web' });
      await add.getByTestId('licence-add-plan').selectOption({ index: 1 });
      await expectAccessible(view, `the add dialog at ${width} px in ${mode} mode`);
      await screenshot(view, `licence-add-${width}-${mode}.png`);
      await view.keyboard.press('Escape');
      await add.waitFor({ state: 'detached' });

      await licenceRow(view, PLAN)
        .getByRole('button', { name: `Actions for Yozy Web ${PLAN}` })
        .click();
      await view.getByRole('menuitem', { name: 'Deactivate' }).click();
      const confirm = view.getByTestId('licence-confirm');
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain('users lose');
      await expectAccessible(view, `the deactivation question at ${width} px in ${mode} mode`);
      await screenshot(view, `licence-deactivate-${width}-${mode}.png`);
      await view.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
    }
  }, 240_000);
});
