import type { AddressInfo } from 'node:net';
import { createServer, type RequestListener, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createLogger, type DestinationStream } from '@yozy/shared/requestLog';
import { gracefulStop, type GracefulStop } from '@yozy/shared/server';
import {
  createApp as createApi,
  createMailer,
  createSecretBox,
  createWebhookDeliverer,
  openDatabase,
  type Database,
  type MailConfig,
  type WebhookQueueOptions,
} from '@yozy/subscription-api';
import { copyPostgresTemplate, openPgliteDump, TEST_DATABASE_KINDS } from '@yozy/subscription-api/testing';
import { createApp as createGateway, DEFAULT_RATE_LIMITS, type RateLimits, type UpstreamPolicy } from '@yozy/gateway';

export type DatabaseKind = 'pglite' | 'postgres';

/** The embedded database always; a real PostgreSQL server too when TEST_DATABASE_URL is set. */
export const DATABASES: DatabaseKind[] = [...TEST_DATABASE_KINDS];

export type Stack = {
  db: Database;
  /** The PostgreSQL database the stack runs on (postgres stacks only). */
  databaseUrl?: string;
  apiUrl: string;
  gatewayUrl: string;
  /** Stops the gateway as SIGTERM does (gracefulStop): requests in flight finish, later ones on open connections get 503. */
  stopGateway(graceMs?: number): Promise<void>;
  /** Stops the REST service as SIGTERM does and starts a new one on the same port and database, as a deploy does. */
  restartApi(): Promise<void>;
  stop(): Promise<void>;
};

const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));

