import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { Response } from 'supertest';
import { authenticatorCode } from '#testing/authenticator';
import { z } from 'zod';
import { issueToken } from '#domain/userTokens';
import type { Field } from '#http/resource';
import { planFields, productFields } from '#routes/catalogue';
import { clientFields } from '#domain/organizations';
import { startIdentityProvider } from '#testing/identityProvider';
import { openRestApi, type RestApi } from '#testing/restApi';
import { answerSchemas, openApiDocument } from '.';

type Documented = { content?: { 'application/json': { schema: { $ref?: string; items?: { $ref?: string } } } } };
type Paths = Record<string, Record<string, { responses: Record<string, Documented> }>>;
const paths = openApiDocument.paths as Paths;
const ANSWERS: Record<string, z.core.$ZodType> = answerSchemas;

let api: RestApi;
let superAdmin: string;
beforeAll(async () => {
  api = await openRestApi({ allowHttpIssuers: true });
  superAdmin = await api.signIn('admin@yozy.local');
});
afterAll(() => api.close());

const seen = new Set<string>();

/** The zod schema the document names for this answer, or null when it documents no body. */
function documentedSchema(method: string, path: string, status: number): z.core.$ZodType | null {
  const documented = paths[path]?.[method]?.responses[status];
  if (!documented) throw new Error(`${method.toUpperCase()} ${path} answered ${status}, which the document does not list`);
  const schema = documented.content?.['application/json'].schema;
  if (!schema) return null;
  const named = (ref: string | undefined) => ANSWERS[ref!.replace('#/components/schemas/', '')]!;
  return schema.$ref ? named(schema.$ref) : z.array(named(schema.items?.$ref));
}

/** Holds a real answer against the document: a status listed for the call's method and path, and a body its schema accepts. */
function expectDocumented(answer: Response, status: number) {
  const method = answer.request.method.toLowerCase();
  const path = new URL(answer.request.url).pathname;
  expect(answer.status).toBe(status);
  seen.add(`${method} ${path} ${status}`);
  const schema = documentedSchema(method, path, status);
  if (!schema) return expect(answer.text).toBe('');
  const result = z.safeParse(schema, answer.body);
  expect(result.error?.issues, JSON.stringify(answer.body)).toBeUndefined();
}

async function userWhere(condition: string) {
  const [user] = await api.db.query<{ user_id: number; email: string }>(
    `SELECT user_id, email FROM client_users WHERE ${condition} ORDER BY user_id LIMIT 1`,
  );
  return user!;
}

