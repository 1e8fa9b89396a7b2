import { it } from 'vitest';
import { api, superAdmin, expectDocumented, userWhere } from './harness';

// What an organisation's admins read and change: the organisation, its dashboard, groups, projects, licences, sessions, settings and audit log.

export function lists() {
  it('lists', async () => {
    expectDocumented(await api.agent.get('/subscription_client_details').auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/subscription_client_details?ClientId=x').auth(superAdmin, { type: 'bearer' }), 400);
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented(await api.agent.get('/subscription_client_details?ClientId=eq.1').auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get('/subscription_product_master'), 200);
    expectDocumented(await api.agent.get('/subscription_plan_master'), 200);
  });
}

export function insights() {
  it('insights', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented(await api.agent.get('/insights/dashboard').auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/insights/dashboard?ClientId=999999').auth(superAdmin, { type: 'bearer' }), 404);
    expectDocumented(await api.agent.get('/insights/statistics').auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/insights/statistics?from=2026-03-10&to=2026-03-01').auth(orgAdmin, { type: 'bearer' }), 400);
  });
}

export function groups() {
  it('groups', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/agilesaas_itsmassignmentgroup_master';
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 200);
    const created = await api.agent.post(path).auth(orgAdmin, { type: 'bearer' }).send({ GroupName: 'Contract checkers' });
    expectDocumented(created, 201);
    const GroupId = created.body.GroupId;
    expectDocumented(await api.agent.post(path).auth(orgAdmin, { type: 'bearer' }).send({ GroupName: 'contract CHECKERS' }), 409);
    expectDocumented(
      await api.agent.post(`${path}/update`).auth(orgAdmin, { type: 'bearer' }).send({ GroupId, GroupName: 'Contract readers' }),
      200,
    );
    const user = await userWhere("is_active AND email LIKE '%@acme.local'");
    const members = '/subscription_user_group_mapping';
    expectDocumented(
      await api.agent
        .post(members)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ GroupId, UserIds: [user.user_id] }),
      200,
    );
    expectDocumented(await api.agent.get(`${members}?GroupId=eq.${GroupId}`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${members}/candidates?GroupId=eq.${GroupId}`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(
      await api.agent
        .post(`${members}/remove`)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ GroupId, UserIds: [user.user_id] }),
      200,
    );
    expectDocumented(await api.agent.post(`${path}/delete`).auth(orgAdmin, { type: 'bearer' }).send({ GroupId }), 200);
    expectDocumented(await api.agent.post(`${path}/delete`).auth(orgAdmin, { type: 'bearer' }).send({ GroupId }), 404);
  });
}

export function projects() {
  it('projects', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const as = { type: 'bearer' } as const;
    const path = '/agilesaas_project_master';
    expectDocumented(await api.agent.get(path).auth(orgAdmin, as), 200);
    const created = await api.agent.post(path).auth(orgAdmin, as).send({ ProjectShortCode: 'ACM-DOC', ProjectName: 'Documented' });
    expectDocumented(created, 201);
    const ProjectId = created.body.ProjectId;
    expectDocumented(await api.agent.post(path).auth(orgAdmin, as).send({ ProjectShortCode: 'acm-doc', ProjectName: 'Again' }), 409);
    expectDocumented(await api.agent.post(`${path}/update`).auth(orgAdmin, as).send({ ProjectId, ProjectName: 'Documented well' }), 200);
    const user = await userWhere("is_active AND email LIKE '%@acme.local'");
    const mapping = '/agilesaas_project_mapping';
    const allocated = await api.agent
      .post(mapping)
      .auth(orgAdmin, as)
      .send({ ProjectId, TeamMemberId: user.user_id, AllocPercentage: 20, ProjectRole: 'Writer' });
    expectDocumented(allocated, 201);
    const AllocationId = allocated.body.AllocationId;
    expectDocumented(await api.agent.get(`${mapping}?ProjectId=eq.${ProjectId}`).auth(orgAdmin, as), 200);
    expectDocumented(await api.agent.get(`${mapping}/candidates?ProjectId=eq.${ProjectId}`).auth(orgAdmin, as), 200);
    expectDocumented(
      await api.agent.post(`${mapping}/update`).auth(orgAdmin, as).send({ AllocationId, AllocPercentage: 30, ProjectRole: 'Writer' }),
      200,
    );
    expectDocumented(await api.agent.post(`${mapping}/end`).auth(orgAdmin, as).send({ AllocationId }), 200);
    expectDocumented(await api.agent.post(`${mapping}/end`).auth(orgAdmin, as).send({ AllocationId }), 409);
    expectDocumented(await api.agent.post(`${path}/close`).auth(orgAdmin, as).send({ ProjectId }), 200);
    expectDocumented(await api.agent.post(`${path}/close`).auth(orgAdmin, as).send({ ProjectId: 999999 }), 404);
  });
}

export function licences() {
  it('licences', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented(await api.agent.get('/subscription_client_license_details').auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/subscription_client_license_details').auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/subscription_client_license_details?ClientId=eq.1').auth(orgAdmin, { type: 'bearer' }), 403);
    // Globex gets a licence of a product it holds none of, on one plan and then another of the product's plans on sale.
    const [globex] = await api.db.query<{ client_id: number }>("SELECT client_id FROM clients WHERE company_name = 'Globex Industries'");
    const plans = await api.db.query<{ plan_id: number; product_id: number }>(
      `SELECT pl.plan_id, pl.product_id FROM plans pl JOIN products pr ON pr.product_id = pl.product_id
        WHERE pl.is_active AND pr.is_active
          AND pl.product_id = (SELECT p.product_id FROM products p JOIN plans q ON q.product_id = p.product_id
                                WHERE p.is_active AND q.is_active
                                  AND NOT EXISTS (SELECT 1 FROM licences l WHERE l.client_id = $1 AND l.product_id = p.product_id)
                                GROUP BY p.product_id HAVING count(*) >= 2 ORDER BY p.product_id LIMIT 1)
        ORDER BY pl.capacity DESC`,
      [globex!.client_id],
    );
    const [{ day }] = (await api.db.query<{ day: string }>("SELECT to_char(current_date + 30, 'YYYY-MM-DD') AS day")) as [{ day: string }];
    const body = { ClientId: globex!.client_id, ProductId: plans[0]!.product_id, PlanId: plans[0]!.plan_id, ValidTill: day };
    const added = await api.agent.post('/subscription_client_license').auth(superAdmin, { type: 'bearer' }).send(body);
    expectDocumented(added, 201);
    expectDocumented(await api.agent.post('/subscription_client_license').auth(superAdmin, { type: 'bearer' }).send(body), 409);
    expectDocumented(await api.agent.post('/subscription_client_license').auth(orgAdmin, { type: 'bearer' }).send(body), 403);
    const LicenceId = added.body.LicenceId;
    const extend = '/subscription_client_license/extend';
    expectDocumented(await api.agent.post(extend).auth(superAdmin, { type: 'bearer' }).send({ LicenceId, ValidTill: '2099-12-31' }), 200);
    expectDocumented(await api.agent.post(extend).auth(superAdmin, { type: 'bearer' }).send({ LicenceId, ValidTill: '2099-12-31' }), 400);
    const changePlan = '/subscription_client_license/change_plan';
    expectDocumented(
      await api.agent.post(changePlan).auth(superAdmin, { type: 'bearer' }).send({ LicenceId, PlanId: plans[1]!.plan_id }),
      200,
    );
    const setActive = '/subscription_client_license/set_active';
    expectDocumented(await api.agent.post(setActive).auth(superAdmin, { type: 'bearer' }).send({ LicenceId, IsActive: false }), 200);
    expectDocumented(
      await api.agent.post(setActive).auth(superAdmin, { type: 'bearer' }).send({ LicenceId: 2_000_000_000, IsActive: false }),
      404,
    );
  });
}

export function sessions() {
  it('sessions', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    await api.signIn('admin@acme.local');
    const [acme] = await api.db.query<{ client_id: number; user_id: number }>(
      "SELECT client_id, user_id FROM client_users WHERE email = 'admin@acme.local'",
    );
    const list = '/subscription_user_sessions?order=StartedAt.desc&limit=5';
    expectDocumented(await api.agent.get(`${list}&ClientId=eq.${acme!.client_id}`).auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${list}&ClientId=eq.1`).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(list), 401);
    const [live] = await api.db.query<{ session_id: number }>(
      'SELECT session_id FROM sessions WHERE user_id = $1 AND ended_at IS NULL ORDER BY session_id DESC LIMIT 1',
      [acme!.user_id],
    );
    const end = '/subscription_user_sessions/end';
    expectDocumented(await api.agent.post(end).auth(orgAdmin, { type: 'bearer' }).send({ SessionId: live!.session_id }), 200);
    expectDocumented(await api.agent.post(end).auth(orgAdmin, { type: 'bearer' }).send({ SessionId: 2_000_000_000 }), 404);
    expectDocumented(await api.agent.post(end).auth(orgAdmin, { type: 'bearer' }).send({}), 400);
    const endUser = '/subscription_user_sessions/end-user';
    expectDocumented(await api.agent.post(endUser).auth(orgAdmin, { type: 'bearer' }).send({ UserId: acme!.user_id }), 200);
    expectDocumented(await api.agent.post(endUser).auth(orgAdmin, { type: 'bearer' }).send({ UserId: acme!.user_id, ClientId: 1 }), 403);
    const endOthers = '/subscription_user_sessions/end-others';
    expectDocumented(await api.agent.post(endOthers).auth(orgAdmin, { type: 'bearer' }).send({}), 200);
  });
}

