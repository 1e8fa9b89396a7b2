// `npm start`: the whole console on the embedded database with demo data, on one address.
// Installs and builds first when needed (the console, the explorer and both services, each only
// when its sources changed since its last build), then runs the REST subscription service and the
// gateway as built JavaScript with NODE_ENV=production,
// and looks after them: a service that stops on its own is started again after a growing pause,
// and Ctrl+C or SIGTERM stops both services and everything they started before the launcher exits.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import './ensure-install.mjs';

// `npm run dev` (--dev): the same console, the services run from their TypeScript source by
// `tsx watch`, which starts a service again whenever a file it uses changes; nothing is built but
// the console and the explorer, and NODE_ENV is left as it is (development: errors in full).
const dev = process.argv.includes('--dev');

const port = process.env.PORT ?? '4000';
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ?? '4001';
const apiUrl = (process.env.SUBSCRIPTION_API_URL ?? `http://127.0.0.1:${apiPort}`).replace(/\/+$/, '');
const address = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
const gatewayUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
const publicUrl = (process.env.PUBLIC_URL ?? address).replace(/\/+$/, '');
// The demo's products have made-up addresses, and the countdown after a reset or a first password
// would end on one that does not exist: unless configured, the products (when the demo data is
// created) and the standard web product's fallback are the console's own sign-in page.
const demoProductUrl = process.env.DEMO_PRODUCT_URL ?? `${publicUrl}/login`;
const webProductUrl = process.env.WEB_PRODUCT_URL ?? `${publicUrl}/login`;
// The gateway's credential towards the REST service: the same for both, new on every start unless given.
const serviceToken = process.env.SERVICE_TOKEN ?? randomBytes(32).toString('hex');
// The key that seals two-factor secrets must outlive a restart, or nobody with two-factor could
// sign in again: unless given, one is made on the first start and kept beside the embedded database.
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const secretKey = process.env.SECRET_KEY ?? keptSecret(dataDir, 'secret-key');
// The same for the secret that signs captchas and device cookies: a new one would make every
// browser a stranger again, held back with the rest while someone guesses its person's password.
const captchaSecret = process.env.CAPTCHA_SECRET ?? keptSecret(dataDir, 'captcha-secret');

function keptSecret(dataDir, name) {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

// The pause before a restart doubles from the first to the last; a service that ran for a minute
// counts as healthy again, and one that keeps failing within a minute is given up on.
const FIRST_RESTART_DELAY_MS = 1_000;
const LAST_RESTART_DELAY_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;
const MAX_QUICK_RESTARTS = 5;
const READY_WITHIN_MS = 120_000;
/** Longer than the gateway's breaker takes to let a call through again. */
const REACHES_WITHIN_MS = 15_000;
const STOP_WITHIN_MS = 10_000;

/**
 * @typedef {{ name: string, entry: string, source: string, env: Record<string, string>, healthUrl: string,
 *   child: import('node:child_process').ChildProcess | null, startedAt: number, quickRestarts: number,
 *   restartTimer: NodeJS.Timeout | null, wasReady: boolean }} Service
 */

/** @type {Service[]} */
const services = [
  {
    name: 'subscription-api',
    entry: 'apps/subscription-api/dist/index.js',
    source: 'apps/subscription-api/src/index.ts',
    env: {
      API_PORT: apiPort,
      PUBLIC_URL: publicUrl,
      SERVICE_TOKEN: serviceToken,
      SECRET_KEY: secretKey,
      DEMO_PRODUCT_URL: demoProductUrl,
      WEB_PRODUCT_URL: webProductUrl,
    },
    healthUrl: `${apiUrl}/health`,
  },
  {
    name: 'gateway',
    entry: 'apps/gateway/dist/index.js',
    source: 'apps/gateway/src/index.ts',
    env: {
      PORT: port,
      HOST: host,
      SUBSCRIPTION_API_URL: apiUrl,
      PUBLIC_URL: publicUrl,
      SERVICE_TOKEN: serviceToken,
      CAPTCHA_SECRET: captchaSecret,
    },
    healthUrl: `${gatewayUrl}/healthz`,
  },
].map((service) => ({ ...service, child: null, startedAt: 0, quickRestarts: 0, restartTimer: null, wasReady: false }));
const [api, gateway] = services;

let stopping = false;
/** @type {Promise<never> | null} */
let stopped = null;
/** @type {import('node:child_process').ChildProcess | null} */
let build = null;

function log(message) {
  console.log(`npm start: ${message}`);
}

/** Signals every process of a service's group: the service and whatever it started. */
function signalGroup(pid, signal) {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // the group has already gone
  }
}

