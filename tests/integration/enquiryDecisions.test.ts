import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLSession, signedIn } from '../support/graphql';
import { DATABASES } from '../support/stack';
import { useStack } from '../support/useStack';

const LIST = /* GraphQL */ `
  query ($page: PageInput, $search: String, $filter: EnquiryFilter, $sort: EnquirySort) {
    enquiries(page: $page, search: $search, filter: $filter, sort: $sort) {
      totalCount
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        status
        companyName
        adminEmail
        receivedAt
        decisionNote
        licence {
          productName
          domain
          planName
          cost
          currency
          frequency
          capacity
        }
      }
    }
  }
`;

const APPROVE = /* GraphQL */ `
  mutation ($input: ApproveEnquiryInput!) {
    approveEnquiry(input: $input) {
      enquiry {
        id
        status
        organizationId
      }
      organization {
        id
        companyName
        city
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const REJECT = /* GraphQL */ `
  mutation ($input: RejectEnquiryInput!) {
    rejectEnquiry(input: $input) {
      enquiry {
        id
        status
        decisionNote
      }
      errors {
        code
        field
        message
      }
    }
  }
`;

const SET_PASSWORD = /* GraphQL */ `
  mutation ($input: SetPasswordInput!) {
    setPassword(input: $input) {
      ok
      errors {
        code
      }
    }
  }
