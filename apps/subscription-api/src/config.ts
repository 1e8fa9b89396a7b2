import { resolve } from 'node:path';
import { z } from 'zod';
import type { DatabaseLocation } from './db/database';

const schema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  API_HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.string().default('loopback'),
});

export type ApiConfig = {
  port: number;
  host: string;
  database: DatabaseLocation;
  seedDemoData: boolean;
  trustProxy: string;
};

/** Reads the environment once at start; a bad value stops the service with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration of the subscription service:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    port: c.API_PORT,
    host: c.API_HOST,
    database: c.DATABASE_URL ? { url: c.DATABASE_URL } : { dataDir: resolve(c.DATA_DIR) },
    seedDemoData: c.SEED_DEMO_DATA === 'true',
    trustProxy: c.TRUST_PROXY,
  };
}
