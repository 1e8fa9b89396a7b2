import type { Database, Transaction } from '#db/database';
import { issueToken } from '#domain/userTokens';
import { createMailer, type Mailer } from '#mail/mailer';
import type { QueuedMail } from '#mail/outbox';
import { invitationMail } from '#mail/templates';
import { hashPassword } from '#security/passwords';
import { insertPlans, insertProducts, insertRoles, type PlanIds } from './catalogue';
import { insertOrganisation, ORGS } from './organisations';
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

async function insertEnquiries(tx: Transaction, planIds: PlanIds) {
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
