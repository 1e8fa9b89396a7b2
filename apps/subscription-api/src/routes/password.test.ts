import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
beforeAll(async () => {
  api = await openRestApi();
});
afterAll(() => api.close());

const change = { currentpassword: 'Admin@123', password: 'Changed@456', confirmpassword: 'Changed@456' };

// Each test hashes passwords (argon2id) several times, which takes seconds on a busy machine.
describe('POST /users/password', { timeout: 30_000 }, () => {
  it('refuses a wrong current password or a weak new one, changing nothing', async () => {
    const token = await api.signIn('admin@acme.local');
    const wrong = await api.agent
      .post('/users/password')
      .auth(token, { type: 'bearer' })
      .send({ ...change, currentpassword: 'Guess@123' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'currentpassword' });
    const weak = await api.agent
      .post('/users/password')
      .auth(token, { type: 'bearer' })
      .send({ ...change, password: 'weak', confirmpassword: 'weak' });
    expect(weak.body.error).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password' });
    const mismatch = await api.agent
      .post('/users/password')
      .auth(token, { type: 'bearer' })
      .send({ ...change, confirmpassword: 'Changed@457' });
    expect(mismatch.body.error).toMatchObject({ code: 'PASSWORD_MISMATCH', field: 'confirmpassword' });
    await expect(api.signIn('admin@acme.local')).resolves.toBeTruthy();
  });

  it('changes the password, ends the other sessions but this one, logs and mails it', async () => {
    const other = await api.signIn('admin@globex.local');
    const token = await api.signIn('admin@globex.local');
    const answer = await api.agent.post('/users/password').auth(token, { type: 'bearer' }).send(change);
    expect(answer).toMatchObject({ status: 200, body: { changed: true, ended: 1 } });
    expect((await api.agent.get('/users/me').auth(token, { type: 'bearer' })).status).toBe(200);
    expect((await api.agent.get('/users/me').auth(other, { type: 'bearer' })).status).toBe(401);
    await expect(api.signIn('admin@globex.local')).rejects.toThrow();
    await expect(api.signIn('admin@globex.local', 'Changed@456')).resolves.toBeTruthy();
    const [entry] = await api.db.query<{ after: unknown }>("SELECT after FROM audit_log WHERE action = 'user.password_change'");
    expect(entry?.after).toEqual({ endedSessions: 1 });
    const mails = await api.db.query("SELECT 1 FROM mail_outbox WHERE to_address = 'admin@globex.local' AND template = 'password_changed'");
    expect(mails).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await api.agent.post('/users/password').send(change)).status).toBe(401);
  });
});
