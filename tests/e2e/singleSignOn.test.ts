import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { authenticatorCode } from '@yozy/subscription-api/testing';
import { startDnsServer, startIdentityProvider, type DnsServer, type IdentityProvider } from '@yozy/subscription-api/testing';
import { axeFindings } from '../support/axe';
import { screenshot, useBrowser, useTab, visit } from '../support/browser';
import { GraphQLSession, signedIn } from '../support/graphql';
import { useStack } from '../support/useStack';

/**
 * Single sign-on in the browser against a real OpenID Connect provider (`oidc-provider`) and a
 * real DNS server on loopback: the provider sets it up on the organisation's tab and the domain is
 * verified through its TXT record, and people of its domain sign in through the provider and come
 * back signed in (asked for the console's own code when they have two-factor and the provider did
 * not use multi-factor); a forged state, an expired code and an unknown person are refused with a
 * clear message; with single sign-on required, the password is refused.
 */

const UPDATE = `mutation ($organizationId: ID, $input: SsoSettingsInput!) {
  updateSsoSettings(organizationId: $organizationId, input: $input) {
    settings { enabled domainVerifications { domain verified } }
    errors { field message }
  }
}`;
const CONFIRM = `mutation ($organizationId: ID!, $domain: String!) {
  confirmSsoDomain(organizationId: $organizationId, domain: $domain) { errors { message } }
}`;

