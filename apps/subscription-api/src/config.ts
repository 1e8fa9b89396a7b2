import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { SERVICE_TOKEN_MIN_LENGTH } from '@yozy/shared';
import { LOG_LEVELS, type LogLevel } from '@yozy/shared/requestLog';
import { metricsAllowSetting } from '@yozy/shared/metrics';
import { DEFAULT_POOL_MAX, type DatabaseLocation } from './db/database';
import type { MailConfig } from './mail/mailer';
import { DEFAULT_MAIL_QUEUE } from './mail/queue';
import { SECRET_KEY_MIN_LENGTH } from './security/secretBox';

const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^/]/, 'must be an http:// or https:// address')
  .transform((url) => url.replace(/\/+$/, ''));

const seconds = z.coerce.number().positive('must be a number of seconds above 0');

const schema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  API_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATABASE_POOL_MAX: z.coerce
    .number({ message: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(DEFAULT_POOL_MAX),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.string().default('loopback'),
  // The console's address as the browser sees it: mailed links are built from this, never from
  // the Host header of a request, which a caller chooses.
  PUBLIC_URL: httpUrl.default('http://localhost:4000'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// address, e.g. smtp://user:pass@mail.example.com:587')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Yozy Admin <no-reply@yozy.local>'),
  // Mail no server took is tried again after MAIL_RETRY_FIRST_SECONDS, the wait doubling up to
  // MAIL_RETRY_MAX_SECONDS, for MAIL_RETRY_FOR_SECONDS; due mail is looked for every MAIL_QUEUE_POLL_SECONDS.
  MAIL_RETRY_FIRST_SECONDS: seconds.default(DEFAULT_MAIL_QUEUE.retryFirstMs / 1000),
  MAIL_RETRY_MAX_SECONDS: seconds.default(DEFAULT_MAIL_QUEUE.retryMaxMs / 1000),
  MAIL_RETRY_FOR_SECONDS: seconds.default(DEFAULT_MAIL_QUEUE.retryForMs / 1000),
  MAIL_QUEUE_POLL_SECONDS: seconds.default(DEFAULT_MAIL_QUEUE.pollMs / 1000),
  // The gateway's credential: the public account flows answer only a caller that sends it.
  SERVICE_TOKEN: z.string().min(SERVICE_TOKEN_MIN_LENGTH, `must be at least ${SERVICE_TOKEN_MIN_LENGTH} characters`).optional(),
  // Seals secrets kept in the database (two-factor secrets); the launcher keeps one in the data directory.
  SECRET_KEY: z.string().min(SECRET_KEY_MIN_LENGTH, `must be at least ${SECRET_KEY_MIN_LENGTH} characters`).optional(),
  // While a secret is rotated (docs/DEPLOYMENT.md): the gateway's credential before, still accepted,
  // and the key before, which still opens what it sealed (`--reseal-secrets` seals it all again).
  SERVICE_TOKEN_PREVIOUS: z.string().min(SERVICE_TOKEN_MIN_LENGTH, `must be at least ${SERVICE_TOKEN_MIN_LENGTH} characters`).optional(),
  SECRET_KEY_PREVIOUS: z.string().min(SECRET_KEY_MIN_LENGTH, `must be at least ${SECRET_KEY_MIN_LENGTH} characters`).optional(),
  SSO_ALLOW_HTTP_ISSUERS: z.enum(['true', 'false']).default('false'),
  ALLOW_PRIVATE_NETWORK_SERVERS: z.enum(['true', 'false']).default('false'),
  // The DNS servers asked for domain verification records, `ip` or `ip:port`, comma-separated.
  DNS_SERVERS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((server) => server.trim())
        .filter(Boolean),
    )
    .refine((servers) => servers.every(isDnsServer), 'must be IP addresses, each with an optional port, separated by commas'),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  METRICS_ALLOW: metricsAllowSetting,
  // Where users go when the product master cannot be read (SPEC section 4: the standard web product).
  WEB_PRODUCT_URL: httpUrl.default('https://app.yozy.local'),
  // The address the demo data gives its products (`npm start`: the console's own /login); their made-up ones otherwise.
  DEMO_PRODUCT_URL: httpUrl.optional(),
});

