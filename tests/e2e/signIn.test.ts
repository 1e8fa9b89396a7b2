import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { factories, FACTORY_PASSWORD } from '../support/factories';
import { DEMO_PASSWORD } from '../support/graphql';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';
import { Shell } from './pages/Shell';

const SUPER_ADMIN_MENU = ['Privacy & Setting', 'Enquiry/Signup Forms', 'Organization List', 'Platform Settings'];
const ORG_ADMIN_MENU = [
  'Dashboard',
  'User Management',
  'Groups',
  'Subscription Details',
  'User Sessions',
  'Statistics',
  'Audit Log',
  'Privacy & Setting',
];

describe('signing in and out in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** A visitor nobody has signed in yet, on `path`. */
  async function open(path: string): Promise<Page> {
    const page = await tab({ width: 1280, height: 800 });
    await page.goto(path);
    return page;
  }

  async function pathOf(page: Page, expected: string) {
    await page.waitForURL((url) => url.pathname === expected, { timeout: 10_000 });
    return new URL(page.url()).pathname;
  }

  it.each([
    ['admin@yozy.local', '/EnquireDetails', 'Enquiry/Signup Forms', SUPER_ADMIN_MENU, 'Asha Rao', 'Yozy Technologies'],
    ['admin@acme.local', '/dashboard', 'Dashboard', ORG_ADMIN_MENU, 'Wile Coyote', 'Acme Corporation'],
    ['admin@globex.local', '/dashboard', 'Dashboard', ORG_ADMIN_MENU, 'Hank Scorpio', 'Globex Industries'],
  ])('%s lands on %s, sees exactly their menu, and signs out', async (email, landing, title, menu, name, organization) => {
    const page = await open('/');
    expect(await pathOf(page, '/login')).toBe('/login');

    await new LoginPage(page).signIn(email, DEMO_PASSWORD);
    const shell = new Shell(page);

    expect(await pathOf(page, landing)).toBe(landing);
    expect(await shell.title().innerText()).toBe(title);
    expect(await shell.menuNames()).toEqual(menu);
    expect(await shell.profileName().innerText()).toBe(name);
    expect(await shell.profileOrganization().innerText()).toBe(organization);
    expect(await shell.footer().innerText()).toContain('2024-2026');
    await screenshot(page, `landing-${email}.png`);

    await shell.signOut();
    expect(await pathOf(page, '/login')).toBe('/login');
    await page.goto(landing);
    expect(await pathOf(page, '/login')).toBe('/login');
    expect((await page.context().cookies()).find((c) => c.name === 'token_org')).toBeUndefined();
  });

  it("keeps an OrgAdmin inside the organisation's menu", async () => {
    const page = await open('/login');
    await new LoginPage(page).signIn('admin@acme.local', DEMO_PASSWORD);
    await pathOf(page, '/dashboard');

    await visit(page, '/EnquireDetails');
    expect(await pathOf(page, '/dashboard')).toBe('/dashboard');
    await page.goto('/OrgUserSessions.js');
    expect(await pathOf(page, '/OrgUserSessions.js')).toBe('/OrgUserSessions.js');
    expect(await new Shell(page).title().innerText()).toBe('User Sessions');
  });

  it("keeps a SuperAdmin inside the provider's menu", async () => {
    const superAdmin = await open('/login');
    await new LoginPage(superAdmin).signIn('admin@yozy.local', DEMO_PASSWORD);
    await pathOf(superAdmin, '/EnquireDetails');
    await visit(superAdmin, '/UserManagement');
    expect(await pathOf(superAdmin, '/EnquireDetails')).toBe('/EnquireDetails');
    const [acme] = await stack.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
    const organizationPath = `/OrganizationDetails/Organization/${acme!.client_id}/info`;
    await superAdmin.goto(organizationPath);
    expect(await pathOf(superAdmin, organizationPath)).toBe(organizationPath);
  });

  it('tells an ordinary member the console is for administrators', async () => {
    const page = await open('/login');
    await new LoginPage(page).signIn('member@acme.local', DEMO_PASSWORD);
    await page.getByTestId('admins-only').waitFor();
    expect(await page.getByTestId('admins-only').innerText()).toMatch(/for administrators/i);
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    await screenshot(page, `admins-only.png`);

    await page.getByTestId('admins-only-sign-out').click();
    expect(await pathOf(page, '/login')).toBe('/login');
  });

  it("names the person signed in in the top bar, with their organisation, never the organisation's contact", async () => {
    const make = factories(stack.db);
    const { organisation } = await make.organisationWithAdmin();
    // The organisation's contact is someone else ("Pat Contact"): the top bar must not show that name.
    const second = await make.user(organisation, { typeOfUser: 'OrgAdmin', firstName: 'Rosa', lastName: 'Second' });
    const page = await open('/login');
    await new LoginPage(page).signIn(second.email, FACTORY_PASSWORD);
    await pathOf(page, '/dashboard');
    const shell = new Shell(page);
    expect(await shell.profileName().innerText()).toBe('Rosa Second');
    expect(await shell.profileOrganization().innerText()).toBe(organisation.companyName);
    expect(await shell.profileMenu().innerText()).not.toContain('Pat Contact');
  });

  it('shows one message for a wrong password and keeps what was typed', async () => {
    const page = await open('/login');
    const login = new LoginPage(page);
    await login.signIn('admin@acme.local', 'Wrong@123');

    await login.error().waitFor();
    expect(await login.error().innerText()).toContain('Incorrect email or password');
    // The message takes focus, so a keyboard or screen-reader user lands on it.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'login-error');
    expect(await login.email().inputValue()).toBe('admin@acme.local');
    expect(await login.password().inputValue()).toBe('Wrong@123');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, `login-error.png`);
  });

  it.each([
    ['kept', true],
    ['not kept', false],
  ])('sets a session cookie for a day when the box is ticked, and one that ends with the browser when not (%s)', async (_label, keep) => {
    const page = await open('/login');
    const login = new LoginPage(page);
    // Ticked until the person says otherwise.
    expect(await login.keepSignedIn().isChecked()).toBe(true);
    if (!keep) {
      await login.keepSignedIn().focus();
      await page.keyboard.press('Space');
      expect(await login.keepSignedIn().isChecked()).toBe(false);
    }
    await login.signIn('admin@acme.local', DEMO_PASSWORD);
    expect(await pathOf(page, '/dashboard')).toBe('/dashboard');

    const cookie = (await page.context().cookies()).find((c) => c.name === 'token_org');
    if (keep) expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(86_400_000 - 120_000);
    // A browser-session cookie: no expiry of its own.
    else expect(cookie!.expires).toBe(-1);
  });

  it('lets a signed-out visitor open the public pages and nothing else', async () => {
    const page = await open('/signup');
    await page.getByTestId('page-title').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await visit(page, '/UserManagement');
    expect(await pathOf(page, '/login')).toBe('/login');
  });
});
