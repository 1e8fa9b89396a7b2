import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

type Mode = 'light' | 'dark';
type Who = 'admin@acme.local' | 'admin@yozy.local';

/** Every list screen: where it is, who opens it, and the box holding its rows. */
type ListScreen = {
  name: string;
  who: Who;
  path: string;
  /** Reaches the list from its address (a tab that is not a link, a dialog). */
  open?: (page: Page) => Promise<void>;
  testId: string;
};

const ORG_ADMIN: Who = 'admin@acme.local';
const SUPER_ADMIN: Who = 'admin@yozy.local';

const LISTS: ListScreen[] = [
  { name: 'people', who: ORG_ADMIN, path: '/UserManagement', testId: 'users-table' },
  {
    name: 'invitations',
    who: ORG_ADMIN,
    path: '/UserManagement',
    open: (page) => page.getByTestId('invitations-tab').click(),
    testId: 'invitations-table',
  },
  { name: 'groups', who: ORG_ADMIN, path: '/GroupManagement', testId: 'group-table' },
  {
    name: 'group-members',
    who: ORG_ADMIN,
    path: '/GroupManagement',
    open: async (page) => {
      await page
        .getByTestId('group-table')
        .locator('tbody tr')
        .first()
        .getByRole('button', { name: /^Members of / })
        .click();
      await page.getByTestId('group-member-list').or(page.getByTestId('group-members-empty')).waitFor();
    },
    testId: 'group-members',
  },
  { name: 'sessions', who: ORG_ADMIN, path: '/OrgUserSessions.js', testId: 'sessions-table' },
  { name: 'audit-log', who: ORG_ADMIN, path: '/AuditLog', testId: 'audit-table' },
  { name: 'licences', who: ORG_ADMIN, path: '/subscriptionDetails', testId: 'licence-table' },
  { name: 'own-sessions', who: ORG_ADMIN, path: '/TwoFactor/account', testId: 'own-sessions' },
  { name: 'enquiries', who: SUPER_ADMIN, path: '/EnquireDetails', testId: 'enquiry-table' },
  { name: 'organizations', who: SUPER_ADMIN, path: '/OrganizationDetails', testId: 'organization-table' },
  { name: 'organization-people', who: SUPER_ADMIN, path: '/OrganizationDetails/Organization/{acme}/user', testId: 'users-table' },
  {
    name: 'organization-licences',
    who: SUPER_ADMIN,
    path: '/OrganizationDetails/Organization/{acme}/Subscription',
    testId: 'licence-table',
  },
  { name: 'organization-groups', who: SUPER_ADMIN, path: '/OrganizationDetails/Organization/{acme}/group', testId: 'group-table' },
  {
    name: 'organization-sessions',
    who: SUPER_ADMIN,
    path: '/OrganizationDetails/Organization/{acme}/UserSessions',
    testId: 'sessions-table',
  },
  { name: 'plans', who: SUPER_ADMIN, path: '/platformsettings/plans', testId: 'plan-table' },
  { name: 'products', who: SUPER_ADMIN, path: '/platformsettings/products', testId: 'product-table' },
  { name: 'roles', who: SUPER_ADMIN, path: '/platformsettings/roles', testId: 'role-table' },
  { name: 'regions', who: SUPER_ADMIN, path: '/platformsettings/regions', testId: 'region-table' },
  { name: 'administrators', who: SUPER_ADMIN, path: '/platformsettings/administrators', testId: 'administrator-table' },
  { name: 'api-keys', who: SUPER_ADMIN, path: '/platformsettings/api-keys', testId: 'api-key-table' },
  { name: 'outbox', who: SUPER_ADMIN, path: '/platformsettings/outbox', testId: 'outbox-table' },
  { name: 'platform-audit-log', who: SUPER_ADMIN, path: '/platformsettings/audit', testId: 'audit-table' },
  // A person's page: roles per product (with Remove), groups, sessions, projects and their audit history.
  { name: 'person', who: ORG_ADMIN, path: '/UserManagement/{person}', testId: 'person-screen' },
  {
    name: 'organization-person',
    who: SUPER_ADMIN,
    path: '/OrganizationDetails/Organization/{acme}/user/{person}',
    testId: 'person-screen',
  },
];

