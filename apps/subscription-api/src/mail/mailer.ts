import nodemailer, { type Transporter } from 'nodemailer';
import { logError, redactMessage } from '@yozy/shared';
import type { Queryable } from '../db/database';
import { PUBLIC_ONLY } from '../security/outboundAddress';
import { createSecretBox } from '../security/secretBox';
import { addressOf, deliveryOf, SMTP_TIMEOUTS, transportTo, type Delivery } from './delivery';
import { insertIntoOutbox, type QueuedMail } from './outbox';
import type { MailContent } from './templates';

export type MailConfig = {
  /** The console's address; every mailed link starts with it. */
  publicUrl: string;
  from: string;
  /** Without it, mail stays in the outbox and its links go to the log, unless an organisation has a server of its own. */
  smtpUrl?: string;
  /** Opens the SMTP passwords organisations keep in their email settings (SECRET_KEY). */
  secretKey?: string;
  /** Organisations' own servers may be on a private network (ALLOW_PRIVATE_NETWORK_SERVERS: trials, tests). */
  allowPrivateNetwork?: boolean;
};

export const DEFAULT_MAIL_CONFIG: MailConfig = {
  publicUrl: 'http://localhost:4000',
  from: 'Yozy Admin <no-reply@yozy.local>',
};

export interface Mailer {
  readonly publicUrl: string;
  /**
   * Writes the mail into the outbox through `db`, which may be an open transaction. `clientId` is
   * the organisation it is from: its email settings sign it and may send it through its own server.
   */
  queue(db: Queryable, to: string, content: MailContent, clientId?: number | null): Promise<QueuedMail>;
  /** Hands a queued mail to the sender; call it after the transaction that queued it committed. */
  dispatch(mail: QueuedMail): void;
  /** queue + dispatch, for mail written outside a transaction. */
  send(to: string, content: MailContent, clientId?: number | null): Promise<QueuedMail>;
  /**
   * Sends a mail now, as the organisation's mail goes, and waits for the server's answer: the
   * "Send test mail" of Email settings. It is kept in the outbox too; throws with the server's
   * reason when it is refused.
   */
  sendNow(clientId: number, to: string, content: MailContent): Promise<{ server: string }>;
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
  const fallback = config.smtpUrl ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const secretBox = config.secretKey ? createSecretBox(config.secretKey) : null;
  const inFlight = new Set<Promise<void>>();
  const policy = config.allowPrivateNetwork ? { allowPrivateNetwork: true } : PUBLIC_ONLY;

  /** The transport and sender of an organisation's mail; null when it has no server and there is no SMTP_URL. */
  async function route(
    delivery: Delivery,
  ): Promise<{ transport: Transporter; from: { name: string; address: string }; own: boolean; server: string } | null> {
    const name = delivery.senderName ?? /^\s*"?([^"<]*?)"?\s*</.exec(config.from)?.[1] ?? '';
    if (delivery.server) {
      return {
        transport: await transportTo(delivery.server, policy),
        from: { name, address: delivery.server.fromAddress },
        own: true,
        server: `${delivery.server.host}:${delivery.server.port}`,
      };
    }
    if (!fallback) return null;
    return { transport: fallback, from: { name, address: addressOf(config.from) }, own: false, server: 'the service’s mail server' };
  }

  async function transmit(delivery: Delivery, to: string, content: MailContent) {
    const via = await route(delivery);
    if (!via) throw new Error('No mail server is set: mail stays in the outbox');
    try {
      await via.transport.sendMail({
        from: via.from,
        replyTo: delivery.replyTo ?? undefined,
        to,
        subject: content.subject,
        text: content.text,
        html: content.html,
      });
    } finally {
      if (via.own) via.transport.close();
    }
    return via;
  }

  /**
   * Sends a queued mail as its organisation's mail goes and records what became of it on its
   * outbox row: sent, or the reason it was not (which is thrown on). Null when no server is set
   * and `keepWithoutServer` lets it stay in the outbox.
   */
  async function sendQueued(mail: QueuedMail, { keepWithoutServer }: { keepWithoutServer: boolean }): Promise<string | null> {
    try {
      const delivery = await deliveryOf(db, mail.clientId, secretBox);
      if (keepWithoutServer && !delivery.server && !fallback) return null;
      const via = await transmit(delivery, mail.to, mail);
      await db.query('UPDATE mail_outbox SET sent_at = now(), error = NULL WHERE mail_id = $1', [mail.mailId]);
      return via.server;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .query('UPDATE mail_outbox SET error = $2 WHERE mail_id = $1', [mail.mailId, reason.slice(0, 1000)])
        .catch((cause: unknown) => logError(`subscription-api: could not record the failure of mail ${mail.mailId}`, cause));
      throw error;
    }
  }

  async function deliver(mail: QueuedMail) {
    try {
      if ((await sendQueued(mail, { keepWithoutServer: true })) === null) keptInOutbox(mail);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // A mail server's refusal often quotes the recipient: the log says which mail, not to whom.
      console.error(`subscription-api: mail ${mail.mailId} (${mail.template}) was not sent: ${redactMessage(reason)}`);
    }
  }

  const mailer: Mailer = {
    publicUrl: config.publicUrl,
    queue: (q, to, content, clientId = null) => insertIntoOutbox(q, to, content, clientId),
    dispatch(mail) {
      const delivery = deliver(mail).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async send(to, content, clientId = null) {
      const mail = await mailer.queue(db, to, content, clientId);
      mailer.dispatch(mail);
      return mail;
    },
    async sendNow(clientId, to, content) {
      // Kept in the outbox like any mail, with what became of it; with no server at all, that is the reason.
      const mail = await insertIntoOutbox(db, to, content, clientId);
      return { server: (await sendQueued(mail, { keepWithoutServer: false }))! };
    },
    async idle() {
      while (inFlight.size) await Promise.all(inFlight);
    },
    close() {
      fallback?.close();
    },
  };
  return mailer;

  /** Local use without a mail server: the person trying the console follows the link from the log. */
  function keptInOutbox(mail: QueuedMail) {
    const links = mail.links.map((link) => `\n    ${link}`).join('');
    log(`subscription-api: mail "${mail.subject}" to ${mail.to} kept in the outbox (no SMTP_URL)${links}`);
  }
}
