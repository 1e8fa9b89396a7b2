import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRestApi, type RestApi } from '#testing/restApi';

let api: RestApi;
const PEOPLE = ['admin@yozy.local', 'admin@acme.local', 'member@acme.local'] as const;
let tokens: Record<(typeof PEOPLE)[number], string>;
let plan: { product_id: number; plan_id: number; capacity: number; frequency: string };

beforeAll(async () => {
  api = await openRestApi();
  tokens = await api.signInEach(PEOPLE);
  const [yearly] = await api.db.query<typeof plan>(
    "SELECT product_id, plan_id, capacity, frequency FROM plans WHERE frequency = 'YEARLY' ORDER BY plan_id LIMIT 1",
  );
  plan = yearly!;
});
afterAll(() => api.close());

let sequence = 0;
async function pendingEnquiry(company = `Decision Test ${++sequence}`) {
  const email = `owner${sequence}.${Date.now()}@decision.example`;
  const [row] = await api.db.query<{ enquiry_id: number }>(
    `INSERT INTO enquiries (company_name, city, admin_first_name, admin_last_name, admin_email, contact_name, contact_email, product_id, plan_id)
     VALUES ($1, 'Lagos', 'Ada', 'Obi', $2, 'Chi Obi', 'chi@decision.example', $3, $4) RETURNING enquiry_id`,
    [company, email, plan.product_id, plan.plan_id],
  );
  return { id: row!.enquiry_id, email, company };
}

const superAdmin = () => tokens['admin@yozy.local'];
const approve = (id: number, token = superAdmin()) =>
  api.agent.post('/subscription/enquiry/approve').auth(token, { type: 'bearer' }).send({ EnquiryId: id });

