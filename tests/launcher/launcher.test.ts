import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn, VIEWER } from '../support/graphql';
import { eventually, freePort, listening, processesWith, type ProcessInfo } from '../support/processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type Launch = {
  child: ChildProcess;
  marker: string;
  port: number;
  apiPort: number;
  gatewayUrl: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const launches: Launch[] = [];
const dataDirs: string[] = [];

/** `npm start`'s script on ports and a data folder of its own, its processes marked by an environment variable. */
async function launch({ seed, askReady = false }: { seed: boolean; askReady?: boolean }): Promise<Launch & { readyAnswers: number[] }> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'yozy-launcher-'));
  dataDirs.push(dataDir);
  const marker = `YOZY_LAUNCHER_TEST=${randomUUID()}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: String(seed),
    [marker.split('=')[0]!]: marker.split('=')[1],
  };
  for (const name of [
    'HOST',
    'API_HOST',
    'SUBSCRIPTION_API_URL',
    'PUBLIC_URL',
    'DATABASE_URL',
    'SMTP_URL',
    'NODE_ENV',
    'WEB_PRODUCT_URL',
    'DEMO_PRODUCT_URL',
  ])
    delete env[name];
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const readyAnswers: number[] = [];
  const started = { child, marker, port, apiPort, gatewayUrl: `http://127.0.0.1:${port}`, output: () => output, exited, readyAnswers };
  launches.push(started);
  // A page open while the console starts asks the gateway again and again, as a browser would.
  const asking = askReady
    ? setInterval(() => {
        fetch(`${started.gatewayUrl}/readyz`).then(
          (answer) => readyAnswers.push(answer.status),
          () => undefined,
        );
      }, 50)
    : undefined;
  const running = await eventually(() => output.includes('Yozy Admin Console is running at') || child.exitCode !== null, 150_000, 250);
  clearInterval(asking);
  if (!running || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
  return started;
}

function service(processes: ProcessInfo[], entry: string): ProcessInfo | undefined {
  return processes.find((p) => p.command.endsWith(` ${entry}`));
}

// The built services: JavaScript node runs as it is, no TypeScript compiled at run time.
const API_ENTRY = 'apps/subscription-api/dist/index.js';
const GATEWAY_ENTRY = 'apps/gateway/dist/index.js';

/** A service as it runs in production: its own built file under node, no compiler loaded, NODE_ENV=production. */
function expectProduction(p: ProcessInfo | undefined, entry: string) {
  expect(p?.command).toBe(`${process.execPath} --enable-source-maps ${entry}`);
  expect(readFileSync(`/proc/${p!.pid}/environ`, 'utf8').split('\0')).toContain('NODE_ENV=production');
}

/** Signs in through the gateway and reads the viewer: the whole chain, down to the database, answers. */
async function consoleAnswers(gatewayUrl: string) {
  const ready = await fetch(`${gatewayUrl}/readyz`);
  expect(ready.status).toBe(200);
  const admin = await signedIn(gatewayUrl, 'admin@acme.local');
  const answer = await admin.request<{ viewer: { email: string } }>(VIEWER);
  expect(answer.data?.viewer.email).toBe('admin@acme.local');
}

afterEach(async () => {
  // A failed test must not leave its console behind: end exactly the processes it started.
  for (const started of launches.splice(0)) {
    for (const p of processesWith(started.marker)) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('restarts a killed service, and on SIGTERM stops everything it started', async () => {
    const started = await launch({ seed: true });
    const before = processesWith(started.marker);
    const api = service(before, API_ENTRY);
    const gateway = service(before, GATEWAY_ENTRY);
    // The launcher runs the services with node itself, no npx or shell in between.
    expect(api?.ppid).toBe(started.child.pid);
    expect(gateway?.ppid).toBe(started.child.pid);
    expectProduction(api, API_ENTRY);
    expectProduction(gateway, GATEWAY_ENTRY);
    await consoleAnswers(started.gatewayUrl);
    // The demo's products have made-up addresses: unless configured, people go to the console's own sign-in page.
    const member = await signedIn(started.gatewayUrl, 'member@acme.local');
    const product = await member.request<{ viewer: { productUrl: string } }>('{ viewer { productUrl } }');
    expect(product.data?.viewer.productUrl).toBe(`${started.gatewayUrl}/login`);

    process.kill(api!.pid, 'SIGKILL');
    // A start takes seconds on an idle machine; a busy test machine may need a minute or more.
    const restarted = await eventually(() => started.output().includes('subscription-api is running again'), 120_000);
    expect(restarted, started.output()).toBe(true);
    expect(started.output()).toMatch(/subscription-api was killed by SIGKILL; starting it again in \d+ s/);
    const after = processesWith(started.marker);
    expect(service(after, API_ENTRY)?.pid).not.toBe(api!.pid);
    // The gateway was not restarted: it kept running and reaches the new service.
    expect(service(after, GATEWAY_ENTRY)?.pid).toBe(gateway!.pid);
    await consoleAnswers(started.gatewayUrl);

    const everything = processesWith(started.marker);
    started.child.kill('SIGTERM');
    const exit = await Promise.race([started.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 60_000))]);
    expect(exit, started.output()).toEqual({ code: 0, signal: null });
    // Nothing of it is left: not the services, not what they started, and no port is held.
    expect(everything.length).toBeGreaterThanOrEqual(3);
    expect(processesWith(started.marker)).toEqual([]);
    expect(await listening(started.port)).toBe(false);
    expect(await listening(started.apiPort)).toBe(false);
  });

  it('comes up while a page asks the gateway whether it is ready before the REST service answers', async () => {
    const started = await launch({ seed: false, askReady: true });
    // The gateway answered before the REST service did: not ready, many times over (enough to open its breaker).
    expect(started.readyAnswers.filter((status) => status === 503).length).toBeGreaterThanOrEqual(10);
    expect((await fetch(`${started.gatewayUrl}/readyz`)).status).toBe(200);
  });

  it('leaves no service running when the launcher itself is killed outright', async () => {
    const started = await launch({ seed: false });
    const services = processesWith(started.marker).filter((p) => p.pid !== started.child.pid);
    expect(service(services, API_ENTRY)).toBeDefined();
    expect(service(services, GATEWAY_ENTRY)).toBeDefined();

    started.child.kill('SIGKILL');
    await started.exited;
    expect(await eventually(() => processesWith(started.marker).length === 0, 30_000)).toBe(true);
    expect(await listening(started.port)).toBe(false);
    expect(await listening(started.apiPort)).toBe(false);
  });
});
