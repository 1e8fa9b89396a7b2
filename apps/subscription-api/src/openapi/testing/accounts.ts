import { authenticatorCode } from '#testing/authenticator';
import { issueToken } from '#domain/userTokens';
import { it } from 'vitest';
import { api, superAdmin, expectDocumented, userWhere } from './harness';

// Signing in and one's own account: sessions, hand-offs, sign-in activity, links, password and two-factor.

export function sessionCalls() {
  it('session calls', async () => {
    expectDocumented(await api.agent.get('/health'), 200);
    expectDocumented(await api.agent.get('/readyz'), 200);
    for (const email of ['admin@yozy.local', 'admin@acme.local', 'member@acme.local']) {
      expectDocumented(await api.agent.post('/users/signIn').send({ email, password: 'Admin@123' }), 200);
    }
    expectDocumented(await api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'x' }), 401);
    expectDocumented(await api.agent.post('/users/signIn').send({}), 400);
    expectDocumented(await api.agent.get('/users/me').auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/users/me'), 401);
    expectDocumented(await api.agent.get('/users/product-address?email=admin@acme.local').auth(superAdmin, { type: 'bearer' }), 200);
    const member = await api.signIn('member@acme.local');
    expectDocumented(await api.agent.get('/users/product-address?email=admin@yozy.local').auth(member, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.post('/users/signOut').auth(member, { type: 'bearer' }), 204);
  });
}

export function signInHandoffs() {
  it('sign-in hand-offs', async () => {
    const issued = await api.agent.post('/sign-in-handoffs').auth(superAdmin, { type: 'bearer' }).send({ Email: 'member@acme.local' });
    expectDocumented(issued, 201);
    expectDocumented(
      await api.agent.post('/sign-in-handoffs').auth(superAdmin, { type: 'bearer' }).send({ Email: 'nobody@acme.local' }),
      404,
    );
    expectDocumented(await api.agent.post('/auth/handoff').send({ token: issued.body.Token }), 200);
    expectDocumented(await api.agent.post('/auth/handoff').send({ token: issued.body.Token }), 400);
  });
}

export function signInActivity() {
  it('sign-in activity', async () => {
    const member = await userWhere("email = 'member@acme.local'");
    expectDocumented(
      await api.agent.post('/auth/sign-in-refusals').send({ Email: member.email, Step: 'password', Refusal: 'held_address' }),
      204,
    );
    expectDocumented(await api.agent.post('/auth/sign-in-refusals').send({ Step: 'password', Refusal: 'held_address' }), 400);
    expectDocumented(
      await api.agent.get(`/subscription_user_sign_ins?UserId=eq.${member.user_id}`).auth(superAdmin, { type: 'bearer' }),
      200,
    );
    const addresses = `/subscription/users/sign-in-failure-addresses?UserId=${member.user_id}&Since=${new Date(0).toISOString()}`;
    expectDocumented(await api.agent.get(addresses).auth(superAdmin, { type: 'bearer' }), 404);
    const acmeAdmin = await api.signIn('admin@acme.local');
    expectDocumented(await api.agent.get(addresses).auth(acmeAdmin, { type: 'bearer' }), 200);
    const hold = { Kind: 'one_address', Step: 'password', Address: '192.0.2.1', Until: new Date().toISOString(), Failures: 5 };
    const clear = (body: Record<string, unknown>) =>
      api.agent.post('/subscription/users/sign-in-hold/clear').auth(acmeAdmin, { type: 'bearer' }).send(body);
    expectDocumented(await clear({ UserId: member.user_id, Holds: [hold] }), 200);
    expectDocumented(await clear({ UserId: member.user_id, Holds: [] }), 400);
  });
}

export function accountFlows() {
  it('account flows', async () => {
    const member = await userWhere("is_active AND password_hash IS NOT NULL AND type_of_user = 'User'");
    expectDocumented(await api.agent.post('/auth/password/request').send({ email: member.email }), 202);
    const reset = await issueToken(api.db, { userId: member.user_id, email: member.email, purpose: 'reset' });
    const link = { email: member.email, token: reset };
    expectDocumented(await api.agent.post('/auth/password/linkverify').send(link), 200);
    expectDocumented(await api.agent.post('/auth/link/status').send({ ...link, purpose: 'reset' }), 200);
    expectDocumented(await api.agent.post('/auth/link/status').send({ ...link, purpose: 'neither' }), 400);
    expectDocumented(await api.agent.post('/auth/reset').send({ ...link, password: 'weak', newpassword: 'weak' }), 400);
    const newPassword = { password: 'Fresh@456', newpassword: 'Fresh@456' };
    expectDocumented(await api.agent.post('/auth/reset').send({ ...link, ...newPassword }), 200);

    const invited = await userWhere('is_active AND password_hash IS NULL');
    const invitation = await issueToken(api.db, { userId: invited.user_id, email: invited.email, purpose: 'invite' });
    const acceptance = { email: invited.email, token: invitation, password: 'Fresh@456', confirmpassword: 'Fresh@456' };
    const answer = await api.agent.post('/auth/create/user').send({ ...acceptance, firstname: 'Ada', lastname: 'Lovelace' });
    expectDocumented(answer, 200);

    // A genuine link of a person deactivated since it was mailed.
    const deactivated = await userWhere('is_active AND password_hash IS NULL');
    const stale = await issueToken(api.db, { userId: deactivated.user_id, email: deactivated.email, purpose: 'invite' });
    await api.db.query('UPDATE client_users SET is_active = false WHERE user_id = $1', [deactivated.user_id]);
    const refused = await api.agent
      .post('/auth/create/user')
      .send({ ...acceptance, email: deactivated.email, token: stale, firstname: 'Ada', lastname: 'Lovelace' });
    expectDocumented(refused, 403);
  });
}

