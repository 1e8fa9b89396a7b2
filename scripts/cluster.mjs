// `npm run cluster [-- --port 8080]`: the console scaled out on real components on this machine,
// all on loopback: nginx on --port in front of two gateways, which spread their calls over two REST
// services, on one PostgreSQL (Debian's, its data in the cluster's data folder, unless
// DATABASE_URL names one) and one Redis (the gateways' shared rate-limit counters). Installs what
// is missing with apt-get (as root), builds what changed, starts everything, and once every
// instance is ready prints one JSON line: the address and each instance's name, port and pid.
//
// It looks after every instance (one that stops on its own is started again after a growing
// pause). SIGHUP restarts the gateways and REST services one at a time, each drained first and the
// next only once its replacement is ready: a rolling upgrade after a build. Ctrl+C or SIGTERM stops
// everything it started.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import './ensure-install.mjs';
import { environmentOf, SERVICES } from './cluster/layout.mjs';
import { NGINX_SOURCE_ADDRESS, nginxConfig } from './cluster/nginx.mjs';
import { account, dyingWithParent, ensurePackages, isRoot, which } from './cluster/system.mjs';
import { freePort, portFree, preparePostgres, prepareRedis } from './cluster/stores.mjs';
import { answers, build, keptSecret, signalGroup, Supervisor } from './supervisor.mjs';

const LABEL = 'npm run cluster';
const { values: options } = parseArgs({ options: { port: { type: 'string', default: '8080' } } });
const port = Number(options.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`${LABEL}: --port must be a port number (1 to 65535), not ${options.port}`);
  process.exit(1);
}
const url = `http://127.0.0.1:${port}`;
const publicUrl = (process.env.PUBLIC_URL ?? url).replace(/\/+$/, '');
const dataDir = resolve(process.env.DATA_DIR ?? './cluster-data');
const givenDatabase = process.env.DATABASE_URL;
/** Instances of each service. */
const INSTANCES = 2;
const DATABASE = 'yozy';

ensurePackages({ postgres: !givenDatabase });
mkdirSync(dataDir, { recursive: true });
// The pid to send SIGHUP to (`kill -HUP $(cat cluster-data/cluster.pid)`); one cluster per data folder.
const pidFile = join(dataDir, 'cluster.pid');
const running = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0;
if (running && running !== process.pid && alive(running)) {
  console.error(`${LABEL}: another cluster (pid ${running}) runs on ${dataDir}; stop it, or set DATA_DIR to another folder`);
  process.exit(1);
}
writeFileSync(pidFile, `${process.pid}\n`);
process.once('exit', () => rmSync(pidFile, { force: true }));
if (isRoot()) {
  // PostgreSQL and nginx's workers run as their own accounts and must reach their folders in here
  // (the secrets in it are readable by root only, each file 0600).
  chmodSync(dataDir, statSync(dataDir).mode | 0o711);
}
if (!(await portFree(port))) {
  console.error(`${LABEL}: port ${port} is in use; choose another with --port`);
  process.exit(1);
}

// Every instance of a service holds the same secrets: those that must outlive a restart are kept
// in the data folder unless given (as npm start keeps them), the service credential is new on each start.
const serviceToken = process.env.SERVICE_TOKEN ?? randomBytes(32).toString('hex');
const secretKey = process.env.SECRET_KEY ?? keptSecret(dataDir, 'secret-key');
const captchaSecret = process.env.CAPTCHA_SECRET ?? keptSecret(dataDir, 'captcha-secret');

const supervisor = new Supervisor({ label: LABEL, prefixOutput: true });
supervisor.stopOnSignals();
// SIGHUP would end Node outright: until everything is ready there is nothing to restart.
let ready = false;
let rolling = false;
let rollAgain = false;
process.on('SIGHUP', () => {
  if (supervisor.stopping) return;
  if (!ready) {
    supervisor.log('SIGHUP before every instance is ready: nothing to restart yet');
    return;
  }
  if (rolling) {
    rollAgain = true;
    supervisor.log('a rolling restart is under way; another follows it');
    return;
  }
  rolling = true;
  void rollingRestart().finally(() => (rolling = false));
});
/** @type {import('node:child_process').ChildProcess | null} */
let building = null;
supervisor.beforeExit.push(() => {
  if (building?.pid) signalGroup(building.pid, 'SIGTERM');
});

