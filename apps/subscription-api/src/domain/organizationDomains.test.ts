import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '#testing/dnsServer';
import { openRestApi, type RestApi } from '#testing/restApi';
import { provisionableDomain, recheckDomain, recheckDueDomains } from './organizationDomains';

/**
 * A domain verified by its DNS record is read again, daily and when provisioning uses it: while
 * the record holds the token nothing changes; once it is gone the domain stops covering the
 * organisation, the audit log says so and every active admin is mailed. A domain the provider
 * vouched for has no record to read and stays.
 */
describe('verified domains read again', () => {
  let dns: DnsServer;
  let api: RestApi;
  let acme: number;

  beforeAll(async () => {
    dns = await startDnsServer();
    api = await openRestApi({ dnsServers: [dns.address] });
    const [row] = await api.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
    acme = row!.client_id;
  });
  afterAll(async () => {
    await api.close();
    await dns.close();
  });

  const recheck = () => ({ db: api.db, mailer: api.mailer, dnsServers: [dns.address] });

  async function dnsVerified(domain: string, checkedDaysAgo: number) {
    await api.db.query(
      `INSERT INTO organization_domains (domain, client_id, verification_token, verified_at, verified_by, checked_at)
       VALUES ($1, $2, $3, now() - interval '30 days', 'dns', now() - make_interval(days => $4))`,
      [domain, acme, `token-${domain}`, checkedDaysAgo],
    );
    dns.setTxt(`_yozy-verification.${domain}`, [`yozy-verification=token-${domain}`]);
  }

  const stateOf = async (domain: string) =>
    (
      await api.db.query<{ verified: boolean; lapsed: boolean; reason: string | null }>(
        'SELECT verified_at IS NOT NULL AS verified, lapsed_at IS NOT NULL AS lapsed, lapsed_reason AS reason FROM organization_domains WHERE domain = $1',
        [domain],
      )
    )[0];

  it('keeps a domain whose record still holds the token, and notes the reading', async () => {
    await dnsVerified('still-here.example', 2);
    expect(await recheckDomain(recheck(), acme, 'still-here.example')).toBe(true);
    expect(await stateOf('still-here.example')).toMatchObject({ verified: true, lapsed: false });
  });

  it('stops covering the organisation when the record is gone, audits it and mails every active admin', async () => {
    await dnsVerified('gone.example', 2);
    dns.setTxt('_yozy-verification.gone.example', []);
    const lapsedBefore = await recheckDueDomains(recheck());
    expect(lapsedBefore).toBeGreaterThanOrEqual(1);
    expect(await stateOf('gone.example')).toMatchObject({
      verified: false,
      lapsed: true,
      reason: expect.stringContaining('no longer holds'),
    });
    expect(await provisionableDomain(recheck(), acme, 'gone.example')).toBe(false);
    const [audit] = await api.db.query<{ after: { Domain: string } }>(
      "SELECT after FROM audit_log WHERE action = 'organization.domain_lapse' AND client_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [acme],
    );
    expect(audit!.after.Domain).toBe('gone.example');
    const mails = await api.db.query<{ to_address: string; subject: string }>(
      "SELECT to_address, subject FROM mail_outbox WHERE template = 'domain_lapsed' ORDER BY mail_id",
    );
    const admins = await api.db.query<{ email: string }>(
      "SELECT email FROM client_users WHERE client_id = $1 AND type_of_user = 'OrgAdmin' AND is_active ORDER BY user_id",
      [acme],
    );
    expect(mails.map((mail) => mail.to_address)).toEqual(admins.map((admin) => admin.email));
    expect(mails[0]!.subject).toBe('gone.example is no longer verified for Acme Corporation');
  });

  it('reads a domain again when provisioning uses it and its last reading is old, and leaves a domain the provider vouched for', async () => {
    await dnsVerified('stale.example', 3);
    dns.setTxt('_yozy-verification.stale.example', []);
    expect(await provisionableDomain(recheck(), acme, 'stale.example')).toBe(false);
    expect(await stateOf('stale.example')).toMatchObject({ verified: false, lapsed: true });
    // acme.local was vouched for by the provider: there is no record to read.
    expect(await provisionableDomain(recheck(), acme, 'acme.local')).toBe(true);
  });
});
