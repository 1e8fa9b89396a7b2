import { describe, expect, it } from 'vitest';
import { SSO_SETTINGS, ssoTestbed, type SsoSettings } from '#testing/singleSignOn';

const bed = ssoTestbed();
const { acmeSso, save, verify } = bed;

describe('single sign-on settings', () => {
  it('keeps the client secret sealed and never answers it; a domain belongs to one organisation', async () => {
    const saved = await save(acmeSso());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ Enabled: true, ClientSecretSet: true, Domains: ['acme.local'] });
    expect(JSON.stringify(saved.body)).not.toContain(bed.idp.clientSecret);
    const [row] = await bed.api.db.query<{ oidc_secret_sealed: string }>(
      'SELECT oidc_secret_sealed FROM sso_settings WHERE client_id = $1',
      [bed.acmeId],
    );
    expect(row!.oidc_secret_sealed).toMatch(/^v1\./);

    const globexAdmin = await bed.api.signIn('admin@globex.local');
    expect((await bed.api.agent.get(`${SSO_SETTINGS}?ClientId=${bed.acmeId}`).auth(globexAdmin, { type: 'bearer' })).status).toBe(403);
  });

  it('covers a domain only once its TXT record proves the organisation owns it, and one organisation only', async () => {
    const saved = await save(acmeSso({ RequireSso: true }));
    const [record] = saved.body.DomainVerifications;
    expect(record).toMatchObject({ Domain: 'acme.local', Verified: false, RecordName: '_yozy-verification.acme.local' });
    expect(record!.RecordValue).toMatch(/^yozy-verification=[0-9a-f]{32}$/);
    // Unverified, the claim does nothing: no single sign-on offered, the password still works.
    expect((await bed.api.agent.get('/sso/lookup?email=admin%40acme.local')).body).toEqual({ Sso: false, Required: false });
    expect((await bed.api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' })).status).toBe(200);

    // Another organisation may claim it too, unverified; neither blocks the other.
    const globexAdmin = await bed.api.signIn('admin@globex.local');
    const globexClaim = await save({ ...acmeSso(), Domains: ['acme.local', 'globex.local'] }, globexAdmin);
    expect(globexClaim.status, JSON.stringify(globexClaim.body)).toBe(200);

    bed.dns.setTxt('_yozy-verification.acme.local', ['yozy-verification=not-the-token']);
    const wrong = await verify('acme.local');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ field: 'Domain' });
    expect(wrong.body.error.message).toContain(record!.RecordValue);

    bed.dns.setTxt(record!.RecordName, [record!.RecordValue]);
    const verified = await verify('acme.local');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.DomainVerifications[0]).toMatchObject({ Domain: 'acme.local', Verified: true, VerifiedBy: 'DNS' });
    expect((await bed.api.agent.get('/sso/lookup?email=admin%40acme.local')).body).toEqual({ Sso: true, Required: true });

    // Globex's record would have to be in acme.local's DNS: its claim stays unverified, and now refused to verify.
    const globexRecord = globexClaim.body.DomainVerifications.find(
      (d: SsoSettings['DomainVerifications'][number]) => d.Domain === 'acme.local',
    )!;
    bed.dns.setTxt(globexRecord.RecordName, [globexRecord.RecordValue]);
    const taken = await verify('acme.local', globexAdmin);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'CONFLICT', message: 'acme.local is verified by another organization' });
    expect((await save({ ...acmeSso(), Domains: ['acme.local'] }, globexAdmin)).status).toBe(409);
    await save({ ...acmeSso(), Enabled: false, Domains: [] }, globexAdmin);
    await save(acmeSso({ RequireSso: false }));
  });

  it('refuses public mail domains and the provider’s own, and an issuer whose discovery document cannot be read', async () => {
    const before = await bed.api.agent.get(SSO_SETTINGS).auth(bed.acmeAdmin, { type: 'bearer' });
    for (const domain of ['gmail.com', 'outlook.com', 'yozy.local']) {
      const refused = await save(acmeSso({ Domains: ['acme.local', domain] }));
      expect(refused.status, domain).toBe(400);
      expect(refused.body.error).toMatchObject({ field: 'Domains' });
      expect(refused.body.error.message).toContain(domain);
    }
    const unreachable = await save(acmeSso({ Issuer: 'http://127.0.0.1:9' }));
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error).toMatchObject({ field: 'Issuer' });
    expect(unreachable.body.error.message).toMatch(/^The issuer’s discovery document could not be read: /);
    expect((await bed.api.agent.get(SSO_SETTINGS).auth(bed.acmeAdmin, { type: 'bearer' })).body).toEqual(before.body);
  });

  it('lets a SuperAdmin in person vouch for a domain, never a public or the provider’s one', async () => {
    await save(acmeSso({ Domains: ['acme.local', 'acme-partners.example'] }));
    const superAdmin = await bed.api.signIn('admin@yozy.local');
    const confirm = (domain: string, token: string) =>
      bed.api.agent.post(`${SSO_SETTINGS}/domains/confirm`).auth(token, { type: 'bearer' }).send({ ClientId: bed.acmeId, Domain: domain });
    expect((await confirm('acme-partners.example', bed.acmeAdmin)).status).toBe(403);
    const confirmed = await confirm('acme-partners.example', superAdmin);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(
      confirmed.body.DomainVerifications.find((d: SsoSettings['DomainVerifications'][number]) => d.Domain === 'acme-partners.example'),
    ).toMatchObject({
      Verified: true,
      VerifiedBy: 'PROVIDER',
    });
    const [entry] = await bed.api.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM audit_log WHERE action = 'organization.sso_domain_verify' AND client_id = $1 ORDER BY audit_id DESC LIMIT 1",
      [bed.acmeId],
    );
    expect(entry!.after).toMatchObject({ Domain: 'acme-partners.example', VerifiedBy: 'PROVIDER' });
    expect((await confirm('yozy.local', superAdmin)).status).toBe(400);
    await save(acmeSso());
  });

  it('refuses to turn on without an issuer, a client id or a domain, naming the field', async () => {
    const before = await bed.api.agent.get(SSO_SETTINGS).auth(bed.acmeAdmin, { type: 'bearer' });
    expect((await save({ ...acmeSso(), Issuer: '' })).body.error).toMatchObject({ field: 'Issuer' });
    expect((await save({ ...acmeSso(), Domains: [] })).body.error).toMatchObject({ field: 'Domains' });
    expect((await bed.api.agent.get(SSO_SETTINGS).auth(bed.acmeAdmin, { type: 'bearer' })).body).toEqual(before.body);
  });

  it('reads the issuer’s discovery document for the Test button, and says why one cannot be read', async () => {
    const found = await bed.api.agent
      .post(`${SSO_SETTINGS}/discover`)
      .auth(bed.acmeAdmin, { type: 'bearer' })
      .send({ Issuer: bed.idp.issuer });
    expect(found.body).toMatchObject({ Issuer: bed.idp.issuer, Pkce: true, AuthorizationEndpoint: `${bed.idp.issuer}/auth` });
    const missing = await bed.api.agent
      .post(`${SSO_SETTINGS}/discover`)
      .auth(bed.acmeAdmin, { type: 'bearer' })
      .send({ Issuer: 'http://127.0.0.1:9' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^The issuer’s discovery document could not be read: /);
  });
});
