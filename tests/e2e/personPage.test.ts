import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { consoleDocument } from '../support/consoleDocuments';
import { factories } from '../support/factories';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

describe('one person’s page in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let cookie = '';
  let kenji = 0;

  beforeAll(async () => {
    cookie = (await signedIn(stack.gatewayUrl, 'admin@acme.local')).cookies.get('token_org')!;
    const [person] = await stack.db.query<{ user_id: number; client_id: number }>(
      "SELECT user_id, client_id FROM client_users WHERE first_name = 'Kenji' AND last_name = 'Watanabe'",
    );
    kenji = person!.user_id;
    // A second product for Acme with a free seat, and a live session of Kenji's to end.
    const make = factories(stack.db);
    const plan = await make.plan({ capacity: 3 });
    await stack.db.query("UPDATE products SET product_name = 'Yozy Boards' WHERE product_id = $1", [plan.productId]);
    await stack.db.query("INSERT INTO roles (role_name, product_id) VALUES ('Planner', $1)", [plan.productId]);
    await make.licence({ clientId: person!.client_id }, { plan });
    await make.session({ userId: kenji, clientId: person!.client_id }, { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' });
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function open(mode: 'light' | 'dark', width: number, path = '/UserManagement'): Promise<Page> {
    const page = await tab({ mode, width, session: cookie });
    await page.goto(path);
    return page;
  }

  const person = (userId: number) =>
    stack.db.query<{ department_name: string | null; type_of_user: string; is_active: boolean; roles: string[] }>(
      `SELECT u.department_name, u.type_of_user, u.is_active,
              (SELECT array_agg(r.role_name ORDER BY r.role_name) FROM user_roles ur JOIN roles r USING (role_id) WHERE ur.user_id = u.user_id) AS roles
         FROM client_users u WHERE u.user_id = $1`,
      [userId],
    );

  it('opens a person from the people list and changes their profile, roles, admin rights, sessions and access', async () => {
    const page = await open('light', 1280);
    await page.getByTestId('table-search').fill('kenji');
    // The search reaches the address after a pause; following the link before it would carry it to the next page.
    await page.waitForURL((url) => url.searchParams.get('q') === 'kenji');
    const link = page.getByTestId('user-open').filter({ hasText: 'Kenji Watanabe' });
    expect(await link.getAttribute('href')).toBe(`/UserManagement/${kenji}`);
    await link.click();
    await page.getByTestId('person-screen').waitFor();
    await page.getByTestId('person-session').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('Kenji Watanabe');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `person-light-1280.png`, { fullPage: true });

    // A blank first name is refused as on the invitation form, and what was typed stays.
    await page.getByTestId('person-first-name').fill('');
    await page.getByTestId('person-department-name').fill('Quality');
    await page.getByTestId('person-profile-save').click();
    await page.getByTestId('person-first-name-error').waitFor();
    expect(await page.getByTestId('person-department-name').inputValue()).toBe('Quality');
    await page.getByTestId('person-first-name').fill('Kenji');
    await page.getByTestId('person-profile-save').click();
    await page.getByText('Profile saved').waitFor();
    expect((await person(kenji))[0]!.department_name).toBe('Quality');

    await page.getByTestId('person-role-add').selectOption({ label: 'Planner · Yozy Boards' });
    await page.getByTestId('person-role-add-submit').click();
    await expect.poll(() => page.getByTestId('person-role').count()).toBe(2);
    expect((await person(kenji))[0]!.roles).toContain('Planner');

    await page.getByTestId('person-admin-grant').click();
    await expect.poll(() => page.getByTestId('person-admin-state').innerText()).toContain('is an organization admin');
    await page.getByTestId('person-admin-revoke').click();
    await page.getByTestId('person-admin-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('person-admin-state').innerText()).toContain('is a member');
    expect((await person(kenji))[0]!.type_of_user).toBe('User');

    await page.getByTestId('person-session-end').first().click();
    await page.getByTestId('person-sessions-empty').waitFor();

    await page.getByTestId('person-deactivate').click();
    const dialog = page.getByTestId('person-activation-dialog');
    await dialog.waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `person-deactivate-light-1280.png`);
    await page.getByTestId('person-activation-dialog-confirm').click();
    await page.getByTestId('person-activate').waitFor();
    expect((await person(kenji))[0]!.is_active).toBe(false);
    await screenshot(page, `person-deactivated-light-1280.png`, { fullPage: true });
    await page.getByTestId('person-audit').getByText('Person deactivated', { exact: true }).filter({ visible: true }).first().waitFor();
  }, 120_000);

  it('reads well in dark mode and on a phone, and says so when the person is not of the organisation', async () => {
    // A person of Acme's deactivated by the console's own operation, so this test stands on its own.
    const [other] = await stack.db.query<{ user_id: number }>(
      `SELECT user_id FROM client_users
        WHERE client_id = (SELECT client_id FROM client_users WHERE user_id = $1) AND user_id <> $1
          AND type_of_user = 'User' AND is_active ORDER BY user_id LIMIT 1`,
      [kenji],
    );
    const admin = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const deactivated = await admin.request<{ setUsersActive: { errors: unknown[] } }>(consoleDocument('UsersSetActive'), {
      input: { userIds: [String(other!.user_id)], active: false },
    });
    expect(deactivated.data?.setUsersActive.errors).toEqual([]);
    // One visit, the window turned narrow and the system's mode changed in it.
    const page = await open('dark', 1280, `/UserManagement/${other!.user_id}`);
    for (const [mode, width] of [
      ['dark', 1280],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(mode === 'dark');
      await page.getByTestId('person-screen').waitFor();
      await page.getByTestId('person-audit').getByText('Person deactivated', { exact: true }).filter({ visible: true }).first().waitFor();
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `person-${mode}-${width}.png`, { fullPage: true });
    }
    const [globex] = await stack.db.query<{ user_id: number }>(
      "SELECT u.user_id FROM client_users u JOIN clients c USING (client_id) WHERE c.company_name = 'Globex Industries' LIMIT 1",
    );
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    for (const path of [`/UserManagement/${globex!.user_id}`, '/UserManagement/abc']) {
      await visit(page, path);
      await page.getByTestId('person-not-found').waitFor();
      expect(await axeFindings(page)).toEqual([]);
    }
  });
});
