import pg from 'pg';

/** The embedded database always; a real PostgreSQL server too when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KINDS = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/**
 * An empty database of its own on the server of TEST_DATABASE_URL (whose role may create
 * databases), for a test file that needs a real PostgreSQL; `drop` removes it.
 */
export async function scratchPostgres(adminUrl = process.env.TEST_DATABASE_URL) {
  if (!adminUrl) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL database whose role may create databases');
  const name = `yozy_scratch_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
