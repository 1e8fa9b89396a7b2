import nodemailer, { type Transporter } from 'nodemailer';
import { logError, redactMessage } from '@yozy/shared';
import type { Queryable } from '#db/database';
import { PUBLIC_ONLY } from '#security/outboundAddress';
import { createSecretBox } from '#security/secretBox';
import { addressOf, deliveryOf, SMTP_TIMEOUTS, transportTo, type Delivery } from './delivery';
import { insertIntoOutbox, type QueuedMail } from './outbox';
import {
  claimDueMail,
  DEFAULT_MAIL_QUEUE,
  markFailedTry,
  markGivenUp,
  markKept,
  markSent,
  retryDelay,
  type ClaimedMail,
  type MailQueueOptions,
} from './queue';
import type { MailContent } from './templates';

export type MailConfig = {
  /** The console's address; every mailed link starts with it. */
  publicUrl: string;
  from: string;
  /** Without it, mail stays in the outbox and its links go to the log, unless an organisation has a server of its own. */
  smtpUrl?: string;
  /** Opens the SMTP passwords organisations keep in their email settings (SECRET_KEY). */
  secretKey?: string;
  /** While SECRET_KEY is rotated, the key before (SECRET_KEY_PREVIOUS). */
  previousSecretKey?: string;
  /** Organisations' own servers may be on a private network (ALLOW_PRIVATE_NETWORK_SERVERS: trials, tests). */
  allowPrivateNetwork?: boolean;
  /** How mail no server took is tried again (MAIL_RETRY_*, MAIL_QUEUE_POLL_SECONDS); the defaults otherwise. */
  queue?: Partial<MailQueueOptions>;
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
  /**
   * Sends a queued mail now rather than at the queue's next look; call it after the transaction
   * that queued it committed. It takes the mail from the queue as the queue does, so it is sent
   * once even if another service takes it first.
   */
  dispatch(mail: Pick<QueuedMail, 'mailId'> & Partial<Pick<QueuedMail, 'links' | 'kept' | 'subject' | 'to'>>): void;
  /** queue + dispatch, for mail written outside a transaction. */
  send(to: string, content: MailContent, clientId?: number | null): Promise<QueuedMail>;
  /**
   * Sends a mail now, as the organisation's mail goes, and waits for the server's answer: the
   * "Send test mail" of Email settings. It is kept in the outbox too, never tried again; throws
   * with the server's reason when it is refused. With no mail server set at all, the mail stays in
   * the outbox as every mail does then (its server is null).
   */
  sendNow(clientId: number, to: string, content: MailContent): Promise<{ server: string | null }>;
  /**
   * Starts the queue: every `pollMs`, this service sends the mail that has come due (queued and not
   * yet taken, or due to be tried again), one at a time. Call it once the database is migrated.
   */
  start(): void;
  /** Stops taking mail from the queue; the delivery under way finishes (wait with `idle`). */
  stop(): void;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops the queue and closes the service's mail server connection. */
  close(): void;
}

type Log = (message: string) => void;

/**
 * Mail of the service, through the outbox as a queue. Delivery runs after the HTTP answer and
 * never fails the request: a mail no server took (down, refusing, too slow) is tried again later
 * and later (`retryDelay`) for a day, then given up with the server's reason; with no mail server
 * set at all, it stays in the outbox and its links go to the log. Each service on the database
 * takes due mail in turn (`claimDueMail`), so each mail goes out once.
 */
