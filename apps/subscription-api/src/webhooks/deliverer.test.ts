import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#db/database';
import { migrate } from '#db/migrate';
import { createMailer, DEFAULT_MAIL_CONFIG } from '#mail/mailer';
import { createSecretBox } from '#security/secretBox';
import { openTestDatabase } from '#testing/testDatabase';
import { scratchPostgres, TEST_DATABASE_KINDS } from '#testing/testDatabases';
import { createWebhookDeliverer, type WebhookDeliverer } from './deliverer';
import { emit } from './events';
import { retryDelay } from './queue';
import { newWebhookSecret, webhookSecretContext } from './secrets';

const SECRET_KEY = 'webhook-deliverer-tests-secret-key-0123456789';

/** Waits until `check` holds, looking every 50 ms, for at most `timeoutMs`. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the wait between tries', () => {
  it('doubles from the first wait, spread by a fifth either way, and never passes the cap', () => {
    const options = { retryFirstMs: 10_000, retryMaxMs: 3_600_000 };
    expect(retryDelay(1, options, () => 0.5)).toBe(10_000);
    expect(retryDelay(2, options, () => 0.5)).toBe(20_000);
    expect(retryDelay(5, options, () => 0.5)).toBe(160_000);
    expect(retryDelay(1, options, () => 0)).toBe(8_000);
    expect(retryDelay(1, options, () => 1)).toBe(12_000);
    expect(retryDelay(30, options, () => 1)).toBe(3_600_000);
  });
});

describe.each(TEST_DATABASE_KINDS)('two services delivering from one %s database', (kind) => {
  let dbs: Database[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let receiver: Server;
  let deliverers: WebhookDeliverer[] = [];
  /** What each endpoint got: the event's sequence number per request, and how many requests were open at once. */
  const got = new Map<string, number[]>();
  const open = new Map<string, number>();
  let mostOpenAtOnce = 0;
  let unverified = 0;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const path = req.url!;
      open.set(path, (open.get(path) ?? 0) + 1);
      mostOpenAtOnce = Math.max(mostOpenAtOnce, open.get(path)!);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        try {
          new Webhook(secrets.get(path)!).verify(body, req.headers as Record<string, string>);
        } catch {
          unverified += 1;
        }
        const { data } = JSON.parse(body) as { data: { groupId: string } };
        got.set(path, [...(got.get(path) ?? []), Number(data.groupId)]);
        // Each endpoint is slow, and refuses about one request in four: its retries must keep the order.
        setTimeout(() => {
          open.set(path, open.get(path)! - 1);
          res.writeHead(Math.random() < 0.25 ? 500 : 204).end();
        }, 5);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

    if (kind === 'postgres') {
      const scratch = await scratchPostgres();
      drop = scratch.drop;
      // Each service with its own connections, as two processes would have.
      dbs = [await openDatabase({ url: scratch.url }), await openDatabase({ url: scratch.url })];
      await migrate(dbs[0]!);
    } else {
      // The embedded database has one connection: both services' statements take turns on it.
      const db = await openTestDatabase('migrated');
      dbs = [db, db];
    }
    const secretBox = createSecretBox(SECRET_KEY);
    deliverers = dbs.map((db) =>
      createWebhookDeliverer(db, {
        secretBox,
        mailer: createMailer(db, DEFAULT_MAIL_CONFIG, () => undefined),
        allowPrivateNetwork: true,
        queue: { pollMs: 20, retryFirstMs: 20, retryMaxMs: 40, retryForMs: 60_000, parallel: 3 },
      }),
    );
  }, 60_000);
  afterAll(async () => {
    for (const deliverer of deliverers) {
      deliverer.stop();
      await deliverer.idle();
    }
    for (const db of new Set(dbs)) await db.close();
    await drop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('delivers every event of three endpoints at least once, one at a time and in order per endpoint', async () => {
    const db = dbs[0]!;
    const [client] = await db.query<{ client_id: number }>("INSERT INTO clients (company_name) VALUES ('Queue test') RETURNING client_id");
    const clientId = client!.client_id;
    const port = (receiver.address() as AddressInfo).port;
    const paths = ['/a', '/b', '/c'];
    for (const path of paths) {
      const [endpoint] = await db.query<{ endpoint_id: number }>(
        "INSERT INTO webhook_endpoints (client_id, url, secret_sealed) VALUES ($1, $2, '') RETURNING endpoint_id",
        [clientId, `http://127.0.0.1:${port}${path}`],
      );
      const secret = newWebhookSecret();
      secrets.set(path, secret);
      await db.query('UPDATE webhook_endpoints SET secret_sealed = $2 WHERE endpoint_id = $1', [
        endpoint!.endpoint_id,
        createSecretBox(SECRET_KEY).seal(secret, webhookSecretContext(endpoint!.endpoint_id)),
      ]);
    }
    const events = 40;
    for (let n = 1; n <= events; n += 1) {
      await db.transaction((tx) =>
        emit(tx, { clientId, type: 'group.changed', data: { organizationId: String(clientId), groupId: String(n), change: 'UPDATED' } }),
      );
    }
    for (const deliverer of deliverers) deliverer.start();

    // Every delivery done: the last tries answered and recorded.
    await eventually(async () => {
      const [row] = await db.query<{ pending: number }>(
        'SELECT count(*)::int AS pending FROM webhook_deliveries WHERE succeeded_at IS NULL AND failed_at IS NULL',
      );
      return row!.pending === 0;
    }, 60_000);
    for (const deliverer of deliverers) deliverer.stop();
    await Promise.all(deliverers.map((deliverer) => deliverer.idle()));

    for (const path of paths) {
      const sequence = got.get(path)!;
      // Retries repeat an event right after itself; nothing ever comes before an earlier event.
      const firstArrivals = sequence.filter((n, i) => i === 0 || sequence[i - 1] !== n);
      expect(firstArrivals).toEqual(Array.from({ length: events }, (_, i) => i + 1));
    }
    expect(mostOpenAtOnce).toBe(1);
    expect(unverified).toBe(0);
    const [left] = await db.query<{ pending: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE succeeded_at IS NULL AND failed_at IS NULL)::int AS pending,
              count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed
         FROM webhook_deliveries`,
    );
    expect(left).toEqual({ pending: 0, failed: 0 });
  }, 90_000);
});
