import { afterAll, beforeAll, expect } from 'vitest';
import { startDnsServer, type DnsServer } from './dnsServer';
import { startIdentityProvider, type IdentityProvider } from './identityProvider';
import { openRestApi, type RestApi } from './restApi';

export type SsoSettings = {
  ClientId: number;
  Enabled: boolean;
  Issuer: string | null;
  ClientSecretSet: boolean;
  Domains: string[];
  DomainVerifications: { Domain: string; Verified: boolean; VerifiedBy: string | null; RecordName: string; RecordValue: string }[];
  RequireSso: boolean;
  AllowJit: boolean;
};

export const SSO_REDIRECT = 'http://127.0.0.1:4000/sso/callback';
export const SSO_SETTINGS = '/subscription_sso_settings';

/**
 * The REST service with an identity provider and a DNS server beside it, started before a test
 * file's tests and stopped after them, with Acme's admin signed in and acme.local not yet claimed;
 * and the steps of single sign-on the tests take: save and verify Acme's settings, start and finish a sign-in.
 */
export function ssoTestbed() {
  const bed: { api: RestApi; idp: IdentityProvider; dns: DnsServer; acmeAdmin: string; acmeId: number } = {
    api: undefined as unknown as RestApi,
    idp: undefined as unknown as IdentityProvider,
    dns: undefined as unknown as DnsServer,
    acmeAdmin: '',
    acmeId: 0,
  };
  const steps = {
    acmeSso: (extra: Record<string, unknown> = {}) => ({
      Enabled: true,
      Issuer: bed.idp.issuer,
      OidcClientId: bed.idp.clientId,
      ClientSecret: bed.idp.clientSecret,
      Domains: ['acme.local'],
      RequireSso: false,
      AllowJit: false,
      ...extra,
    }),
    save: (body: Record<string, unknown>, token = bed.acmeAdmin) =>
      bed.api.agent.patch(SSO_SETTINGS).auth(token, { type: 'bearer' }).send(body),
    verify: (domain: string, token = bed.acmeAdmin) =>
      bed.api.agent.post(`${SSO_SETTINGS}/domains/verify`).auth(token, { type: 'bearer' }).send({ Domain: domain }),
    /** Saves Acme's single sign-on and proves it owns acme.local through its DNS record, as an organisation does. */
    async saveVerified(extra: Record<string, unknown> = {}) {
      const saved = await steps.save(steps.acmeSso(extra));
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const record = saved.body.DomainVerifications.find((d: SsoSettings['DomainVerifications'][number]) => d.Domain === 'acme.local')!;
      if (!record.Verified) {
        bed.dns.setTxt(record.RecordName, [record.RecordValue]);
        expect((await steps.verify('acme.local')).status).toBe(200);
      }
    },
    start: (email: string, extra: Record<string, unknown> = {}) =>
      bed.api.agent.post('/sso/start').send({ Email: email, RedirectUri: SSO_REDIRECT, ...extra }),
    finish: (callbackUrl: string, state: string) => bed.api.agent.post('/sso/finish').send({ CallbackUrl: callbackUrl, State: state }),
    async signInThroughProvider(email: string, extra: Record<string, unknown> = {}) {
      bed.idp.signInAs({ email, givenName: 'Kai', familyName: 'Moreno' });
      const started = await steps.start(email, extra);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      return { started: started.body, callback: await bed.idp.followToCallback(started.body.AuthorizationUrl) };
    },
  };
  beforeAll(async () => {
    bed.dns = await startDnsServer();
    bed.api = await openRestApi({ allowHttpIssuers: true, dnsServers: [bed.dns.address] });
    bed.idp = await startIdentityProvider({ redirectUri: SSO_REDIRECT, codeTtlSeconds: 2 });
    bed.acmeAdmin = await bed.api.signIn('admin@acme.local');
    const [acme] = await bed.api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@acme.local'");
    bed.acmeId = acme!.client_id;
    // The demo data has acme.local verified (by the provider's word); these tests claim and verify it themselves.
    await bed.api.db.query("DELETE FROM organization_domains WHERE domain = 'acme.local'");
  });
  afterAll(async () => {
    await bed.api.close();
    await bed.idp.close();
    await bed.dns.close();
  });
  return Object.assign(bed, steps);
}
