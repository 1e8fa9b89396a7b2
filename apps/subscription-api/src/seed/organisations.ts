import type { Transaction } from '#db/database';
import { newVerificationToken } from '#domain/ssoDomains';
import type { PlanIds } from './catalogue';

/*
 * The demo's organisations (DESIGN section 5): the provider and its customers, each with its
 * settings, licence, people, groups and projects.
 */

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

export const ORGS: Org[] = [
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

export type Masters = {
  productIds: Map<string, number>;
  planIds: PlanIds;
  roleIds: Map<string, number>;
  passwordHash: string;
};

export async function insertOrganisation(tx: Transaction, org: Org, masters: Masters) {
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
