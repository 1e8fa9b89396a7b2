import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { it } from 'vitest';
import { api, superAdmin, expectDocumented } from './harness';

// The provider's platform: enquiries, regions, organisation choices, roles, administrators, API keys, email and the outbox, plans and products.

export function captchaAndEnquiries() {
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
}

export function regionsMaster() {
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
}

export function organizationChoices() {
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
}

export function roleMaster() {
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
}

export function administrators() {
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
}

export function apiKeys() {
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
}

export function emailSettingsAndOutbox() {
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
}

export function planMaster() {
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
}

export function productMaster() {
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
}

export function enquiryDecisions() {
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
}
