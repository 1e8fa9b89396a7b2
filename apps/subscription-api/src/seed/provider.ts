import type { Transaction } from '#db/database';

/**
 * Demo data of the provider's screens: enough pending and rejected sign-up enquiries that the
 * enquiry list's search, sort and pages show something. One statement, so seeding stays fast.
 */
const COMPANIES = [
  'Aperture Science',
  'Black Mesa',
  'Blue Sun',
  'Bluth Company',
  'Buy n Large',
  'Dunder Mifflin',
  'Ellingson Mineral',
  'Gringotts Holdings',
  'Hooli',
  'Ingen Bio',
  'Krusty Krab',
  'Lacuna Inc',
  'Massive Dynamic',
  'Monarch Solutions',
  'Nakatomi Trading',
  'Oceanic Air',
  'Pied Piper',
  'Prestige Worldwide',
  'Rekall',
  'Sirius Cybernetics',
  'Soylent',
  'Spacely Sprockets',
  'Sterling Cooper',
  'Tessier-Ashpool',
  'Veidt Enterprises',
  'Virtucon',
  'Vandelay Industries',
  'Wonka Industries',
  'Yoyodyne',
  'Zorg Industries',
  'Acme Rockets',
  'Bubba Gump',
  'Duff Brewing',
  'Gekko and Co',
  'Los Pollos Hermanos',
  'Mooby Foods',
  'Oscorp Labs',
  'Primatech Paper',
  'Sabre Devices',
  'Stay Puft',
] as const;
const FIRST = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Liam', 'Maya', 'Noor'];
const LAST = ['Adler', 'Banerjee', 'Costa', 'Dubois', 'Eze', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen', 'Kowalski'];
const CITIES: [city: string, country: string, code: string, currency: string][] = [
  ['Austin', 'United States', 'US', 'USD'],
  ['Pune', 'India', 'IN', 'INR'],
  ['Leeds', 'United Kingdom', 'GB', 'GBP'],
  ['Lyon', 'France', 'FR', 'EUR'],
  ['Nairobi', 'Kenya', 'KE', 'KES'],
];
const TYPES = ['Enterprise', 'SMB', 'Startup'];
const VERTICALS = ['Retail', 'Health', 'Manufacturing', 'Logistics', 'Finance'];
const REASONS = [
  'We cannot verify the company registration yet',
  'The requested region is not served yet',
  'Duplicate of an existing customer account',
];

/** Every fourth enquiry is rejected, the rest wait; received over the last eight weeks. */
export async function insertProviderEnquiries(tx: Transaction, planIds: { planId: number; productId: number }[]) {
  const rows = COMPANIES.map((company, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 3) % LAST.length]!;
    const [city, country, countryCode, currency] = CITIES[i % CITIES.length]!;
    const plan = planIds[i % planIds.length]!;
    const slug = company.toLowerCase().replace(/[^a-z]+/g, '');
    const rejected = i % 4 === 3;
    return {
      company,
      first,
      last,
      email: `${first.toLowerCase()}@${slug}.example`,
      city,
      country,
      countryCode,
      currency,
      type: TYPES[i % TYPES.length],
      vertical: VERTICALS[i % VERTICALS.length],
      revenue: 250_000 * ((i % 9) + 1),
      productId: plan.productId,
      planId: plan.planId,
      decision: rejected ? 'R' : null,
      reason: rejected ? REASONS[i % REASONS.length] : null,
      hoursAgo: 7 + i * 31,
    };
  });
  await tx.query(
    `INSERT INTO enquiries (company_name, address_line1, city, country, country_code, pincode, currency_code, client_type,
                            nature_of_business, business_vertical, revenue_usd, admin_first_name, admin_last_name,
                            admin_email, admin_phone, admin_department, contact_name, contact_designation, contact_email,
                            contact_phone, product_id, plan_id, is_approved, decision_note, decided_at, created_at)
     SELECT r.company, (10 + r.n) || ' Market Street', r.city, r.country, r.country_code, '0' || (40000 + r.n), r.currency,
            r.type, 'Services', r.vertical, r.revenue, r.first, r.last, r.email, '+1 555 01' || lpad(r.n::text, 2, '0'),
            'Operations', r.first || ' ' || r.last, 'Director', 'office@' || split_part(r.email, '@', 2),
            '+1 555 02' || lpad(r.n::text, 2, '0'), r.product_id, r.plan_id, r.decision, r.reason,
            CASE WHEN r.decision IS NOT NULL THEN now() - make_interval(hours => r.hours_ago - 5) END,
            now() - make_interval(hours => r.hours_ago)
       FROM json_to_recordset($1::json) AS r(n int, company text, first text, last text, email text, city text, country text,
            country_code text, currency text, type text, vertical text, revenue numeric, product_id int, plan_id int,
            decision text, reason text, hours_ago int)`,
    [
      JSON.stringify(
        rows.map((r, n) => ({
          n,
          company: r.company,
          first: r.first,
          last: r.last,
          email: r.email,
          city: r.city,
          country: r.country,
          country_code: r.countryCode,
          currency: r.currency,
          type: r.type,
          vertical: r.vertical,
          revenue: r.revenue,
          product_id: r.productId,
          plan_id: r.planId,
          decision: r.decision,
          reason: r.reason,
          hours_ago: r.hoursAgo,
        })),
      ),
    ],
  );
}

