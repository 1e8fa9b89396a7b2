import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { logError, ORGANIZATION_WEBHOOKS_PATH, PROVIDER_WEBHOOKS_PATH, redactMessage } from '@yozy/shared';
import type { Database, Queryable } from '#db/database';
import type { Mailer } from '#mail/mailer';
import type { QueuedMail } from '#mail/outbox';
import { webhookPausedMail } from '#mail/templates';
import { guardedLookup, isPublicAddress, PrivateAddressError, reasonOf, type OutboundPolicy } from '#security/outboundAddress';
import type { SecretBox } from '#security/secretBox';
import { emit, idOf } from './events';
import {
  claimDueDelivery,
  DEFAULT_WEBHOOK_QUEUE,
  markDelivered,
  markFailedTry,
  release,
  retryDelay,
  type ClaimedDelivery,
  type TryOutcome,
  type WebhookQueueOptions,
} from './queue';
import { webhookSecretContext } from './secrets';

export type WebhookDelivererConfig = {
  /** Opens the endpoints' signing secrets (SECRET_KEY). */
  secretBox: SecretBox;
  /** Mails an endpoint's admins when it is paused. */
  mailer: Mailer;
  /** Organisations' endpoints may be on a private network (ALLOW_PRIVATE_NETWORK_SERVERS: trials, tests). */
  allowPrivateNetwork?: boolean;
  /** The queue's timings; the defaults otherwise. */
  queue?: Partial<WebhookQueueOptions>;
};