/** Everything an approval writes for one admin email. */
async function leftovers(email: string, company: string) {
  const [row] = await api.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM clients WHERE company_name = $2) AS clients,
            (SELECT count(*)::int FROM licences l JOIN clients c USING (client_id) WHERE c.company_name = $2) AS licences,
            (SELECT count(*)::int FROM client_users WHERE lower(email) = lower($1)) AS users,
            (SELECT count(*)::int FROM user_tokens WHERE lower(email) = lower($1)) AS tokens,
            (SELECT count(*)::int FROM mail_outbox WHERE lower(to_address) = lower($1)) AS mails,
            (SELECT count(*)::int FROM audit_log a JOIN clients c ON c.client_id = a.client_id WHERE c.company_name = $2) AS audits`,
    [email, company],
  );
  return row;
}

describe('GET /subscription/subscription_web_enquiry', () => {
  it('lists pending enquiries with their licence details for a SuperAdmin', async () => {
    const enquiry = await pendingEnquiry('Listing Check Ltd');
    const answer = await api.agent
      .get(`/subscription/subscription_web_enquiry?Status=eq.PENDING&or=(ClientCompanyName.ilike.*listing check*)`)
      .auth(superAdmin(), { type: 'bearer' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      expect.objectContaining({
        EnquiryId: enquiry.id,
        Status: 'PENDING',
        AdminEmail: enquiry.email,
        PlanId: plan.plan_id,
        Capacity: plan.capacity,
        Frequency: plan.frequency,
        ProductName: expect.any(String),
        Domain: expect.any(String),
      }),
    ]);
  });

  it.each(['admin@acme.local', 'member@acme.local'] as const)('refuses %s', async (email) => {
    const answer = await api.agent.get('/subscription/subscription_web_enquiry').auth(tokens[email], { type: 'bearer' });
    expect(answer.status).toBe(403);
  });
});

describe('POST /subscription/enquiry/approve', () => {
  it('creates the organisation, a licence of one plan period, the admin with a role, the invitation and the audit entries', async () => {
    const enquiry = await pendingEnquiry();
    const answer = await approve(enquiry.id);
    expect(answer.status).toBe(200);
    expect(answer.body.enquiry).toMatchObject({ Status: 'APPROVED', ClientId: answer.body.ClientId });

    const [licence] = await api.db.query<{ product_id: number; plan_id: number; days: number }>(
      'SELECT product_id, plan_id, valid_till - current_date AS days FROM licences WHERE client_id = $1',
      [answer.body.ClientId],
    );
    expect(licence).toMatchObject({ product_id: plan.product_id, plan_id: plan.plan_id });
    expect(licence!.days).toBeGreaterThanOrEqual(365);
    const [user] = await api.db.query(
      `SELECT u.type_of_user, u.password_hash, c.company_name, c.city, r.role_name, ur.product_id
         FROM client_users u JOIN clients c USING (client_id) JOIN user_roles ur USING (user_id) JOIN roles r USING (role_id)
        WHERE u.user_id = $1`,
      [answer.body.AdminUserId],
    );
    expect(user).toEqual({
      type_of_user: 'OrgAdmin',
      password_hash: null,
      company_name: enquiry.company,
      city: 'Lagos',
      role_name: 'Admin',
      product_id: plan.product_id,
    });
    const [mail] = await api.db.query<{ template: string; text_body: string }>(
      'SELECT template, text_body FROM mail_outbox WHERE to_address = $1',
      [enquiry.email],
    );
    expect(mail?.template).toBe('invitation');
    expect(mail?.text_body).toContain('/setpassword/');
    const audits = await api.db.query<{ action: string; actor_user_id: number }>(
      'SELECT action, actor_user_id FROM audit_log WHERE client_id = $1 ORDER BY audit_id',
      [answer.body.ClientId],
    );
    expect(audits.map((a) => a.action)).toEqual(['enquiry.approve', 'organization.create', 'licence.create', 'user.invite']);
  });

  it('creates nothing twice: a second approval, even at the same moment, is refused and says why', async () => {
    const enquiry = await pendingEnquiry();
    const [first, second] = await Promise.all([approve(enquiry.id), approve(enquiry.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(refused.body.error.message).toMatch(/approved already/);
    expect(await leftovers(enquiry.email, enquiry.company)).toMatchObject({ clients: 1, licences: 1, users: 1, tokens: 1, mails: 1 });
  });

  it.each([
    ['licence', 'licences'],
    ['mail', 'mail_outbox'],
  ])('leaves nothing behind when the %s step fails', async (step, table) => {
    const enquiry = await pendingEnquiry();
    const fn = `fail_${step}_${sequence}`;
    await api.db.exec(`
      CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the ${step} step failed'; END $$;
      CREATE TRIGGER ${fn} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}();
    `);
    try {
      const answer = await approve(enquiry.id);
      expect(answer.status).toBe(500);
    } finally {
      await api.db.exec(`DROP TRIGGER ${fn} ON ${table}; DROP FUNCTION ${fn}();`);
    }
    expect(await leftovers(enquiry.email, enquiry.company)).toEqual({ clients: 0, licences: 0, users: 0, tokens: 0, mails: 0, audits: 0 });
    const [row] = await api.db.query('SELECT is_approved FROM enquiries WHERE enquiry_id = $1', [enquiry.id]);
    expect(row).toEqual({ is_approved: null });
    // The failure left the enquiry as it was: it can be approved once the cause is gone.
    expect((await approve(enquiry.id)).status).toBe(200);
  });

  it('refuses an organisation admin and writes nothing', async () => {
    const enquiry = await pendingEnquiry();
    const answer = await approve(enquiry.id, tokens['admin@acme.local']);
    expect(answer.status).toBe(403);
    expect(await leftovers(enquiry.email, enquiry.company)).toMatchObject({ clients: 0, users: 0 });
  });
});

describe('POST /subscription/enquiry/reject', () => {
  const reject = (id: number, Reason: unknown) =>
    api.agent.post('/subscription/enquiry/reject').auth(superAdmin(), { type: 'bearer' }).send({ EnquiryId: id, Reason });

  it('needs a reason', async () => {
    const enquiry = await pendingEnquiry();
    const answer = await reject(enquiry.id, '   ');
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('Reason');
  });

  it('moves the enquiry to the rejected list, mails the enquirer and audits it; then it cannot be approved', async () => {
    const enquiry = await pendingEnquiry();
    const answer = await reject(enquiry.id, 'We do not serve this region yet');
    expect(answer.status).toBe(200);
    expect(answer.body.enquiry).toMatchObject({ Status: 'REJECTED', DecisionNote: 'We do not serve this region yet' });
    const [mail] = await api.db.query<{ template: string; text_body: string }>(
      'SELECT template, text_body FROM mail_outbox WHERE to_address = $1',
      [enquiry.email],
    );
    expect(mail?.template).toBe('enquiry_rejected');
    expect(mail?.text_body).toContain('We do not serve this region yet');
    const [entry] = await api.db.query("SELECT action, after FROM audit_log WHERE entity_type = 'enquiry' AND entity_id = $1", [
      String(enquiry.id),
    ]);
    expect(entry).toEqual({ action: 'enquiry.reject', after: { status: 'REJECTED', reason: 'We do not serve this region yet' } });
    const again = await approve(enquiry.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/rejected/);
  });
});
