import nodemailer from 'nodemailer';
import { logError, redactMessage } from '@yozy/shared';
import type { Queryable } from '../db/database';
import { insertIntoOutbox, type QueuedMail } from './outbox';
import type { MailContent } from './templates';

export type MailConfig = {
  /** The console's address; every mailed link starts with it. */
  publicUrl: string;
  from: string;
  /** Without it, mail stays in the outbox and its links go to the log. */
  smtpUrl?: string;
};

export const DEFAULT_MAIL_CONFIG: MailConfig = {
  publicUrl: 'http://localhost:4000',
  from: 'Yozy Admin <no-reply@yozy.local>',
};

export interface Mailer {
  readonly publicUrl: string;
  /** Writes the mail into the outbox through `db`, which may be an open transaction. */
  queue(db: Queryable, to: string, content: MailContent): Promise<QueuedMail>;
  /** Hands a queued mail to the sender; call it after the transaction that queued it committed. */
  dispatch(mail: QueuedMail): void;
  /** queue + dispatch, for mail written outside a transaction. */
  send(to: string, content: MailContent): Promise<QueuedMail>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

type Log = (message: string) => void;

/**
 * Mail of the service. Delivery runs after the HTTP answer and never fails the request: its
 * outcome is recorded on the outbox row (sent_at or error) and logged.
 */
export function createMailer(db: Queryable, config: MailConfig = DEFAULT_MAIL_CONFIG, log: Log = console.log): Mailer {
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        // A slow or unreachable mail server must not keep deliveries hanging for nodemailer's
        // default two minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
  const inFlight = new Set<Promise<void>>();

  async function deliver(mail: QueuedMail) {
    try {
      await transport!.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await db.query('UPDATE mail_outbox SET sent_at = now(), error = NULL WHERE mail_id = $1', [mail.mailId]);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A mail server's refusal often quotes the recipient: the log says which mail, not to whom.
      console.error(`subscription-api: mail ${mail.mailId} (${mail.template}) was not sent: ${redactMessage(reason)}`);
      await db
        .query('UPDATE mail_outbox SET error = $2 WHERE mail_id = $1', [mail.mailId, reason.slice(0, 1000)])
        .catch((cause: unknown) => logError(`subscription-api: could not record the failure of mail ${mail.mailId}`, cause));
    }
  }

  const mailer: Mailer = {
    publicUrl: config.publicUrl,
    queue: (q, to, content) => insertIntoOutbox(q, to, content),
    dispatch(mail) {
      if (!transport) {
        // Local use without a mail server: the person trying the console follows the link from here.
        const links = mail.links.map((link) => `\n    ${link}`).join('');
        log(`subscription-api: mail "${mail.subject}" to ${mail.to} kept in the outbox (no SMTP_URL)${links}`);
        return;
      }
      const delivery = deliver(mail).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async send(to, content) {
      const mail = await mailer.queue(db, to, content);
      mailer.dispatch(mail);
      return mail;
    },
    async idle() {
      while (inFlight.size) await Promise.all(inFlight);
    },
    close() {
      transport?.close();
    },
  };
  return mailer;
}
