import { Counter, createServiceMetrics, Gauge, type ServiceMetrics } from '@yozy/shared/metrics';
import type { Database } from './db/database';

/**
 * The REST service's metrics: every service's (requests, latency, process), the database pool's
 * use, the SQL statements sent (`npm run bench` counts them per operation), and the mail queue:
 * how many mails wait and how long the oldest has waited. The last two are read from the database
 * when Prometheus scrapes, not kept in memory, so every instance on one database reports the same queue.
 */
export function serviceMetrics(db: Database): ServiceMetrics {
  const metrics = createServiceMetrics('subscription_api');
  const { registry, prefix } = metrics;
  new Gauge({
    name: `${prefix}db_pool_connections`,
    help: 'PostgreSQL connections of this instance by state: open, idle, max; and requests waiting for one (waiting). Absent on the embedded database.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = db.poolUse();
      if (!use) return;
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });
  // Read from the database's own tally when Prometheus scrapes: nothing is added to the statements' path.
  let statementsCounted = 0;
  new Counter({
    name: `${prefix}db_statements_total`,
    help: 'SQL statements sent to the database (queries and scripts, in transactions or not; BEGIN, COMMIT and ROLLBACK not counted)',
    registers: [registry],
    collect() {
      const statements = db.statements();
      this.inc(statements - statementsCounted);
      statementsCounted = statements;
    },
  });
  const queue = async () => (await db.query<{ depth: number; oldest: number | null }>(MAIL_QUEUE_SQL))[0]!;
  new Gauge({
    name: `${prefix}mail_queue_depth`,
    help: 'Mails written to the outbox and not yet delivered or given up',
    registers: [registry],
    async collect() {
      this.set((await queue()).depth);
    },
  });
  new Gauge({
    name: `${prefix}mail_queue_oldest_seconds`,
    help: 'How long the oldest mail not yet delivered has waited (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set((await queue()).oldest ?? 0);
    },
  });
  const webhooks = async () => (await db.query<{ depth: number; oldest: number | null; paused: number }>(WEBHOOK_QUEUE_SQL))[0]!;
  new Gauge({
    name: `${prefix}webhook_queue_depth`,
    help: 'Webhook deliveries not yet taken by their endpoint nor given up, paused endpoints’ included',
    registers: [registry],
    async collect() {
      this.set((await webhooks()).depth);
    },
  });
  new Gauge({
    name: `${prefix}webhook_queue_oldest_seconds`,
    help: 'How long the oldest webhook delivery not yet taken has waited, paused endpoints’ left out (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set((await webhooks()).oldest ?? 0);
    },
  });
  new Gauge({
    name: `${prefix}webhook_endpoints_paused_failing`,
    help: 'Webhook endpoints paused after failing for a day',
    registers: [registry],
    async collect() {
      this.set((await webhooks()).paused);
    },
  });
  return metrics;
}

/** The webhook deliveries still to make (webhook_deliveries_pending_idx), and the endpoints paused for failing. */
const WEBHOOK_QUEUE_SQL = `
  SELECT count(*)::int AS depth,
         extract(epoch FROM now() - min(d.created_at) FILTER (WHERE e.paused_at IS NULL))::float8 AS oldest,
         (SELECT count(*)::int FROM webhook_endpoints WHERE pause_reason = 'FAILING') AS paused
    FROM webhook_deliveries d JOIN webhook_endpoints e ON e.endpoint_id = d.endpoint_id
   WHERE d.succeeded_at IS NULL AND d.failed_at IS NULL`;

/** The mails still to send: due now or later (mail_outbox_due_idx); neither sent, given up, nor kept for want of a server. */
const MAIL_QUEUE_SQL = `
  SELECT count(*)::int AS depth, extract(epoch FROM now() - min(queued_at))::float8 AS oldest
  FROM mail_outbox WHERE next_attempt_at IS NOT NULL`;