/** Organisations of the demo beyond the hand-made ones, so the organisation list has pages to show. */
export const PROVIDER_DEMO_ORGANIZATIONS = [
  'Abstergo Retail',
  'Bluebook Press',
  'Cobalt Freight',
  'Daystrom Labs',
  'Eastwind Clinics',
  'Fairview Foods',
  'Gideon Textiles',
  'Harbor Analytics',
  'Ironclad Security',
  'Juniper Energy',
  'Kestrel Airways',
  'Lumen Optics',
  'Meridian Bank',
  'Northgate Pharma',
  'Orion Robotics',
  'Polaris Media',
  'Quanta Mining',
  'Riverside Schools',
  'Summit Outdoor',
  'Tidewater Shipping',
  'Umber Design',
  'Vertex Builders',
  'Willow Care',
  'Xenon Chemicals',
] as const;

const ORG_TYPES = ['Enterprise', 'SMB', 'Startup'];
const ORG_VERTICALS = ['Logistics', 'Manufacturing', 'Health', 'Finance', 'Media'];

/**
 * Each organisation has an invited admin holding the product's Admin role (a seat) and one licence:
 * every fifth ends within a month, every seventh organisation is deactivated.
 */
export async function insertProviderOrganizations(tx: Transaction, planIds: { planId: number; productId: number }[]) {
  const rows = PROVIDER_DEMO_ORGANIZATIONS.map((company, n) => {
    const plan = planIds[n % planIds.length]!;
    const first = FIRST[(n + 3) % FIRST.length]!;
    const last = LAST[(n + 5) % LAST.length]!;
    return {
      n,
      company,
      contact: `${first} ${last}`,
      first,
      last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
      type: ORG_TYPES[n % ORG_TYPES.length],
      vertical: ORG_VERTICALS[n % ORG_VERTICALS.length],
      revenue: 400_000 * ((n % 7) + 1),
      onboarded_days_ago: 30 + n * 17,
      valid_days: n % 5 === 0 ? 6 + n : 120 + n * 9,
      active: n % 7 !== 6,
      product_id: plan.productId,
      plan_id: plan.planId,
    };
  });
  await tx.query(
    `WITH input AS (
       SELECT * FROM json_to_recordset($1::json) AS r(n int, company text, contact text, first text, last text, email text,
              type text, vertical text, revenue numeric, onboarded_days_ago int, valid_days int, active boolean,
              product_id int, plan_id int)
     ), orgs AS (
       INSERT INTO clients (company_name, date_onboarded, address_line1, contact_name, designation, currency_code, client_type,
                            nature_of_business, business_vertical, revenue_usd, is_active)
       SELECT company, current_date - onboarded_days_ago, (20 + n) || ' Harbour Road', contact, 'Director', 'USD', type,
              'Services', vertical, revenue, active
         FROM input
       RETURNING client_id, company_name
     ), new_settings AS (
       INSERT INTO org_settings (client_id) SELECT client_id FROM orgs
     ), new_licences AS (
       INSERT INTO licences (client_id, product_id, plan_id, valid_till)
       SELECT o.client_id, i.product_id, i.plan_id, current_date + i.valid_days FROM orgs o JOIN input i ON i.company = o.company_name
     ), admins AS (
       INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user)
       SELECT o.client_id, i.first, i.last, i.email, 'OrgAdmin' FROM orgs o JOIN input i ON i.company = o.company_name
       RETURNING user_id, email
     )
     INSERT INTO user_roles (user_id, role_id, product_id)
     SELECT a.user_id, r.role_id, i.product_id
       FROM admins a JOIN input i ON i.email = a.email
       JOIN roles r ON r.product_id = i.product_id AND r.role_name = 'Admin'`,
    [JSON.stringify(rows)],
  );
}
