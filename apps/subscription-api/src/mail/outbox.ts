import type { Queryable } from '#db/database';
import type { MailContent } from './templates';

/** A mail recorded in the outbox, ready to hand to the sender once its transaction has committed. */
export type QueuedMail = MailContent & {
  mailId: number;
  to: string;
  clientId: number | null;
  /** No mail server is set for it: it stays in the outbox, not queued, and its links go to the log. */
  kept?: boolean;
};

/**
 * Every mail is first a row of mail_outbox, written in the caller's transaction: a reset that
 * rolls back leaves no mail behind, and a mail the SMTP server refused can still be found. The row
 * keeps the mail as the outbox shows it too, each link's token hidden; the mail goes out from
 * the row's own parts, with their real links. A queued mail is due at once (`next_attempt_at`): the
 * mail queue takes it from there; `due: false` leaves it to its caller (a test mail sent while
 * the administrator waits).
 */
export async function insertIntoOutbox(
  db: Queryable,
  to: string,
  content: MailContent,
  clientId: number | null = null,
  { due = true }: { due?: boolean } = {},
): Promise<QueuedMail> {
  const [row] = await db.query<{ mail_id: number }>(
    `INSERT INTO mail_outbox (to_address, subject, template, text_body, html_body, masked_text_body, masked_html_body, client_id, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN now() END) RETURNING mail_id`,
    [to, content.subject, content.template, content.text, content.html, content.masked.text, content.masked.html, clientId, due],
  );
  return { ...content, mailId: row!.mail_id, to, clientId };
}