describe('the answers the OpenAPI document promises', () => {
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

  it('lists', async () => {
    expectDocumented(await api.agent.get('/subscription_client_details').auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/subscription_client_details?ClientId=x').auth(superAdmin, { type: 'bearer' }), 400);
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented(await api.agent.get('/subscription_client_details?ClientId=eq.1').auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get('/subscription_product_master'), 200);
    expectDocumented(await api.agent.get('/subscription_plan_master'), 200);
  });

  it('insights', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented(await api.agent.get('/insights/dashboard').auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/insights/dashboard?ClientId=999999').auth(superAdmin, { type: 'bearer' }), 404);
    expectDocumented(await api.agent.get('/insights/statistics').auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get('/insights/statistics?from=2026-03-10&to=2026-03-01').auth(orgAdmin, { type: 'bearer' }), 400);
  });

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

  it('captcha and enquiries', async () => {
    const solution = { signature: `answers-${Date.now()}`, expiresAt: new Date(Date.now() + 60_000).toISOString() };
    expectDocumented(await api.agent.post('/captcha/consume').send(solution), 201);
    expectDocumented(await api.agent.post('/captcha/consume').send(solution), 409);

    const [plan] = await api.db.query<{ product_id: number; plan_id: number }>(
      'SELECT product_id, plan_id FROM plans WHERE is_active ORDER BY plan_id LIMIT 1',
    );
    const enquiry = {
      ClientCompanyName: 'Contract Checks Ltd',
      AdminFirstname: 'Ada',
      AdminLastname: 'Lovelace',
      AdminEmail: 'ada@contract-checks.example',
      ContactName: 'Ada Lovelace',
      ContactEmail: 'ada@contract-checks.example',
      ProductId: plan!.product_id,
      PlanId: String(plan!.plan_id),
    };
    expectDocumented(await api.agent.post('/form/subscription_web_enquiry').send(enquiry), 201);
    expectDocumented(await api.agent.post('/form/subscription_web_enquiry').send(enquiry), 409);
  });

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

  it('the regions master', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/regions';
    expectDocumented(await api.agent.get(`${path}?order=RegionName.asc`).auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${path}?order=Nope.asc`).auth(superAdmin, { type: 'bearer' }), 400);
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(path), 401);
    const created = await api.agent
      .post(path)
      .auth(superAdmin, { type: 'bearer' })
      .send({ RegionCode: 'contract-1', RegionName: 'Contract Region' });
    expectDocumented(created, 201);
    expectDocumented(
      await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send({ RegionCode: 'contract-1', RegionName: 'Other' }),
      409,
    );
    const one = `${path}?RegionId=eq.${created.body.RegionId}`;
    expectDocumented(await api.agent.patch(one).auth(superAdmin, { type: 'bearer' }).send({ IsActive: false }), 200);
    expectDocumented(await api.agent.delete(one).auth(superAdmin, { type: 'bearer' }), 204);
  });

  it('the lists of business verticals and client types, and the values organisations have', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/organization_choices';
    expectDocumented(
      await api.agent.get(`${path}?ChoiceList=eq.ClientType&order=ChoiceName.asc`).auth(superAdmin, { type: 'bearer' }),
      200,
    );
    expectDocumented(await api.agent.get(`${path}?order=Nope.asc`).auth(superAdmin, { type: 'bearer' }), 400);
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(path), 401);
    expectDocumented(await api.agent.get('/form/organization_choices?limit=100'), 200);
    const created = await api.agent
      .post(path)
      .auth(superAdmin, { type: 'bearer' })
      .send({ ChoiceList: 'BusinessVertical', ChoiceName: 'Contract Vertical' });
    expectDocumented(created, 201);
    expectDocumented(
      await api.agent
        .post(path)
        .auth(superAdmin, { type: 'bearer' })
        .send({ ChoiceList: 'BusinessVertical', ChoiceName: 'contract vertical' }),
      409,
    );
    const one = `${path}?ChoiceId=eq.${created.body.ChoiceId}`;
    expectDocumented(await api.agent.patch(one).auth(superAdmin, { type: 'bearer' }).send({ IsActive: false }), 200);
    expectDocumented(await api.agent.delete(one).auth(superAdmin, { type: 'bearer' }), 204);
    expectDocumented(await api.agent.get('/subscription_client_details/values_in_use').auth(superAdmin, { type: 'bearer' }), 200);
  });

  it('the role master', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/roles';
    expectDocumented(await api.agent.get(`${path}?order=RoleName.asc`).auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${path}?order=Nope.asc`).auth(superAdmin, { type: 'bearer' }), 400);
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(path), 401);
    const [product] = await api.db.query<{ product_id: number }>('SELECT product_id FROM products ORDER BY product_id LIMIT 1');
    const created = await api.agent
      .post(path)
      .auth(superAdmin, { type: 'bearer' })
      .send({ ProductId: product!.product_id, RoleName: 'Contract Role' });
    expectDocumented(created, 201);
    expectDocumented(
      await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send({ ProductId: product!.product_id, RoleName: 'contract role' }),
      409,
    );
    const one = `${path}?RoleId=eq.${created.body.RoleId}`;
    expectDocumented(await api.agent.patch(one).auth(superAdmin, { type: 'bearer' }).send({ IsActive: false }), 200);
    expectDocumented(await api.agent.delete(one).auth(superAdmin, { type: 'bearer' }), 204);
  });

  it('the provider administrators', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/administrators';
    expectDocumented(await api.agent.get(`${path}?order=UserFirstname.asc`).auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${path}?order=Nope.asc`).auth(superAdmin, { type: 'bearer' }), 400);
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(path), 401);
    const body = { UserFirstname: 'Contract', UserLastname: 'Admin', OfficialEmail: 'contract.admin@yozy.local' };
    const created = await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send(body);
    expectDocumented(created, 201);
    expectDocumented(await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send(body), 409);
    const one = `${path}?UserId=eq.${created.body.UserId}`;
    expectDocumented(await api.agent.patch(one).auth(superAdmin, { type: 'bearer' }).send({ IsActive: false }), 200);
    expectDocumented(await api.agent.patch(`${path}?UserId=eq.999999`).auth(superAdmin, { type: 'bearer' }).send({ IsActive: false }), 404);
  });

  it('API keys', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/api-keys';
    expectDocumented(await api.agent.get(`${path}?order=CreatedAt.desc`).auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${path}?order=Nope.asc`).auth(superAdmin, { type: 'bearer' }), 400);
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(path), 401);
    const created = await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send({ Name: 'Contract tool', Access: 'READ' });
    expectDocumented(created, 201);
    expectDocumented(await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send({ Name: '', Access: 'READ' }), 400);
    expectDocumented(await api.agent.delete(`${path}?KeyId=eq.${created.body.KeyId}`).auth(superAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.delete(`${path}?KeyId=eq.999999`).auth(superAdmin, { type: 'bearer' }), 404);
  });

  it('email settings, their test mail and templates, and the outbox', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _s, done) => stream.resume().on('end', () => done()),
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    try {
      const path = '/subscription_email_settings';
      const server = {
        SmtpHost: '127.0.0.1',
        SmtpPort: (sink.server.address() as AddressInfo).port,
        SmtpSecurity: 'NONE',
        SmtpFromAddress: 'mail@acme.local',
      };
      expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 200);
      expectDocumented(await api.agent.get(`${path}?ClientId=x`).auth(superAdmin, { type: 'bearer' }), 400);
      expectDocumented(await api.agent.patch(path).auth(orgAdmin, { type: 'bearer' }).send(server), 200);
      expectDocumented(
        await api.agent
          .patch(path)
          .auth(orgAdmin, { type: 'bearer' })
          .send({ ...server, SmtpPort: null }),
        400,
      );
      expectDocumented(await api.agent.post(`${path}/test`).auth(orgAdmin, { type: 'bearer' }).send({}), 200);
      const templates = '/subscription_email_templates';
      const wording = { Template: 'reset', Subject: 'Reset', Body: 'Hello {{email}}' };
      expectDocumented(await api.agent.patch(templates).auth(orgAdmin, { type: 'bearer' }).send(wording), 200);
      expectDocumented(
        await api.agent
          .patch(templates)
          .auth(orgAdmin, { type: 'bearer' })
          .send({ ...wording, Body: '{{nope}}' }),
        400,
      );
      expectDocumented(await api.agent.post(`${templates}/preview`).auth(orgAdmin, { type: 'bearer' }).send(wording), 200);
      expectDocumented(await api.agent.post(`${templates}/reset`).auth(orgAdmin, { type: 'bearer' }).send({ Template: 'reset' }), 200);
      expectDocumented(await api.agent.get('/platform/outbox?order=CreatedAt.desc&limit=5').auth(superAdmin, { type: 'bearer' }), 200);
      expectDocumented(await api.agent.get('/platform/outbox').auth(orgAdmin, { type: 'bearer' }), 403);
      const [mail] = await api.db.query<{ mail_id: number }>('SELECT mail_id FROM mail_outbox ORDER BY mail_id DESC LIMIT 1');
      const content = '/platform/outbox_content';
      expectDocumented(await api.agent.get(`${content}?MailId=eq.${mail!.mail_id}`).auth(superAdmin, { type: 'bearer' }), 200);
      expectDocumented(await api.agent.get(`${content}?MailId=eq.0`).auth(superAdmin, { type: 'bearer' }), 404);
      expectDocumented(await api.agent.get(`${content}?MailId=${mail!.mail_id}`).auth(superAdmin, { type: 'bearer' }), 400);
      expectDocumented(await api.agent.get(`${content}?MailId=eq.${mail!.mail_id}`).auth(orgAdmin, { type: 'bearer' }), 403);
      const retry = '/platform/outbox/retry';
      expectDocumented(await api.agent.post(retry).auth(superAdmin, { type: 'bearer' }).send({ MailId: mail!.mail_id }), 409);
      await api.db.query(
        "UPDATE mail_outbox SET sent_at = NULL, failed_at = now(), error = 'Refused', next_attempt_at = NULL WHERE mail_id = $1",
        [mail!.mail_id],
      );
      expectDocumented(await api.agent.post(retry).auth(superAdmin, { type: 'bearer' }).send({ MailId: mail!.mail_id }), 200);
      expectDocumented(await api.agent.post(retry).auth(superAdmin, { type: 'bearer' }).send({ MailId: 0 }), 400);
      expectDocumented(await api.agent.post(retry).auth(superAdmin, { type: 'bearer' }).send({ MailId: 999_999 }), 404);
      expectDocumented(await api.agent.post(retry).auth(orgAdmin, { type: 'bearer' }).send({ MailId: mail!.mail_id }), 403);
    } finally {
      await new Promise<void>((resolve) => sink.close(resolve));
    }
  });

  it('provisioning and the organization’s domains', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const [acme] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@acme.local'");
    const [role] = await api.db.query<{ role_id: number }>(
      `SELECT r.role_id FROM roles r JOIN licences l ON l.product_id = r.product_id WHERE l.client_id = $1 AND r.is_active ORDER BY r.role_id LIMIT 1`,
      [acme!.client_id],
    );
    const settings = '/provisioning_settings';
    const tokens = '/provisioning_tokens';
    expectDocumented(await api.agent.get(settings).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.patch(settings).auth(orgAdmin, { type: 'bearer' }).send({ Enabled: true, RoleId: null }), 400);
    expectDocumented(
      await api.agent.patch(settings).auth(orgAdmin, { type: 'bearer' }).send({ Enabled: true, RoleId: role!.role_id }),
      200,
    );
    const created = await api.agent.post(tokens).auth(orgAdmin, { type: 'bearer' }).send({ Name: 'Okta' });
    expectDocumented(created, 201);
    expectDocumented(await api.agent.post(tokens).auth(orgAdmin, { type: 'bearer' }).send({ Name: 'Okta' }), 409);
    expectDocumented(await api.agent.post(tokens).auth(orgAdmin, { type: 'bearer' }).send({ Name: ' ' }), 400);
    expectDocumented(await api.agent.delete(`${tokens}?TokenId=${created.body.TokenId}`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.delete(`${tokens}?TokenId=${created.body.TokenId}`).auth(orgAdmin, { type: 'bearer' }), 404);

    const domains = '/organization_domains';
    expectDocumented(await api.agent.get(domains).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.post(domains).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'acme-labs.example' }), 200);
    expectDocumented(await api.agent.post(domains).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'acme-labs.example' }), 409);
    expectDocumented(await api.agent.post(domains).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'gmail.com' }), 400);
    expectDocumented(await api.agent.post(`${domains}/verify`).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'acme.local' }), 200);
    expectDocumented(
      await api.agent.post(`${domains}/verify`).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'not-claimed.example' }),
      404,
    );
    expectDocumented(
      await api.agent.post(`${domains}/confirm`).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'acme-labs.example' }),
      403,
    );
    expectDocumented(
      await api.agent
        .post(`${domains}/confirm`)
        .auth(superAdmin, { type: 'bearer' })
        .send({ ClientId: acme!.client_id, Domain: 'acme-labs.example' }),
      200,
    );
    expectDocumented(await api.agent.delete(`${domains}?Domain=acme-labs.example`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.delete(`${domains}?Domain=acme-labs.example`).auth(orgAdmin, { type: 'bearer' }), 404);
  });

  it('webhook endpoints and their deliveries', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/subscription_webhook_endpoints';
    const created = await api.agent
      .post(path)
      .auth(orgAdmin, { type: 'bearer' })
      .send({ Url: 'http://127.0.0.1:9/hooks', Description: 'Answers', Events: ['group.changed'] });
    expectDocumented(created, 201);
    const id = created.body.Endpoint.EndpointId as number;
    expectDocumented(await api.agent.post(path).auth(orgAdmin, { type: 'bearer' }).send({ Url: 'ftp://example.com' }), 400);
    expectDocumented(
      await api.agent.post(path).auth(orgAdmin, { type: 'bearer' }).send({ Url: 'https://example.com', ClientId: 999_999 }),
      403,
    );
    expectDocumented(
      await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send({ Url: 'https://example.com', ClientId: 999_999 }),
      404,
    );
    expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${path}?ClientId=x`).auth(superAdmin, { type: 'bearer' }), 400);
    const change = { EndpointId: id, Url: 'http://127.0.0.1:9/hooks', Description: null, Events: null };
    expectDocumented(await api.agent.post(`${path}/update`).auth(orgAdmin, { type: 'bearer' }).send(change), 200);
    expectDocumented(
      await api.agent
        .post(`${path}/update`)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ ...change, Events: ['nope'] }),
      400,
    );
    expectDocumented(await api.agent.post(`${path}/rotate`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id }), 200);
    expectDocumented(await api.agent.post(`${path}/rotate`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: 999_999 }), 404);
    expectDocumented(await api.agent.post(`${path}/pause`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id, Paused: true }), 200);
    const globex = await api.signIn('admin@globex.local');
    expectDocumented(await api.agent.post(`${path}/pause`).auth(globex, { type: 'bearer' }).send({ EndpointId: id, Paused: false }), 403);
    const test = await api.agent.post(`${path}/test`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id });
    expectDocumented(test, 200);
    const deliveries = '/subscription_webhook_deliveries';
    expectDocumented(await api.agent.get(`${deliveries}?EndpointId=eq.${id}`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(deliveries).auth(orgAdmin, { type: 'bearer' }), 400);
    const deliveryId = test.body.DeliveryId as number;
    expectDocumented(await api.agent.get(`${deliveries}/payload?DeliveryId=eq.${deliveryId}`).auth(orgAdmin, { type: 'bearer' }), 200);
    expectDocumented(await api.agent.get(`${deliveries}/payload?DeliveryId=eq.${deliveryId}`).auth(globex, { type: 'bearer' }), 403);
    expectDocumented(await api.agent.get(`${deliveries}/payload?DeliveryId=eq.999999`).auth(orgAdmin, { type: 'bearer' }), 404);
    expectDocumented(await api.agent.get(`${deliveries}/payload?DeliveryId=1`).auth(orgAdmin, { type: 'bearer' }), 400);
    const redeliver = `${deliveries}/redeliver`;
    expectDocumented(await api.agent.post(redeliver).auth(orgAdmin, { type: 'bearer' }).send({ DeliveryId: deliveryId }), 409);
    await api.db.query('UPDATE webhook_deliveries SET succeeded_at = now(), attempts = 1, response_status = 200 WHERE delivery_id = $1', [
      deliveryId,
    ]);
    expectDocumented(await api.agent.post(redeliver).auth(orgAdmin, { type: 'bearer' }).send({ DeliveryId: deliveryId }), 200);
    expectDocumented(await api.agent.post(redeliver).auth(globex, { type: 'bearer' }).send({ DeliveryId: deliveryId }), 403);
    expectDocumented(await api.agent.post(redeliver).auth(orgAdmin, { type: 'bearer' }).send({ DeliveryId: 999_999 }), 404);
    expectDocumented(await api.agent.post(`${path}/delete`).auth(globex, { type: 'bearer' }).send({ EndpointId: id }), 403);
    expectDocumented(await api.agent.post(`${path}/delete`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id }), 200);
    expectDocumented(await api.agent.post(`${path}/delete`).auth(orgAdmin, { type: 'bearer' }).send({ EndpointId: id }), 404);
  });

  it('single sign-on: settings, discovery and a sign-in', async () => {
    const redirect = 'http://127.0.0.1:4000/sso/callback';
    const idp = await startIdentityProvider({ redirectUri: redirect });
    try {
      const orgAdmin = await api.signIn('admin@globex.local');
      const path = '/subscription_sso_settings';
      const settings = {
        Enabled: true,
        Issuer: idp.issuer,
        OidcClientId: idp.clientId,
        ClientSecret: idp.clientSecret,
        Domains: ['globex.local'],
        RequireSso: false,
        AllowJit: false,
      };
      expectDocumented(await api.agent.get(path).auth(orgAdmin, { type: 'bearer' }), 200);
      expectDocumented(await api.agent.patch(path).auth(orgAdmin, { type: 'bearer' }).send(settings), 200);
      expectDocumented(
        await api.agent
          .patch(path)
          .auth(orgAdmin, { type: 'bearer' })
          .send({ ...settings, Domains: [] }),
        400,
      );
      expectDocumented(await api.agent.post(`${path}/discover`).auth(orgAdmin, { type: 'bearer' }).send({ Issuer: idp.issuer }), 200);
      const [globex] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@globex.local'");
      const confirm = `${path}/domains/confirm`;
      const verify = `${path}/domains/verify`;
      expectDocumented(
        await api.agent.post(confirm).auth(orgAdmin, { type: 'bearer' }).send({ ClientId: globex!.client_id, Domain: 'globex.local' }),
        403,
      );
      expectDocumented(
        await api.agent.post(confirm).auth(superAdmin, { type: 'bearer' }).send({ ClientId: globex!.client_id, Domain: 'gmail.com' }),
        400,
      );
      expectDocumented(
        await api.agent.post(confirm).auth(superAdmin, { type: 'bearer' }).send({ ClientId: globex!.client_id, Domain: 'globex.local' }),
        200,
      );
      expectDocumented(await api.agent.post(verify).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'globex.local' }), 200);
      expectDocumented(await api.agent.post(verify).auth(orgAdmin, { type: 'bearer' }).send({ Domain: 'not-claimed.example' }), 404);
      expectDocumented(await api.agent.get('/sso/lookup?email=ann%40globex.local'), 200);
      idp.signInAs({ email: 'admin@globex.local' });
      const started = await api.agent.post('/sso/start').send({
        Email: 'admin@globex.local',
        RedirectUri: redirect,
      });
      expectDocumented(started, 200);
      const callback = await idp.followToCallback(started.body.AuthorizationUrl);
      expectDocumented(await api.agent.post('/sso/finish').send({ CallbackUrl: callback, State: started.body.State }), 200);
      expectDocumented(await api.agent.post('/sso/finish').send({ CallbackUrl: callback, State: started.body.State }), 400);
      await api.agent
        .patch(path)
        .auth(orgAdmin, { type: 'bearer' })
        .send({ ...settings, Enabled: false });
    } finally {
      await idp.close();
    }
  });

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

  it('the plan master', async () => {
    const path = '/platform/subscription_plan_master';
    expectDocumented(await api.agent.get(`${path}?limit=5`).auth(superAdmin, { type: 'bearer' }), 200);
    const [product] = await api.db.query<{ product_id: number }>('SELECT product_id FROM products ORDER BY product_id LIMIT 1');
    const plan = {
      ProductId: product!.product_id,
      PlanName: 'Contract Plan',
      PlanGroup: 'STANDARD',
      Cost: 5,
      Currency: 'USD',
      Frequency: 'MONTHLY',
      Capacity: 3,
    };
    const created = await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send(plan);
    expectDocumented(created, 201);
    const one = `${path}?PlanId=eq.${created.body.PlanId}`;
    expectDocumented(await api.agent.patch(one).auth(superAdmin, { type: 'bearer' }).send({ Retired: true }), 200);
    expectDocumented(await api.agent.delete(one).auth(superAdmin, { type: 'bearer' }), 204);
  });

  it('the product master', async () => {
    const path = '/platform/subscription_product_master';
    expectDocumented(await api.agent.get(`${path}?limit=5`).auth(superAdmin, { type: 'bearer' }), 200);
    const product = {
      ProductName: 'Contract Product',
      ProductCode: 'CONTRACT',
      Domain: 'https://contract.example',
      IncludedProducts: ['Docs'],
    };
    const created = await api.agent.post(path).auth(superAdmin, { type: 'bearer' }).send(product);
    expectDocumented(created, 201);
    const one = `${path}?ProductId=eq.${created.body.ProductId}`;
    expectDocumented(
      await api.agent
        .patch(one)
        .auth(superAdmin, { type: 'bearer' })
        .send({ ...product, ProductName: 'Contract Product 2' }),
      200,
    );
  });

  it("the provider's enquiry list and decisions", async () => {
    const list = '/subscription/subscription_web_enquiry';
    expectDocumented(await api.agent.get(`${list}?order=CreatedAt.desc&limit=50`).auth(superAdmin, { type: 'bearer' }), 200);
    const [first, second] = await api.db.query<{ enquiry_id: number }>(
      'SELECT enquiry_id FROM enquiries WHERE is_approved IS NULL ORDER BY enquiry_id LIMIT 2',
    );
    const approve = '/subscription/enquiry/approve';
    expectDocumented(await api.agent.post(approve).auth(superAdmin, { type: 'bearer' }).send({ EnquiryId: first!.enquiry_id }), 200);
    expectDocumented(await api.agent.post(approve).auth(superAdmin, { type: 'bearer' }).send({ EnquiryId: first!.enquiry_id }), 409);
    const reject = '/subscription/enquiry/reject';
    expectDocumented(
      await api.agent.post(reject).auth(superAdmin, { type: 'bearer' }).send({ EnquiryId: second!.enquiry_id, Reason: 'Not yet' }),
      200,
    );
  });

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

  it('covered every success answer the document lists', () => {
    const successes = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        Object.keys(operation.responses)
          .filter((status) => status.startsWith('2'))
          .map((status) => `${method} ${path} ${status}`),
      ),
    );
    expect(successes.filter((answer) => !seen.has(answer))).toEqual([]);
  });
});

describe('the records of list resources', () => {
  const ALIASES: Record<string, string> = { c: 'clients', p: 'products', pl: 'plans' };

  it.each([
    ['Client', clientFields],
    ['Product', productFields],
    ['Plan', planFields],
  ] as const)('say a %s field may be null exactly when its column allows NULL', async (name, fields: Record<string, Field>) => {
    const documented = openApiDocument.components.schemas[name]!;
    for (const [field, { sql }] of Object.entries(fields)) {
      // Fields computed by a subquery are not columns: their nullability is the document's own.
      if (!/^\w+\.\w+$/.test(sql)) continue;
      const [alias = '', column] = sql.split('.');
      const [row] = await api.db.query<{ is_nullable: string }>(
        'SELECT is_nullable FROM information_schema.columns WHERE table_name = $1 AND column_name = $2',
        [ALIASES[alias], column],
      );
      const types = [documented.properties?.[field]].flatMap((schema) => (schema as { type?: string | string[] }).type ?? []);
      expect({ field, nullable: types.includes('null') }).toEqual({ field, nullable: row?.is_nullable === 'YES' });
    }
  });
});