console.log(`${LABEL}: building the console, the GraphQL explorer and the services…`);
const turbo = build(['@yozy/web', '@yozy/explorer', '@yozy/subscription-api', '@yozy/gateway']);
building = turbo.child;
const built = await turbo.done;
building = null;
if (supervisor.stopping) await supervisor.stopped;
if (!built) {
  console.error(`${LABEL}: the console could not be built`);
  process.exit(1);
}

// ---- PostgreSQL: Debian's server on the data folder, run as the postgres account when we are root.
const postgres = givenDatabase ? null : await preparePostgres({ supervisor, dataDir, label: LABEL, database: DATABASE });
const databaseUrl = givenDatabase ?? postgres?.url;
// ---- Redis: the rate-limit counters every gateway shares; nothing kept on disk.
const redis = await prepareRedis({ supervisor, dataDir });

// ---- Two REST services, then two gateways that spread their calls over both.
const apis = [];
for (let n = 1; n <= INSTANCES; n += 1) apis.push(await apiInstance(n));
const gateways = [];
for (let n = 1; n <= INSTANCES; n += 1) gateways.push(await gatewayInstance(n));
// ---- nginx in front of the gateways.
const nginx = await prepareNginx();

// Stopped from the front: nginx first, so nobody is sent to a gateway that has gone, and the
// database last, once nothing uses it.
supervisor.stopOrder = [
  [nginx.service],
  gateways.map((g) => g.service),
  apis.map((a) => a.service),
  [redis.service],
  postgres ? [postgres.service] : [],
];

if (postgres) {
  if (!(await supervisor.start([postgres.service]))) await supervisor.stopAll(1);
  await postgres.createDatabase();
}
if (!(await supervisor.start([redis.service]))) await supervisor.stopAll(1);
// The migrations first, once, as a deployment's migration job runs them; then the REST services.
if (!(await migrated())) await supervisor.stopAll(1);
// Every REST service and gateway at once: the demo data is written once, under a lock, whoever comes first.
if (!(await supervisor.start([...apis.map((a) => a.service), ...gateways.map((g) => g.service)]))) await supervisor.stopAll(1);
if (!(await supervisor.start([nginx.service]))) await supervisor.stopAll(1);

const instances = [
  { name: 'nginx', port, service: nginx.service },
  ...gateways.map((g) => ({ name: g.service.name, port: g.port, service: g.service })),
  ...apis.map((a) => ({ name: a.service.name, port: a.port, service: a.service })),
  { name: 'redis', port: redis.port, service: redis.service },
  ...(postgres ? [{ name: 'postgresql', port: postgres.port, service: postgres.service }] : []),
];
console.log(
  JSON.stringify({ url, instances: instances.map(({ name, port: at, service }) => ({ name, port: at, pid: service.child?.pid ?? null })) }),
);
supervisor.log(`the console is running at ${url}; SIGHUP restarts the gateways and REST services one at a time, Ctrl+C stops everything`);

ready = true;

/**
 * Every REST service, then every gateway, one at a time: each stopped gracefully (requests in flight
 * finish) and the next only once its replacement is ready. A gateway is first taken out of nginx
 * (a reload: new requests go to the others, the requests nginx already sent it finish), and put
 * back once its replacement is ready.
 */
async function rollingRestart() {
  do {
    rollAgain = false;
    const started = Date.now();
    supervisor.log('rolling restart: the migrations, then each REST service, then each gateway, in turn');
    // A new release's migrations are ones the running release also works with (expand, then contract).
    if (!(await migrated())) {
      supervisor.error('rolling restart stopped: the migrations failed; every instance still runs the release it ran');
      return;
    }
    for (const api of apis) {
      if (!(await replaced(api.service))) return;
    }
    // Each reload of nginx closes the kept-alive connections its old workers hold, so there are as
    // few as can be: one takes a gateway out and brings back the one replaced before it.
    for (const gateway of gateways) {
      gateway.down = true;
      await reloadNginx();
      const ok = await replaced(gateway.service);
      gateway.down = false;
      if (!ok) {
        await reloadNginx();
        return;
      }
    }
    await reloadNginx();
    supervisor.log(`rolling restart done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } while (rollAgain && !supervisor.stopping);
}

async function replaced(service) {
  if (supervisor.stopping) return false;
  const before = service.child?.pid;
  const ok = await supervisor.replace(service);
  if (ok) supervisor.log(`rolling restart: ${service.name} replaced (pid ${before} → ${service.child?.pid})`);
  else if (!supervisor.stopping) supervisor.error(`rolling restart stopped: ${service.name} did not come back ready`);
  return ok;
}

// ---------------------------------------------------------------------------------------------

/** The REST service's environment, on `at`. */
function apiEnvironment(at) {
  return environmentOf('subscription-api', {
    NODE_ENV: 'production',
    API_HOST: '127.0.0.1',
    API_PORT: String(at),
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true',
    SERVICE_TOKEN: serviceToken,
    SECRET_KEY: secretKey,
  });
}

/** Runs the REST service's migrations and nothing else (`--migrate-only`); resolves whether they succeeded. */
function migrated() {
  const layout = SERVICES['subscription-api'];
  const prefix = `${'migrate'.padEnd(supervisor.nameWidth)} | `;
  return new Promise((resolveOk) => {
    const child = spawn(process.execPath, [...layout.command.slice(1), '--migrate-only'], {
      env: { ...process.env, ...apiEnvironment(0) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix}${line}\n`));
    }
    child.once('error', () => resolveOk(false));
    child.once('exit', (code) => resolveOk(code === 0));
  });
}

