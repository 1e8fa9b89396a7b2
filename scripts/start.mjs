// `npm start`: the whole console on the embedded database with demo data, on one address.
// Installs and builds first when needed (the console, the explorer and both services, each only
// when its sources changed since its last build), then runs the REST subscription service and the
// gateway as built JavaScript with NODE_ENV=production,
// and looks after them: a service that stops on its own is started again after a growing pause,
// and Ctrl+C or SIGTERM stops both services and everything they started before the launcher exits.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import './ensure-install.mjs';
import { answers, build, keptSecret, signalGroup, Supervisor } from './supervisor.mjs';

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

/** Longer than the gateway's breaker takes to let a call through again. */
const REACHES_WITHIN_MS = 15_000;

const supervisor = new Supervisor({ label: 'npm start' });

/** Node itself, not npx or npm: the launcher holds the real process and its signals reach it. */
function nodeService(name, entry, source, env, healthUrl) {
  return supervisor.add({
    name,
    command: process.execPath,
    // The built service runs as it is, no compiler loaded; its stack traces still name the TypeScript source.
    args: dev ? [fileURLToPath(import.meta.resolve('tsx/cli')), 'watch', '--clear-screen=false', source] : ['--enable-source-maps', entry],
    // The IPC channel lets the service notice when the launcher is gone, even after kill -9.
    ipc: true,
    env: { ...(dev ? {} : { NODE_ENV: 'production' }), ...env },
    isReady: () => answers(healthUrl),
    describeReady: `answering ${healthUrl}`,
  });
}

const api = nodeService(
  'subscription-api',
  'apps/subscription-api/dist/index.js',
  'apps/subscription-api/src/index.ts',
  {
    API_PORT: apiPort,
    PUBLIC_URL: publicUrl,
    SERVICE_TOKEN: serviceToken,
    SECRET_KEY: secretKey,
    DEMO_PRODUCT_URL: demoProductUrl,
    WEB_PRODUCT_URL: webProductUrl,
  },
  `${apiUrl}/health`,
);
const gateway = nodeService(
  'gateway',
  'apps/gateway/dist/index.js',
  'apps/gateway/src/index.ts',
  {
    PORT: port,
    HOST: host,
    SUBSCRIPTION_API_URL: apiUrl,
    PUBLIC_URL: publicUrl,
    SERVICE_TOKEN: serviceToken,
    CAPTCHA_SECRET: captchaSecret,
  },
  `${gatewayUrl}/healthz`,
);
// The gateway first, so nobody is answered by a gateway whose service is already gone.
supervisor.stopOrder = [[gateway], [api]];

/** @type {import('node:child_process').ChildProcess | null} */
let building = null;
supervisor.beforeExit.push(() => {
  if (building?.pid) signalGroup(building.pid, 'SIGTERM');
});
supervisor.stopOnSignals();

/**
 * Whether the gateway reaches the REST service, asked for a while: a page opened while the REST
 * service was still starting may have opened the gateway's breaker, which lets a call through
 * again only after its reset time (5 s).
 */
async function reachesService() {
  const deadline = Date.now() + REACHES_WITHIN_MS;
  while (!supervisor.stopping) {
    if (await answers(`${gatewayUrl}/readyz`)) return true;
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
  return false;
}

// Turbo rebuilds a part only when its sources (or those of @yozy/shared) changed since its last
// build, and otherwise restores the build it keeps; the services then start from dist/index.js.
console.log(dev ? 'Building the console and the GraphQL explorer…' : 'Building the console, the GraphQL explorer and the services…');
const turbo = build(['@yozy/web', '@yozy/explorer', ...(dev ? [] : ['@yozy/subscription-api', '@yozy/gateway'])]);
building = turbo.child;
const built = await turbo.done;
building = null;
if (supervisor.stopping) await supervisor.stopped;
if (!built) {
  console.error('npm start: the console could not be built');
  process.exit(1);
}

// Both at once: the gateway needs the REST service only to answer, not to start, so the console
// is up after the slower of the two rather than after both in turn.
if (!(await supervisor.start([api, gateway]))) await supervisor.stopAll(1);
if (!(await reachesService())) {
  console.error(`npm start: the gateway cannot reach the subscription service at ${apiUrl}`);
  await supervisor.stopAll(1);
}

console.log(`
  Yozy Admin Console is running at ${address}
  Sign in with a demo account listed above. Stop with Ctrl+C.
`);