export function passwordChange() {
  it('password change', async () => {
    const admin = await api.signIn('admin@globex.local');
    const change = { currentpassword: 'Admin@123', password: 'Changed@456', confirmpassword: 'Changed@456' };
    expectDocumented(
      await api.agent
        .post('/users/password')
        .auth(admin, { type: 'bearer' })
        .send({ ...change, currentpassword: 'wrong' }),
      401,
    );
    expectDocumented(
      await api.agent
        .post('/users/password')
        .auth(admin, { type: 'bearer' })
        .send({ ...change, password: 'weak' }),
      400,
    );
    expectDocumented(await api.agent.post('/users/password').auth(admin, { type: 'bearer' }).send(change), 200);
  });
}

export function twoFactorSignIn() {
  it('two-factor sign-in', { timeout: 30_000 }, async () => {
    const member = await api.signIn('admin@acme.local');
    expectDocumented(await api.agent.get('/users/two-factor').auth(member, { type: 'bearer' }), 200);
    const started = await api.agent.post('/users/two-factor/enrolment').auth(member, { type: 'bearer' });
    expectDocumented(started, 200);
    expectDocumented(await api.agent.post('/users/two-factor/confirm').auth(member, { type: 'bearer' }).send({ code: 'abc' }), 400);
    const firstCode = authenticatorCode(started.body.secret, 0);
    expectDocumented(await api.agent.post('/users/two-factor/confirm').auth(member, { type: 'bearer' }).send({ code: firstCode }), 200);
    const step = await api.agent.post('/users/signIn').send({ email: 'admin@acme.local', password: 'Admin@123' });
    expectDocumented(step, 200);
    const withCode = (steps: number) => ({ challenge: step.body.challenge, code: authenticatorCode(started.body.secret, steps) });
    expectDocumented(await api.agent.post('/users/signIn/code').send({ challenge: step.body.challenge, code: firstCode }), 401);
    expectDocumented(await api.agent.post('/users/signIn/code').send(withCode(1)), 200);
    expectDocumented(await api.agent.post('/users/signIn/code').send(withCode(1)), 400);
    expectDocumented(
      await api.agent
        .post('/users/two-factor/disable')
        .auth(member, { type: 'bearer' })
        .send({ code: authenticatorCode(started.body.secret, -1) }),
      401,
    );
    expectDocumented(await api.agent.post('/users/two-factor/disable').auth(member, { type: 'bearer' }).send(withCode(1)), 400);
    const recovery = await api.agent.post('/users/two-factor/confirm').auth(member, { type: 'bearer' }).send({ code: '123456' });
    expectDocumented(recovery, 409);

    // The provider's organisation requires two-factor: its admin has none yet.
    const email = 'admin@yozy.local';
    await api.db.query(
      'INSERT INTO org_settings (client_id, two_factor_required) SELECT client_id, true FROM client_users WHERE email = $1 ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true',
      [email],
    );
    const enrol = await api.agent.post('/users/signIn').send({ email, password: 'Admin@123' });
    expectDocumented(enrol, 200);
    const enrolment = await api.agent.post('/users/signIn/enrolment').send({ challenge: enrol.body.challenge });
    expectDocumented(enrolment, 200);
    const confirm = { challenge: enrol.body.challenge, code: authenticatorCode(enrolment.body.secret, 0) };
    const enrolled = await api.agent.post('/users/signIn/enrolment/confirm').send(confirm);
    expectDocumented(enrolled, 200);
    expectDocumented(await api.agent.post('/users/signIn/enrolment').send({ challenge: enrol.body.challenge }), 400);
    const signedIn = await api.agent.post('/users/signIn/code').send({
      challenge: (await api.agent.post('/users/signIn').send({ email, password: 'Admin@123' })).body.challenge,
      code: authenticatorCode(enrolment.body.secret, 1),
    });
    expectDocumented(
      await api.agent
        .post('/users/two-factor/disable')
        .auth(signedIn.body.token, { type: 'bearer' })
        .send({ code: authenticatorCode(enrolment.body.secret, 1) }),
      403,
    );
    await api.db.query('UPDATE org_settings SET two_factor_required = false');
    const off = { recoveryCode: enrolled.body.recoveryCodes[0] };
    expectDocumented(await api.agent.post('/users/two-factor/disable').auth(signedIn.body.token, { type: 'bearer' }).send(off), 200);
  });
}
