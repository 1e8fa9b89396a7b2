import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab } from '../support/browser';
import { FACTORY_PASSWORD, factories, unique } from '../support/factories';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

const HEADER = 'First name,Last name,Email,Department name,Department code,Phone,Roles';

describe('importing people from a CSV file in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  const tab = useTab(browser, () => stack.gatewayUrl);

  /** An organisation of our own with `capacity` seats on one product; its admin takes one. */
  async function organisation(capacity: number) {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    const plan = await make.plan({ capacity });
    await make.licence(organisation, { plan });
    const { roleName } = await make.role(admin, plan);
    const [product] = await stack.db.query<{ product_name: string }>('SELECT product_name FROM products WHERE product_id = $1', [
      plan.productId,
    ]);
    return { organisation, admin, roles: `${product!.product_name}: ${roleName}` };
  }

  async function open(email: string, password: string | undefined, path: string, mode: 'light' | 'dark', width = 1280): Promise<Page> {
    const cookie = (await signedIn(stack.gatewayUrl, email, password)).cookies.get('token_org')!;
    const page = await tab({ mode, width, session: cookie });
    await page.goto(path);
    await page.getByTestId('seat-summary').waitFor();
    return page;
  }

  const line = (first: string, last: string, email: string, roles: string) =>
    `${first},${last},${email},Research,RND,+1 555 0100,"${roles}"`;
  const email = (label: string) => `${unique(label)}@import.test`.toLowerCase();

  async function chooseFile(page: Page, lines: string[]) {
    await page.getByTestId('import-file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([HEADER, ...lines].join('\r\n')),
    });
    await page.getByTestId('import-preview').waitFor();
  }

  it('previews a file with a good and a bad row, keeps the preview when the seats do not fit, then invites the good row', async () => {
    const { organisation: org, admin, roles } = await organisation(2);
    const page = await open(admin.email, FACTORY_PASSWORD, '/UserManagement', 'light');
    await page.getByTestId('import-open').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('import-roles').innerText()).toContain(roles);
    expect(await axeFindings(page)).toEqual([]);

    // Two good rows and a bad one, with one seat left: the preview says so, and the import is refused.
    const [ada, grace] = [email('ada'), email('grace')];
    await chooseFile(page, [
      line('Ada', 'Lovelace', ada, roles),
      line('Bad', 'Row', 'not-an-email', roles),
      line('Grace', 'Hopper', grace, roles),
    ]);
    expect(await page.getByTestId('import-summary').innerText()).toBe('people.csv: 2 rows ready to invite, 1 row with problems');
    expect(await page.getByTestId('import-row-problems').innerText()).toMatch(/^Email: /);
    const seatMessage = `${org.companyName} has 1 of 2 seats left on ${roles.split(':')[0]} (2 are needed)`;
    expect(await page.getByTestId('import-seat-problem').innerText()).toBe(seatMessage);
    await page.getByTestId('import-submit').click();
    expect(await page.getByTestId('import-error').innerText()).toBe(seatMessage);
    expect(await page.getByTestId('import-row').count()).toBe(3);
    expect(await stack.db.query('SELECT 1 FROM client_users WHERE email = ANY($1::text[])', [[ada, grace]])).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-import-refused-light-1280.png`);

    // The same file without the second good row fits.
    await chooseFile(page, [line('Ada', 'Lovelace', ada, roles), line('Bad', 'Row', 'not-an-email', roles)]);
    expect(await page.getByTestId('import-summary').innerText()).toBe('people.csv: 1 row ready to invite, 1 row with problems');
    expect(await page.getByTestId('import-row-problems').innerText()).toMatch(/^Email: /);
    await page.getByTestId('import-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('1 person invited').waitFor();

    await page.getByTestId('invitations-tab').click();
    const invitations = page.getByTestId('invitations-table');
    await expect
      .poll(() => invitations.getByRole('row').filter({ hasText: ada }).getByTestId('invitation-status').allInnerTexts())
      .toEqual(['Pending']);
    expect(await stack.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [ada])).toHaveLength(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('import-open').click();
    await chooseFile(page, [line('Bad', 'Row', 'not-an-email', roles)]);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-import-light-390.png`);
  });

  it('reads well in dark mode, and imports into the organisation a SuperAdmin has open', async () => {
    const { organisation: org, roles } = await organisation(5);
    const page = await open('admin@yozy.local', undefined, `/OrganizationDetails/Organization/${org.clientId}/user`, 'dark');
    await page.getByTestId('import-open').click();
    const grace = email('grace');
    await chooseFile(page, [line('Grace', 'Hopper', grace, roles), line('Nameless', '', email('nameless'), roles)]);
    expect(await page.getByTestId('import-row-problems').innerText()).toBe('Last name: Enter the last name');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-import-dark-1280.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `users-import-dark-390.png`);

    await page.getByTestId('import-submit').click();
    await page.getByText('1 person invited').waitFor();
    const [person] = await stack.db.query<{ client_id: number }>('SELECT client_id FROM client_users WHERE email = $1', [grace]);
    expect(person?.client_id).toBe(org.clientId);
  });
});
