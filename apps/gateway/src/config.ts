import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SERVICE_TOKEN_MIN_LENGTH } from '@yozy/shared';
import { LOG_LEVELS, type LogLevel } from '@yozy/shared/requestLog';
import { metricsAllowSetting } from '@yozy/shared/metrics';
import { EXECUTORS, type ExecutorKind } from './executor';

/** Where `npm run build` puts the GraphQL explorer (apps/explorer). */
export const DEFAULT_EXPLORER_DIST = fileURLToPath(new URL('../../explorer/dist', import.meta.url));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  // One address, or several instances' separated by commas: the calls are spread over them.
  SUBSCRIPTION_API_URL: z
    .string()
    .default('http://127.0.0.1:4001')
    .transform((value) => value.split(',').map((entry) => entry.trim()))
    .pipe(z.array(z.url({ message: 'must be the http(s) address of the subscription service, or several separated by commas' })).min(1)),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  EXPLORER_DIST: z.string().default(DEFAULT_EXPLORER_DIST),
  // No proxy unless named: a proxy's connections are also refused what is only for the operator (/metrics).
  TRUST_PROXY: z.string().default('none'),
  // The console's address as the browser sees it: the single sign-on redirect address is built
  // from it, never from a request's Host or X-Forwarded-Proto headers, which a caller chooses.
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]/, 'must be an http:// or https:// address')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  CAPTCHA_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // The captcha secret before a rotation: captchas and device cookies it signed are still accepted.
  CAPTCHA_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  SERVICE_TOKEN: z.string().min(SERVICE_TOKEN_MIN_LENGTH, `must be at least ${SERVICE_TOKEN_MIN_LENGTH} characters`).optional(),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  METRICS_ALLOW: metricsAllowSetting,
  GRAPHQL_EXECUTOR: z.enum(EXECUTORS, { message: `must be one of ${EXECUTORS.join(', ')}` }).default('jit'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// address')
    .optional(),
});

export type GatewayConfig = {
  port: number;
  host: string;
  subscriptionApiUrl: string;
  /** Every instance of the REST service when there are several (the first is subscriptionApiUrl); empty for one. */
  subscriptionApiReplicas: string[];
  webDist: string;
  /** The built GraphQL explorer (apps/explorer), served at GET /graphql to SuperAdmins and API keys. */
  explorerDist: string;
  trustProxy: string;
  /** The console's address as the browser sees it (PUBLIC_URL): where identity providers send people back. */
  publicUrl: string;
  /** Signs captcha challenges; every gateway instance behind one address needs the same. */
  captchaSecret: string;
  /** The captcha secret before a rotation (CAPTCHA_SECRET_PREVIOUS): what it signed is still accepted, nothing new is signed with it. */
  previousCaptchaSecret?: string;
  /** Proves to the REST service that a call comes from the gateway; the REST service needs the same. */
  serviceToken: string;
  redisUrl?: string;
  /** How much the gateway logs (LOG_LEVEL): one JSON line per request at `info`. */
  logLevel: LogLevel;
  /** Who may read GET /metrics (METRICS_ALLOW): loopback by default. */
  metricsAllow: string;
  /** How operations run (GRAPHQL_EXECUTOR, executor.ts): compiled by graphql-jit (the default), or by graphql-js. */
  executor: ExecutorKind;
};

/** Reads the environment once at start; a bad value stops the gateway with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new Error(`Invalid configuration of the gateway:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Every instance must sign and check with the same secrets: a random one per start would make
  // each instance refuse what another signed (captchas, device cookies, the service credential).
  const missing = [
    !c.SERVICE_TOKEN && '  SERVICE_TOKEN: required in production (the same value as the subscription service)',
    !c.CAPTCHA_SECRET && '  CAPTCHA_SECRET: required in production (the same value on every gateway instance)',
  ].filter(Boolean);
  if (missing.length && c.NODE_ENV === 'production') {
    throw new Error(`Invalid configuration of the gateway:\n${missing.join('\n')}`);
  }
  return {
    port: c.PORT,
    host: c.HOST,
    subscriptionApiUrl: withSlash(c.SUBSCRIPTION_API_URL[0]!),
    subscriptionApiReplicas: c.SUBSCRIPTION_API_URL.length > 1 ? c.SUBSCRIPTION_API_URL.map(withSlash) : [],
    webDist: c.WEB_DIST,
    explorerDist: c.EXPLORER_DIST,
    trustProxy: c.TRUST_PROXY,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    captchaSecret: c.CAPTCHA_SECRET ?? randomBytes(32).toString('hex'),
    ...(c.CAPTCHA_SECRET_PREVIOUS ? { previousCaptchaSecret: c.CAPTCHA_SECRET_PREVIOUS } : {}),
    serviceToken: c.SERVICE_TOKEN ?? unsharedServiceToken(),
    redisUrl: c.REDIS_URL,
    logLevel: c.LOG_LEVEL,
    metricsAllow: c.METRICS_ALLOW,
    executor: c.GRAPHQL_EXECUTOR,
  };
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Outside production a missing credential is made up for this start; only a subscription service given the same accepts it. */
function unsharedServiceToken(): string {
  console.warn('gateway: SERVICE_TOKEN is not set; using a random one for this start (`npm start` gives both apps the same one)');
  return randomBytes(32).toString('hex');
}
