import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { createMailer, DEFAULT_MAIL_CONFIG, type Mailer } from '../mail/mailer';
import { DEMO_PASSWORD } from '../seed/demo';
import { openTestDatabase } from './testDatabase';

export type Answer<T = Record<string, unknown>> = { status: number; body: T; ms: number };
export type ErrorBody = { error: { code: string; message: string; field?: string } };

/** The gateway's credential in REST-level tests. */
export const TEST_SERVICE_TOKEN = 'rest-tests-service-token-0123456789abcdef';
/** Seals two-factor secrets in REST-level tests. */
export const TEST_SECRET_KEY = 'rest-tests-secret-key-0123456789abcdef0123';

/** How a test calls: as the gateway (with the credential, the default) or as anyone who reaches the port. */
export type CallOptions = { token?: string; anonymous?: boolean; headers?: Record<string, string> };

/**
 * The service as the gateway sees it, for REST-level tests: the test file's own copy of the
 * seeded database and the app listening on an ephemeral port, called with fetch over real HTTP.
 */
export async function startRestApi({
  allowHttpIssuers = false,
  allowPrivateNetwork = true,
  dnsServers = [],
}: {
  allowHttpIssuers?: boolean;
  /** The DNS servers domain verification asks (a test's own, on loopback). */
  dnsServers?: string[];
  /** The tests' mail servers and identity provider listen on this machine; false checks that organisations' may not. */
  allowPrivateNetwork?: boolean;
} = {}) {
  const db: Database = await openTestDatabase('seeded');
  const logged: string[] = [];
  const mailer: Mailer = createMailer(db, { ...DEFAULT_MAIL_CONFIG, secretKey: TEST_SECRET_KEY, allowPrivateNetwork }, (line) =>
    logged.push(line),
  );
  const server = await new Promise<Server>((resolve) => {
    const s = createApp({
      db,
      mailer,
      serviceToken: TEST_SERVICE_TOKEN,
      secretKey: TEST_SECRET_KEY,
      allowHttpIssuers,
      allowPrivateNetwork,
      dnsServers,
    }).listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const { token, anonymous = false, headers = {} } = options;
    const started = performance.now();
    const response = await fetch(url + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(anonymous ? {} : { [SERVICE_TOKEN_HEADER]: TEST_SERVICE_TOKEN }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, ms: performance.now() - started };
  }

  return {
    db,
    url,
    mailer,
    /** What the outbox-only mailer printed: the links a local user would follow. */
    logged,
    get: <T = Record<string, unknown>>(path: string, token?: string, options: CallOptions = {}) =>
      call<T>('GET', path, undefined, { ...options, token }),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, token?: string, options: CallOptions = {}) =>
      call<T>('POST', path, body, { ...options, token }),
    /** Any method, e.g. PATCH or DELETE. */
    call,
    async signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
      const answer = await call<{ token: string }>('POST', '/users/signIn', { email, password });
      if (answer.status !== 200) throw new Error(`sign-in of ${email} failed with ${answer.status}`);
      return answer.body.token;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

export type RestApi = Awaited<ReturnType<typeof startRestApi>>;