export interface WebhookDeliverer {
  /**
   * Starts the queue: every `pollMs`, this service delivers what has come due, up to `parallel`
   * endpoints at a time, and every `expiryCheckMs` it tells of licences that come within 30 days
   * of their end. Call it once the database is migrated.
   */
  start(): void;
  /** Takes no more deliveries; those under way finish (wait with `idle`). */
  stop(): void;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/** The request's headers beside the three of Standard Webhooks. */
const USER_AGENT = 'Yozy-Webhooks/1';

/**
 * Delivers the events of the webhook queue (webhook_deliveries) to their endpoints, as Standard
 * Webhooks says: a POST of the event's JSON with `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` (signed by the `standardwebhooks` library, with the previous secret too
 * for a day after a rotation). An answer of 2xx within the limit is a delivery; anything else
 * (another status, a redirect, which is never followed, no answer within 10 s, a refused
 * address) is a failed try, tried again later and later for a day, after which the endpoint is
 * paused and its admins are mailed. Every service on the database takes due endpoints in turn
 * (`claimDueDelivery`), one delivery per endpoint at a time: each event reaches each endpoint at
 * least once, in order.
 */
export function createWebhookDeliverer(db: Database, config: WebhookDelivererConfig): WebhookDeliverer {
  const options: WebhookQueueOptions = { ...DEFAULT_WEBHOOK_QUEUE, ...config.queue };
  const organisations: OutboundPolicy = { allowPrivateNetwork: config.allowPrivateNetwork ?? false };
  // The provider's own endpoints are its operators' systems, which may be on their private network, as its mail server may.
  const providers: OutboundPolicy = { allowPrivateNetwork: true };
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let workers = 0;
  let lastExpiryCheck = 0;

  function track(work: Promise<void>) {
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    return tracked;
  }

  /** Delivers due events one at a time until none is due or the queue is stopped. */
  async function work() {
    while (timer) {
      const delivery = await claimDueDelivery(db, options.leaseMs);
      if (!delivery) return;
      await deliver(delivery);
    }
  }

  async function deliver(delivery: ClaimedDelivery) {
    let secrets: string[];
    try {
      const context = webhookSecretContext(delivery.endpoint_id);
      secrets = [delivery.secret_sealed, delivery.previous_secret_sealed]
        .filter((sealed): sealed is string => sealed !== null)
        .map((sealed) => config.secretBox.open(sealed, context));
    } catch (error) {
      // Not the endpoint's fault: it is tried again later, and nothing counts against it.
      logError(`subscription-api: the secret of webhook endpoint ${delivery.endpoint_id} cannot be opened`, error);
      await release(db, delivery, 'The signing secret cannot be opened (SECRET_KEY changed?)', options.retryMaxMs).catch(() => undefined);
      return;
    }
    const outcome = await post(delivery, secrets, delivery.is_provider ? providers : organisations, options.requestTimeoutMs);
    try {
      if (outcome.error === null) {
        await markDelivered(db, delivery, outcome);
        return;
      }
      const mails = await db.transaction(async (tx) => {
        const tried = await markFailedTry(tx, delivery, outcome, retryDelay(delivery.attempts + 1, options), options.retryForMs);
        return tried.gaveUp ? mailAdmins(tx, delivery, outcome.error!) : [];
      });
      for (const mail of mails) config.mailer.dispatch(mail);
    } catch (error) {
      // Unrecorded, the lease runs out and the delivery is made again: never lost.
      logError(`subscription-api: could not record what became of webhook delivery ${delivery.delivery_id}`, error);
    }
  }

  /** Tells the endpoint's admins it was paused: the organisation's admins, or the provider's SuperAdmins for its own. */
  async function mailAdmins(tx: Queryable, delivery: ClaimedDelivery, reason: string): Promise<QueuedMail[]> {
    const [about] = await tx.query<{ company_name: string; waiting: number }>(
      `SELECT c.company_name,
              (SELECT count(*)::int FROM webhook_deliveries d
                WHERE d.endpoint_id = $1 AND d.succeeded_at IS NULL AND d.failed_at IS NULL) AS waiting
         FROM clients c WHERE c.client_id = $2`,
      [delivery.endpoint_id, delivery.client_id],
    );
    const admins = await tx.query<{ email: string }>(
      `SELECT u.email FROM client_users u
        WHERE u.is_active AND u.client_id = $1 AND u.type_of_user = CASE WHEN $2 THEN 'SuperAdmin' ELSE 'OrgAdmin' END
        ORDER BY u.user_id`,
      [delivery.client_id, delivery.is_provider],
    );
    const content = webhookPausedMail({
      publicUrl: config.mailer.publicUrl,
      url: delivery.url,
      organization: about?.company_name ?? 'the organization',
      reason,
      waiting: about?.waiting ?? 0,
      settingsPath: delivery.is_provider ? PROVIDER_WEBHOOKS_PATH : ORGANIZATION_WEBHOOKS_PATH,
    });
    const mails: QueuedMail[] = [];
    for (const admin of admins) mails.push(await config.mailer.queue(tx, admin.email, content, delivery.client_id));
    return mails;
  }

  /** Tells of each live licence that has come within 30 days of its last day, once for that day. */
  async function tellExpiringLicences() {
    await db.transaction(async (tx) => {
      const noticed = await tx.query<{ licence_id: number; client_id: number; product_id: number; valid_till: string; days_left: number }>(
        `WITH due AS (
           SELECT l.licence_id, l.client_id, l.product_id, l.valid_till
             FROM licences l
            WHERE l.is_active AND l.valid_till >= current_date AND l.valid_till <= current_date + 30
         ), noticed AS (
           INSERT INTO webhook_licence_expiry_notices (licence_id, valid_till)
           SELECT licence_id, valid_till FROM due
           ON CONFLICT DO NOTHING
           RETURNING licence_id, valid_till
         )
         SELECT due.licence_id, due.client_id, due.product_id, to_char(due.valid_till, 'YYYY-MM-DD') AS valid_till,
                (due.valid_till - current_date)::int AS days_left
           FROM noticed JOIN due USING (licence_id, valid_till)
          ORDER BY due.valid_till, due.licence_id`,
      );
      for (const licence of noticed) {
        await emit(tx, {
          clientId: licence.client_id,
          type: 'licence.expiring',
          data: {
            organizationId: idOf(licence.client_id),
            licenceId: idOf(licence.licence_id),
            productId: idOf(licence.product_id),
            validTill: licence.valid_till,
            daysLeft: licence.days_left,
          },
        });
      }
    });
  }

  function poll() {
    if (!timer) return;
    if (Date.now() - lastExpiryCheck >= options.expiryCheckMs) {
      lastExpiryCheck = Date.now();
      void track(
        tellExpiringLicences().catch((error: unknown) => logError('subscription-api: expiring licences could not be told', error)),
      );
    }
    while (timer && workers < options.parallel) {
      workers += 1;
      void track(
        work()
          .catch((error: unknown) => logError('subscription-api: the webhook queue could not be read', error))
          .finally(() => {
            workers -= 1;
          }),
      );
    }
  }

  return {
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
  };
}

/**
 * One try: the event POSTed to the endpoint, signed with each of its secrets, on a connection to
 * an address the policy allows (checked as it connects, so a name cannot change in between), with
 * no redirect followed and nothing awaited past `timeoutMs`. The answer's body is not read.
 */
export function post(
  delivery: ClaimedDelivery,
  secrets: readonly string[],
  policy: OutboundPolicy,
  timeoutMs: number,
): Promise<TryOutcome> {
  const target = new URL(delivery.url);
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !policy.allowPrivateNetwork && !isPublicAddress(literal)) {
    return Promise.resolve({ status: null, error: new PrivateAddressError(target.hostname).message });
  }
  const at = new Date();
  const signature = secrets.map((secret) => new Webhook(secret).sign(delivery.message_id, at, delivery.payload)).join(' ');
  const body = Buffer.from(delivery.payload, 'utf8');
  return new Promise((resolve) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        agent: false,
        lookup: guardedLookup(policy),
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'user-agent': USER_AGENT,
          'webhook-id': delivery.message_id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (answer) => {
        const status = answer.statusCode ?? 0;
        answer.destroy();
        if (status >= 200 && status < 300) resolve({ status, error: null });
        else if (status >= 300 && status < 400)
          resolve({ status, error: `The endpoint answered ${status}, a redirect, which is not followed` });
        else resolve({ status, error: `The endpoint answered ${status}` });
      },
    );
    request.on('error', (error: Error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        status: null,
        error: timedOut ? `The endpoint did not answer within ${Math.round(timeoutMs / 1000)} seconds` : redactMessage(reasonOf(error)),
      });
    });
    request.end(body);
  });
}
