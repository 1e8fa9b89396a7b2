import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';
import { NOT_EXPIRING_MESSAGE, OPEN_RENEWAL_MESSAGE } from './licenceRenewals';

let api: RestApi;
beforeAll(async () => {
  api = await openRestApi();
});
afterAll(() => api.close());

/** The organisation's first licence, made to end in `days` days. */
async function licenceOf(company: string, days: number) {
  const [row] = await api.db.query<{ licence_id: number; client_id: number }>(
    `SELECT l.licence_id, l.client_id FROM licences l JOIN clients c USING (client_id) WHERE c.company_name = $1 ORDER BY l.licence_id LIMIT 1`,
    [company],
  );
  await api.db.query('UPDATE licences SET valid_till = current_date + $2::int, is_active = true WHERE licence_id = $1', [
    row!.licence_id,
    days,
  ]);
  return row!;
}

const request = (token: string, body: Record<string, unknown>) =>
  api.agent.post('/subscription_client_license/renewal_request').auth(token, { type: 'bearer' }).send(body);

describe('a request to renew a licence', { timeout: 60_000 }, () => {
  it('reaches the provider as an enquiry naming the organisation, product, licence and its last day, once', async () => {
    const licence = await licenceOf('Acme Corporation', 10);
    const admin = await api.signIn('admin@acme.local');

    const answer = await request(admin, { LicenceId: licence.licence_id });
    expect(answer.status).toBe(201);

    const superAdmin = await api.signIn('admin@yozy.local');
    const listed = await api.agent
      .get('/subscription/subscription_web_enquiry')
      .query({ EnquiryId: `eq.${answer.body.EnquiryId}` })
      .auth(superAdmin, { type: 'bearer' });
    const [validTill] = await api.db.query<{ day: string }>("SELECT to_char(current_date + 10, 'YYYY-MM-DD') AS day");
    expect(listed.body).toEqual([
      expect.objectContaining({
        Kind: 'RENEWAL',
        Status: 'PENDING',
        ClientCompanyName: 'Acme Corporation',
        ClientId: licence.client_id,
        LicenceId: licence.licence_id,
        LicenceValidTill: validTill!.day,
        AdminEmail: 'admin@acme.local',
        ProductName: expect.any(String),
      }),
    ]);

    // The licence list says it was asked; a second request is refused and adds nothing.
    const licences = await api.agent
      .get('/subscription_client_license_details')
      .query({ LicenceId: `eq.${licence.licence_id}` })
      .auth(admin, { type: 'bearer' });
    expect(Date.parse(licences.body[0].RenewalRequestedAt)).toBe(Date.parse(answer.body.RequestedAt));
    const again = await request(admin, { LicenceId: licence.licence_id });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'CONFLICT', field: 'LicenceId', message: OPEN_RENEWAL_MESSAGE });
    expect(await api.db.query('SELECT 1 FROM enquiries WHERE licence_id = $1', [licence.licence_id])).toHaveLength(1);

    const [logged] = await api.db.query<{ client_id: number; before: unknown; after: { enquiryId: number } }>(
      "SELECT client_id, before, after FROM audit_log WHERE action = 'licence.renewal_request' AND entity_id = $1",
      [String(licence.licence_id)],
    );
    expect(logged).toMatchObject({ client_id: licence.client_id, before: { renewalRequested: false } });
    expect(logged!.after.enquiryId).toBe(answer.body.EnquiryId);

    // The provider approves it: the licence runs one more period, and it may be asked again later.
    const approved = await api.agent
      .post('/subscription/enquiry/approve')
      .auth(superAdmin, { type: 'bearer' })
      .send({ EnquiryId: answer.body.EnquiryId });
    expect(approved.status).toBe(200);
    expect(approved.body.enquiry.Status).toBe('APPROVED');
    const [renewed] = await api.db.query<{ later: boolean }>(
      'SELECT valid_till > current_date + 27 AS later FROM licences WHERE licence_id = $1',
      [licence.licence_id],
    );
    expect(renewed!.later).toBe(true);
    expect(
      await api.db.query("SELECT 1 FROM audit_log WHERE action = 'licence.extend' AND entity_id = $1", [String(licence.licence_id)]),
    ).toHaveLength(1);
  });

  it('refuses a licence far from its end, an unknown one, a member and the provider, changing nothing', async () => {
    const licence = await licenceOf('Acme Corporation', 200);
    const admin = await api.signIn('admin@acme.local');
    const far = await request(admin, { LicenceId: licence.licence_id });
    expect(far.status).toBe(400);
    expect(far.body.error.message).toBe(NOT_EXPIRING_MESSAGE);
    expect((await request(admin, { LicenceId: 'x' })).body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'LicenceId' });
    expect((await request(admin, { LicenceId: 999999 })).status).toBe(404);
    expect((await request(await api.signIn('member@acme.local'), { LicenceId: licence.licence_id })).status).toBe(403);
    await licenceOf('Acme Corporation', 5);
    expect(
      (await request(await api.signIn('admin@yozy.local'), { LicenceId: licence.licence_id, ClientId: licence.client_id })).status,
    ).toBe(403);
    expect(await api.db.query('SELECT 1 FROM enquiries WHERE licence_id = $1 AND is_approved IS NULL', [licence.licence_id])).toEqual([]);
  });

  it("refuses another organisation's licence, however it is named", async () => {
    const globex = await licenceOf('Globex Industries', 5);
    const acmeAdmin = await api.signIn('admin@acme.local');
    expect((await request(acmeAdmin, { LicenceId: globex.licence_id })).status).toBe(404);
    expect((await request(acmeAdmin, { LicenceId: globex.licence_id, ClientId: globex.client_id })).status).toBe(403);
    expect(await api.db.query('SELECT 1 FROM enquiries WHERE licence_id = $1', [globex.licence_id])).toEqual([]);
  });
});