`;

type Node = {
  id: string;
  status: string;
  companyName: string;
  adminEmail: string;
  receivedAt: string;
  decisionNote: string | null;
  licence: Record<string, unknown>;
};
type ListData = { enquiries: { totalCount: number; pageInfo: { hasNextPage: boolean }; nodes: Node[] } };
type ApproveData = {
  approveEnquiry: {
    enquiry: { id: string; status: string; organizationId: string } | null;
    organization: { id: string; companyName: string; city: string } | null;
    errors: { code: string; field: string | null; message: string }[];
  };
};

describe.each(DATABASES)('the provider deciding on enquiries on %s', (kind) => {
  const stack = useStack(kind);
  let provider: GraphQLSession;
  let plan: { product_id: number; plan_id: number };
  let sequence = 0;

  beforeAll(async () => {
    provider = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const [first] = await stack.db.query<typeof plan>('SELECT product_id, plan_id FROM plans ORDER BY plan_id LIMIT 1');
    plan = first!;
  });

  async function enquiry(company = `Decided ${kind} ${++sequence}`) {
    const email = `owner-${kind}-${++sequence}@decided.example`;
    const [row] = await stack.db.query<{ id: number }>(
      `INSERT INTO enquiries (company_name, city, admin_first_name, admin_last_name, admin_email, contact_name, product_id, plan_id)
       VALUES ($1, 'Kigali', 'Uma', 'Ndlovu', $2, 'Uma Ndlovu', $3, $4) RETURNING enquiry_id AS id`,
      [company, email, plan.product_id, plan.plan_id],
    );
    return { id: String(row!.id), email, company };
  }

  const list = async (variables: Record<string, unknown>) => {
    const answer = await provider.request<ListData>(LIST, variables);
    expect(answer.errors).toBeUndefined();
    return answer.data!.enquiries;
  };
  const approve = (id: string, session = provider) => session.request<ApproveData>(APPROVE, { input: { enquiryId: id } });

  it('lists pending and rejected enquiries apart, searched, sorted and a page at a time, with their licence details', async () => {
    const pending = await list({ filter: { status: 'PENDING' }, page: { limit: 10 } });
    expect(pending.totalCount).toBeGreaterThan(20);
    expect(pending.nodes).toHaveLength(10);
    expect(pending.pageInfo.hasNextPage).toBe(true);
    expect(new Set(pending.nodes.map((n) => n.status))).toEqual(new Set(['PENDING']));
    const received = pending.nodes.map((n) => n.receivedAt);
    expect(received).toEqual([...received].sort().reverse());
    expect(pending.nodes[0]!.licence).toEqual({
      productName: expect.any(String),
      domain: expect.any(String),
      planName: expect.any(String),
      cost: expect.any(Number),
      currency: expect.any(String),
      frequency: expect.stringMatching(/MONTHLY|YEARLY/),
      capacity: expect.any(Number),
    });

    const rejected = await list({ filter: { status: 'REJECTED' }, page: { limit: 100 } });
    expect(rejected.totalCount).toBeGreaterThan(5);
    expect(new Set(rejected.nodes.map((n) => n.status))).toEqual(new Set(['REJECTED']));
    expect(rejected.nodes.filter((n) => n.decisionNote).length).toBeGreaterThan(5);

    const byName = await list({ filter: { status: 'PENDING' }, sort: { field: 'COMPANY_NAME', direction: 'ASC' }, page: { limit: 100 } });
    const names = byName.nodes.map((n) => n.companyName.toLowerCase());
    expect(names).toEqual([...names].sort());

    const found = await list({ search: 'YOYODYNE' });
    expect(found.nodes.map((n) => n.companyName)).toEqual(['Yoyodyne']);
  });

  it('approves once: organisation, licence, admin and invitation; the admin follows the mailed link and signs in', async () => {
    const { id, email, company } = await enquiry();
    const answer = await approve(id);
    expect(answer.data?.approveEnquiry.errors).toEqual([]);
    expect(answer.data?.approveEnquiry.organization).toMatchObject({ companyName: company, city: 'Kigali' });
    expect(answer.data?.approveEnquiry.enquiry).toMatchObject({ id, status: 'APPROVED' });

    const again = await approve(id);
    expect(again.data?.approveEnquiry).toMatchObject({ enquiry: null, errors: [{ code: 'CONFLICT', field: 'enquiryId' }] });
    expect(again.data?.approveEnquiry.errors[0]!.message).toMatch(/approved already/);
    const [counts] = await stack.db.query(
      `SELECT (SELECT count(*)::int FROM clients WHERE company_name = $1) AS clients,
              (SELECT count(*)::int FROM client_users WHERE email = $2) AS users,
              (SELECT count(*)::int FROM mail_outbox WHERE to_address = $2) AS mails`,
      [company, email],
    );
    expect(counts).toEqual({ clients: 1, users: 1, mails: 1 });

    const [mail] = await stack.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_address = $1', [email]);
    const link = new URL(/http\S+\/setpassword\/\S+/.exec(mail!.text_body)![0]);
    const newcomer = new GraphQLSession(stack.gatewayUrl);
    const set = await newcomer.request<{ setPassword: { ok: boolean } }>(SET_PASSWORD, {
      input: {
        email,
        token: link.searchParams.get('token'),
        firstName: 'Uma',
        lastName: 'Ndlovu',
        password: 'Welcome@1',
        confirmPassword: 'Welcome@1',
        captcha: await newcomer.captcha(),
      },
    });
    expect(set.data?.setPassword.ok).toBe(true);
    const signIn = await newcomer.signIn(email, 'Welcome@1');
    expect(signIn.data?.signIn.viewer).toMatchObject({ typeOfUser: 'ORG_ADMIN', organization: { companyName: company } });
  });

  it('creates nothing twice when two approvals of one enquiry arrive together', async () => {
    const { id, email } = await enquiry();
    const second = await signedIn(stack.gatewayUrl, 'admin@yozy.local');
    const answers = await Promise.all([approve(id), approve(id, second)]);
    const errors = answers.map((a) => a.data?.approveEnquiry.errors.map((e) => e.code) ?? ['thrown']);
    expect(errors.sort()).toEqual([[], ['CONFLICT']]);
    const [row] = await stack.db.query(
      `SELECT (SELECT count(*)::int FROM client_users WHERE email = $1) AS users,
              (SELECT count(*)::int FROM licences l JOIN enquiries e ON e.client_id = l.client_id WHERE e.enquiry_id = $2) AS licences,
              (SELECT count(*)::int FROM mail_outbox WHERE to_address = $1) AS mails`,
      [email, Number(id)],
    );
    expect(row).toEqual({ users: 1, licences: 1, mails: 1 });
  });

  it('leaves nothing behind when the licence cannot be written, and says so', async () => {
    const { id, email, company } = await enquiry();
    await stack.db.exec(`
      CREATE FUNCTION refuse_licences() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'licences are read-only'; END $$;
      CREATE TRIGGER refuse_licences BEFORE INSERT ON licences FOR EACH ROW EXECUTE FUNCTION refuse_licences();
    `);
    try {
      const answer = await approve(id);
      expect(answer.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await stack.db.exec('DROP TRIGGER refuse_licences ON licences; DROP FUNCTION refuse_licences();');
    }
    const [row] = await stack.db.query(
      `SELECT (SELECT count(*)::int FROM clients WHERE company_name = $1) AS clients,
              (SELECT count(*)::int FROM client_users WHERE email = $2) AS users,
              (SELECT count(*)::int FROM user_tokens WHERE email = $2) AS tokens,
              (SELECT count(*)::int FROM mail_outbox WHERE to_address = $2) AS mails,
              (SELECT is_approved FROM enquiries WHERE enquiry_id = $3) AS decision`,
      [company, email, Number(id)],
    );
    expect(row).toEqual({ clients: 0, users: 0, tokens: 0, mails: 0, decision: null });
  });

  it('rejects with a reason, which moves the enquiry to the rejected list and mails the enquirer', async () => {
    const { id, email } = await enquiry();
    const noReason = await provider.request<{ rejectEnquiry: { errors: { field: string }[] } }>(REJECT, {
      input: { enquiryId: id, reason: ' ' },
    });
    expect(noReason.data?.rejectEnquiry.errors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'reason' })]);

    const answer = await provider.request(REJECT, { input: { enquiryId: id, reason: 'Outside our service area' } });
    expect(answer.data).toEqual({
      rejectEnquiry: { enquiry: { id, status: 'REJECTED', decisionNote: 'Outside our service area' }, errors: [] },
    });
    const rejected = await list({ filter: { status: 'REJECTED' }, search: email });
    expect(rejected.nodes.map((n) => n.id)).toEqual([id]);
    const [mail] = await stack.db.query<{ template: string }>('SELECT template FROM mail_outbox WHERE to_address = $1', [email]);
    expect(mail?.template).toBe('enquiry_rejected');
  });

  it.each(['admin@acme.local', 'member@acme.local'])('refuses %s every enquiry operation and changes nothing', async (who) => {
    const { id } = await enquiry();
    const session = await signedIn(stack.gatewayUrl, who);
    expect((await session.request(LIST, {})).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await approve(id, session)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await session.request(REJECT, { input: { enquiryId: id, reason: 'x' } })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const [row] = await stack.db.query('SELECT is_approved FROM enquiries WHERE enquiry_id = $1', [Number(id)]);
    expect(row).toEqual({ is_approved: null });
  });
});
