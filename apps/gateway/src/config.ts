import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  SUBSCRIPTION_API_URL: z.url({ message: 'must be the http(s) address of the subscription service' }).default('http://127.0.0.1:4001'),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  TRUST_PROXY: z.string().default('loopback'),
});

export type GatewayConfig = {
  port: number;
  host: string;
  subscriptionApiUrl: string;
  webDist: string;
  trustProxy: string;
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
  };
}
