import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import { issueToken } from '../domain/userTokens';
import type { Field } from '../http/resource';
import { planFields, productFields } from '../routes/catalogue';
import { clientFields } from '../domain/organizations';
import { startIdentityProvider } from '../testing/identityProvider';
import { startRestApi, type Answer, type RestApi } from '../testing/restApi';
import { answerSchemas, openApiDocument } from '.';

type Documented = { content?: { 'application/json': { schema: { $ref?: string; items?: { $ref?: string } } } } };
type Paths = Record<string, Record<string, { responses: Record<string, Documented> }>>;
const paths = openApiDocument.paths as Paths;
const ANSWERS: Record<string, z.core.$ZodType> = answerSchemas;

let api: RestApi;
let superAdmin: string;
beforeAll(async () => {
  api = await startRestApi({ allowHttpIssuers: true });
  superAdmin = await api.signIn('admin@yozy.local');
});
afterAll(() => api.stop());

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

/** Holds a real answer against the document: a listed status, and a body its schema accepts. */
function expectDocumented(method: string, path: string, answer: Answer<unknown>, status: number) {
  expect(answer.status).toBe(status);
  seen.add(`${method} ${path} ${status}`);
  const schema = documentedSchema(method, path, status);
  if (!schema) return expect(answer.body).toBeNull();
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
    expectDocumented('get', '/health', await api.get('/health'), 200);
    for (const email of ['admin@yozy.local', 'admin@acme.local', 'member@acme.local']) {
      expectDocumented('post', '/users/signIn', await api.post('/users/signIn', { email, password: 'Admin@123' }), 200);
    }
    expectDocumented('post', '/users/signIn', await api.post('/users/signIn', { email: 'admin@acme.local', password: 'x' }), 401);
    expectDocumented('post', '/users/signIn', await api.post('/users/signIn', {}), 400);
    expectDocumented('get', '/users/me', await api.get('/users/me', superAdmin), 200);
    expectDocumented('get', '/users/me', await api.get('/users/me'), 401);
    expectDocumented('get', '/users/product-address', await api.get('/users/product-address?email=admin@acme.local', superAdmin), 200);
    const member = await api.signIn('member@acme.local');
    expectDocumented('get', '/users/product-address', await api.get('/users/product-address?email=admin@yozy.local', member), 403);
    expectDocumented('post', '/users/signOut', await api.post('/users/signOut', undefined, member), 204);
  });

  it('lists', async () => {
    expectDocumented('get', '/subscription_client_details', await api.get('/subscription_client_details', superAdmin), 200);
    expectDocumented('get', '/subscription_client_details', await api.get('/subscription_client_details?ClientId=x', superAdmin), 400);
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented('get', '/subscription_client_details', await api.get('/subscription_client_details?ClientId=eq.1', orgAdmin), 403);
    expectDocumented('get', '/subscription_product_master', await api.get('/subscription_product_master'), 200);
    expectDocumented('get', '/subscription_plan_master', await api.get('/subscription_plan_master'), 200);
  });

  it('insights', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented('get', '/insights/dashboard', await api.get('/insights/dashboard', orgAdmin), 200);
    expectDocumented('get', '/insights/dashboard', await api.get('/insights/dashboard?ClientId=999999', superAdmin), 404);
    expectDocumented('get', '/insights/statistics', await api.get('/insights/statistics', orgAdmin), 200);
    expectDocumented('get', '/insights/statistics', await api.get('/insights/statistics?from=2026-03-10&to=2026-03-01', orgAdmin), 400);
  });

  it('account flows', async () => {
    const member = await userWhere("is_active AND password_hash IS NOT NULL AND type_of_user = 'User'");
    expectDocumented('post', '/auth/password/request', await api.post('/auth/password/request', { email: member.email }), 202);
    const reset = await issueToken(api.db, { userId: member.user_id, email: member.email, purpose: 'reset' });
    const link = { email: member.email, token: reset };
    expectDocumented('post', '/auth/password/linkverify', await api.post('/auth/password/linkverify', link), 200);
    expectDocumented('post', '/auth/reset', await api.post('/auth/reset', { ...link, password: 'weak', newpassword: 'weak' }), 400);
    const newPassword = { password: 'Fresh@456', newpassword: 'Fresh@456' };
    expectDocumented('post', '/auth/reset', await api.post('/auth/reset', { ...link, ...newPassword }), 200);

    const invited = await userWhere('is_active AND password_hash IS NULL');
    const invitation = await issueToken(api.db, { userId: invited.user_id, email: invited.email, purpose: 'invite' });
    const acceptance = { email: invited.email, token: invitation, password: 'Fresh@456', confirmpassword: 'Fresh@456' };
    const answer = await api.post('/auth/create/user', { ...acceptance, firstname: 'Ada', lastname: 'Lovelace' });
    expectDocumented('post', '/auth/create/user', answer, 200);
  });

  it('captcha and enquiries', async () => {
    const solution = { signature: `answers-${Date.now()}`, expiresAt: new Date(Date.now() + 60_000).toISOString() };
    expectDocumented('post', '/captcha/consume', await api.post('/captcha/consume', solution), 201);
    expectDocumented('post', '/captcha/consume', await api.post('/captcha/consume', solution), 409);

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
    expectDocumented('post', '/form/subscription_web_enquiry', await api.post('/form/subscription_web_enquiry', enquiry), 201);
    expectDocumented('post', '/form/subscription_web_enquiry', await api.post('/form/subscription_web_enquiry', enquiry), 409);
  });

  it('groups', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/agilesaas_itsmassignmentgroup_master';
    expectDocumented('get', path, await api.get(path, orgAdmin), 200);
    const created = await api.post<{ GroupId: number }>(path, { GroupName: 'Contract checkers' }, orgAdmin);
    expectDocumented('post', path, created, 201);
    const GroupId = created.body.GroupId;
    expectDocumented('post', path, await api.post(path, { GroupName: 'contract CHECKERS' }, orgAdmin), 409);
    expectDocumented('post', `${path}/update`, await api.post(`${path}/update`, { GroupId, GroupName: 'Contract readers' }, orgAdmin), 200);
    const user = await userWhere("is_active AND email LIKE '%@acme.local'");
    const members = '/subscription_user_group_mapping';
    expectDocumented('post', members, await api.post(members, { GroupId, UserIds: [user.user_id] }, orgAdmin), 200);
    expectDocumented('get', members, await api.get(`${members}?GroupId=eq.${GroupId}`, orgAdmin), 200);
    expectDocumented('get', `${members}/candidates`, await api.get(`${members}/candidates?GroupId=eq.${GroupId}`, orgAdmin), 200);
    expectDocumented('post', `${members}/remove`, await api.post(`${members}/remove`, { GroupId, UserIds: [user.user_id] }, orgAdmin), 200);
    expectDocumented('post', `${path}/delete`, await api.post(`${path}/delete`, { GroupId }, orgAdmin), 200);
    expectDocumented('post', `${path}/delete`, await api.post(`${path}/delete`, { GroupId }, orgAdmin), 404);
  });

  it('licences', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented('get', '/subscription_client_license_details', await api.get('/subscription_client_license_details', orgAdmin), 200);
    expectDocumented('get', '/subscription_client_license_details', await api.get('/subscription_client_license_details', superAdmin), 200);
    expectDocumented(
      'get',
      '/subscription_client_license_details',
      await api.get('/subscription_client_license_details?ClientId=eq.1', orgAdmin),
      403,
    );
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
    const added = await api.post<{ LicenceId: number }>('/subscription_client_license', body, superAdmin);
    expectDocumented('post', '/subscription_client_license', added, 201);
    expectDocumented('post', '/subscription_client_license', await api.post('/subscription_client_license', body, superAdmin), 409);
    expectDocumented('post', '/subscription_client_license', await api.post('/subscription_client_license', body, orgAdmin), 403);
    const LicenceId = added.body.LicenceId;
    const extend = '/subscription_client_license/extend';
    expectDocumented('post', extend, await api.post(extend, { LicenceId, ValidTill: '2099-12-31' }, superAdmin), 200);
    expectDocumented('post', extend, await api.post(extend, { LicenceId, ValidTill: '2099-12-31' }, superAdmin), 400);
    const changePlan = '/subscription_client_license/change_plan';
    expectDocumented('post', changePlan, await api.post(changePlan, { LicenceId, PlanId: plans[1]!.plan_id }, superAdmin), 200);
    const setActive = '/subscription_client_license/set_active';
    expectDocumented('post', setActive, await api.post(setActive, { LicenceId, IsActive: false }, superAdmin), 200);
    expectDocumented('post', setActive, await api.post(setActive, { LicenceId: 2_000_000_000, IsActive: false }, superAdmin), 404);
  });

  it('sessions', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    await api.signIn('admin@acme.local');
    const [acme] = await api.db.query<{ client_id: number; user_id: number }>(
      "SELECT client_id, user_id FROM client_users WHERE email = 'admin@acme.local'",
    );
    const list = '/subscription_user_sessions?order=StartedAt.desc&limit=5';
    expectDocumented('get', '/subscription_user_sessions', await api.get(`${list}&ClientId=eq.${acme!.client_id}`, superAdmin), 200);
    expectDocumented('get', '/subscription_user_sessions', await api.get(`${list}&ClientId=eq.1`, orgAdmin), 403);
    expectDocumented('get', '/subscription_user_sessions', await api.get(list), 401);
    const [live] = await api.db.query<{ session_id: number }>(
      'SELECT session_id FROM sessions WHERE user_id = $1 AND ended_at IS NULL ORDER BY session_id DESC LIMIT 1',
      [acme!.user_id],
    );
    const end = '/subscription_user_sessions/end';
    expectDocumented('post', end, await api.post(end, { SessionId: live!.session_id }, orgAdmin), 200);
    expectDocumented('post', end, await api.post(end, { SessionId: 2_000_000_000 }, orgAdmin), 404);
    expectDocumented('post', end, await api.post(end, {}, orgAdmin), 400);
    const endUser = '/subscription_user_sessions/end-user';
    expectDocumented('post', endUser, await api.post(endUser, { UserId: acme!.user_id }, orgAdmin), 200);
    expectDocumented('post', endUser, await api.post(endUser, { UserId: acme!.user_id, ClientId: 1 }, orgAdmin), 403);
    const endOthers = '/subscription_user_sessions/end-others';
    expectDocumented('post', endOthers, await api.post(endOthers, {}, orgAdmin), 200);
  });

  it('the regions master', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/regions';
    expectDocumented('get', path, await api.get(`${path}?order=RegionName.asc`, superAdmin), 200);
    expectDocumented('get', path, await api.get(`${path}?order=Nope.asc`, superAdmin), 400);
    expectDocumented('get', path, await api.get(path, orgAdmin), 403);
    expectDocumented('get', path, await api.get(path), 401);
    const created = await api.post<{ RegionId: number }>(path, { RegionCode: 'contract-1', RegionName: 'Contract Region' }, superAdmin);
    expectDocumented('post', path, created, 201);
    expectDocumented('post', path, await api.post(path, { RegionCode: 'contract-1', RegionName: 'Other' }, superAdmin), 409);
    const one = `${path}?RegionId=eq.${created.body.RegionId}`;
    expectDocumented('patch', path, await api.call('PATCH', one, { IsActive: false }, { token: superAdmin }), 200);
    expectDocumented('delete', path, await api.call('DELETE', one, undefined, { token: superAdmin }), 204);
  });

  it('the role master', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/roles';
    expectDocumented('get', path, await api.get(`${path}?order=RoleName.asc`, superAdmin), 200);
    expectDocumented('get', path, await api.get(`${path}?order=Nope.asc`, superAdmin), 400);
    expectDocumented('get', path, await api.get(path, orgAdmin), 403);
    expectDocumented('get', path, await api.get(path), 401);
    const [product] = await api.db.query<{ product_id: number }>('SELECT product_id FROM products ORDER BY product_id LIMIT 1');
    const created = await api.post<{ RoleId: number }>(path, { ProductId: product!.product_id, RoleName: 'Contract Role' }, superAdmin);
    expectDocumented('post', path, created, 201);
    expectDocumented('post', path, await api.post(path, { ProductId: product!.product_id, RoleName: 'contract role' }, superAdmin), 409);
    const one = `${path}?RoleId=eq.${created.body.RoleId}`;
    expectDocumented('patch', path, await api.call('PATCH', one, { IsActive: false }, { token: superAdmin }), 200);
    expectDocumented('delete', path, await api.call('DELETE', one, undefined, { token: superAdmin }), 204);
  });

  it('the provider administrators', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/administrators';
    expectDocumented('get', path, await api.get(`${path}?order=UserFirstname.asc`, superAdmin), 200);
    expectDocumented('get', path, await api.get(`${path}?order=Nope.asc`, superAdmin), 400);
    expectDocumented('get', path, await api.get(path, orgAdmin), 403);
    expectDocumented('get', path, await api.get(path), 401);
    const body = { UserFirstname: 'Contract', UserLastname: 'Admin', OfficialEmail: 'contract.admin@yozy.local' };
    const created = await api.post<{ UserId: number }>(path, body, superAdmin);
    expectDocumented('post', path, created, 201);
    expectDocumented('post', path, await api.post(path, body, superAdmin), 409);
    const one = `${path}?UserId=eq.${created.body.UserId}`;
    expectDocumented('patch', path, await api.call('PATCH', one, { IsActive: false }, { token: superAdmin }), 200);
    expectDocumented('patch', path, await api.call('PATCH', `${path}?UserId=eq.999999`, { IsActive: false }, { token: superAdmin }), 404);
  });

  it('API keys', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/platform/api-keys';
    expectDocumented('get', path, await api.get(`${path}?order=CreatedAt.desc`, superAdmin), 200);
    expectDocumented('get', path, await api.get(`${path}?order=Nope.asc`, superAdmin), 400);
    expectDocumented('get', path, await api.get(path, orgAdmin), 403);
    expectDocumented('get', path, await api.get(path), 401);
    const created = await api.post<{ KeyId: number }>(path, { Name: 'Contract tool', Access: 'READ' }, superAdmin);
    expectDocumented('post', path, created, 201);
    expectDocumented('post', path, await api.post(path, { Name: '', Access: 'READ' }, superAdmin), 400);
    expectDocumented(
      'delete',
      path,
      await api.call('DELETE', `${path}?KeyId=eq.${created.body.KeyId}`, undefined, { token: superAdmin }),
      200,
    );
    expectDocumented('delete', path, await api.call('DELETE', `${path}?KeyId=eq.999999`, undefined, { token: superAdmin }), 404);
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
      expectDocumented('get', path, await api.get(path, orgAdmin), 200);
      expectDocumented('get', path, await api.get(`${path}?ClientId=x`, superAdmin), 400);
      expectDocumented('patch', path, await api.call('PATCH', path, server, { token: orgAdmin }), 200);
      expectDocumented('patch', path, await api.call('PATCH', path, { ...server, SmtpPort: null }, { token: orgAdmin }), 400);
      expectDocumented('post', `${path}/test`, await api.post(`${path}/test`, {}, orgAdmin), 200);
      const templates = '/subscription_email_templates';
      const wording = { Template: 'reset', Subject: 'Reset', Body: 'Hello {{email}}' };
      expectDocumented('patch', templates, await api.call('PATCH', templates, wording, { token: orgAdmin }), 200);
      expectDocumented('patch', templates, await api.call('PATCH', templates, { ...wording, Body: '{{nope}}' }, { token: orgAdmin }), 400);
      expectDocumented('post', `${templates}/preview`, await api.post(`${templates}/preview`, wording, orgAdmin), 200);
      expectDocumented('post', `${templates}/reset`, await api.post(`${templates}/reset`, { Template: 'reset' }, orgAdmin), 200);
      expectDocumented('get', '/platform/outbox', await api.get('/platform/outbox?order=CreatedAt.desc&limit=5', superAdmin), 200);
      expectDocumented('get', '/platform/outbox', await api.get('/platform/outbox', orgAdmin), 403);
      const [mail] = await api.db.query<{ mail_id: number }>('SELECT mail_id FROM mail_outbox ORDER BY mail_id DESC LIMIT 1');
      const content = '/platform/outbox_content';
      expectDocumented('get', content, await api.get(`${content}?MailId=eq.${mail!.mail_id}`, superAdmin), 200);
      expectDocumented('get', content, await api.get(`${content}?MailId=eq.0`, superAdmin), 404);
      expectDocumented('get', content, await api.get(`${content}?MailId=${mail!.mail_id}`, superAdmin), 400);
      expectDocumented('get', content, await api.get(`${content}?MailId=eq.${mail!.mail_id}`, orgAdmin), 403);
    } finally {
      await new Promise<void>((resolve) => sink.close(resolve));
    }
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
      expectDocumented('get', path, await api.get(path, orgAdmin), 200);
      expectDocumented('patch', path, await api.call('PATCH', path, settings, { token: orgAdmin }), 200);
      expectDocumented('patch', path, await api.call('PATCH', path, { ...settings, Domains: [] }, { token: orgAdmin }), 400);
      expectDocumented('post', `${path}/discover`, await api.post(`${path}/discover`, { Issuer: idp.issuer }, orgAdmin), 200);
      const [globex] = await api.db.query<{ client_id: number }>("SELECT client_id FROM client_users WHERE email = 'admin@globex.local'");
      const confirm = `${path}/domains/confirm`;
      const verify = `${path}/domains/verify`;
      expectDocumented('post', confirm, await api.post(confirm, { ClientId: globex!.client_id, Domain: 'globex.local' }, orgAdmin), 403);
      expectDocumented('post', confirm, await api.post(confirm, { ClientId: globex!.client_id, Domain: 'gmail.com' }, superAdmin), 400);
      expectDocumented('post', confirm, await api.post(confirm, { ClientId: globex!.client_id, Domain: 'globex.local' }, superAdmin), 200);
      expectDocumented('post', verify, await api.post(verify, { Domain: 'globex.local' }, orgAdmin), 200);
      expectDocumented('post', verify, await api.post(verify, { Domain: 'not-claimed.example' }, orgAdmin), 404);
      expectDocumented('get', '/sso/lookup', await api.get('/sso/lookup?email=ann%40globex.local'), 200);
      idp.signInAs({ email: 'admin@globex.local' });
      const started = await api.post<{ AuthorizationUrl: string; State: string }>('/sso/start', {
        Email: 'admin@globex.local',
        RedirectUri: redirect,
      });
      expectDocumented('post', '/sso/start', started, 200);
      const callback = await idp.followToCallback(started.body.AuthorizationUrl);
      expectDocumented('post', '/sso/finish', await api.post('/sso/finish', { CallbackUrl: callback, State: started.body.State }), 200);
      expectDocumented('post', '/sso/finish', await api.post('/sso/finish', { CallbackUrl: callback, State: started.body.State }), 400);
      await api.call('PATCH', path, { ...settings, Enabled: false }, { token: orgAdmin });
    } finally {
      await idp.close();
    }
  });

  it('organisation settings', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const path = '/subscription_org_settings';
    const body = { RequiresApproval: false, TwoFactorRequired: false, SessionIdleMinutes: null, AllowedEmailDomains: [] };
    expectDocumented('get', path, await api.get(path, orgAdmin), 200);
    expectDocumented('get', path, await api.get(`${path}?ClientId=x`, superAdmin), 400);
    expectDocumented('get', path, await api.get(`${path}?ClientId=1`, orgAdmin), 403);
    expectDocumented('get', path, await api.get(`${path}?ClientId=999999`, superAdmin), 404);
    expectDocumented('get', path, await api.get(path), 401);
    expectDocumented('patch', path, await api.call('PATCH', path, body, { token: orgAdmin }), 200);
    expectDocumented('patch', path, await api.call('PATCH', path, { ...body, SessionIdleMinutes: 1 }, { token: orgAdmin }), 400);
    expectDocumented('patch', path, await api.call('PATCH', path, { ...body, ClientId: 1 }, { token: orgAdmin }), 403);
    expectDocumented('patch', path, await api.call('PATCH', path, { ...body, ClientId: 999999 }, { token: superAdmin }), 404);
    expectDocumented('patch', path, await api.call('PATCH', path, body), 401);
  });

  it('changing an organisation', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const [provider] = await api.db.query<{ client_id: number }>('SELECT client_id FROM clients WHERE is_provider');
    const path = '/subscription_client_details';
    const one = `${path}?ClientId=eq.${provider!.client_id}`;
    expectDocumented('patch', path, await api.call('PATCH', one, { City: 'Contract City' }, { token: superAdmin }), 200);
    expectDocumented('patch', path, await api.call('PATCH', one, { CurrencyCode: 'dollars' }, { token: superAdmin }), 400);
    expectDocumented('patch', path, await api.call('PATCH', one, { City: 'x' }, { token: orgAdmin }), 403);
    expectDocumented('patch', path, await api.call('PATCH', `${path}?ClientId=eq.999999`, { City: 'x' }, { token: superAdmin }), 404);
    expectDocumented('patch', path, await api.call('PATCH', one, { IsActive: false }, { token: superAdmin }), 409);
    expectDocumented('patch', path, await api.call('PATCH', one, { City: 'x' }), 401);
  });

  it('the audit log', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    const list = '/subscription_audit_log?order=CreatedAt.desc&limit=5';
    expectDocumented('get', '/subscription_audit_log', await api.get(list, superAdmin), 200);
    expectDocumented('get', '/subscription_audit_log', await api.get(`${list}&ClientId=eq.1`, orgAdmin), 403);
    expectDocumented('get', '/subscription_audit_log', await api.get(`${list}&order=Before.asc`, orgAdmin), 400);
    expectDocumented('get', '/subscription_audit_log', await api.get(list), 401);
    const actions = '/subscription_audit_log/actions';
    expectDocumented('get', actions, await api.get(actions, orgAdmin), 200);
    expectDocumented('get', actions, await api.get(`${actions}?ClientId=1`, orgAdmin), 403);
    expectDocumented('get', actions, await api.get(`${actions}?ClientId=x`, superAdmin), 400);
    expectDocumented('get', actions, await api.get(actions), 401);
  });

  it('password change', async () => {
    const admin = await api.signIn('admin@globex.local');
    const change = { currentpassword: 'Admin@123', password: 'Changed@456', confirmpassword: 'Changed@456' };
    expectDocumented('post', '/users/password', await api.post('/users/password', { ...change, currentpassword: 'wrong' }, admin), 401);
    expectDocumented('post', '/users/password', await api.post('/users/password', { ...change, password: 'weak' }, admin), 400);
    expectDocumented('post', '/users/password', await api.post('/users/password', change, admin), 200);
  });

  it('the plan master', async () => {
    const path = '/platform/subscription_plan_master';
    expectDocumented('get', path, await api.get(`${path}?limit=5`, superAdmin), 200);
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
    const created = await api.post<{ PlanId: number }>(path, plan, superAdmin);
    expectDocumented('post', path, created, 201);
    const one = `${path}?PlanId=eq.${created.body.PlanId}`;
    expectDocumented('patch', path, await api.call('PATCH', one, { Retired: true }, { token: superAdmin }), 200);
    expectDocumented('delete', path, await api.call('DELETE', one, undefined, { token: superAdmin }), 204);
  });

  it('the product master', async () => {
    const path = '/platform/subscription_product_master';
    expectDocumented('get', path, await api.get(`${path}?limit=5`, superAdmin), 200);
    const product = {
      ProductName: 'Contract Product',
      ProductCode: 'CONTRACT',
      Domain: 'https://contract.example',
      IncludedProducts: ['Docs'],
    };
    const created = await api.post<{ ProductId: number }>(path, product, superAdmin);
    expectDocumented('post', path, created, 201);
    const one = `${path}?ProductId=eq.${created.body.ProductId}`;
    expectDocumented(
      'patch',
      path,
      await api.call('PATCH', one, { ...product, ProductName: 'Contract Product 2' }, { token: superAdmin }),
      200,
    );
  });

  it("the provider's enquiry list and decisions", async () => {
    const list = '/subscription/subscription_web_enquiry';
    expectDocumented('get', list, await api.get(`${list}?order=CreatedAt.desc&limit=50`, superAdmin), 200);
    const [first, second] = await api.db.query<{ enquiry_id: number }>(
      'SELECT enquiry_id FROM enquiries WHERE is_approved IS NULL ORDER BY enquiry_id LIMIT 2',
    );
    const approve = '/subscription/enquiry/approve';
    expectDocumented('post', approve, await api.post(approve, { EnquiryId: first!.enquiry_id }, superAdmin), 200);
    expectDocumented('post', approve, await api.post(approve, { EnquiryId: first!.enquiry_id }, superAdmin), 409);
    const reject = '/subscription/enquiry/reject';
    expectDocumented('post', reject, await api.post(reject, { EnquiryId: second!.enquiry_id, Reason: 'Not yet' }, superAdmin), 200);
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
    const created = await api.post<{ ClientUserId: number }>('/subscription/usercreation', invitation, superAdmin);
    await api.db.query('UPDATE org_settings SET requires_approval = false WHERE client_id = $1', [acme!.client_id]);
    const path = '/subscription/UserApproval';
    expectDocumented('post', path, await api.post(path, { UserIds: [created.body.ClientUserId], Approve: true }, superAdmin), 403);
    expectDocumented('post', path, await api.post(path, { UserIds: [created.body.ClientUserId], Approve: true }, orgAdmin), 200);
    expectDocumented('post', path, await api.post(path, { UserIds: [created.body.ClientUserId], Approve: true }, orgAdmin), 404);
    expectDocumented('post', path, await api.post(path, { UserIds: [] }, orgAdmin), 400);
  });

  it('user management', async () => {
    const orgAdmin = await api.signIn('admin@acme.local');
    expectDocumented('get', '/subscription_client_users', await api.get('/subscription_client_users', orgAdmin), 200);
    expectDocumented('get', '/subscription_client_users', await api.get('/subscription_client_users?ClientId=eq.999', orgAdmin), 403);
    expectDocumented('get', '/subscription_user_role_mapping', await api.get('/subscription_user_role_mapping', orgAdmin), 200);
    expectDocumented('get', '/subscription/seats', await api.get('/subscription/seats', orgAdmin), 200);
    const [role] = await api.db.query<{ role_id: number }>(
      "SELECT r.role_id FROM roles r JOIN products p USING (product_id) WHERE p.product_code = 'YOZY-WEB' ORDER BY r.role_id LIMIT 1",
    );
    const invitation = { UserFirstname: 'Ada', UserLastname: 'Byron', OfficialEmail: 'ada.byron@acme.local', RoleId: role!.role_id };
    expectDocumented('post', '/subscription/usercreation', await api.post('/subscription/usercreation', invitation, orgAdmin), 201);
    expectDocumented('post', '/subscription/usercreation', await api.post('/subscription/usercreation', invitation, orgAdmin), 409);
    expectDocumented('get', '/subscription/invitations', await api.get('/subscription/invitations', orgAdmin), 200);
    const [invited] = await api.db.query<{ user_id: number }>('SELECT user_id FROM client_users WHERE email = $1', [
      invitation.OfficialEmail,
    ]);
    const resend = { UserId: invited!.user_id, SendMail: false };
    expectDocumented('post', '/subscription/invitations/resend', await api.post('/subscription/invitations/resend', resend, orgAdmin), 200);
    const revoke = { UserId: invited!.user_id };
    expectDocumented('post', '/subscription/invitations/revoke', await api.post('/subscription/invitations/revoke', revoke, orgAdmin), 200);
    expectDocumented('post', '/subscription/invitations/revoke', await api.post('/subscription/invitations/revoke', revoke, orgAdmin), 409);
    const activation = { UserIds: [invited!.user_id], IsActive: true };
    expectDocumented('post', '/subscription/UserActivation', await api.post('/subscription/UserActivation', activation, orgAdmin), 200);
    const signOut = { UserIds: [invited!.user_id] };
    expectDocumented('post', '/subscription/users/signout', await api.post('/subscription/users/signout', signOut, orgAdmin), 200);
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
    expectDocumented(
      'post',
      '/subscription/users/import/preview',
      await api.post('/subscription/users/import/preview', file, provider),
      200,
    );
    expectDocumented('post', '/subscription/users/import', await api.post('/subscription/users/import', file, provider), 201);
    expectDocumented('post', '/subscription/users/import', await api.post('/subscription/users/import', file, provider), 400);
    expectDocumented(
      'post',
      '/subscription/users/import',
      await api.post(
        '/subscription/users/import',
        { ...file, Rows: [{ ...file.Rows[0], OfficialEmail: 'ivy.import@answers.test' }] },
        provider,
      ),
      409,
    );
  });

  // Several sign-ins (argon2id) and codes: it takes a while on a busy machine.
  it('two-factor sign-in', { timeout: 30_000 }, async () => {
    const codeOf = (secret: string, steps: number) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
    const member = await api.signIn('admin@acme.local');
    expectDocumented('get', '/users/two-factor', await api.get('/users/two-factor', member), 200);
    const started = await api.post<{ secret: string }>('/users/two-factor/enrolment', undefined, member);
    expectDocumented('post', '/users/two-factor/enrolment', started, 200);
    expectDocumented('post', '/users/two-factor/confirm', await api.post('/users/two-factor/confirm', { code: 'abc' }, member), 400);
    const firstCode = codeOf(started.body.secret, 0);
    expectDocumented('post', '/users/two-factor/confirm', await api.post('/users/two-factor/confirm', { code: firstCode }, member), 200);
    const step = await api.post<{ challenge: string }>('/users/signIn', { email: 'admin@acme.local', password: 'Admin@123' });
    expectDocumented('post', '/users/signIn', step, 200);
    const withCode = (steps: number) => ({ challenge: step.body.challenge, code: codeOf(started.body.secret, steps) });
    expectDocumented(
      'post',
      '/users/signIn/code',
      await api.post('/users/signIn/code', { challenge: step.body.challenge, code: firstCode }),
      401,
    );
    expectDocumented('post', '/users/signIn/code', await api.post('/users/signIn/code', withCode(1)), 200);
    expectDocumented('post', '/users/signIn/code', await api.post('/users/signIn/code', withCode(1)), 400);
    expectDocumented(
      'post',
      '/users/two-factor/disable',
      await api.post('/users/two-factor/disable', { code: codeOf(started.body.secret, -1) }, member),
      401,
    );
    expectDocumented('post', '/users/two-factor/disable', await api.post('/users/two-factor/disable', withCode(1), member), 400);
    const recovery = await api.post<{ recoveryCodes: string[] }>('/users/two-factor/confirm', { code: '123456' }, member);
    expectDocumented('post', '/users/two-factor/confirm', recovery, 409);

    // The provider's organisation requires two-factor: its admin has none yet.
    const email = 'admin@yozy.local';
    await api.db.query(
      'INSERT INTO org_settings (client_id, two_factor_required) SELECT client_id, true FROM client_users WHERE email = $1 ON CONFLICT (client_id) DO UPDATE SET two_factor_required = true',
      [email],
    );
    const enrol = await api.post<{ challenge: string }>('/users/signIn', { email, password: 'Admin@123' });
    expectDocumented('post', '/users/signIn', enrol, 200);
    const enrolment = await api.post<{ secret: string }>('/users/signIn/enrolment', { challenge: enrol.body.challenge });
    expectDocumented('post', '/users/signIn/enrolment', enrolment, 200);
    const confirm = { challenge: enrol.body.challenge, code: codeOf(enrolment.body.secret, 0) };
    const enrolled = await api.post<{ recoveryCodes: string[] }>('/users/signIn/enrolment/confirm', confirm);
    expectDocumented('post', '/users/signIn/enrolment/confirm', enrolled, 200);
    expectDocumented(
      'post',
      '/users/signIn/enrolment',
      await api.post('/users/signIn/enrolment', { challenge: enrol.body.challenge }),
      400,
    );
    const signedIn = await api.post<{ token: string }>('/users/signIn/code', {
      challenge: (await api.post<{ challenge: string }>('/users/signIn', { email, password: 'Admin@123' })).body.challenge,
      code: codeOf(enrolment.body.secret, 1),
    });
    expectDocumented(
      'post',
      '/users/two-factor/disable',
      await api.post('/users/two-factor/disable', { code: codeOf(enrolment.body.secret, 1) }, signedIn.body.token),
      403,
    );
    await api.db.query('UPDATE org_settings SET two_factor_required = false');
    const off = { recoveryCode: enrolled.body.recoveryCodes[0] };
    expectDocumented('post', '/users/two-factor/disable', await api.post('/users/two-factor/disable', off, signedIn.body.token), 200);
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
