import type { Database, Transaction } from '#db/database';
import { issueToken } from '#domain/userTokens';
import { newVerificationToken } from '#domain/ssoDomains';
import { createMailer, type Mailer } from '#mail/mailer';
import type { QueuedMail } from '#mail/outbox';
import { invitationMail } from '#mail/templates';
import { hashPassword } from '#security/passwords';
import { seedInsights } from './insights';
import { seedSignInActivity } from './signInActivity';
import { seedAuditHistory } from './auditHistory';
import { seedGroupsAndLicences } from './groups';
import { seedRegions } from './regions';
import { insertProviderEnquiries, insertProviderOrganizations } from './provider';
import { expireInvitations, insertMorePeople } from './users';

export const DEMO_PASSWORD = 'Admin@123';

export const DEMO_ACCOUNTS = [
  { email: 'admin@yozy.local', typeOfUser: 'SuperAdmin', organization: 'Yozy Technologies' },
  { email: 'admin@acme.local', typeOfUser: 'OrgAdmin', organization: 'Acme Corporation' },
  { email: 'admin@globex.local', typeOfUser: 'OrgAdmin', organization: 'Globex Industries' },
  { email: 'member@acme.local', typeOfUser: 'User', organization: 'Acme Corporation' },
] as const;

type Org = {
  name: string;
  domain: string;
  city: string;
  state: string;
  country: string;
  countryCode: string;
  pincode: string;
  contact: string;
  designation: string;
  currency: string;
  business: string;
  vertical: string;
  revenue: number;
  provider?: boolean;
  /** People the provider adds wait for the approval of the organisation's admins. */
  approval?: boolean;
  /** Its domain is verified (by the provider's word), so single sign-on and provisioning can be tried at once. */
  verifiedDomain?: boolean;
  plan?: string;
  validDays?: number;
  groups: string[];
  /** Short code, name, and whether the project was closed a month ago (its allocations ended then). */
  projects: [code: string, name: string, closed?: 'closed'][];
  people: [first: string, last: string, department: string][];
};

const ORGS: Org[] = [
  {
    name: 'Yozy Technologies',
    domain: 'yozy.local',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    countryCode: 'IN',
    pincode: '560001',
    contact: 'Asha Rao',
    designation: 'Head of Operations',
    currency: 'INR',
    business: 'Software',
    vertical: 'SaaS',
    revenue: 12000000,
    provider: true,
    groups: [],
    projects: [],
    people: [
      ['Asha', 'Rao', 'Operations'],
      ['Kwame', 'Mensah', 'Customer Success'],
    ],
  },
  {
    name: 'Acme Corporation',
    domain: 'acme.local',
    verifiedDomain: true,
    city: 'Springfield',
    state: 'Illinois',
    country: 'United States',
    countryCode: 'US',
    pincode: '62701',
    contact: 'Wile Coyote',
    designation: 'IT Director',
    currency: 'USD',
    business: 'Manufacturing',
    vertical: 'Industrial',
    revenue: 48000000,
    plan: 'Web Business',
    validDays: 240,
    groups: ['Engineering', 'Sales', 'Support'],
    projects: [
      ['ACM-WEB', 'Website Revamp'],
      ['ACM-MOB', 'Field Service App'],
      ['ACM-ERP', 'Legacy ERP Retirement', 'closed'],
    ],
    people: [
      ['Wile', 'Coyote', 'IT'],
      ['Priya', 'Nair', 'Engineering'],
      ['Marcus', 'Lee', 'Engineering'],
      ['Elena', 'Petrova', 'Sales'],
      ['Tom', 'Baker', 'Sales'],
      ['Aisha', 'Khan', 'Support'],
      ['Diego', 'Alvarez', 'Support'],
      ['Hannah', 'Schmidt', 'Finance'],
      ['Kenji', 'Watanabe', 'Engineering'],
      ['Laura', 'Rossi', 'Marketing'],
      ['Samuel', 'Okafor', 'Engineering'],
      ['Grace', 'Hopper', 'Engineering'],
    ],
  },
  {
    name: 'Globex Industries',
    approval: true,
    domain: 'globex.local',
    city: 'Cypress Creek',
    state: 'Oregon',
    country: 'United States',
    countryCode: 'US',
    pincode: '97001',
    contact: 'Hank Scorpio',
    designation: 'Chief Executive',
    currency: 'USD',
    business: 'Energy',
    vertical: 'Utilities',
    revenue: 91000000,
    plan: 'Lite Team',
    validDays: 120,
    groups: ['Operations', 'Finance'],
    projects: [['GLX-ERP', 'ERP Migration']],
    people: [
      ['Hank', 'Scorpio', 'Management'],
      ['Mindy', 'Simmons', 'Operations'],
      ['Frank', 'Grimes', 'Operations'],
      ['Lucia', 'Fernandez', 'Finance'],
      ['Omar', 'Haddad', 'Finance'],
      ['Yuki', 'Tanaka', 'Operations'],
      ['Peter', 'Novak', 'IT'],
      ['Sara', 'Lindqvist', 'IT'],
    ],
  },
  {
    name: 'Initech Ltd',
    domain: 'initech.local',
    city: 'Austin',
    state: 'Texas',
    country: 'United States',
    countryCode: 'US',
    pincode: '73301',
    contact: 'Bill Lumbergh',
    designation: 'Vice President',
    currency: 'USD',
    business: 'Software',
    vertical: 'Finance',
    revenue: 7500000,
    plan: 'Web Enterprise',
    validDays: -15,
    groups: ['TPS Reports'],
    projects: [['INI-TPS', 'TPS Automation']],
    people: [
      ['Bill', 'Lumbergh', 'Management'],
      ['Peter', 'Gibbons', 'Engineering'],
      ['Milton', 'Waddams', 'Facilities'],
    ],
  },
];