/** The page's address with the organisation and person of this run filled in. */
const addressOf = (path: string, ids: { acme: string; person: string }) => path.replace('{acme}', ids.acme).replace('{person}', ids.person);

/** How far the page itself scrolls sideways beyond the window (0 when it does not). */
const pageOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** The row actions (and a dialog's per-row buttons) that lie even partly outside the window, or are not shown at all. */
function actionsOffScreen(list: Locator): Promise<string[]> {
  // Read in the page in one go: a list of 25 rows has some 75 buttons to measure.
  return list.evaluate((box) =>
    Array.from(
      box.querySelectorAll<HTMLElement>('[data-row-actions] button, [data-row-actions] a, [data-testid="group-member-list"] li button'),
    ).flatMap((button) => {
      const { left, right, width, height } = button.getBoundingClientRect();
      const shown = width > 0 && height > 0;
      if (shown && left >= 0 && right <= window.innerWidth) return [];
      return [`${button.getAttribute('aria-label') ?? button.innerText} at ${shown ? `${left}–${right}` : 'nowhere'}`];
    }),
  );
}

/**
 * The tables in `box` wider than their frame that give no sign of it: each must fit, or scroll
 * inside its frame under the sign that says more columns exist (and where).
 */
function tablesCutOff(box: Locator): Promise<string[]> {
  return box.evaluate((root) =>
    Array.from(root.querySelectorAll('table')).flatMap((table) => {
      const frame = table.parentElement!;
      if (frame.scrollWidth - frame.clientWidth <= 1) return [];
      const hint = frame.parentElement?.querySelector<HTMLElement>(':scope > [data-testid="table-scroll-hint"]');
      const shown =
        hint !== null && hint !== undefined && hint.getBoundingClientRect().height > 0 && hint.innerText.includes('More columns');
      return shown
        ? []
        : [
            `${table.getAttribute('aria-label') ?? 'a table'} is ${frame.scrollWidth - frame.clientWidth} px wider than its frame, with no sign`,
          ];
    }),
  );
}

/** The list once it has answered: its rows, or its empty state. */
async function loaded(page: Page, testId: string): Promise<Locator> {
  const list = page.getByTestId(testId);
  await list.waitFor();
  // A page may show several lists at once (a person's roles, sessions and sign-in activity): every one has answered.
  await expect.poll(() => page.getByTestId('table-loading').count()).toBe(0);
  return list;
}

describe('wide lists in the browser', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let acmeId: string;
  let personId: string;

  beforeAll(async () => {
    const [acme] = await stack.db.query<{ id: string }>("SELECT client_id::text AS id FROM client_users WHERE email = 'admin@acme.local'");
    acmeId = acme!.id;
    // A person with roles, groups and a history of changes, for the person's page.
    const [person] = await stack.db.query<{ id: string }>("SELECT user_id::text AS id FROM client_users WHERE email = 'member@acme.local'");
    personId = person!.id;
    const admin = await signedIn(stack.gatewayUrl, ORG_ADMIN);
    for (const departmentName of ['Platform Engineering and Developer Experience', 'Engineering']) {
      const edited = await admin.request<{ editUserProfile: { errors: unknown[] } }>(
        'mutation ($input: EditUserProfileInput!) { editUserProfile(input: $input) { errors { code } } }',
        { input: { userId: personId, firstName: 'Priya', lastName: 'Nair', phone: '+1 555 0102', departmentName, departmentCode: 'ENG' } },
      );
      expect(edited.data!.editUserProfile.errors).toEqual([]);
    }
    // The demo data has no API key: one row to check the list with.
    const provider = await signedIn(stack.gatewayUrl, SUPER_ADMIN);
    const made = await provider.request<{ createApiKey: { errors: unknown[] } }>(
      'mutation ($input: CreateApiKeyInput!) { createApiKey(input: $input) { errors { code } } }',
      { input: { name: 'Billing sync', access: 'READ' } },
    );
    expect(made.data!.createApiKey.errors).toEqual([]);
  });

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function open(who: Who, width: number, mode: Mode = 'light'): Promise<Page> {
    const session = await signedIn(stack.gatewayUrl, who);
    return tab({ mode, width, session });
  }

  for (const width of [390, 1280]) {
    it(`keeps every list's row actions in view and the page from scrolling sideways at ${width} px`, async () => {
      const problems: string[] = [];
      for (const who of [ORG_ADMIN, SUPER_ADMIN]) {
        const page = await open(who, width);
        for (const screen of LISTS.filter((list) => list.who === who)) {
          // From screen to screen as a person goes, the console loaded once per person.
          await visit(page, addressOf(screen.path, { acme: acmeId, person: personId }));
          await screen.open?.(page);
          const list = await loaded(page, screen.testId);
          const rows = await list.locator('tbody tr, [data-testid="group-member-list"] li, [data-testid="own-session"]').count();
          if (rows === 0) problems.push(`${screen.name}: no rows to check`);
          const overflow = await pageOverflow(page);
          if (overflow > 0) problems.push(`${screen.name}: the page scrolls ${overflow} px sideways`);
          const off = await actionsOffScreen(list);
          if (off.length > 0) problems.push(`${screen.name}: actions off screen: ${off.join(', ')}`);
          for (const cut of await tablesCutOff(list)) problems.push(`${screen.name}: ${cut}`);
          await screenshot(page, `wide-${screen.name}-${width}.png`, { fullPage: true });
        }
      }
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it('hides a column chosen in the Columns menu, remembers it after a reload, and shows it again', async () => {
    const page = await open(ORG_ADMIN, 1280);
    await page.goto('/OrgUserSessions.js');
    const table = page.getByRole('table', { name: 'Sign-in sessions' });
    const browserHeader = table.getByRole('columnheader', { name: 'Browser', exact: true });
    await loaded(page, 'sessions-table');
    await browserHeader.waitFor();

    await page.getByTestId('table-columns').click();
    const menu = page.getByTestId('table-columns-menu');
    // The first column names each row, so it cannot be hidden.
    expect(await menu.getByRole('menuitemcheckbox', { name: 'User' }).getAttribute('aria-disabled')).toBe('true');
    await menu.getByRole('menuitemcheckbox', { name: 'Browser' }).click();
    await browserHeader.waitFor({ state: 'detached' });
    expect(await menu.getByRole('menuitemcheckbox', { name: 'Browser' }).getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('table-columns').innerText()).toContain('1 hidden');

    await page.reload();
    await loaded(page, 'sessions-table');
    await table.getByRole('columnheader', { name: 'Device', exact: true }).waitFor();
    expect(await browserHeader.count()).toBe(0);
    // Another list keeps its own columns.
    await visit(page, '/UserManagement');
    await loaded(page, 'users-table');
    expect(await page.getByTestId('table-columns').innerText()).toBe('Columns');

    await visit(page, '/OrgUserSessions.js');
    await loaded(page, 'sessions-table');
    await page.getByTestId('table-columns').click();
    await menu.getByRole('menuitemcheckbox', { name: 'Browser' }).click();
    await browserHeader.waitFor();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`reads the Columns menu well in ${mode} mode`, async () => {
      const page = await open(ORG_ADMIN, 1280, mode);
      await page.goto('/OrgUserSessions.js');
      await loaded(page, 'sessions-table');
      await page.getByTestId('table-columns').click();
      await page.getByTestId('table-columns-menu').waitFor();
      await screenshot(page, `wide-columns-menu-${mode}.png`);
      expect(await axeFindings(page)).toEqual([]);
    });
  }
});
