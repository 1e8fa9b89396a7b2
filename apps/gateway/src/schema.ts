import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SCHEMA_DIR = fileURLToPath(new URL('../../../schema/', import.meta.url));

/** The SDL of schema/, one file per domain. */
export function loadTypeDefs(): string[] {
  return readdirSync(SCHEMA_DIR)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(SCHEMA_DIR + name, 'utf8'));
}
