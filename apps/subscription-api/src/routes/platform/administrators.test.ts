import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

type AdministratorRow = {
  UserId: number;
  UserFirstname: string;
  OfficialEmail: string;
  IsActive: boolean;
  Status: string;
  TwoFactorOn: boolean;
  LastSignInAt: string | null;
};

const PATH = '/platform/administrators';

let api: RestApi;
let provider: string;
let providerId: number;
beforeAll(async () => {
  api = await openRestApi();
  provider = await api.signIn('admin@yozy.local');
  const [me] = await api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'admin@yozy.local'");
  providerId = me!.user_id;
});
afterAll(() => api.close());

const list = (query = 'limit=100', token = provider) => api.agent.get(`${PATH}?${query}`).auth(token, { type: 'bearer' });
const change = (userId: number, IsActive: boolean, token = provider) =>
  api.agent.patch(`${PATH}?UserId=eq.${userId}`).auth(token, { type: 'bearer' }).send({ IsActive });

async function invite(email: string) {
  return api.agent
    .post(PATH)
    .auth(provider, { type: 'bearer' })
    .send({ UserFirstname: 'Noor', UserLastname: 'Haddad', OfficialEmail: email, Phone: '+1 555 0100' });
}

describe('the provider administrators', () => {
  it('lists the SuperAdmins only, with when each last signed in', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    const [{ n }] = (await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM client_users WHERE type_of_user = 'SuperAdmin'",
    )) as [{ n: number }];
    expect(answer.body).toHaveLength(n);
    expect(answer.body.find((row: AdministratorRow) => row.UserId === providerId)).toMatchObject({ Status: 'ACTIVE', IsActive: true });
    expect(answer.body.find((row: AdministratorRow) => row.UserId === providerId)!.LastSignInAt).not.toBeNull();
  });

  it('invites another SuperAdmin with the set-password mail, and audits it', async () => {
    const invited = await invite('noor.haddad@yozy.local');
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ OfficialEmail: 'noor.haddad@yozy.local', Status: 'INVITED', TwoFactorOn: false });
    const [account] = await api.db.query<{ type_of_user: string; password_hash: string | null }>(
      'SELECT type_of_user, password_hash FROM client_users WHERE user_id = $1',
      [invited.body.UserId],
    );
    expect(account).toEqual({ type_of_user: 'SuperAdmin', password_hash: null });
    expect(await api.db.query("SELECT 1 FROM user_tokens WHERE user_id = $1 AND purpose = 'invite'", [invited.body.UserId])).toHaveLength(
      1,
    );
    expect(await api.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', ['noor.haddad@yozy.local'])).toHaveLength(1);
    expect(
      await api.db.query("SELECT 1 FROM audit_log WHERE action = 'user.invite' AND entity_id = $1", [String(invited.body.UserId)]),
    ).toHaveLength(1);
    expect((await invite('NOOR.HADDAD@yozy.local')).status).toBe(409);
  });

  it('deactivates another administrator, ending their sessions at once, and activates them again', async () => {
    const invited = await invite('sam.otieno@yozy.local');
    await api.db.query(
      "UPDATE client_users SET password_hash = (SELECT password_hash FROM client_users WHERE email = 'admin@yozy.local') WHERE user_id = $1",
      [invited.body.UserId],
    );
    const theirs = await api.signIn('sam.otieno@yozy.local');
    const off = await change(invited.body.UserId, false);
    expect(off.body).toMatchObject({ IsActive: false, Status: 'DISABLED' });
    expect((await list('limit=1', theirs)).status).toBe(401);
    const on = await change(invited.body.UserId, true);
    expect(on.body).toMatchObject({ IsActive: true });
  });

  it('never deactivates oneself, nor the last active administrator', async () => {
    const self = await change(providerId, false);
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('You cannot deactivate your own account');
    // Everyone else deactivated: the one left is the last, whoever asks.
    const others = await api.db.query<{ user_id: number }>(
      "SELECT user_id FROM client_users WHERE type_of_user = 'SuperAdmin' AND is_active AND user_id <> $1",
      [providerId],
    );
    for (const { user_id } of others) expect((await change(user_id, false)).status).toBe(200);
    expect(await api.db.query("SELECT user_id FROM client_users WHERE type_of_user = 'SuperAdmin' AND is_active")).toEqual([
      { user_id: providerId },
    ]);
    const again = await change(providerId, false);
    expect(again.status).toBe(400);
  });

  it('is for the provider’s SuperAdmins only, and refuses bad input, changing nothing', async () => {
    const acmeAdmin = await api.signIn('admin@acme.local');
    expect((await list('limit=1', acmeAdmin)).status).toBe(403);
    expect(
      (
        await api.agent
          .post(PATH)
          .auth(acmeAdmin, { type: 'bearer' })
          .send({ UserFirstname: 'X', UserLastname: 'Y', OfficialEmail: 'x@y.local' })
      ).status,
    ).toBe(403);
    expect((await change(providerId, false, acmeAdmin)).status).toBe(403);
    expect((await api.agent.get(`${PATH}?limit=1`)).status).toBe(401);
    const before = await api.db.query('SELECT count(*)::int AS n FROM client_users');
    for (const body of [
      { UserFirstname: 'A', UserLastname: 'B' },
      { UserFirstname: 'A', UserLastname: 'B', OfficialEmail: 'not-an-email' },
    ]) {
      expect((await api.agent.post(PATH).auth(provider, { type: 'bearer' }).send(body)).status).toBe(400);
    }
    expect(await api.db.query('SELECT count(*)::int AS n FROM client_users')).toEqual(before);
    const [member] = await api.db.query<{ user_id: number }>("SELECT user_id FROM client_users WHERE email = 'member@acme.local'");
    expect((await change(member!.user_id, false)).status).toBe(404);
  });
});