export type ApiConfig = {
  port: number;
  host: string;
  database: DatabaseLocation;
  seedDemoData: boolean;
  trustProxy: string;
  mail: MailConfig;
  webProductUrl: string;
  /** The address the demo data gives its products, when set (DEMO_PRODUCT_URL). */
  demoProductUrl?: string;
  serviceToken: string;
  /** The gateway's credential before a rotation (SERVICE_TOKEN_PREVIOUS), accepted as well meanwhile. */
  previousServiceToken?: string;
  secretKey: string;
  /** The key before a rotation (SECRET_KEY_PREVIOUS): it still opens what it sealed; nothing new is sealed with it. */
  previousSecretKey?: string;
  /** Single sign-on issuers may be http (SSO_ALLOW_HTTP_ISSUERS=true): an identity provider on this machine. */
  allowHttpIssuers: boolean;
  /**
   * Organisations' own mail servers and identity providers may be on a private network or this
   * machine (ALLOW_PRIVATE_NETWORK_SERVERS=true); otherwise only the provider's own may.
   */
  allowPrivateNetwork: boolean;
  /** Asked for the TXT records that prove an organisation owns a single sign-on domain; the system's resolver when empty. */
  dnsServers: string[];
  /** How much the service logs (LOG_LEVEL): one JSON line per request at `info`. */
  logLevel: LogLevel;
  /** Who may read GET /metrics (METRICS_ALLOW): loopback by default. */
  metricsAllow: string;
};

/** Reads the environment once at start; a bad value stops the service with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration of the subscription service:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (!c.SERVICE_TOKEN && c.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration of the subscription service:\n  SERVICE_TOKEN: required in production (the same value as the gateway)',
    );
  }
  if (!c.SECRET_KEY && c.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration of the subscription service:\n  SECRET_KEY: required in production (it seals two-factor secrets; keep it, or they cannot be read)',
    );
  }
  return {
    port: c.API_PORT,
    host: c.API_HOST,
    database: c.DATABASE_URL ? { url: c.DATABASE_URL, poolMax: c.DATABASE_POOL_MAX } : { dataDir: resolve(c.DATA_DIR) },
    seedDemoData: c.SEED_DEMO_DATA === 'true',
    trustProxy: c.TRUST_PROXY,
    mail: {
      publicUrl: c.PUBLIC_URL,
      from: c.MAIL_FROM,
      ...(c.SMTP_URL ? { smtpUrl: c.SMTP_URL } : {}),
      allowPrivateNetwork: c.ALLOW_PRIVATE_NETWORK_SERVERS === 'true',
      queue: {
        retryFirstMs: c.MAIL_RETRY_FIRST_SECONDS * 1000,
        retryMaxMs: c.MAIL_RETRY_MAX_SECONDS * 1000,
        retryForMs: c.MAIL_RETRY_FOR_SECONDS * 1000,
        pollMs: c.MAIL_QUEUE_POLL_SECONDS * 1000,
      },
    },
    webProductUrl: c.WEB_PRODUCT_URL,
    ...(c.DEMO_PRODUCT_URL ? { demoProductUrl: c.DEMO_PRODUCT_URL } : {}),
    serviceToken: c.SERVICE_TOKEN ?? unsharedServiceToken(),
    secretKey: c.SECRET_KEY ?? temporarySecretKey(),
    ...(c.SERVICE_TOKEN_PREVIOUS ? { previousServiceToken: c.SERVICE_TOKEN_PREVIOUS } : {}),
    ...(c.SECRET_KEY_PREVIOUS ? { previousSecretKey: c.SECRET_KEY_PREVIOUS } : {}),
    allowHttpIssuers: c.SSO_ALLOW_HTTP_ISSUERS === 'true',
    allowPrivateNetwork: c.ALLOW_PRIVATE_NETWORK_SERVERS === 'true',
    dnsServers: c.DNS_SERVERS,
    logLevel: c.LOG_LEVEL,
    metricsAllow: c.METRICS_ALLOW,
  };
}

/** `1.2.3.4`, `1.2.3.4:53`, `::1` or `[::1]:53`, as Node's resolver takes them. */
function isDnsServer(server: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
  const [address, port] = bracketed ? [bracketed[1]!, bracketed[2]] : isIP(server) ? [server, undefined] : server.split(':');
  return isIP(address ?? '') !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
}

/** Outside production a missing credential is made up for this start; only a gateway given the same can call the account flows. */
function unsharedServiceToken(): string {
  console.warn('subscription-api: SERVICE_TOKEN is not set; using a random one for this start (`npm start` gives both apps the same one)');
  return randomBytes(32).toString('hex');
}

/** Outside production a missing key is made up for this start: two-factor set up now stops working after a restart. */
function temporarySecretKey(): string {
  console.warn('subscription-api: SECRET_KEY is not set; using a random one for this start (`npm start` keeps one in the data directory)');
  return randomBytes(32).toString('hex');
}