export function createMailer(db: Queryable, config: MailConfig = DEFAULT_MAIL_CONFIG, log: Log = console.log): Mailer {
  const fallback = config.smtpUrl ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const secretBox = config.secretKey ? createSecretBox(config.secretKey, config.previousSecretKey) : null;
  const inFlight = new Set<Promise<void>>();
  const policy = config.allowPrivateNetwork ? { allowPrivateNetwork: true } : PUBLIC_ONLY;
  const options: MailQueueOptions = { ...DEFAULT_MAIL_QUEUE, ...config.queue };
  let timer: NodeJS.Timeout | null = null;
  let running = false;

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

  /** Hands the mail to its organisation's server; the server's name, or null when no server is set. */
  async function transmit(mail: ClaimedMail): Promise<string | null> {
    const delivery = await deliveryOf(db, mail.client_id, secretBox);
    const via = await route(delivery);
    if (!via) return null;
    try {
      await via.transport.sendMail({
        from: via.from,
        replyTo: delivery.replyTo ?? undefined,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
      });
    } finally {
      if (via.own) via.transport.close();
    }
    return via.server;
  }

  /** Sends a mail taken from the queue and records what became of it; never throws. */
  async function deliver(mail: ClaimedMail, links?: readonly string[]) {
    let server: string | null;
    try {
      server = await transmit(mail);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const outcome = await markFailedTry(db, mail.mail_id, reason, retryDelay(mail.attempts + 1, options), options.retryForMs).catch(
        (cause: unknown) => logError(`subscription-api: could not record the failure of mail ${mail.mail_id}`, cause),
      );
      const then = !outcome ? '' : outcome.failed ? '; given up' : `; try ${outcome.attempts + 1} at ${outcome.nextAttemptAt}`;
      // A mail server's refusal often quotes the recipient: the log says which mail, not to whom.
      console.error(`subscription-api: mail ${mail.mail_id} (${mail.template}) was not sent: ${redactMessage(reason)}${then}`);
      return;
    }
    // Taken by a server, so never a failed try; should recording that fail, the mail is sent again once its lease runs out: never lost.
    try {
      if (server === null) {
        await markKept(db, mail.mail_id);
        keptInOutbox(mail, links ?? linksIn(mail.text_body));
      } else {
        await markSent(db, mail.mail_id);
      }
    } catch (error) {
      logError(`subscription-api: could not record what became of mail ${mail.mail_id}`, error);
    }
  }

  function track(work: Promise<void>) {
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return tracked;
  }

  /** Sends due mail one at a time until none is due or the queue is stopped. */
  async function work() {
    while (timer) {
      const mail = await claimDueMail(db, options.leaseMs);
      if (!mail) return;
      await deliver(mail);
    }
  }

  function poll() {
    if (running || !timer) return;
    running = true;
    void track(
      work()
        .catch((error: unknown) => logError('subscription-api: the mail queue could not be read', error))
        .finally(() => {
          running = false;
        }),
    );
  }

  const mailer: Mailer = {
    publicUrl: config.publicUrl,
    async queue(q, to, content, clientId = null) {
      // With no server to send it through, the mail stays in the outbox from the start, as it always has.
      const kept = !fallback && !(await hasServer(q, clientId));
      return { ...(await insertIntoOutbox(q, to, content, clientId, { due: !kept })), kept };
    },
    dispatch(mail) {
      if (mail.kept) {
        keptInOutbox(mail, mail.links ?? []);
        return;
      }
      void track(
        claimDueMail(db, options.leaseMs, mail.mailId)
          .then((claimed) => (claimed ? deliver(claimed, mail.links) : undefined))
          .catch((error: unknown) => logError(`subscription-api: mail ${mail.mailId} could not be taken from the queue`, error)),
      );
    },
    async send(to, content, clientId = null) {
      const mail = await mailer.queue(db, to, content, clientId);
      mailer.dispatch(mail);
      return mail;
    },
    async sendNow(clientId, to, content) {
      // Kept in the outbox like any mail, with what became of it; with no server at all, it stays
      // there as all mail does then (never due, so never taken from the queue).
      const queued = await insertIntoOutbox(db, to, content, clientId, { due: false });
      const mail: ClaimedMail = {
        mail_id: queued.mailId,
        to_address: to,
        subject: content.subject,
        template: content.template,
        text_body: content.text,
        html_body: content.html,
        client_id: clientId,
        attempts: 0,
      };
      try {
        const server = await transmit(mail);
        if (server === null) {
          keptInOutbox(mail, []);
          return { server: null };
        }
        await markSent(db, mail.mail_id);
        return { server };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await markGivenUp(db, mail.mail_id, reason).catch((cause: unknown) =>
          logError(`subscription-api: could not record the failure of mail ${mail.mail_id}`, cause),
        );
        throw error;
      }
    },
    start() {
      if (timer) return;
      timer = setInterval(poll, options.pollMs);
      timer.unref();
      poll();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    async idle() {
      while (inFlight.size) await Promise.all(inFlight);
    },
    close() {
      mailer.stop();
      fallback?.close();
    },
  };
  return mailer;

  /** Local use without a mail server: the person trying the console follows the link from the log. */
  function keptInOutbox(mail: { subject?: string; to?: string; to_address?: string }, links: readonly string[]) {
    const lines = links.map((link) => `\n    ${link}`).join('');
    log(`subscription-api: mail "${mail.subject ?? ''}" to ${mail.to ?? mail.to_address ?? ''} kept in the outbox (no SMTP_URL)${lines}`);
  }

  /** Whether the organisation's mail has a server of its own or the provider's to go through (SMTP_URL aside). */
  async function hasServer(q: Queryable, clientId: number | null): Promise<boolean> {
    try {
      return (await deliveryOf(q, clientId, secretBox)).server !== null;
    } catch {
      // A server whose password cannot be opened is still a server: the queue records why it fails.
      return true;
    }
  }

  /** The console's links in a mail's text, for a mail this service did not write itself. */
  function linksIn(text: string): string[] {
    return text.split(/\s+/).filter((word) => word.startsWith(`${config.publicUrl}/`));
  }
}
