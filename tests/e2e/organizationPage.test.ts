import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { DEMO_PASSWORD } from '../support/graphql';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';
import { OrganizationPage } from './pages/OrganizationPage';

describe("an organisation's page in the browser", () => {
  const stack = useStack('pglite');
  const browser = useBrowser();

  async function clientId(companyName: string): Promise<number> {
    const [row] = await stack.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE company_name = $1', [companyName]);
    return row!.client_id;
  }

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function signedIn(email: string, width: number): Promise<Page> {
    const page = await tab({ width, height: 800 });
    await page.goto('/login');
    await new LoginPage(page).signIn(email, DEMO_PASSWORD);
    await page.getByTestId('profile-menu').waitFor();
    return page;
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;

  it('shows the name above the tabs, opens the first tab, and moves between tabs with the keyboard', async () => {
    const acme = await clientId('Acme Corporation');
    const page = await signedIn('admin@yozy.local', 1280);
    const organization = new OrganizationPage(page);

    await visit(page, `/OrganizationDetails/Organization/${acme}`);
    await page.waitForURL((url) => url.pathname === `/OrganizationDetails/Organization/${acme}/info`);
    expect(await organization.title().innerText()).toBe('Acme Corporation');
    expect(await organization.selectedTab().innerText()).toBe('Organization Information');
    // Beside the open sidebar, nine tabs are wider than the screen: the strip says more follow.
    await organization.scrollButton('end').waitFor();
    await screenshot(page, `organization-tabs-1280.png`);

    await organization.selectedTab().focus();
    // The tab strip moves focus on the next frame, which a busy machine may draw late: each press
    // waits for the focus to arrive, as a user's eye would, so a second press is not lost.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => organization.focusedTabName()).toBe('Subscription Details');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => organization.focusedTabName()).toBe('User Details');
    expect(pathOf(page)).toBe(`/OrganizationDetails/Organization/${acme}/info`);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/OrganizationDetails/Organization/${acme}/user`);
    // The address changes a moment before the screen shows the new tab.
    await expect.poll(() => organization.selectedTab().innerText()).toBe('User Details');

    await page.reload();
    expect(await organization.selectedTab().innerText()).toBe('User Details');
    expect(await organization.title().innerText()).toBe('Acme Corporation');
  });

  it('shows every tab without scrolling where they fit', async () => {
    const acme = await clientId('Acme Corporation');
    const page = await signedIn('admin@yozy.local', 1600);
    const organization = new OrganizationPage(page);
    await visit(page, `/OrganizationDetails/Organization/${acme}/emailsettings`);
    await organization.title().waitFor();
    expect(await organization.tabInView('Organization Information')).toBe(true);
    expect(await organization.tabInView('Email settings')).toBe(true);
    expect(await organization.scrollButton('start').count()).toBe(0);
    expect(await organization.scrollButton('end').count()).toBe(0);
  });

  it('scrolls the tab strip on a phone, with the open tab in view and buttons towards hidden tabs', async () => {
    const globex = await clientId('Globex Industries');
    const page = await signedIn('admin@yozy.local', 390);
    const organization = new OrganizationPage(page);

    await visit(page, `/OrganizationDetails/Organization/${globex}/info`);
    await organization.title().waitFor();
    expect(await organization.title().innerText()).toBe('Globex Industries');
    await organization.scrollButton('end').waitFor();
    expect(await organization.scrollButton('start').count()).toBe(0);
    expect(await organization.tabInView('Organization Information')).toBe(true);
    expect(await organization.tabInView('Email settings')).toBe(false);
    await screenshot(page, `organization-tabs-390.png`);

    await organization.scrollButton('end').click();
    await organization.scrollButton('start').waitFor();

    await page.goto(`/OrganizationDetails/Organization/${globex}/emailsettings`);
    await organization.title().waitFor();
    await organization.scrollButton('start').waitFor();
    expect(await organization.tabInView('Email settings')).toBe(true);
    await screenshot(page, `organization-tabs-390-last.png`);
  });

  it("shows the organisation admin's screens in its tabs, for the organisation in the address", async () => {
    const [acme, globex] = [await clientId('Acme Corporation'), await clientId('Globex Industries')];
    const page = await signedIn('admin@yozy.local', 1280);
    const organization = new OrganizationPage(page);

    await visit(page, `/OrganizationDetails/Organization/${acme}/group`);
    await page.getByRole('button', { name: 'Members of On-call' }).waitFor();
    expect(await organization.title().innerText()).toBe('Acme Corporation');
    await screenshot(page, `organization-groups-1280.png`);

    // Another organisation's tab shows that organisation's groups, not the last one's.
    await visit(page, `/OrganizationDetails/Organization/${globex}/group`);
    await expect.poll(() => organization.title().innerText()).toBe('Globex Industries');
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('button', { name: 'Members of On-call' }).count()).toBe(0);

    await organization.tab('Subscription Details').click();
    await page.getByRole('progressbar').first().waitFor();
    await organization.tab('User Sessions').click();
    await page.getByRole('table').waitFor();
  });

  it('says when an organisation does not exist, and sends addresses without an id to the list', async () => {
    const page = await signedIn('admin@yozy.local', 1280);
    const organization = new OrganizationPage(page);
    await visit(page, '/OrganizationDetails/Organization/999999/info');
    await page.getByTestId('organization-not-found').waitFor();
    expect(await organization.title().innerText()).toBe('Organization not found');
    expect(await organization.tabList().count()).toBe(0);

    await visit(page, '/OrganizationDetails/Organization/info');
    await page.waitForURL((url) => url.pathname === '/OrganizationDetails');
  });

  it("keeps organisation admins out of the provider's organisation pages", async () => {
    const acme = await clientId('Acme Corporation');
    const page = await signedIn('admin@acme.local', 1280);
    await visit(page, `/OrganizationDetails/Organization/${acme}/info`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});
