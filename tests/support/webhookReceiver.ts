import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request that reached the receiver, with what the `standardwebhooks` library made of it. */
export type ReceivedWebhook = {
  /** The path it was sent to: which endpoint. */
  path: string;
  /** The webhook-id header: the same for every try of one event. */
  id: string;
  type: string;
  data: Record<string, unknown>;
  version: unknown;
  body: string;
  headers: IncomingHttpHeaders;
  /** Whether the library verified it with each secret the endpoint is known to have, in the order they were given. */
  verifiedWith: boolean[];
  /** The status the receiver answered. */
  answered: number;
  /** When it arrived (ms since the epoch). */
  at: number;
};

/**
 * A webhook receiver on loopback for tests, as an organisation's system would run one: every
 * request is verified with the `standardwebhooks` library against the secrets the test gave for
 * its path, and answered with the statuses the test scripted for that path (the last one
 * repeats; 200 when none), so a test can make an endpoint fail and then recover.
 */
export async function startWebhookReceiver() {
  const secrets = new Map<string, string[]>();
  const scripts = new Map<string, number[]>();
  const received: ReceivedWebhook[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
      );
      const verifiedWith = (secrets.get(path) ?? []).map((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const script = scripts.get(path) ?? [];
      const answered = script.length > 1 ? script.shift()! : (script[0] ?? 200);
      let parsed: { type?: string; data?: Record<string, unknown>; version?: unknown } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // Recorded as it came; the test's checks say what is wrong with it.
      }
      received.push({
        path,
        id: String(req.headers['webhook-id'] ?? ''),
        type: parsed.type ?? '',
        data: parsed.data ?? {},
        version: parsed.version,
        body,
        headers: req.headers,
        verifiedWith,
        answered,
        at: Date.now(),
      });
      res.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const receiver = {
    base,
    /** The address of an endpoint on this receiver. */
    url: (path: string) => `${base}${path}`,
    /** The secrets deliveries to `path` are verified with (the current one, and the previous one after a rotation). */
    verifyWith(path: string, ...pathSecrets: string[]) {
      secrets.set(path, pathSecrets);
    },
    /** The statuses `path` answers, one per request; the last one repeats. */
    answer(path: string, ...statuses: number[]) {
      scripts.set(path, statuses);
    },
    /** What reached `path` so far, in the order it arrived. */
    receivedAt: (path: string) => received.filter((one) => one.path === path),
    /** Waits until `check` holds for what reached `path`, and answers it. */
    async waitFor(path: string, check: (all: ReceivedWebhook[]) => boolean, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const all = receiver.receivedAt(path);
        if (check(all)) return all;
        if (Date.now() > deadline) {
          throw new Error(
            `${path} did not get what the test waited for; it got: ${JSON.stringify(all.map((one) => [one.type, one.data]))}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