export function organizationSettings() {
  it('organisation settings', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/subscription_org_settings';
    const body = { RequiresApproval: false, TwoFactorRequired: false, SessionIdleMinutes: null, AllowedEmailDomains: [] };
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${path}?ClientId=x`).auth(superAdmin, { type: 'bearer' }), 400);
    expectDocumented(await api.agent.get(`${path}?ClientId=1`).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(`${path}?ClientId=999999`).auth(superAdmin, { type: 'bearer' }), 404);
    expectDocumented(await api.agent.get(path), 401);
    expectDocumented(await api.agent.patch(path).auth(orgAdmin, { type: 'bearer' }).send(body), 200);
    expectDocumented(
      await api.agent
        .patch(path)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ ...body, SessionIdleMinutes: 1 }),
      400,
    );
    expectDocumented(
      await api.agent
        .patch(path)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ ...body, ClientId: 1 }),
      403,
    );
    expectDocumented(
      await api.agent
        .patch(path)
        .auth(superAdmin, { type: 'bearer' })
        .send({ ...body, ClientId: 999999 }),
      404,
    );
    expectDocumented(await api.agent.patch(path).send(body), 401);
  });
}

export function changingAnOrganization() {
  it('changing an organisation', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const [provider] = await api.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE is_provider');
    const path = '/subscription_client_details';
    const one = `${path}?ClientId=eq.${provider!.client_id}`;
    expectDocumented(await api.agent.patch(one).auth(superAdmin, { type: 'bearer' }).send({ City: 'Contract City' }), 200);
    expectDocumented(await api.agent.patch(one).auth(superAdmin, { type: 'bearer' }).send({ CurrencyCode: 'dollars' }), 400);
    expectDocumented(await api.agent.patch(one).auth(orgAdmin, { type: 'bearer' }).send({ City: 'x' }), 403);
    expectDocumented(await api.agent.patch(`${path}?ClientId=eq.999999`).auth(superAdmin, { type: 'bearer' }).send({ City: 'x' }), 404);
    expectDocumented(await api.agent.patch(one).auth(superAdmin, { type: 'bearer' }).send({ IsActive: false }), 409);
    expectDocumented(await api.agent.patch(one).send({ City: 'x' }), 401);
  });
}

export function auditLog() {
  it('the audit log', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const list = '/subscription_audit_log?order=CreatedAt.desc&limit=5';
    expectDocumented(await api.agent.get(list).auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${list}&ClientId=eq.1`).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(`${list}&order=Before.asc`).auth(orgAdmin, { type: 'bearer' }), 400);
    expectDocumented(await api.agent.get(list), 401);
    const actions = '/subscription_audit_log/actions';
    expectDocumented(await api.agent.get(actions).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${actions}?ClientId=1`).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(`${actions}?ClientId=x`).auth(superAdmin, { type: 'bearer' }), 400);
    expectDocumented(await api.agent.get(actions), 401);
  });
}
