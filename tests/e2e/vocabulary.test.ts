import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolations } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { makeChangesOfEveryKind, type ChangesMade } from '../support/everyKindOfChange';
import { DEMO_PASSWORD, signedIn as signedInSession } from '../support/graphql';
import { useStack } from '../support/useStack';
import { LoginPage } from './pages/LoginPage';

/**
 * What the console must never show a reader: the other spelling of its words, an enum value as
 * the code has it, or a day as the database writes it (the console writes DD-MM-YYYY).
 */
const NEVER_SHOWN: [RegExp, string][] = [
  [/organisation/i, 'organisation (say organization)'],
  [/\b(?!API key)[Aa][Pp][Ii] [Kk][Ee][Yy]/, 'api key (say API key)'],
  [/\bDisabled\b/, 'Disabled (say Deactivated)'],
  [/\b(?:Product|Plan|Licence|Role|Record|Organization|Enquiry|User) ids?\b/i, 'an id where a name belongs'],
  [
    /\b(?:user|group|licence|enquiry|session|project|allocation|organization|product|plan|role|region|mail|api_key) \d+\b/,
    'a record as its kind and id',
  ],
  [
    /\b(?:YEARLY|MONTHLY|AWAITING_APPROVAL|READ_WRITE|DISABLED|INVITED|PENDING|APPROVED|REJECTED|REVOKED|MICROSAAS|STANDARD|ORG_ADMIN|SUPER_ADMIN)\b/,
    'a raw enum value',
  ],
  [/\b(?:OrgAdmin|SuperAdmin)\b/, 'a kind of person as the service keeps it'],
  [/(?<![\w@./:-])[a-z]+(?:_[a-z]+)+(?![\w@./-])/, 'a coded value (such as a reason a session ended)'],
  [/(?<!\S)(\S+) → \1(?!\S)/, 'a change from a value to the same value'],
  [/\b([A-Z]{3}) \(\1\)/, 'a currency named by its code twice'],
  [/\b\d{4}-\d{2}-\d{2}\b/, 'an ISO date (show DD-MM-YYYY)'],
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The codes the database holds that a reader must never see: each audit action, each product's code. */
async function codesOf(db: ReturnType<typeof useStack>['db']): Promise<[RegExp, string][]> {
  const actions = (await db.query<{ action: string }>('SELECT DISTINCT action FROM audit_log')).map((row) => escaped(row.action));
  const products = (await db.query<{ product_code: string }>('SELECT product_code FROM products')).map((row) => escaped(row.product_code));
  return [
    [new RegExp(`(?<![\\w@.-])(?:${actions.join('|')})(?![\\w@-])`), 'an audit action as the service writes it'],
    [new RegExp(`(?<![\\w.-])(?:${products.join('|')})(?![\\w.-])`), "a product's code where its name belongs"],
  ];
}

const ORG_ADMIN_SCREENS = [
  '/dashboard',
  '/UserManagement',
  '/GroupManagement',
  '/subscriptionDetails',
  '/OrgUserSessions.js',
  '/Statistics',
  '/TwoFactor',
];

const PLATFORM_TABS: [slug: string, label: string][] = [
  ['plans', 'Plans'],
  ['products', 'Products'],
  ['roles', 'Roles'],
  ['regions', 'Regions'],
  ['business-verticals', 'Business verticals'],
  ['client-types', 'Client types'],
  ['administrators', 'Administrators'],
  ['api-keys', 'API keys'],
  ['email', 'Email'],
  ['outbox', 'Outbox'],
  ['audit', 'Audit log'],
];

const ORGANIZATION_TABS: [slug: string, label: string][] = [
  ['info', 'Organization Information'],
  ['Subscription', 'Subscription Details'],
  ['user', 'User Details'],
  ['group', 'Groups · Group Details'],
  ['sso', 'Single Sign On Settings'],
  ['Statistics', 'Statistics'],
  ['SettingDetails', 'Setting Details'],
  ['UserSessions', 'User Sessions'],
  ['emailsettings', 'Email settings'],
];

describe('the words on the main screens', () => {
  const stack = useStack('pglite');
  const browser = useBrowser();
  let changes: ChangesMade;
  let codes: [RegExp, string][];

  beforeAll(async () => {
    // Before anyone signs in in the browser: one change signs out everyone else of Acme.
    const admin = await signedInSession(stack.gatewayUrl, 'admin@acme.local');
    const provider = await signedInSession(stack.gatewayUrl, 'admin@yozy.local');
    changes = await makeChangesOfEveryKind(stack.db, admin, provider);
    codes = await codesOf(stack.db);
  }, 120_000);

  const tab = useTab(browser, () => stack.gatewayUrl);

  async function signedIn(email: string, width = 1280, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const page = await tab({ mode: colorScheme, width });
    await page.goto('/login');
    await new LoginPage(page).signIn(email, DEMO_PASSWORD);
    await page.getByTestId('profile-menu').waitFor();
    return page;
  }

  /** The text a reader sees on a screen once it has loaded, and what it must not say. */
  async function problemsOn(page: Page, path: string, { codeShown = false } = {}): Promise<string[]> {
    // From screen to screen as the console's links go, the console loaded once per reader.
    await visit(page, path);
    await page.getByTestId('page-title').first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-testid="table-loading"]'), null, {
      timeout: 30_000,
    });
    // Read to the end, as a reader would: a chart below the fold is drawn once it comes near the screen.
    await page.evaluate(async () => {
      for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight / 2) {
        window.scrollTo(0, top);
        await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
      }
    });
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [data-testid="table-loading"], .chakra-skeleton'), null, {
      timeout: 30_000,
    });
    const text = await page.evaluate(() => document.body.innerText);
    // The product master shows each product's code beside its name: that is where it is edited.
    const [actions, productCodes] = codes;
    return [...NEVER_SHOWN, actions!, ...(codeShown ? [] : [productCodes!])].flatMap(([pattern, what]) => {
      const found = pattern.exec(text);
      return found ? [`${path}: ${what}: “…${text.slice(Math.max(0, found.index - 40), found.index + 40)}…”`] : [];
    });
  }

  it('says Organization, API keys and Deactivated, names values and writes days DD-MM-YYYY, for an organization admin', async () => {
    const admin = await signedIn('admin@acme.local');
    const found: string[] = [];
    for (const path of [...ORG_ADMIN_SCREENS, '/GroupManagement/projects', '/AuditLog', `/UserManagement/${changes.personId}`]) {
      found.push(...(await problemsOn(admin, path)));
    }
    expect(found).toEqual([]);
  }, 240_000);

  it('says the same words to the provider', async () => {
    const found: string[] = [];
    const [acme] = await stack.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
    const provider = await signedIn('admin@yozy.local');
    const organization = `/OrganizationDetails/Organization/${acme!.client_id}`;
    const titles: string[] = [];
    const titled = async (expected: string) => {
      const title = await provider.title();
      if (title !== `${expected} · Yozy Admin`) titles.push(`${provider.url()}: “${title}”, not “${expected} · Yozy Admin”`);
    };
    for (const path of ['/EnquireDetails', `/EnquireDetails/${changes.renewalEnquiryId}`, '/OrganizationDetails']) {
      found.push(...(await problemsOn(provider, path)));
    }
    for (const [slug, label] of ORGANIZATION_TABS) {
      found.push(...(await problemsOn(provider, `${organization}/${slug}`)));
      await titled(`${label} · Acme Corporation`);
    }
    found.push(...(await problemsOn(provider, `${organization}/group/projects`)));
    await titled('Projects · Group Details · Acme Corporation');
    found.push(...(await problemsOn(provider, `${organization}/user/${changes.personId}`)));
    for (const [slug, label] of PLATFORM_TABS) {
      found.push(...(await problemsOn(provider, `/platformsettings/${slug}`, { codeShown: slug === 'products' })));
      await titled(`${label} · Platform Settings`);
    }
    expect(found).toEqual([]);
    expect(titles).toEqual([]);
  }, 480_000);

  it.each([
    [1280, 'light'],
    [390, 'dark'],
    [1280, 'dark'],
    [390, 'light'],
  ] as const)(
    'the sessions date filter takes 25-11-2026 and refuses a day that does not exist, at %i px in %s mode',
    async (width, mode) => {
      const page = await signedIn('admin@acme.local', width, mode);
      await visit(page, '/OrgUserSessions.js');
      const from = page.getByTestId('session-started-from');
      await from.fill('25-11-2026');
      await page.waitForURL((url) => [...url.searchParams.values()].includes('2026-11-25'));
      expect(await from.inputValue()).toBe('25-11-2026');

      const to = page.getByTestId('session-started-to');
      await to.fill('31-02-2026');
      await to.blur();
      const error = page.getByTestId('session-started-to-error');
      expect(await error.innerText()).toBe('Type the day as DD-MM-YYYY, such as 25-11-2026');
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      expect([...new URL(page.url()).searchParams.values()]).not.toContain('2026-02-31');
      await screenshot(page, `date-filter-${width}-${mode}.png`);
      expect(describeViolations(await axeViolations(page))).toBe('');
    },
  );
});
