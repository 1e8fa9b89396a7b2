import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
let provider: string;
let acmeAdmin: string;
let acmeId: number;
let memberRole: number;
beforeAll(async () => {
  api = await openRestApi();
  provider = await api.signIn('admin@yozy.local');
  acmeAdmin = await api.signIn('admin@acme.local');
  const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
  acmeId = acme!.client_id;
  const [role] = await api.db.query<{ role_id: number }>(
    "SELECT r.role_id FROM roles r JOIN products p USING (product_id) WHERE p.product_code = 'YOZY-WEB' AND r.role_name = 'Member'",
  );
  memberRole = role!.role_id;
  await api.db.query('UPDATE org_settings SET requires_approval = true WHERE client_id = $1', [acmeId]);
});
afterAll(() => api.close());

const invite = (email: string, token: string, clientId?: number) =>
  api.agent
    .post('/subscription/usercreation')
    .auth(token, { type: 'bearer' })
    .send({
      UserFirstname: 'Pat',
      UserLastname: 'Pending',
      OfficialEmail: email,
      RoleId: memberRole,
      ...(clientId ? { ClientId: clientId } : {}),
    });
const decide = (UserIds: number[], Approve: boolean, token = acmeAdmin) =>
  api.agent.post('/subscription/UserApproval').auth(token, { type: 'bearer' }).send({ UserIds, Approve });
const mailsTo = (email: string) => api.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [email]);

describe('approval of new people', () => {
  it('holds a person the provider adds, unmailed, until an admin of the organisation approves and so invites them', async () => {
    const added = await invite('pat.pending@acme.local', provider, acmeId);
    expect(added.status).toBe(201);
    expect(added.body.Status).toBe('AWAITING_APPROVAL');
    expect(await mailsTo('pat.pending@acme.local')).toEqual([]);
    expect(await api.db.query("SELECT 1 FROM user_tokens WHERE user_id = $1 AND purpose = 'invite'", [added.body.ClientUserId])).toEqual(
      [],
    );
    const resend = await api.agent
      .post('/subscription/invitations/resend')
      .auth(acmeAdmin, { type: 'bearer' })
      .send({ UserId: added.body.ClientUserId });
    expect(resend.status).toBe(409);

    // The provider does not decide for the organisation.
    expect((await decide([added.body.ClientUserId], true, provider)).status).toBe(403);
    const approved = await decide([added.body.ClientUserId], true);
    expect(approved.status).toBe(200);
    expect(approved.body[0]!.Status).toBe('INVITED');
    expect(await mailsTo('pat.pending@acme.local')).toHaveLength(1);
    expect(
      (
        await api.db.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY audit_id', [
          String(added.body.ClientUserId),
        ])
      ).map((row) => row.action),
    ).toEqual(['user.invite', 'user.approve']);
  });

  it("leaves the organisation's own invitations alone", async () => {
    const own = await invite('own.invite@acme.local', acmeAdmin);
    expect(own.body.Status).toBe('INVITED');
    expect(await mailsTo('own.invite@acme.local')).toHaveLength(1);
  });

  it('declines a person, deleting the account and freeing its seat', async () => {
    const seats = async () =>
      (await api.agent.get('/subscription/seats').auth(acmeAdmin, { type: 'bearer' })).body.reduce(
        (sum: number, product: { ProductId: number; Used: number }) => sum + product.Used,
        0,
      );
    const before = await seats();
    const added = await invite('dee.clined@acme.local', provider, acmeId);
    expect(await seats()).toBe(before + 1);
    const declined = await decide([added.body.ClientUserId], false);
    expect(declined.status).toBe(200);
    expect(await api.db.query('SELECT 1 FROM client_users WHERE user_id = $1', [added.body.ClientUserId])).toEqual([]);
    expect(await seats()).toBe(before);
    expect(await mailsTo('dee.clined@acme.local')).toEqual([]);
  });

  it("refuses another organisation's admin, and people not awaiting approval, changing nothing", async () => {
    const added = await invite('kept.waiting@acme.local', provider, acmeId);
    const globexAdmin = await api.signIn('admin@globex.local');
    expect((await decide([added.body.ClientUserId], true, globexAdmin)).status).toBe(404);
    expect((await decide([added.body.ClientUserId], false, globexAdmin)).status).toBe(404);
    const [member] = await api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'member@acme.local'");
    expect((await decide([member!.user_id], false)).status).toBe(404);
    expect(await api.db.query('SELECT awaiting_approval FROM client_users WHERE user_id = $1', [added.body.ClientUserId])).toEqual([
      { awaiting_approval: true },
    ]);
    expect(await api.db.query('SELECT 1 FROM client_users WHERE user_id = $1', [member!.user_id])).toHaveLength(1);
  });
});