const PRODUCTS = [
  { code: 'YOZY-LITE', name: 'Yozy Lite', domain: 'https://lite.yozy.local', included: ['Tasks', 'Chat'] },
  { code: 'YOZY-WEB', name: 'Yozy Web', domain: 'https://app.yozy.local', included: ['Projects', 'ITSM', 'Reports'] },
];

const PLANS = [
  { product: 'YOZY-LITE', name: 'Lite Starter', group: 'MICROSAAS', cost: 9, currency: 'USD', frequency: 'MONTHLY', capacity: 10 },
  { product: 'YOZY-LITE', name: 'Lite Team', group: 'MICROSAAS', cost: 29, currency: 'USD', frequency: 'MONTHLY', capacity: 25 },
  { product: 'YOZY-WEB', name: 'Web Business', group: 'STANDARD', cost: 49, currency: 'USD', frequency: 'MONTHLY', capacity: 50 },
  { product: 'YOZY-WEB', name: 'Web Enterprise', group: 'STANDARD', cost: 4900, currency: 'USD', frequency: 'YEARLY', capacity: 500 },
];

const ROLES = ['Admin', 'Manager', 'Member'];

export type DemoDataOptions = {
  /**
   * The address every demo product gets (`npm start`: the console's own sign-in page), so the
   * countdown after a reset or a first password ends somewhere that exists; their made-up
   * addresses otherwise. A SuperAdmin changes them later in Platform Settings › Products.
   */
  productUrl?: string;
};

/**
 * Fills an empty database with the demo data of DESIGN section 5. Returns false and changes
 * nothing when any organisation exists already. The invited users get a real invitation mail,
 * so a person trying the console locally finds a working set-password link in the log.
 */
export async function seedDemoData(db: Database, mailer: Mailer = createMailer(db), options: DemoDataOptions = {}): Promise<boolean> {
  const [existing] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clients');
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const invitations = await db.transaction(async (tx) => {
    // Services started together on an empty database seed it once: the first to get the lock
    // seeds, and the others find the data there when they get it in turn.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [seeded] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM clients');
    if ((seeded?.n ?? 0) > 0) return null;
    const productIds = await insertProducts(tx, options.productUrl);
    const planIds = await insertPlans(tx, productIds);
    const roleIds = await insertRoles(tx, productIds);
    for (const org of ORGS) await insertOrganisation(tx, org, { productIds, planIds, roleIds, passwordHash });
    await insertMorePeople(tx, passwordHash);
    await insertSessions(tx);
    await seedInsights(tx);
    await seedSignInActivity(tx);
    await insertEnquiries(tx, planIds);
    await seedGroupsAndLicences(tx);
    await seedRegions(tx);
    await insertProviderEnquiries(tx, [...planIds.values()]);
    await insertProviderOrganizations(tx, [...planIds.values()]);
    await seedAuditHistory(tx);
    const mails = await inviteUsersWithoutPassword(tx, mailer);
    await expireInvitations(tx);
    return mails;
  });
  if (invitations === null) return false;
  for (const mail of invitations) mailer.dispatch(mail);
  return true;
}

