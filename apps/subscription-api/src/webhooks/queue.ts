import type { Queryable } from '#db/database';

/** How deliveries are taken and tried again; every interval may be shortened for tests. */
export type WebhookQueueOptions = {
  /** The wait before the second try; each try after doubles it. */
  retryFirstMs: number;
  /** The longest wait between two tries. */
  retryMaxMs: number;
  /** How long a delivery is tried, from its first try, before it is given up and its endpoint paused. */
  retryForMs: number;
  /** How often a service looks for deliveries that have come due. */
  pollMs: number;
  /**
   * How long a service has an endpoint to itself while it delivers to it: well past the request's
   * limit, so two services never deliver to one endpoint at once (its events stay in order); a
   * service that stopped mid-way loses it after, and the delivery is tried again.
   */
  leaseMs: number;
  /** The limit of one request to an endpoint, from connecting to the answer's status. */
  requestTimeoutMs: number;
  /** How many endpoints one service delivers to at the same time (one delivery each). */
  parallel: number;
  /** How often a service looks for licences that come within 30 days of their end. */
  expiryCheckMs: number;
};

export const DEFAULT_WEBHOOK_QUEUE: WebhookQueueOptions = {
  retryFirstMs: 10_000,
  retryMaxMs: 3_600_000,
  retryForMs: 86_400_000,
  pollMs: 2_000,
  leaseMs: 120_000,
  requestTimeoutMs: 10_000,
  parallel: 4,
  expiryCheckMs: 3_600_000,
};

const seconds = (ms: number) => ms / 1000;

/** A delivery as the queue hands it out: the endpoint's address and secrets, and the event's message. */
export type ClaimedDelivery = {
  delivery_id: number;
  endpoint_id: number;
  client_id: number;
  url: string;
  secret_sealed: string;
  /** The secret before the last rotation, while it still signs beside the new one. */
  previous_secret_sealed: string | null;
  is_provider: boolean;
  message_id: string;
  event_type: string;
  payload: string;
  attempts: number;
  first_attempt_at: string | null;
};

/**
 * Takes the endpoint whose next delivery came due first, for `leaseMs`, in one statement: only
 * an endpoint that is not paused and that no service holds, and only its first pending delivery
 * (the queue's head), so each endpoint gets its events one at a time and in order.
 * FOR UPDATE SKIP LOCKED passes over an endpoint another service is taking at the same moment.
 * Null when nothing is due.
 */
export async function claimDueDelivery(db: Queryable, leaseMs: number): Promise<ClaimedDelivery | null> {
  const [claimed] = await db.query<{ endpoint_id: number; delivery_id: string }>(
    `WITH due AS (
       SELECT e.endpoint_id, head.delivery_id
         FROM webhook_endpoints e
         CROSS JOIN LATERAL (
           SELECT d.delivery_id, d.next_attempt_at FROM webhook_deliveries d
            WHERE d.endpoint_id = e.endpoint_id AND d.succeeded_at IS NULL AND d.failed_at IS NULL
            ORDER BY d.delivery_id LIMIT 1) head
        WHERE e.paused_at IS NULL AND (e.locked_until IS NULL OR e.locked_until < now()) AND head.next_attempt_at <= now()
        ORDER BY head.next_attempt_at, e.endpoint_id
        LIMIT 1
        FOR UPDATE OF e SKIP LOCKED
     )
     UPDATE webhook_endpoints e SET locked_until = now() + make_interval(secs => $1::float8)
       FROM due WHERE e.endpoint_id = due.endpoint_id
     RETURNING e.endpoint_id, due.delivery_id::text`,
    [seconds(leaseMs)],
  );
  if (!claimed) return null;
  const [delivery] = await db.query<ClaimedDelivery>(
    `SELECT d.delivery_id::int, e.endpoint_id, e.client_id, e.url, e.secret_sealed,
            CASE WHEN e.previous_secret_until > now() THEN e.previous_secret_sealed END AS previous_secret_sealed,
            c.is_provider, ev.message_id, ev.event_type, ev.payload, d.attempts, d.first_attempt_at::text
       FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.endpoint_id = d.endpoint_id
       JOIN clients c ON c.client_id = e.client_id
       JOIN webhook_events ev ON ev.event_id = d.event_id
      WHERE d.delivery_id = $1`,
    [claimed.delivery_id],
  );
  return delivery ?? null;
}

