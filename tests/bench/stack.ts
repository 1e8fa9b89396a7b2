import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/processes';
import type { Metrics } from './bench';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What `npm start` builds before it starts the services (scripts/start.mjs). */
const BUILT = ['@yozy/web', '@yozy/explorer', '@yozy/subscription-api', '@yozy/gateway'];

export type BenchStack = {
  gatewayUrl: string;
  apiUrl: string;
  serviceToken: string;
  /** From spawning `npm start` to the gateway answering /login with the page, in ms. */
  startupMs: number;
  /** Where both services write their output. */
  logFile: string;
  metrics(service: 'gateway' | 'api'): Promise<Metrics>;
  stop(): Promise<void>;
};

/** Builds what `npm start` runs, as it does (turbo: only what changed), so the timed start finds a build. */
export function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [
      join('node_modules', 'turbo', 'bin', 'turbo'),
      'run',
      'build',
      ...BUILT.map((name) => `--filter=${name}`),
      '--output-logs=errors-only',
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error('the console could not be built'))));
  });
}

/**
 * The console as `npm start` runs it in production (scripts/start.mjs: the built services under
 * NODE_ENV=production, the REST service migrating and checking the demo data first) on the bench
 * database, on free ports, with its own kept secrets in a scratch folder. The clock runs from the
 * spawn to /login answering.
 */
export async function startConsole(databaseUrl: string): Promise<BenchStack> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const serviceToken = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'yozy-bench-'));
  const logFile = join(dataDir, 'console.log');
  const log = openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    // Its own process group, so stopping it reaches both services even if the launcher is gone.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      PUBLIC_URL: gatewayUrl,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SERVICE_TOKEN: serviceToken,
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const loginAnswered = await until(async () => (await fetch(`${gatewayUrl}/login`)).ok, child, 180_000);
  if (!loginAnswered) {
    await stop(child, exited);
    throw new Error(`npm start did not answer /login within 180 s; see ${logFile}`);
  }
  const startupMs = Math.round(performance.now() - started);
  if (!(await until(async () => (await fetch(`${gatewayUrl}/readyz`)).ok, child, 60_000))) {
    await stop(child, exited);
    throw new Error(`the gateway did not become ready; see ${logFile}`);
  }
  return {
    gatewayUrl,
    apiUrl,
    serviceToken,
    startupMs,
    logFile,
    metrics: (service) => scrape(`${service === 'gateway' ? gatewayUrl : apiUrl}/metrics`),
    async stop() {
      await stop(child, exited);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` every 50 ms while the launcher runs; a failed fetch counts as not yet. */
async function until(check: () => Promise<boolean>, child: ChildProcess, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (child.exitCode === null && performance.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/** SIGTERM to the launcher, which stops both services; the whole group is killed if it has not gone in 15 s. */
async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
  if (!gone) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Prometheus's text format as series and value; comments and histograms' buckets included as they are. */
export async function scrape(url: string): Promise<Metrics> {
  const text = await (await fetch(url)).text();
  const metrics: Metrics = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    metrics.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return metrics;
}