/** The advisory lock under which the demo data is written: any fixed number no other lock uses. */
const SEED_LOCK = 7_305_122;

async function inviteUsersWithoutPassword(tx: Transaction, mailer: Mailer): Promise<QueuedMail[]> {
  const invited = await tx.query<{
    user_id: number;
    client_id: number;
    email: string;
    first_name: string;
    last_name: string;
    company_name: string;
  }>(
    `SELECT u.user_id, u.client_id, u.email, u.first_name, u.last_name, c.company_name
       FROM client_users u JOIN clients c ON c.client_id = u.client_id
      WHERE u.password_hash IS NULL AND u.is_active AND NOT u.awaiting_approval
      ORDER BY u.user_id`,
  );
  const mails: QueuedMail[] = [];
  for (const user of invited) {
    const token = await issueToken(tx, { userId: user.user_id, email: user.email, purpose: 'invite' });
    const content = invitationMail({
      publicUrl: mailer.publicUrl,
      token,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      organization: user.company_name,
    });
    mails.push(await mailer.queue(tx, user.email, content, user.client_id));
  }
  return mails;
}

async function insertProducts(tx: Transaction, productUrl: string | undefined) {
  const ids = new Map<string, number>();
  for (const p of PRODUCTS) {
    const [row] = await tx.query<{ product_id: number }>(
      'INSERT INTO products (product_name, product_code, domain, included_products) VALUES ($1, $2, $3, $4) RETURNING product_id',
      [p.name, p.code, productUrl ?? p.domain, p.included],
    );
    ids.set(p.code, row!.product_id);
  }
  return ids;
}

async function insertPlans(tx: Transaction, productIds: Map<string, number>) {
  const ids = new Map<string, { planId: number; productId: number }>();
  for (const p of PLANS) {
    const productId = productIds.get(p.product)!;
    const [row] = await tx.query<{ plan_id: number }>(
      `INSERT INTO plans (product_id, plan_name, plan_group, cost, currency, frequency, capacity)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING plan_id`,
      [productId, p.name, p.group, p.cost, p.currency, p.frequency, p.capacity],
    );
    ids.set(p.name, { planId: row!.plan_id, productId });
  }
  return ids;
}

async function insertRoles(tx: Transaction, productIds: Map<string, number>) {
  const ids = new Map<string, number>();
  for (const [code, productId] of productIds) {
    for (const role of ROLES) {
      const [row] = await tx.query<{ role_id: number }>(
        'INSERT INTO roles (role_name, product_id, description) VALUES ($1, $2, $3) RETURNING role_id',
        // Described by the product's name, as the console shows it (never its code).
        [role, productId, `${role} of ${PRODUCTS.find((product) => product.code === code)?.name ?? code}`],
      );
      ids.set(`${code}:${role}`, row!.role_id);
    }
  }
  return ids;
}

type Masters = {
  productIds: Map<string, number>;
  planIds: Map<string, { planId: number; productId: number }>;
  roleIds: Map<string, number>;
  passwordHash: string;
};

