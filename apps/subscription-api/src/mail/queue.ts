import type { Queryable } from '#db/database';

/** How the outbox is worked as a queue; every interval may be shortened for tests. */
export type MailQueueOptions = {
  /** The wait before the second try; each try after doubles it (MAIL_RETRY_FIRST_SECONDS). */
  retryFirstMs: number;
  /** The longest wait between two tries (MAIL_RETRY_MAX_SECONDS). */
  retryMaxMs: number;
  /** How long a mail is tried before it is given up, from its first try (MAIL_RETRY_FOR_SECONDS). */
  retryForMs: number;
  /** How often a service looks for mail that has come due (MAIL_QUEUE_POLL_SECONDS). */
  pollMs: number;
  /**
   * How long a service has a mail to itself while it sends it: longer than any delivery takes (the
   * SMTP timeouts), so a mail is never sent twice; a service that stopped mid-way loses it after.
   */
  leaseMs: number;
};

export const DEFAULT_MAIL_QUEUE: MailQueueOptions = {
  retryFirstMs: 30_000,
  retryMaxMs: 3_600_000,
  retryForMs: 86_400_000,
  pollMs: 5_000,
  leaseMs: 300_000,
};

/**
 * The wait after the `attempt`-th failed try: 30 s, 1 min, 2 min, … doubling, each spread by up to
 * a fifth either way so mails refused together do not all come back together, and never more than
 * the cap (an hour).
 */
export function retryDelay(attempt: number, options: Pick<MailQueueOptions, 'retryFirstMs' | 'retryMaxMs'>, random = Math.random): number {
  const exponential = options.retryFirstMs * 2 ** Math.min(attempt - 1, 40);
  return Math.round(Math.min(options.retryMaxMs, exponential * (0.8 + 0.4 * random())));
}

/** A mail as the queue hands it out: its parts with their real links, and its tries so far. */
export type ClaimedMail = {
  mail_id: number;
  to_address: string;
  subject: string;
  template: string;
  text_body: string;
  html_body: string;
  client_id: number | null;
  attempts: number;
};

const seconds = (ms: number) => ms / 1000;

/**
 * Takes the mail due first (or the mail `mailId`, if it is due) for `leaseMs`, in one statement:
 * FOR UPDATE SKIP LOCKED passes over a mail another service is taking at the same moment, and
 * the lease keeps it from every other service until it runs out. Null when nothing is due.
 */
export async function claimDueMail(db: Queryable, leaseMs: number, mailId: number | null = null): Promise<ClaimedMail | null> {
  const [mail] = await db.query<ClaimedMail>(
    `UPDATE mail_outbox m SET locked_until = now() + make_interval(secs => $1::float8)
       FROM (SELECT mail_id FROM mail_outbox
              WHERE next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
                AND ($2::int IS NULL OR mail_id = $2::int)
              ORDER BY next_attempt_at, mail_id LIMIT 1
                FOR UPDATE SKIP LOCKED) due
      WHERE m.mail_id = due.mail_id
      RETURNING m.mail_id, m.to_address, m.subject, m.template, m.text_body, m.html_body, m.client_id, m.attempts`,
    [seconds(leaseMs), mailId],
  );
  return mail ?? null;
}

/** A server took the mail. */
export async function markSent(db: Queryable, mailId: number): Promise<void> {
  await db.query(
    `UPDATE mail_outbox SET sent_at = now(), error = NULL, attempts = attempts + 1, next_attempt_at = NULL, locked_until = NULL
      WHERE mail_id = $1`,
    [mailId],
  );
}

/** No mail server is set: the mail stays in the outbox, no longer due. */
export async function markKept(db: Queryable, mailId: number): Promise<void> {
  await db.query('UPDATE mail_outbox SET next_attempt_at = NULL, locked_until = NULL WHERE mail_id = $1', [mailId]);
}

/**
 * The try failed with `reason`: the mail is due again after `delayMs`, or given up when that
 * would be past its day of tries (`retryForMs` after it was queued). Answers which.
 */
export async function markFailedTry(
  db: Queryable,
  mailId: number,
  reason: string,
  delayMs: number,
  retryForMs: number,
): Promise<{ failed: boolean; attempts: number; nextAttemptAt: string | null }> {
  const [row] = await db.query<{ failed: boolean; attempts: number; next_attempt_at: string | null }>(
    `UPDATE mail_outbox
        SET attempts = attempts + 1, error = $2, locked_until = NULL,
            failed_at = CASE WHEN now() + make_interval(secs => $3::float8) > queued_at + make_interval(secs => $4::float8) THEN now() END,
            next_attempt_at = CASE WHEN now() + make_interval(secs => $3::float8) > queued_at + make_interval(secs => $4::float8)
                                   THEN NULL ELSE now() + make_interval(secs => $3::float8) END
      WHERE mail_id = $1
      RETURNING failed_at IS NOT NULL AS failed, attempts, next_attempt_at::text`,
    [mailId, reason.slice(0, 1000), seconds(delayMs), seconds(retryForMs)],
  );
  return { failed: row?.failed ?? false, attempts: row?.attempts ?? 0, nextAttemptAt: row?.next_attempt_at ?? null };
}

/** A test mail the server refused, while the administrator waited: given up at once, with the reason. */
export async function markGivenUp(db: Queryable, mailId: number, reason: string): Promise<void> {
  await db.query(
    'UPDATE mail_outbox SET attempts = attempts + 1, error = $2, failed_at = now(), next_attempt_at = NULL, locked_until = NULL WHERE mail_id = $1',
    [mailId, reason.slice(0, 1000)],
  );
}
