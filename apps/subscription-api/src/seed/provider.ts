import type { Transaction } from '../db/database';

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