async function insertOrganisation(tx: Transaction, org: Org, masters: Masters) {
  const [client] = await tx.query<{ client_id: number }>(
    `INSERT INTO clients (company_name, date_onboarded, address_line1, address_line2, city, state, country, country_code,
                          pincode, contact_name, designation, currency_code, client_type, nature_of_business,
                          business_vertical, revenue_usd, is_provider)
     VALUES ($1, current_date - 400, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     RETURNING client_id`,
    [
      org.name,
      `${10 + org.name.length} Market Street`,
      'Suite 200',
      org.city,
      org.state,
      org.country,
      org.countryCode,
      org.pincode,
      org.contact,
      org.designation,
      org.currency,
      org.provider ? 'Provider' : 'Enterprise',
      org.business,
      org.vertical,
      org.revenue,
      org.provider ?? false,
    ],
  );
  const clientId = client!.client_id;
  await tx.query(
    `INSERT INTO org_settings (client_id, requires_approval, default_regions, mail_sender_name, mail_sender_address)
     VALUES ($1, $2, $3, $4, $5)`,
    [clientId, org.approval ?? false, org.countryCode === 'IN' ? ['ap-south-1'] : ['us-east-1'], org.name, `no-reply@${org.domain}`],
  );
  if (org.verifiedDomain) {
    await tx.query(
      `INSERT INTO organization_domains (domain, client_id, verification_token, verified_at, verified_by)
       VALUES ($1, $2, $3, now(), 'provider')`,
      [org.domain, clientId, newVerificationToken()],
    );
  }

  const plan = org.plan ? masters.planIds.get(org.plan) : undefined;
  const productCode = plan && [...masters.productIds].find(([, id]) => id === plan.productId)![0];
  if (plan) {
    await tx.query(
      'INSERT INTO licences (client_id, product_id, plan_id, valid_till, is_active) VALUES ($1, $2, $3, current_date + $4::int, $5)',
      [clientId, plan.productId, plan.planId, org.validDays, (org.validDays ?? 0) > 0],
    );
  }

  const userIds: number[] = [];
  for (const [index, [first, last, department]] of org.people.entries()) {
    const isAdmin = index === 0;
    const email = isAdmin ? `admin@${org.domain}` : `${first}.${last}@${org.domain}`.toLowerCase();
    const typeOfUser = org.provider ? 'SuperAdmin' : isAdmin ? 'OrgAdmin' : 'User';
    // The last person of each customer was invited and has not chosen a password yet.
    const invited = !org.provider && index === org.people.length - 1;
    const [user] = await tx.query<{ user_id: number }>(
      `INSERT INTO client_users (client_id, first_name, last_name, email, phone, department_name, department_code,
                                 type_of_user, is_active, password_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() - make_interval(days => $11))
       RETURNING user_id`,
      [
        clientId,
        first,
        last,
        email,
        `+1 555 01${String(index).padStart(2, '0')}`,
        department,
        department.slice(0, 3).toUpperCase(),
        typeOfUser,
        index !== 5,
        invited ? null : masters.passwordHash,
        300 - index * 7,
      ],
    );
    userIds.push(user!.user_id);
    if (productCode && plan) {
      const role = isAdmin ? 'Admin' : index % 4 === 1 ? 'Manager' : 'Member';
      await tx.query('INSERT INTO user_roles (user_id, role_id, product_id) VALUES ($1, $2, $3)', [
        user!.user_id,
        masters.roleIds.get(`${productCode}:${role}`),
        plan.productId,
      ]);
    }
  }
  if (org.name === 'Acme Corporation') {
    // The demo's ordinary member: signs in, and is told the console is for administrators.
    await tx.query("UPDATE client_users SET email = 'member@acme.local' WHERE user_id = $1", [userIds[1]]);
  }

  for (const [index, name] of org.groups.entries()) {
    const [group] = await tx.query<{ group_id: number }>(
      'INSERT INTO groups (client_id, name, description) VALUES ($1, $2, $3) RETURNING group_id',
      [clientId, name, `${name} team of ${org.name}`],
    );
    const members = userIds.filter((_, i) => i % org.groups.length === index);
    for (const userId of members) {
      await tx.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)', [group!.group_id, userId]);
    }
  }

  for (const [index, [code, name, closed]] of org.projects.entries()) {
    const [project] = await tx.query<{ project_id: number }>(
      `INSERT INTO projects (client_id, short_code, name, closed_at)
       VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() - interval '30 days' END) RETURNING project_id`,
      [clientId, code, name, closed === 'closed'],
    );
    const projectId = project!.project_id;
    for (const [i, userId] of userIds.entries()) {
      if (i % (index + 2) !== 0) continue;
      const current = !closed && i % 3 !== 2;
      // Each later project takes a larger share, so someone on the first two is over 100 % in all.
      await tx.query(
        `INSERT INTO project_allocations (project_id, user_id, alloc_percentage, project_role, is_current, end_date)
         VALUES ($1, $2, $3, $4, $5, current_date + $6::int)`,
        [projectId, userId, i === 0 ? 20 : 50 + 10 * index, i === 0 ? 'Sponsor' : 'Developer', current, current ? 90 : -30],
      );
    }
    for (const [i, title] of ['Sign-in page is slow', 'Export to CSV', 'Update branding'].entries()) {
      await tx.query('INSERT INTO project_issues (project_id, title, status) VALUES ($1, $2, $3)', [
        projectId,
        title,
        i === 0 ? 'DONE' : 'OPEN',
      ]);
    }
    await tx.query(
      "INSERT INTO project_releases (project_id, name, released_at) VALUES ($1, '1.0', current_date - 60), ($1, '1.1', current_date - 10)",
      [projectId],
    );
  }
}