async function apiInstance(n) {
  const layout = SERVICES['subscription-api'];
  const at = await freePort();
  const service = supervisor.add({
    name: `subscription-api-${n}`,
    command: process.execPath,
    args: layout.command.slice(1),
    // The IPC channel lets a service notice when the cluster command is gone, even after kill -9.
    ipc: true,
    env: apiEnvironment(at),
    isReady: () => answers(`http://127.0.0.1:${at}${layout.readiness}`),
    describeReady: `answering ${layout.readiness} on port ${at}`,
  });
  return { service, port: at };
}

async function gatewayInstance(n) {
  const layout = SERVICES.gateway;
  const at = await freePort();
  const service = supervisor.add({
    name: `gateway-${n}`,
    command: process.execPath,
    args: layout.command.slice(1),
    ipc: true,
    env: environmentOf('gateway', {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(at),
      PUBLIC_URL: publicUrl,
      // Every REST service: the gateway spreads its calls over them, a refused one going to the next.
      SUBSCRIPTION_API_URL: apis.map((api) => `http://127.0.0.1:${api.port}`).join(','),
      // Forwarded addresses are believed from nginx only, which connects from an address of its own.
      TRUST_PROXY: NGINX_SOURCE_ADDRESS,
      REDIS_URL: redis.url,
      SERVICE_TOKEN: serviceToken,
      CAPTCHA_SECRET: captchaSecret,
    }),
    isReady: () => answers(`http://127.0.0.1:${at}${layout.readiness}`),
    describeReady: `answering ${layout.readiness} on port ${at}`,
  });
  return { service, port: at, down: false };
}

async function prepareNginx() {
  const prefix = join(dataDir, 'nginx');
  mkdirSync(join(prefix, 'temp'), { recursive: true });
  // As root, the workers run as Debian's www-data account (the master keeps root to open the port and logs).
  const user = isRoot() ? (account('www-data') ? 'www-data' : 'nobody') : undefined;
  const config = join(prefix, 'nginx.conf');
  const write = () =>
    writeFileSync(config, nginxConfig({ prefix, port, gateways: gateways.map((g) => ({ port: g.port, down: g.down })), user }));
  write();
  const [command, args] = dyingWithParent(which('nginx'), ['-p', prefix, '-c', config, '-e', 'stderr'], 'QUIT');
  const service = supervisor.add({
    name: 'nginx',
    command,
    args,
    // Graceful: the requests under way are finished first.
    stopSignal: 'SIGQUIT',
    isReady: () => answers(`${url}/healthz`),
    describeReady: `answering ${url}/healthz`,
  });
  return { service, write };
}

/**
 * Writes the configuration again and has nginx load it (SIGHUP): new workers take the new
 * configuration, the old ones finish the requests they hold and exit. Resolves once they have.
 */
async function reloadNginx() {
  nginx.write();
  const master = nginx.service.child?.pid;
  if (!master) return;
  const old = childrenOf(master);
  process.kill(master, 'SIGHUP');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const now = new Set(childrenOf(master));
    if (!old.some((pid) => now.has(pid))) return;
    await sleep(50);
  }
  supervisor.error('nginx kept workers of its previous configuration for 15 s');
}

/** The processes whose parent is `pid` (read from /proc). */
function childrenOf(pid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') found.push(Number(entry));
    } catch {
      // gone while we looked
    }
  }
  return found;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