/** Limits high enough that a test file's own sign-ins never reach them; rate-limit tests pass their own. */
const ROOMY_LIMITS: RateLimits = {
  signIn: {
    ...DEFAULT_RATE_LIMITS.signIn,
    freeFailures: 10_000,
    perIp: { failures: 10_000, windowMs: 60_000 },
    perAccount: { freeFailures: 10_000 },
  },
  signInCode: {
    ...DEFAULT_RATE_LIMITS.signInCode,
    freeFailures: 10_000,
    perIp: { failures: 10_000, windowMs: 60_000 },
    perAccount: { freeFailures: 10_000 },
  },
  requestPasswordReset: { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
  resetPassword: { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
  setPassword: { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
  submitEnquiry: { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
  changePassword: { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
  startSingleSignOn: { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
  redeemSignInHandoff: { windowMs: 60_000, perIp: 10_000, perAccount: 10_000 },
  apiKey: { windowMs: 60_000, perKey: 10_000 },
  provisioningToken: { windowMs: 60_000, perToken: 10_000 },
};

/** The credential the test gateway proves itself with to the test REST service. */
export const TEST_SERVICE_TOKEN = 'integration-tests-service-token-0123456789';
/** The key the test REST service seals two-factor secrets with. */
export const TEST_SECRET_KEY = 'integration-tests-secret-key-0123456789abcdef';

export type StackOptions = {
  rateLimits?: RateLimits;
  /** Deliver mail over SMTP here (a test's own sink); otherwise mail stays in the outbox. */
  smtpUrl?: string;
  /** Runs the REST service's mail queue with these intervals, as the service does; otherwise mail is only sent as it is written. */
  mailQueue?: MailConfig['queue'];
  /** Runs the REST service's webhook queue with these timings, as the service does; otherwise no webhook is delivered. */
  webhooks?: Partial<WebhookQueueOptions>;
  /**
   * Lets organisations' mail servers, identity providers and webhook endpoints be on this machine
   * (ALLOW_PRIVATE_NETWORK_SERVERS), as the tests' own servers are; true unless a test checks the refusal.
   */
  allowPrivateNetwork?: boolean;
  /** The DNS servers domain verification asks (a test's own, on loopback); none otherwise. */
  dnsServers?: string[];
  /** The proxies the gateway trusts (TRUST_PROXY); loopback, where the tests call from, otherwise. */
  trustProxy?: string;
  /** Where both services write their request log lines (at `info`); nowhere otherwise. */
  logs?: DestinationStream;
  /** The gateway's time limits, retries and breaker towards the REST service; the defaults otherwise. */
  upstream?: UpstreamPolicy;
  /** Runs on this PostgreSQL database as it is (a restored backup) instead of a copy of the seeded template; it is not dropped. */
  databaseUrl?: string;
  /** Puts something between the REST service and PostgreSQL (a faulty proxy): gets the database's address, gives the one the service uses. */
  databaseVia?: (databaseUrl: string) => Promise<string>;
  /** Puts something between the gateway and the REST service (a faulty proxy): gets the REST address, gives the one the gateway calls. */
  apiVia?: (apiUrl: string) => Promise<string>;
};

/**
 * The whole product on ephemeral ports: the REST service over the test file's own copy of the
 * seeded database (made once per run by support/globalSetup.ts) and the gateway in front of it,
 * both listening on real HTTP.
 */
export async function startStack(kind: DatabaseKind, options: StackOptions = {}): Promise<Stack> {
  const { pgliteDump, postgresTemplate } = inject('testDatabases');
  if (kind === 'postgres' && !postgresTemplate && !options.databaseUrl) throw new Error('PostgreSQL stacks need TEST_DATABASE_URL');
  const scratch = kind === 'postgres' && !options.databaseUrl ? await copyPostgresTemplate(postgresTemplate!) : null;
  const databaseUrl = options.databaseUrl ?? scratch?.url;
  const reachedAt = databaseUrl && options.databaseVia ? await options.databaseVia(databaseUrl) : databaseUrl;
  const db = reachedAt ? await openDatabase({ url: reachedAt }) : await openPgliteDump(pgliteDump);

  // The gateway's address is known first, so mailed links point at it as PUBLIC_URL would.
  const gateway = await listen();
  const gatewayUrl = `http://127.0.0.1:${port(gateway)}`;
  const allowPrivateNetwork = options.allowPrivateNetwork ?? true;
  const mailConfig = {
    publicUrl: gatewayUrl,
    from: 'Yozy Admin <no-reply@yozy.local>',
    smtpUrl: options.smtpUrl,
    secretKey: TEST_SECRET_KEY,
    // The tests' mail servers and identity provider listen on this machine.
    allowPrivateNetwork,
    queue: options.mailQueue,
  };
  const mailer = createMailer(db, mailConfig, () => undefined);
  if (options.mailQueue) mailer.start();
  const webhooks = createWebhookDeliverer(db, {
    secretBox: createSecretBox(TEST_SECRET_KEY),
    mailer,
    allowPrivateNetwork,
    queue: options.webhooks,
  });
  if (options.webhooks) webhooks.start();
  const apiApp = () =>
    createApi({
      db,
      mailer,
      serviceToken: TEST_SERVICE_TOKEN,
      secretKey: TEST_SECRET_KEY,
      allowHttpIssuers: true,
      allowPrivateNetwork,
      // No test asks the machine's own resolver: a stack without a DNS server of its own finds no record.
      dnsServers: options.dnsServers ?? ['127.0.0.1:9'],
      logger: options.logs && createLogger('subscription-api', 'info', options.logs),
    });
  // Each server is wired as its service's index.ts wires it: a stopping server refuses cleanly.
  let api = await listen();
  let apiStop = serveGracefully(api, apiApp());
  const apiPort = port(api);
  const apiUrl = `http://127.0.0.1:${apiPort}/`;
  const gatewayStop = serveGracefully(
    gateway,
    await createGateway({
      subscriptionApiUrl: options.apiVia ? await options.apiVia(apiUrl) : apiUrl,
      upstream: options.upstream,
      webDist: WEB_DIST,
      trustProxy: options.trustProxy ?? 'loopback',
      publicUrl: gatewayUrl,
      captchaSecret: 'integration-tests-captcha-secret-0123456789',
      serviceToken: TEST_SERVICE_TOKEN,
      rateLimits: options.rateLimits ?? ROOMY_LIMITS,
      logger: options.logs && createLogger('gateway', 'info', options.logs),
    }),
  );

  return {
    db,
    databaseUrl,
    apiUrl,
    gatewayUrl,
    stopGateway: (graceMs) => gatewayStop.stop(graceMs),
    async restartApi() {
      await apiStop.stop();
      api = await listen(undefined, apiPort);
      apiStop = serveGracefully(api, apiApp());
    },
    async stop() {
      await Promise.all([close(gateway), close(api)]);
      mailer.stop();
      webhooks.stop();
      await Promise.all([mailer.idle(), webhooks.idle()]);
      mailer.close();
      await db.close();
      await scratch?.drop();
    },
  };
}

/** A server on an ephemeral port (or `at`); without a handler yet when the handler needs its address. */
function listen(handler?: RequestListener, at = 0): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(at, '127.0.0.1', () => resolve(server)));
}

function serveGracefully(server: Server, app: RequestListener): GracefulStop {
  const graceful = gracefulStop(server);
  server.on('request', (req, res) => graceful.refuseWhileStopping(req, res, () => app(req, res)));
  return graceful;
}

function port(server: Server): number {
  return (server.address() as AddressInfo).port;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
