import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  SUBSCRIPTION_API_URL: z.url({ message: 'must be the http(s) address of the subscription service' }).default('http://127.0.0.1:4001'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  TRUST_PROXY: z.string().default('loopback'),
  CAPTCHA_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// address')
    .optional(),
});

export type GatewayConfig = {
  port: number;
  host: string;
  subscriptionApiUrl: string;
  webDist: string;
  trustProxy: string;
  /** Signs captcha challenges; every gateway instance behind one address needs the same. */
  captchaSecret: string;
  redisUrl?: string;
};

/** Reads the environment once at start; a bad value stops the gateway with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration of the gateway:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    subscriptionApiUrl: c.SUBSCRIPTION_API_URL.endsWith('/') ? c.SUBSCRIPTION_API_URL : `${c.SUBSCRIPTION_API_URL}/`,
    webDist: c.WEB_DIST,
    trustProxy: c.TRUST_PROXY,
    captchaSecret: c.CAPTCHA_SECRET ?? randomBytes(32).toString('hex'),
    redisUrl: c.REDIS_URL,
  };
}
