import { SERVICE_TOKEN_HEADER } from '@yozy/shared';
import request, { type Test } from 'supertest';
import { createApp } from '#app';
import type { Database } from '#db/database';
import { createMailer, DEFAULT_MAIL_CONFIG, type MailConfig, type Mailer } from '#mail/mailer';
import { DEMO_PASSWORD } from '#seed/demo';
import { openTestDatabase } from './testDatabase';

/** The gateway's credential in REST-level tests. */
export const TEST_SERVICE_TOKEN = 'rest-tests-service-token-0123456789abcdef';
/** Seals two-factor secrets in REST-level tests. */
export const TEST_SECRET_KEY = 'rest-tests-secret-key-0123456789abcdef0123';

/**
 * Sends a session token when there is one (`.use(bearer(token))`): for a test that asks the same
 * as someone and as nobody signed in.
 */
export const bearer = (token: string | undefined) => (test: Test) => (token === undefined ? test : test.auth(token, { type: 'bearer' }));

/**
 * The service as the gateway sees it, for REST-level tests: the test file's own copy of the
 * seeded database and the Express app, driven in process with supertest.
 */
export async function openRestApi({
  allowHttpIssuers = false,
  allowPrivateNetwork = true,
  dnsServers = [],
  mail = {},
}: {
  allowHttpIssuers?: boolean;
  /** The DNS servers domain verification asks (a test's own, on loopback). */
  dnsServers?: string[];
  /** The tests' mail servers and identity provider listen on this machine; false checks that organisations' may not. */
  allowPrivateNetwork?: boolean;
  /** The mailer's server and queue (no server: mail stays in the outbox). */
  mail?: Partial<MailConfig>;
} = {}) {
  const db: Database = await openTestDatabase('seeded');
  const logged: string[] = [];
  const mailer: Mailer = createMailer(db, { ...DEFAULT_MAIL_CONFIG, secretKey: TEST_SECRET_KEY, allowPrivateNetwork, ...mail }, (line) =>
    logged.push(line),
  );
  const app = createApp({
    db,
    mailer,
    serviceToken: TEST_SERVICE_TOKEN,
    secretKey: TEST_SECRET_KEY,
    allowHttpIssuers,
    allowPrivateNetwork,
    dnsServers,
  });
  const agent = request.agent(app).set(SERVICE_TOKEN_HEADER, TEST_SERVICE_TOKEN);

  async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const response = await agent.post('/users/signIn').send({ email, password });
    if (response.status !== 200) throw new Error(`sign-in of ${email} failed with ${response.status}`);
    return response.body.token;
  }

  return {
    db,
    mailer,
    /** What the outbox-only mailer printed: the links a local user would follow. */
    logged,
    /** For `request(app)`: a caller without the gateway's credential. */
    app,
    /** Calls as the gateway does, its credential on every request. */
    agent,
    signIn,
    /** Signs each person in with the demo password, one after another: their session tokens by email. */
    async signInEach<const Email extends string>(emails: readonly Email[]): Promise<Record<Email, string>> {
      const tokens: Partial<Record<Email, string>> = {};
      for (const email of emails) tokens[email] = await signIn(email);
      return tokens as Record<Email, string>;
    },
    close: () => db.close(),
  };
}

export type RestApi = Awaited<ReturnType<typeof openRestApi>>;
