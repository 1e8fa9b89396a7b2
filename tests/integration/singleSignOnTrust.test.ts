import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '@yozy/subscription-api';
import { startDnsServer, startIdentityProvider, type DnsServer, type IdentityProvider } from '@yozy/subscription-api/testing';
import { factories, FACTORY_PASSWORD, unique } from '../support/factories';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES, TEST_SECRET_KEY } from '../support/stack';
import { useStack } from '../support/useStack';

/*
 * Single sign-on cannot reach beyond its own organisation: a domain covers an organisation only
 * once it has shown it owns it (a TXT record read from a real DNS server on loopback, or a
 * SuperAdmin's word); public mail domains and the provider's own are never claimable; a verified
 * domain applies to that organisation's people only; and the console's two-factor still applies
 * unless the identity provider (a real one on loopback) says it used multi-factor.
 */

const SETTINGS = /* GraphQL */ `
  mutation ($organizationId: ID, $input: SsoSettingsInput!) {
    updateSsoSettings(organizationId: $organizationId, input: $input) {
      settings {
        domainVerifications {
          domain
          verified
          verifiedBy
          recordName
          recordValue
        }
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const VERIFY = /* GraphQL */ `
  mutation ($organizationId: ID, $domain: String!) {
    verifySsoDomain(organizationId: $organizationId, domain: $domain) {
      settings {
        domainVerifications {
          domain
          verified
          verifiedBy
        }
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const CONFIRM = /* GraphQL */ `
  mutation ($organizationId: ID!, $domain: String!) {
    confirmSsoDomain(organizationId: $organizationId, domain: $domain) {
      settings {
        domainVerifications {
          domain
          verified
          verifiedBy
        }
      }
      errors {
        code
        field
        message
      }
    }
  }
`;
const LOOKUP = 'query ($email: String!) { singleSignOn(email: $email) { available required organizationName } }';
const START = 'mutation ($email: String!) { startSingleSignOn(email: $email) { redirectUrl errors { code field message } } }';

type Record = { domain: string; verified: boolean; verifiedBy: string | null; recordName: string; recordValue: string };
type Payload = { settings: { domainVerifications: Record[] } | null; errors: { code: string; field: string | null; message: string }[] };
type Lookup = { singleSignOn: { available: boolean; required: boolean; organizationName: string | null } };

describe.each(DATABASES)('single sign-on that stays within its organisation, on %s', (kind) => {
  let dns: DnsServer;
  let idp: IdentityProvider;
  beforeAll(async () => {
    dns = await startDnsServer();
  });
  const stack = useStack(kind, () => ({ dnsServers: [dns.address] }));
  let acme: GraphQLSession;
  let provider: GraphQLSession;
  beforeAll(async () => {
    idp = await startIdentityProvider({ redirectUri: `${stack.gatewayUrl}/sso/callback` });
    acme = await signedIn(stack.gatewayUrl, 'admin@acme.local');
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
  });
  afterAll(async () => {
    await idp.close();
    await dns.close();
  });

  const settings = (domains: string[], extra: { [key: string]: unknown } = {}) => ({
    enabled: true,
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domains,
    requireSso: true,
    allowJit: true,
    ...extra,
  });
  const save = async (session: GraphQLSession, domains: string[], extra: { [key: string]: unknown } = {}) =>
    (await session.request<{ updateSsoSettings: Payload }>(SETTINGS, { input: settings(domains, extra) })).data!.updateSsoSettings;
  const verify = async (session: GraphQLSession, domain: string) =>
    (await session.request<{ verifySsoDomain: Payload }>(VERIFY, { domain })).data!.verifySsoDomain;
  const lookUp = async (email: string) =>
    (await new GraphQLSession(stack.gatewayUrl).request<Lookup>(LOOKUP, { email })).data!.singleSignOn;
  const passwordSignIn = async (email: string, password = FACTORY_PASSWORD) =>
    (await new GraphQLSession(stack.gatewayUrl).signIn(email, password)).data?.signIn.viewer?.email ?? null;
  /** Publishes the organisation's TXT record for the domain in the test's DNS server and verifies it. */
  async function proveOwnership(session: GraphQLSession, payload: Payload, domain: string) {
    const record = payload.settings!.domainVerifications.find((d) => d.domain === domain)!;
    dns.setTxt(record.recordName, [record.recordValue]);
    return verify(session, domain);
  }
  async function organisationOn(domain: string) {
    const make = factories(stack.db);
    const { organisation, admin } = await make.organisationWithAdmin();
    await stack.db.query('UPDATE client_users SET email = $2 WHERE user_id = $1', [admin.userId, `boss@${domain}`]);
    return { organisation, email: `boss@${domain}`, session: await signedIn(stack.gatewayUrl, `boss@${domain}`, FACTORY_PASSWORD) };
  }

  it('never lets an organisation claim a public mail domain or the provider’s own', async () => {
    for (const domain of ['gmail.com', 'outlook.com', 'yozy.local']) {
      const refused = await save(acme, ['acme.local', domain]);
      expect(refused.errors, domain).toEqual([expect.objectContaining({ field: 'domains', message: expect.stringContaining(domain) })]);
    }
    const stored = await stack.db.query(
      "SELECT domain FROM organization_domains WHERE domain IN ('gmail.com', 'outlook.com', 'yozy.local')",
    );
    expect(stored).toEqual([]);
  });

  it('lets a squatted domain do nothing: its people, new hires and SuperAdmins sign in as before', async () => {
    const domain = `${unique('globex')}.example`.toLowerCase();
    const victim = await organisationOn(domain);
    // Acme claims the other organisation's domain, requiring single sign-on and making accounts.
    const claim = await save(acme, [domain]);
    expect(claim.errors).toEqual([]);
    expect(claim.settings!.domainVerifications).toEqual([expect.objectContaining({ domain, verified: false })]);

    expect(await passwordSignIn(victim.email)).toBe(victim.email);
    expect(await passwordSignIn('admin@yozy.local', 'Admin@123')).toBe('admin@yozy.local');
    expect(await lookUp(victim.email)).toEqual({ available: false, required: false, organizationName: null });
    expect(await lookUp(`new.hire@${domain}`)).toEqual({ available: false, required: false, organizationName: null });
    // No sign-in through Acme's identity provider starts for the domain, so no account is made there.
    const started = await new GraphQLSession(stack.gatewayUrl).request<{ startSingleSignOn: { redirectUrl: string | null } }>(START, {
      email: `new.hire@${domain}`,
    });
    expect(started.data?.startSingleSignOn?.redirectUrl ?? null).toBeNull();
    expect(started.errors?.[0]?.message).toBe(`${domain} does not sign in with single sign-on`);

    // The real owner claims it too, with no conflict, and proves it through DNS; Acme then cannot.
    const own = await save(victim.session, [domain], { requireSso: false, allowJit: false });
    expect(own.errors).toEqual([]);
    dns.setTxt(`_yozy-verification.${domain}`, ['yozy-verification=not-theirs']);
    const wrong = await verify(victim.session, domain);
    expect(wrong.errors).toEqual([expect.objectContaining({ field: 'domain', message: expect.stringContaining('does not hold') })]);
    const verified = await proveOwnership(victim.session, own, domain);
    expect(verified.errors).toEqual([]);
    expect(verified.settings!.domainVerifications).toEqual([expect.objectContaining({ domain, verified: true, verifiedBy: 'DNS' })]);
    const squatter = await proveOwnership(acme, claim, domain);
    expect(squatter.errors).toEqual([
      expect.objectContaining({ code: 'CONFLICT', message: `${domain} is verified by another organization` }),
    ]);
    expect(await lookUp(victim.email)).toEqual({ available: true, required: false, organizationName: null });
    await save(acme, [], { enabled: false });
  });

  it('applies a verified domain to that organisation’s people only, never to another’s or a SuperAdmin', async () => {
    const domain = `${unique('acme')}.example`.toLowerCase();
    const make = factories(stack.db);
    const [acmeRow] = await stack.db.query<{ clientId: number }>(
      `SELECT client_id AS "clientId" FROM clients WHERE company_name = 'Acme Corporation'`,
    );
    const [globexRow] = await stack.db.query<{ clientId: number }>(
      `SELECT client_id AS "clientId" FROM clients WHERE company_name = 'Globex Industries'`,
    );
    const staff = await make.user(acmeRow!, { typeOfUser: 'OrgAdmin', email: `staff@${domain}` });
    const claim = await save(acme, [domain], { requireSso: true });
    expect((await proveOwnership(acme, claim, domain)).errors).toEqual([]);
    // People of other organisations with addresses there, made after the domain was verified.
    await make.user(globexRow!, { typeOfUser: 'OrgAdmin', email: `partner@${domain}` });
    const [providerRow] = await stack.db.query<{ clientId: number }>(
      `SELECT client_id AS "clientId" FROM client_users WHERE email = 'admin@yozy.local'`,
    );
    await make.user(providerRow!, { typeOfUser: 'SuperAdmin', email: `ops@${domain}` });

    expect(await lookUp(staff.email)).toEqual({ available: true, required: true, organizationName: null });
    const refused = await new GraphQLSession(stack.gatewayUrl).signIn(staff.email, FACTORY_PASSWORD);
    expect(JSON.stringify(refused.errors ?? refused.data)).toContain('Your organization signs in with single sign-on');
    for (const email of [`partner@${domain}`, `ops@${domain}`]) {
      expect(await lookUp(email)).toEqual({ available: false, required: false, organizationName: null });
      expect(await passwordSignIn(email)).toBe(email);
    }
    // Reset mails are not sent to people the organisation's single sign-on covers; they are told to use it.
    const before = await stack.db.query('SELECT mail_id FROM mail_outbox WHERE lower(to_address) = lower($1)', [staff.email]);
    const tool = new GraphQLSession(stack.gatewayUrl);
    const reset = await tool.request<{ requestPasswordReset: { errors: { field: string; message: string }[] } }>(
      'mutation ($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { errors { field message } } }',
      { input: { email: staff.email, captcha: await tool.captcha() } },
    );
    expect(reset.data?.requestPasswordReset.errors).toEqual([
      expect.objectContaining({ field: 'email', message: expect.stringContaining('single sign-on') }),
    ]);
    expect(await stack.db.query('SELECT mail_id FROM mail_outbox WHERE lower(to_address) = lower($1)', [staff.email])).toEqual(before);
    await save(acme, [], { enabled: false });
  });

  it('lets only a SuperAdmin signed in as themselves vouch for a domain, and records it', async () => {
    const domain = `${unique('vouched')}.example`.toLowerCase();
    const claim = await save(acme, [domain], { requireSso: false });
    expect(claim.errors).toEqual([]);
    const [acmeRow] = await stack.db.query<{ id: string }>(
      `SELECT client_id::text AS id FROM clients WHERE company_name = 'Acme Corporation'`,
    );
    const byOrgAdmin = await acme.request(CONFIRM, { organizationId: acmeRow!.id, domain });
    expect(byOrgAdmin.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const confirmed = await provider.request<{ confirmSsoDomain: Payload }>(CONFIRM, { organizationId: acmeRow!.id, domain });
    expect(confirmed.data?.confirmSsoDomain.settings?.domainVerifications).toEqual([
      expect.objectContaining({ domain, verified: true, verifiedBy: 'PROVIDER' }),
    ]);
    const [entry] = await stack.db.query<{ actor: string }>(
      `SELECT u.email AS actor FROM audit_log a JOIN client_users u ON u.user_id = a.actor_user_id
        WHERE a.action = 'organization.sso_domain_verify' AND a.after->>'Domain' = $1`,
      [domain],
    );
    expect(entry).toEqual({ actor: 'admin@yozy.local' });
    await save(acme, [], { enabled: false });
  });

  describe('two-factor after the identity provider', () => {
    let domain: string;
    let person: { email: string; userId: number };
    beforeAll(async () => {
      domain = `${unique('mfa')}.example`.toLowerCase();
      const [acmeRow] = await stack.db.query<{ clientId: number }>(
        `SELECT client_id AS "clientId" FROM clients WHERE company_name = 'Acme Corporation'`,
      );
      person = await factories(stack.db).user(acmeRow!, { typeOfUser: 'OrgAdmin', email: `secured@${domain}` });
      // Two-factor on, with an authenticator secret sealed as the service seals it.
      const sealed = createSecretBox(TEST_SECRET_KEY).seal('JBSWY3DPEHPK3PXPJBSWY3DP', `two_factor.totp_secret:${person.userId}`);
      await stack.db.query('INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at) VALUES ($1, $2, true, now())', [
        person.userId,
        sealed,
      ]);
      const claim = await save(acme, [domain], { requireSso: false, mfaAcrValues: ['urn:acme:strong'] });
      expect((await proveOwnership(acme, claim, domain)).errors).toEqual([]);
    });
    afterAll(() => save(acme, [], { enabled: false }));

    /** A browser's way out to the identity provider and back to the gateway's callback, redirects unfollowed. */
    async function throughProvider(claims: { amr?: string[]; acr?: string }, headers: { [name: string]: string } = {}) {
      const browser = new GraphQLSession(stack.gatewayUrl, headers);
      const started = await browser.request<{ startSingleSignOn: { redirectUrl: string } }>(START, { email: person.email });
      const redirectUrl = started.data!.startSingleSignOn.redirectUrl;
      idp.signInAs({ email: person.email, ...claims });
      const callback = await idp.followToCallback(redirectUrl);
      const back = await fetch(callback, { redirect: 'manual', headers: { cookie: `sso_state=${browser.cookies.get('sso_state')}` } });
      const cookies = back.headers.getSetCookie().map((line) => line.split(';')[0]!);
      return { redirectUrl, location: back.headers.get('location'), cookies };
    }
    const has = (cookies: string[], name: string) => cookies.some((cookie) => cookie.startsWith(`${name}=`) && cookie !== `${name}=`);

    it('asks for the console’s code when the provider checked only a password', async () => {
      const back = await throughProvider({ amr: ['pwd'] });
      expect(back.location).toBe('/login?step=code');
      expect(has(back.cookies, 'sign_in_step')).toBe(true);
      expect(has(back.cookies, 'token_org')).toBe(false);
      // The step is a live one: a wrong code is refused as wrong, not as expired.
      const step = new GraphQLSession(stack.gatewayUrl);
      step.cookies.set('sign_in_step', back.cookies.find((cookie) => cookie.startsWith('sign_in_step='))!.split('=')[1]!);
      const wrong = await step.request<{ verifySignInCode: { errors: { code: string }[] } }>(
        'mutation ($input: SecondFactorInput!) { verifySignInCode(input: $input) { errors { code } } }',
        { input: { code: '000000' } },
      );
      expect(wrong.data?.verifySignInCode.errors).toEqual([{ code: 'INVALID_CREDENTIALS' }]);
    });

    it('signs in at once when the provider says it used multi-factor, by amr or by an acr the organisation names', async () => {
      for (const claims of [{ amr: ['pwd', 'mfa'] }, { amr: ['otp'] }, { amr: ['pwd'], acr: 'urn:acme:strong' }]) {
        const back = await throughProvider(claims);
        expect(back.location, JSON.stringify(claims)).toBe('/');
        expect(has(back.cookies, 'token_org'), JSON.stringify(claims)).toBe(true);
      }
    });

    it('sends the identity provider back to the configured address, whatever Host and protocol a request claims', async () => {
      const back = await throughProvider({ amr: ['mfa'] }, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'attacker.example' });
      expect(new URL(back.redirectUrl).searchParams.get('redirect_uri')).toBe(`${stack.gatewayUrl}/sso/callback`);
      expect(back.location).toBe('/');
    });
  });
});