function groupAlive(pid) {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {Service} service */
function launch(service) {
  // node itself, not npx or npm: the launcher holds the real process and its signals reach it. The
  // built service runs as it is, no compiler loaded; its stack traces still name the TypeScript source.
  const args = dev
    ? [fileURLToPath(import.meta.resolve('tsx/cli')), 'watch', '--clear-screen=false', service.source]
    : ['--enable-source-maps', service.entry];
  const child = spawn(process.execPath, args, {
    // The IPC channel lets the service notice when the launcher is gone, even after kill -9.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // A process group of its own, so stopping the service reaches its children too.
    detached: true,
    env: { ...process.env, ...(dev ? {} : { NODE_ENV: 'production' }), ...service.env },
  });
  service.child = child;
  service.startedAt = Date.now();
  child.once('exit', (code, signal) => onExit(service, child, code, signal));
  return child;
}

/**
 * @param {Service} service
 * @param {import('node:child_process').ChildProcess} child
 */
function onExit(service, child, code, signal) {
  if (service.child !== child) return;
  service.child = null;
  // Whatever the service started dies with it; a restart begins with an empty group.
  signalGroup(child.pid, 'SIGKILL');
  if (stopping) return;
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  if (!service.wasReady) {
    console.error(`npm start: ${service.name} ${how} before it was ready; stopping the console`);
    void stopAll(1);
    return;
  }
  service.quickRestarts = Date.now() - service.startedAt >= HEALTHY_AFTER_MS ? 1 : service.quickRestarts + 1;
  if (service.quickRestarts > MAX_QUICK_RESTARTS) {
    console.error(`npm start: ${service.name} ${how}, again within a minute of starting; giving up after ${MAX_QUICK_RESTARTS} restarts`);
    void stopAll(1);
    return;
  }
  const delay = Math.min(FIRST_RESTART_DELAY_MS * 2 ** (service.quickRestarts - 1), LAST_RESTART_DELAY_MS);
  console.error(`npm start: ${service.name} ${how}; starting it again in ${delay / 1000} s`);
  service.restartTimer = setTimeout(() => {
    service.restartTimer = null;
    void restart(service);
  }, delay);
}

/** @param {Service} service */
async function restart(service) {
  if (stopping) return;
  const child = launch(service);
  if (await ready(service, child)) log(`${service.name} is running again`);
}

/**
 * Resolves true once the service answers its health check; false when it stopped first or the
 * launcher is stopping. A service that never answers is killed, which counts as a failed start.
 * @param {Service} service
 * @param {import('node:child_process').ChildProcess} child
 */
async function ready(service, child) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (service.child === child && !stopping) {
    if (await answers(service.healthUrl)) {
      service.wasReady = true;
      return true;
    }
    if (Date.now() > deadline) {
      console.error(`npm start: ${service.name} did not answer ${service.healthUrl} within ${READY_WITHIN_MS / 1000} s`);
      signalGroup(child.pid, 'SIGKILL');
      return false;
    }
    await sleep(250);
  }
  return false;
}

/**
 * Whether the gateway reaches the REST service, asked for a while: a page opened while the REST
 * service was still starting may have opened the gateway's breaker, which lets a call through
 * again only after its reset time (5 s).
 */
async function reachesService() {
  const deadline = Date.now() + REACHES_WITHIN_MS;
  while (!stopping) {
    if (await answers(`${gatewayUrl}/readyz`)) return true;
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
  return false;
}

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** @param {Service} service */
async function stopService(service) {
  const child = service.child;
  if (!child) return;
  signalGroup(child.pid, 'SIGTERM');
  const deadline = Date.now() + STOP_WITHIN_MS;
  while (groupAlive(child.pid) && Date.now() < deadline) await sleep(100);
  if (groupAlive(child.pid)) {
    console.error(`npm start: ${service.name} did not stop within ${STOP_WITHIN_MS / 1000} s; killing it`);
    signalGroup(child.pid, 'SIGKILL');
    while (groupAlive(child.pid) && Date.now() < deadline + 2_000) await sleep(100);
  }
}

/** Stops everything and exits; never resolves, so a caller that awaits it goes no further. */
function stopAll(code) {
  stopping = true;
  stopped ??= (async () => {
    for (const service of services) if (service.restartTimer) clearTimeout(service.restartTimer);
    if (build) signalGroup(build.pid, 'SIGTERM');
    // The gateway first, so nobody is answered by a gateway whose service is already gone.
    await stopService(gateway);
    await stopService(api);
    process.exit(code);
  })();
  return stopped;
}

let firstSignalAt = 0;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!stopping) {
      firstSignalAt = Date.now();
      log('stopping…');
      void stopAll(0);
      return;
    }
    // npm passes Ctrl+C on as well, so one press can arrive twice; a later second press means now.
    if (Date.now() - firstSignalAt < 1_000) return;
    for (const service of services) if (service.child) signalGroup(service.child.pid, 'SIGKILL');
    process.exit(1);
  });
}

// Turbo rebuilds a part only when its sources (or those of @yozy/shared) changed since its last
// build, and otherwise restores the build it keeps; the services then start from dist/index.js.
console.log(dev ? 'Building the console and the GraphQL explorer…' : 'Building the console, the GraphQL explorer and the services…');
const workspaces = ['@yozy/web', '@yozy/explorer', ...(dev ? [] : ['@yozy/subscription-api', '@yozy/gateway'])];
const built = await new Promise((resolve) => {
  // turbo's own script under node rather than through npx, which would cost a second of its own.
  build = spawn(
    process.execPath,
    [
      join('node_modules', 'turbo', 'bin', 'turbo'),
      'run',
      'build',
      ...workspaces.map((name) => `--filter=${name}`),
      '--output-logs=errors-only',
    ],
    {
      stdio: 'inherit',
      detached: true,
    },
  );
  build.once('exit', (code) => resolve(code === 0));
  build.once('error', () => resolve(false));
});
build = null;
if (stopping) await stopped;
if (!built) {
  console.error('npm start: the console could not be built');
  process.exit(1);
}

// Both at once: the gateway needs the REST service only to answer, not to start, so the console
// is up after the slower of the two rather than after both in turn.
const started = await Promise.all(services.map((service) => ready(service, launch(service))));
if (started.includes(false)) await stopAll(1);
if (!(await reachesService())) {
  console.error(`npm start: the gateway cannot reach the subscription service at ${apiUrl}`);
  await stopAll(1);
}

console.log(`
  Yozy Admin Console is running at ${address}
  Sign in with a demo account listed above. Stop with Ctrl+C.
`);
