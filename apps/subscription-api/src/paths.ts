import { fileURLToPath } from 'node:url';

// Files the service reads at run time, found from this file: it sits directly in src/, as the
// built service (dist/index.js) sits directly in dist/, so the same relative path holds for both.

/** The SQL migrations, applied in name order at start. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
