import type { Database } from '#db/database';
import { seedLarge } from '#seed/large';

/*
 * The large data at a small scale (tens of thousands of sessions and audit entries, thousands of
 * people), with the outbox, the people and the enquiries at a real size too, analysed and vacuumed
 * as a database that has been running would be.
 */

const SCALE = 0.05;
/** Mail written to the outbox, for its list to have a real size too. */
const OUTBOX_MAIL = 20_000;
const EXTRA_PEOPLE = 40_000;
/** Enquiries decided long ago, for the enquiry search to weigh its indexes against the table at full size. */
export const EXTRA_ENQUIRIES = 30_000;
/** Text held by a handful of enquiries, long enough (three letters or more) for the trigram indexes. */
export const RARE_TEXT = 'Quasar7';

/** Seeds the large organisation base into `db`: how many organisations it holds. */
export async function seedLargeBase(db: Database): Promise<{ organisations: number }> {
  const { organisations } = await seedLarge(db, SCALE);
  // As the seed does, without the service's limit for one statement: a busy machine may take longer.
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.exec(`
  -- Mail sent, and one in a hundred given up.
  INSERT INTO mail_outbox (to_address, subject, template, text_body, html_body, masked_text_body, masked_html_body, client_id,
                           created_at, sent_at, failed_at, attempts, error)
  SELECT 'person' || n || '@outbox.sized.example', 'Your invitation ' || n, 'invitation', 'Hello', '<p>Hello</p>', 'Hello', '<p>Hello</p>',
         (SELECT min(client_id) FROM clients) + n % 50, now() - make_interval(mins => n),
         CASE WHEN n % 100 <> 0 THEN now() - make_interval(mins => n) END, CASE WHEN n % 100 = 0 THEN now() - make_interval(mins => n) END,
         1, CASE WHEN n % 100 = 0 THEN 'Mailbox unavailable' END
    FROM generate_series(1, ${OUTBOX_MAIL}) n;
  -- More people in the same organisations, deactivated (so taking no seat) with a role each, for
  -- the people and role tables to weigh what they do at full size against the tables joined to them.
  INSERT INTO client_users (client_id, first_name, last_name, email, type_of_user, is_active)
  SELECT c.client_id, 'Extra', n::text, 'extra' || n || '@people.sized.example', 'User', false
    FROM generate_series(1, ${EXTRA_PEOPLE}) n
    JOIN (SELECT client_id, row_number() OVER (ORDER BY client_id) - 1 AS k FROM clients) c
      ON c.k = n % (SELECT count(*) FROM clients);
  INSERT INTO user_roles (user_id, role_id, product_id)
  SELECT u.user_id, r.role_id, r.product_id
    FROM client_users u, (SELECT role_id, product_id FROM roles WHERE product_id IS NOT NULL ORDER BY role_id LIMIT 1) r
   WHERE u.email LIKE 'extra%@people.sized.example';
  -- Enquiries refused long ago, a few of them from a company named with the rare text.
  INSERT INTO enquiries (company_name, admin_first_name, admin_last_name, admin_email, contact_name, is_approved, decided_at, created_at)
  SELECT CASE WHEN n % 5000 = 0 THEN '${RARE_TEXT} Holdings ' ELSE 'Earlier prospect ' END || n, 'Earlier', 'Applicant ' || n,
         'earlier' || n || '@enquiries.sized.example', 'Contact ' || n, 'R', now() - interval '400 days', now() - interval '401 days'
    FROM generate_series(1, ${EXTRA_ENQUIRIES}) n;
  ANALYZE;`);
  });
  // What autovacuum does after a large write: moves the rows written since their trigram
  // indexes were made from the indexes' pending lists into the indexes.
  await db.exec('VACUUM enquiries, client_users, audit_log, sessions');
  return { organisations };
}
