import { it } from 'vitest';
import { api, superAdmin, expectDocumented, userWhere } from './harness';

// An organisation's people: approval, user management, a person's page, their two-factor and licence renewals.

export function approvalOfNewPeople() {
  it('approval of new people', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'");
    await api.db.query('UPDATE org_settings SET requires_approval = true WHERE client_id = $1', [acme!.client_id]);
    const [role] = await api.db.query<{ role_id: number }>(
      "SELECT r.role_id FROM roles r JOIN products p USING (product_id) WHERE p.product_code = 'YOZY-WEB' ORDER BY r.role_id LIMIT 1",
    );
    const invitation = {
      UserFirstname: 'Awa',
      UserLastname: 'Diallo',
      OfficialEmail: 'awa.diallo@acme.local',
      RoleId: role!.role_id,
      ClientId: acme!.client_id,
    };
    const created = await api.agent.post('/subscription/usercreation').auth(superAdmin, { type: 'bearer' }).send(invitation);
    await api.db.query('UPDATE org_settings SET requires_approval = false WHERE client_id = $1', [acme!.client_id]);
    const path = '/subscription/UserApproval';
    expectDocumented(
      await api.agent
        .post(path)
        .auth(superAdmin, { type: 'bearer' })
        .send({ UserIds: [created.body.ClientUserId], Approve: true }),
      403,
    );
    expectDocumented(
      await api.agent
        .post(path)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ UserIds: [created.body.ClientUserId], Approve: true }),
      200,
    );
    expectDocumented(
      await api.agent
        .post(path)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ UserIds: [created.body.ClientUserId], Approve: true }),
      404,
    );
    expectDocumented(await api.agent.post(path).auth(orgAdmin, { type: 'bearer' }).send({ UserIds: [] }), 400);
  });
}

export function userManagement() {
  it('user management', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented(await api.agent.get('/subscription_client_users').auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/subscription_client_users?ClientId=eq.999').auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get('/subscription_user_role_mapping').auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/subscription/seats').auth(orgAdmin, { type: 'bearer' }), 200);
    const [role] = await api.db.query<{ role_id: number }>(
      "SELECT r.role_id FROM roles r JOIN products p USING (product_id) WHERE p.product_code = 'YOZY-WEB' ORDER BY r.role_id LIMIT 1",
    );
    const invitation = { UserFirstname: 'Ada', UserLastname: 'Byron', OfficialEmail: 'ada.byron@acme.local', RoleId: role!.role_id };
    expectDocumented(await api.agent.post('/subscription/usercreation').auth(orgAdmin, { type: 'bearer' }).send(invitation), 201);
    expectDocumented(await api.agent.post('/subscription/usercreation').auth(orgAdmin, { type: 'bearer' }).send(invitation), 409);
    expectDocumented(await api.agent.get('/subscription/invitations').auth(orgAdmin, { type: 'bearer' }), 200);
    const [invited] = await api.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = $1', [
      invitation.OfficialEmail,
    ]);
    const resend = { UserId: invited!.user_id, SendMail: false };
    expectDocumented(await api.agent.post('/subscription/invitations/resend').auth(orgAdmin, { type: 'bearer' }).send(resend), 200);
    const revoke = { UserId: invited!.user_id };
    expectDocumented(await api.agent.post('/subscription/invitations/revoke').auth(orgAdmin, { type: 'bearer' }).send(revoke), 200);
    expectDocumented(await api.agent.post('/subscription/invitations/revoke').auth(orgAdmin, { type: 'bearer' }).send(revoke), 409);
    const activation = { UserIds: [invited!.user_id], IsActive: true };
    expectDocumented(await api.agent.post('/subscription/UserActivation').auth(orgAdmin, { type: 'bearer' }).send(activation), 200);
    const signOut = { UserIds: [invited!.user_id] };
    expectDocumented(await api.agent.post('/subscription/users/signout').auth(orgAdmin, { type: 'bearer' }).send(signOut), 200);
    const provider = await api.signIn('admin@yozy.local');
    const [client] = await api.db.query<{ client_id: number }>(
      "INSERT INTO clients (company_name) VALUES ('Import Answers ' || gen_random_uuid()) RETURNING client_id",
    );
    const [plan] = await api.db.query<{ plan_id: number; product_id: number }>(
      `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
       SELECT product_id, 'Import answers ' || gen_random_uuid(), 'STANDARD', 1, 'USD', 'MONTHLY', 1 FROM products WHERE product_code = 'YOZY-WEB'
       RETURNING plan_id, product_id`,
    );
    await api.db.query('INSERT INTO licences (client_id, product_id, plan_id, valid_till) VALUES ($1, $2, $3, current_date + 30)', [
      client!.client_id,
      plan!.product_id,
      plan!.plan_id,
    ]);
    const file = {
      ClientId: client!.client_id,
      Rows: [{ UserFirstname: 'Ida', UserLastname: 'Import', OfficialEmail: 'ida.import@answers.test', Roles: 'Member' }],
    };
    expectDocumented(await api.agent.post('/subscription/users/import/preview').auth(provider, { type: 'bearer' }).send(file), 200);
    expectDocumented(await api.agent.post('/subscription/users/import').auth(provider, { type: 'bearer' }).send(file), 201);
    expectDocumented(await api.agent.post('/subscription/users/import').auth(provider, { type: 'bearer' }).send(file), 400);
    expectDocumented(
      await api.agent
        .post('/subscription/users/import')
        .auth(provider, { type: 'bearer' })
        .send({ ...file, Rows: [{ ...file.Rows[0], OfficialEmail: 'ivy.import@answers.test' }] }),
      409,
    );
  });

  // Several sign-ins (argon2id) and codes: it takes a while on a busy machine.
}