/** What one try got back: the answer's status (null when there was none) and, when it failed, why. */
export type TryOutcome = { status: number | null; error: string | null };

/** The endpoint took the event (2xx): the delivery is done and the endpoint free for the next. */
export async function markDelivered(db: Queryable, delivery: ClaimedDelivery, outcome: TryOutcome): Promise<void> {
  await db.query(
    `WITH done AS (
       UPDATE webhook_deliveries
          SET attempts = attempts + 1, succeeded_at = now(), last_attempt_at = now(), first_attempt_at = coalesce(first_attempt_at, now()),
              response_status = $2, error = NULL
        WHERE delivery_id = $1)
     UPDATE webhook_endpoints SET locked_until = NULL WHERE endpoint_id = $3`,
    [delivery.delivery_id, outcome.status, delivery.endpoint_id],
  );
}

/**
 * The try failed: the delivery is due again after `delayMs`, or, when that would be past its day
 * of tries, given up and its endpoint paused (FAILING); run it in a transaction with what else
 * the pause does (the admins' mail). Answers which.
 */
export async function markFailedTry(
  db: Queryable,
  delivery: ClaimedDelivery,
  outcome: TryOutcome,
  delayMs: number,
  retryForMs: number,
): Promise<{ gaveUp: boolean; attempts: number; nextAttemptAt: string | null }> {
  const [row] = await db.query<{ gave_up: boolean; attempts: number; next_attempt_at: string | null }>(
    `UPDATE webhook_deliveries
        SET attempts = attempts + 1, last_attempt_at = now(), first_attempt_at = coalesce(first_attempt_at, now()),
            response_status = $2, error = $3,
            failed_at = CASE WHEN now() + make_interval(secs => $4::float8) > coalesce(first_attempt_at, now()) + make_interval(secs => $5::float8)
                             THEN now() END,
            next_attempt_at = now() + make_interval(secs => $4::float8)
      WHERE delivery_id = $1
      RETURNING failed_at IS NOT NULL AS gave_up, attempts, CASE WHEN failed_at IS NULL THEN next_attempt_at::text END AS next_attempt_at`,
    [delivery.delivery_id, outcome.status, outcome.error?.slice(0, 1000) ?? null, seconds(delayMs), seconds(retryForMs)],
  );
  const gaveUp = row?.gave_up ?? false;
  await db.query(
    `UPDATE webhook_endpoints
        SET locked_until = NULL,
            paused_at = CASE WHEN $2 THEN now() ELSE paused_at END,
            pause_reason = CASE WHEN $2 THEN 'FAILING' ELSE pause_reason END,
            updated_at = CASE WHEN $2 THEN now() ELSE updated_at END
      WHERE endpoint_id = $1`,
    [delivery.endpoint_id, gaveUp],
  );
  return { gaveUp, attempts: row?.attempts ?? 0, nextAttemptAt: row?.next_attempt_at ?? null };
}

/** Lets go of an endpoint without a try (its secret could not be opened): tried again after `delayMs`. */
export async function release(db: Queryable, delivery: ClaimedDelivery, error: string, delayMs: number): Promise<void> {
  await db.query(
    `WITH later AS (
       UPDATE webhook_deliveries SET error = $2, next_attempt_at = now() + make_interval(secs => $4::float8) WHERE delivery_id = $1)
     UPDATE webhook_endpoints SET locked_until = NULL WHERE endpoint_id = $3`,
    [delivery.delivery_id, error, delivery.endpoint_id, seconds(delayMs)],
  );
}

/**
 * The wait after the `attempt`-th failed try: 10 s, 20 s, 40 s, … doubling, each spread by up to
 * a fifth either way so endpoints failing together do not all come back together, never more
 * than the cap (an hour).
 */
export function retryDelay(
  attempt: number,
  options: Pick<WebhookQueueOptions, 'retryFirstMs' | 'retryMaxMs'>,
  random = Math.random,
): number {
  const exponential = options.retryFirstMs * 2 ** Math.min(attempt - 1, 40);
  return Math.round(Math.min(options.retryMaxMs, exponential * (0.8 + 0.4 * random())));
}
