import type { Transaction } from '#db/database';

/**
 * The sign-in activity of the demo's history: a sign-in for every session it started in the last
 * 90 days, from the session's address and browser, and a wrong password now and then before one.
 * Today, two people of each customer mistyped their password before signing in, so each
 * dashboard counts failed sign-ins of the last day. Set-based SQL without random values.
 */
export async function seedSignInActivity(tx: Transaction): Promise<void> {
  await tx.query(
    `INSERT INTO sign_in_attempts (user_id, client_id, occurred_at, step, outcome, succeeded, ip, user_agent)
     SELECT s.user_id, s.client_id, s.started_at - interval '1 minute', 'password', 'wrong_password', false, s.ip, s.user_agent
       FROM sessions s
      WHERE s.started_at > now() - interval '90 days' AND s.session_id % 9 = 0
     UNION ALL
     SELECT s.user_id, s.client_id, s.started_at, 'password', 'signed_in', true, s.ip, s.user_agent
       FROM sessions s
      WHERE s.started_at > now() - interval '90 days'`,
  );
  // The people signed in now (insights.ts) mistyped their password first, two of each organisation.
  await tx.query(
    `INSERT INTO sign_in_attempts (user_id, client_id, occurred_at, step, outcome, succeeded, ip, user_agent)
     SELECT s.user_id, s.client_id, s.started_at - interval '2 minutes', 'password', 'wrong_password', false, s.ip, s.user_agent
       FROM (SELECT s.*, row_number() OVER (PARTITION BY s.client_id ORDER BY s.started_at DESC) AS rank
               FROM sessions s WHERE s.ended_at IS NULL AND s.started_at > now() - interval '1 day') s
      WHERE s.rank <= 2`,
  );
}