export function personPage() {
  it("a person's page: profile, roles, admin rights, password reset mail and groups", { timeout: 30_000 }, async () => {
    const admin = await api.signIn('admin@acme.local');
    const person = await userWhere("email = 'member@acme.local'");
    const post = (path: string, body: object) => api.agent.post(path).auth(admin, { type: 'bearer' }).send(body);
    const UserId = person.user_id;
    expectDocumented(await post('/subscription/users/profile', { UserId, UserFirstname: 'Mia', UserLastname: 'Member' }), 200);
    expectDocumented(await post('/subscription/users/profile', { UserId, UserFirstname: '' }), 400);
    const [role] = await api.db.query<{ role_id: number; product_id: number }>(
      `SELECT r.role_id, r.product_id FROM roles r
        WHERE r.product_id IN (SELECT ur.product_id FROM user_roles ur WHERE ur.user_id = $1) ORDER BY r.role_id LIMIT 1`,
      [UserId],
    );
    expectDocumented(await post('/subscription/users/role', { UserId, RoleId: role!.role_id }), 200);
    expectDocumented(await post('/subscription/users/admin', { UserId, IsAdmin: true }), 200);
    expectDocumented(await post('/subscription/users/admin', { UserId, IsAdmin: false }), 200);
    expectDocumented(await post('/subscription/users/password-reset', { UserId }), 202);
    expectDocumented(await post('/subscription/users/role/remove', { UserId, ProductId: role!.product_id }), 200);
    expectDocumented(await api.agent.get(`/subscription_user_groups?UserId=eq.${UserId}`).auth(admin, { type: 'bearer' }), 200);
  });
}

export function twoFactorResetAndRenewal() {
  it("a person's two-factor reset and a licence renewal request", { timeout: 30_000 }, async () => {
    // A person of Acme with two-factor on (what is sealed does not matter to a reset).
    const person = await userWhere("email = 'member@acme.local'");
    await api.db.query(
      `INSERT INTO two_factor (user_id, totp_secret, enabled, enabled_at) VALUES ($1, 'sealed', true, now())
       ON CONFLICT (user_id) DO UPDATE SET enabled = true, enabled_at = now()`,
      [person.user_id],
    );
    const admin = await api.signIn('admin@acme.local');
    const status = (query: Record<string, string>) =>
      api.agent.get('/subscription/users/two-factor').query(query).auth(admin, { type: 'bearer' });
    expectDocumented(await status({ UserId: String(person.user_id) }), 200);
    expectDocumented(await status({ UserId: 'x' }), 400);
    expectDocumented(await status({ UserId: '999999' }), 404);
    expectDocumented(
      await api.agent.get(`/subscription_user_two_factor?UserId=in.(${person.user_id})`).auth(admin, { type: 'bearer' }),
      200,
    );
    const reset = () =>
      api.agent.post('/subscription/users/two-factor/reset').auth(admin, { type: 'bearer' }).send({ UserId: person.user_id });
    expectDocumented(await reset(), 200);
    expectDocumented(await reset(), 409);

    const [licence] = await api.db.query<{ licence_id: number }>(
      `UPDATE licences SET valid_till = current_date + 3 WHERE licence_id =
         (SELECT min(licence_id) FROM licences l JOIN clients c USING (client_id) WHERE c.company_name = 'Acme Corporation')
       RETURNING licence_id`,
    );
    const renew = () =>
      api.agent
        .post('/subscription_client_license/renewal_request')
        .auth(admin, { type: 'bearer' })
        .send({ LicenceId: licence!.licence_id });
    expectDocumented(await renew(), 201);
    expectDocumented(await renew(), 409);
    await api.db.query('DELETE FROM enquiries WHERE licence_id = $1', [licence!.licence_id]);
  });
}