describe('single sign-on in the browser', () => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  afterAll(() => dns.close());
  const stack = useStack('pglite', () => ({ dnsServers: [dns.address] }));
  const browser = useBrowser();
  let idp: IdentityProvider;
  let acmeId: string;
  let provider: GraphQLSession;

  beforeAll(async () => {
    idp = await startIdentityProvider({ redirectUri: `${stack.gatewayUrl}/sso/callback`, codeTtlSeconds: 2 });
    const [acme] = await stack.db.query<{ id: string }>("SELECT client_id::text AS id FROM client_users WHERE email = 'admin@acme.local'");
    acmeId = acme!.id;
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });
  afterAll(() => idp.close());

  const settings = (extra: Record<string, unknown> = {}) => ({
    enabled: true,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains: ['acme.local'],
    requireSso: false,
    allowJit: false,
    ...extra,
  });
  /** Saves Acme's single sign-on, its domain verified (by the provider's word, the quickest way). */
  async function configure(extra: Record<string, unknown> = {}) {
    const answer = await provider.request<{
      updateSsoSettings: { errors: unknown[]; settings: { domainVerifications: { domain: string; verified: boolean }[] } | null };
    }>(UPDATE, { organizationId: acmeId, input: settings(extra) });
    expect(answer.data?.updateSsoSettings.errors, JSON.stringify(answer)).toEqual([]);
    for (const { domain, verified } of answer.data!.updateSsoSettings.settings!.domainVerifications) {
      if (verified) continue;
      const confirmed = await provider.request<{ confirmSsoDomain: { errors: unknown[] } }>(CONFIRM, { organizationId: acmeId, domain });
      expect(confirmed.data?.confirmSsoDomain.errors, JSON.stringify(confirmed)).toEqual([]);
    }
  }

  const tab = useTab(browser, () => stack.gatewayUrl);

  /** A browser of its own, for a test that holds the page at the identity provider's door (a route of its own). */
  async function fresh(b: Browser, width = 1280, mode: 'light' | 'dark' = 'light'): Promise<Page> {
    const context = await b.newContext({ baseURL: stack.gatewayUrl, viewport: { width, height: 900 }, colorScheme: mode, bypassCSP: true });
    return context.newPage();
  }

  /** Types the email on the sign-in page and waits for single sign-on to be offered. */
  async function offerFor(page: Page, email: string) {
    await page.goto('/login');
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-sso-continue').waitFor();
  }

  it('the provider sets single sign-on up on the organisation’s tab, testing the issuer first', async () => {
    const session = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const page = await tab({ session });
    await page.goto(`/OrganizationDetails/Organization/${acmeId}/sso`);
    const form = page.getByTestId('sso-form');
    await form.waitFor();
    expect(await page.getByTestId('sso-redirect-uri').innerText()).toBe(`${stack.gatewayUrl}/sso/callback`);
    await form.getByTestId('sso-enabled').check({ force: true });
    await page.getByTestId('sso-save').click();
    await form.getByTestId('sso-issuer-error').waitFor();

    await form.getByTestId('sso-issuer').fill(idp.issuer);
    await page.getByTestId('sso-test').click();
    await expect.poll(() => page.getByTestId('sso-test-outcome').innerText()).toContain(`Sign-in: ${idp.issuer}/auth`);
    expect(await page.getByTestId('sso-test-outcome').innerText()).toContain('PKCE (S256): supported');
    await form.getByTestId('sso-client-id').fill(idp.clientId);
    await form.getByTestId('sso-client-secret').fill(idp.clientSecret);
    await page.getByTestId('sso-save').click();
    await expect.poll(() => form.getByTestId('sso-client-secret').locator('xpath=..').innerText()).toContain('A secret is stored');

    await screenshot(page, `sso-settings-1280.png`, { fullPage: true });

    // The organisation's domains, in its settings apart from single sign-on: the demo's acme.local
    // is verified; a new one covers nobody until the organisation shows it owns it: its TXT record.
    await visit(page, `/OrganizationDetails/Organization/${acmeId}/SettingDetails`);
    const domains = page.getByTestId('domains-section');
    expect(await domains.getByTestId('domain-acme.local').getByTestId('domain-status').innerText()).toContain('Verified by the provider');
    await domains.getByTestId('domain-add').fill('acme-labs.example');
    await domains.getByTestId('domain-add-save').click();
    const domain = domains.getByTestId('domain-acme-labs.example');
    await expect.poll(() => domain.getByTestId('domain-status').innerText()).toContain('Not verified');
    expect(await axeFindings(page)).toEqual([]);
    await screenshot(page, `domains-1280.png`, { fullPage: true });
    await domain.getByTestId('domain-verify').click();
    await expect.poll(() => page.getByTestId('domain-error').innerText()).toContain('does not hold');
    const name = await domain.getByTestId('domain-record-name').innerText();
    expect(name).toBe('_yozy-verification.acme-labs.example');
    dns.setTxt(name, [await domain.getByTestId('domain-record-value').innerText()]);
    await domain.getByTestId('domain-verify').click();
    await expect.poll(() => domain.getByTestId('domain-status').innerText()).toContain('Verified by its DNS record');
    expect(await page.getByTestId('domain-error').count()).toBe(0);
    const [saved] = await stack.db.query<{ enabled: boolean; oidc_secret_sealed: string }>(
      'SELECT enabled, oidc_secret_sealed FROM sso_settings WHERE client_id = $1',
      [Number(acmeId)],
    );
    expect(saved!.enabled).toBe(true);
    expect(saved!.oidc_secret_sealed).not.toContain(idp.clientSecret);
  });

  it('signs a person of the domain in through the identity provider and back, with the session cookie', async () => {
    await configure();
    idp.signInAs({ email: 'admin@acme.local' });
    const page = await tab();
    await offerFor(page, 'admin@acme.local');
    // Offered beside the password, not instead of it.
    expect(await page.getByTestId('login-password').count()).toBe(1);
    await screenshot(page, `sso-login-offer-1280.png`);
    await page.getByTestId('login-sso-continue').click();
    await page.waitForURL(/\/dashboard$/);
    const cookies = await page.context().cookies(stack.gatewayUrl);
    expect(cookies.find((cookie) => cookie.name === 'token_org')).toMatchObject({ httpOnly: true });
    expect(cookies.find((cookie) => cookie.name === 'sso_state')).toBeUndefined();
  });

  /**
   * Starts single sign-on in the page but holds the browser at the identity provider's door: the
   * test goes through the provider itself and answers the callback address the browser would be
   * sent to, so a test can change it or bring it back late.
   */
  async function heldAtProvider(page: Page, email: string): Promise<string> {
    let authorizationUrl = '';
    await page.route(
      (url) => url.href.startsWith(`${idp.issuer}/auth?`),
      async (route) => {
        authorizationUrl = route.request().url();
        await route.fulfill({ status: 200, contentType: 'text/plain', body: 'held at the identity provider' });
      },
    );
    await offerFor(page, email);
    await page.getByTestId('login-sso-continue').click();
    await expect.poll(() => authorizationUrl).not.toBe('');
    await page.unrouteAll();
    return idp.followToCallback(authorizationUrl);
  }

  it('refuses a forged state and an expired code, saying so on the sign-in page', async () => {
    await configure();
    idp.signInAs({ email: 'admin@acme.local' });
    const page = await fresh(browser());
    const forged = new URL(await heldAtProvider(page, 'admin@acme.local'));
    forged.searchParams.set('state', 'forged-state');
    await page.goto(forged.href);
    await page.waitForURL(/\/login\?sso=expired$/);
    expect(await page.getByTestId('login-notice').innerText()).toBe('Single sign-on took too long or was already used. Start again.');

    // The provider's code lives two seconds here; the browser brings it back after three.
    const late = await heldAtProvider(page, 'admin@acme.local');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await page.goto(late);
    await page.waitForURL(/\/login\?sso=unconfirmed$/);
    expect(await page.getByTestId('login-notice').innerText()).toBe('Your identity provider did not confirm the sign-in. Start again.');
    expect((await page.context().cookies(stack.gatewayUrl)).some((cookie) => cookie.name === 'token_org')).toBe(false);
    await page.context().close();
  });

  it('refuses a person of the domain who has no account, and creates nobody', async () => {
    await configure({ allowJit: false });
    idp.signInAs({ email: 'nobody.here@acme.local', givenName: 'Nobody' });
    const page = await tab();
    await offerFor(page, 'nobody.here@acme.local');
    await page.getByTestId('login-sso-continue').click();
    await page.waitForURL(/\/login\?sso=refused$/);
    expect(await page.getByTestId('login-notice').innerText()).toContain('there is no active account for you here');
    expect(await axeFindings(page)).toEqual([]);
    expect(await stack.db.query("SELECT 1 FROM client_users WHERE email = 'nobody.here@acme.local'")).toEqual([]);
  });

  it('with single sign-on required, offers only single sign-on and refuses the password', async () => {
    await configure({ requireSso: true });
    const page = await tab({ width: 390, mode: 'dark' });
    await offerFor(page, 'admin@acme.local');
    expect(await page.getByTestId('login-password').count()).toBe(0);
    // The page never says which organisation a domain belongs to.
    expect(await page.getByTestId('login-sso').innerText()).toContain('Your organization signs in only with single sign-on.');
    await screenshot(page, `sso-login-required-dark-390.png`);

    const tool = new GraphQLSession(stack.gatewayUrl);
    const refused = await tool.signIn('admin@acme.local');
    expect(refused.errors?.[0]?.message ?? JSON.stringify(refused.data)).toContain('Your organization signs in with single sign-on');
    expect(refused.setCookies.some((line) => line.startsWith('token_org=') && !line.startsWith('token_org=;'))).toBe(false);

    // Enter in the email field starts single sign-on too.
    idp.signInAs({ email: 'admin@acme.local' });
    await page.getByTestId('login-email').press('Enter');
    await page.waitForURL(/\/dashboard$/);
    await configure({ requireSso: false, enabled: false });
  });

  it('asks a person with two-factor for the console’s code after the provider, unless the provider used multi-factor', async () => {
    await configure();
    const person = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    const started = await person.request<{ startTwoFactorEnrolment: { enrolment: { secret: string } } }>(
      'mutation { startTwoFactorEnrolment { enrolment { secret } errors { message } } }',
    );
    const secret = started.data!.startTwoFactorEnrolment.enrolment.secret;
    const code = (steps = 0) => authenticatorCode(secret, steps);
    const confirmed = await person.request<{ confirmTwoFactor: { errors: unknown[] } }>(
      'mutation ($input: TwoFactorCodeInput!) { confirmTwoFactor(input: $input) { errors { message } } }',
      { input: { code: code() } },
    );
    expect(confirmed.data?.confirmTwoFactor.errors, JSON.stringify(confirmed)).toEqual([]);
    try {
      // The provider checked a password only: the console asks for its own code, as after a password.
      idp.signInAs({ email: 'admin@acme.local', amr: ['pwd'] });
      const page = await tab({ width: 390, mode: 'dark' });
      await offerFor(page, 'admin@acme.local');
      await page.getByTestId('login-sso-continue').click();
      await page.getByTestId('login-code').waitFor();
      expect(page.url()).toMatch(/\/login$/);
      expect((await page.context().cookies(stack.gatewayUrl)).some((cookie) => cookie.name === 'token_org')).toBe(false);
      expect(await axeFindings(page)).toEqual([]);
      await screenshot(page, `sso-code-step-dark-390.png`);
      await page.getByTestId('login-code').fill(code(1));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/dashboard$/);

      // The provider says it used multi-factor: no second code.
      idp.signInAs({ email: 'admin@acme.local', amr: ['pwd', 'otp'] });
      const trusted = await tab();
      await offerFor(trusted, 'admin@acme.local');
      await trusted.getByTestId('login-sso-continue').click();
      await trusted.waitForURL(/\/dashboard$/);
    } finally {
      await stack.db.query("DELETE FROM two_factor WHERE user_id = (SELECT user_id FROM client_users WHERE email = 'admin@acme.local')");
    }
  });
});