/** Sign-in history over the last 90 days: one to three past sessions a day for most people. */
async function insertSessions(tx: Transaction) {
  await tx.query('SELECT setseed(0.42)');
  await tx.query(
    `INSERT INTO sessions (token_hash, user_id, client_id, ip, user_agent, started_at, last_seen_at, expires_at, ended_at, end_reason)
     SELECT md5(u.user_id || ':' || d || ':' || n || ':' || random()),
            u.user_id, u.client_id,
            '10.' || (u.client_id % 250) || '.' || (u.user_id % 250) || '.' || (1 + n),
            (ARRAY['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0',
                   'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/17.0',
                   'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Mobile/15E148'])[1 + (u.user_id + n) % 3],
            start, start + interval '40 minutes', start + interval '1 day',
            start + interval '45 minutes', CASE WHEN n = 1 THEN 'expired' ELSE 'signed_out' END
       FROM client_users u
       CROSS JOIN generate_series(1, 90) AS d
       CROSS JOIN generate_series(1, 3) AS n
       CROSS JOIN LATERAL (SELECT date_trunc('day', now()) - make_interval(days => d)
                                  + make_interval(mins => 480 + (random() * 600)::int) AS start) s
      WHERE u.password_hash IS NOT NULL AND u.is_active AND random() < 0.45`,
  );
}

async function insertEnquiries(tx: Transaction, planIds: Map<string, { planId: number; productId: number }>) {
  const enquiries = [
    ['Umbrella Health', 'Alice', 'Abernathy', 'alice@umbrella.example', 'Lite Starter', null, 3],
    ['Stark Logistics', 'Pepper', 'Potts', 'pepper@stark.example', 'Web Business', null, 1],
    ['Wayne Foods', 'Lucius', 'Fox', 'lucius@waynefoods.example', 'Web Enterprise', null, 0],
    ['Cyberdyne Systems', 'Miles', 'Dyson', 'miles@cyberdyne.example', 'Web Business', 'R', 12],
    ['Tyrell Farms', 'Eldon', 'Tyrell', 'eldon@tyrell.example', 'Lite Team', 'R', 20],
  ] as const;
  for (const [company, first, last, email, planName, decision, daysAgo] of enquiries) {
    const plan = planIds.get(planName)!;
    await tx.query(
      `INSERT INTO enquiries (company_name, address_line1, city, country, country_code, currency_code, admin_first_name,
                              admin_last_name, admin_email, admin_phone, admin_department, contact_name,
                              contact_designation, contact_email, contact_phone, product_id, plan_id, is_approved,
                              decided_at, created_at)
       VALUES ($1, '1 Main Road', 'Metropolis', 'United States', 'US', 'USD', $2, $3, $4, '+1 555 0199', 'IT',
               $2 || ' ' || $3, 'Director', $4, '+1 555 0198', $5, $6, $7,
               now() - make_interval(days => $9::int), now() - make_interval(days => $8::int))`,
      [company, first, last, email, plan.productId, plan.planId, decision, daysAgo, decision ? daysAgo - 1 : null],
    );
  }
}
