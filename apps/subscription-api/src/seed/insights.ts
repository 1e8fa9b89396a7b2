import type { Transaction } from '#db/database';

/**
 * What the dashboard and statistics need beyond the rest of the demo: people signed in right now
 * (sessions neither ended nor expired). The licence about to lapse is Acme's Yozy Lite licence
 * that the groups seed adds; a second one here would give Acme two licences of one plan. Set-based
 * SQL with no random values, so every seed gives the same numbers and takes a few milliseconds.
 */
export async function seedInsights(tx: Transaction): Promise<void> {
  // Three people of each customer are signed in now, one for every 25 minutes; the admins and
  // the demo's ordinary member are left out, so signing in as them starts the only live session.
  await tx.query(
    `INSERT INTO sessions (token_hash, user_id, client_id, ip, user_agent, started_at, last_seen_at, expires_at)
     SELECT md5('live:' || u.user_id), u.user_id, u.client_id,
            '10.' || (u.client_id % 250) || '.' || (u.user_id % 250) || '.200',
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0',
            now() - make_interval(mins => 25 * u.rank), now() - make_interval(mins => u.rank),
            now() - make_interval(mins => 25 * u.rank) + interval '1 day'
       FROM (SELECT u.user_id, u.client_id, row_number() OVER (PARTITION BY u.client_id ORDER BY u.user_id)::int AS rank
               FROM client_users u JOIN clients c ON c.client_id = u.client_id
              WHERE NOT c.is_provider AND u.is_active AND u.password_hash IS NOT NULL
                AND u.type_of_user = 'User' AND u.email <> 'member@acme.local') u
      WHERE u.rank <= 3`,
  );
}
