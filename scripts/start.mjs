// `npm start`: the whole console on the embedded database with demo data, on one address.
// Installs and builds first when needed, then runs the REST subscription service and the gateway.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import './ensure-install.mjs';

const port = process.env.PORT ?? '4000';
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ?? '4001';
const apiUrl = process.env.SUBSCRIPTION_API_URL ?? `http://127.0.0.1:${apiPort}`;
// The gateway's credential towards the REST service: the same for both, new on every start unless given.
const serviceToken = process.env.SERVICE_TOKEN ?? randomBytes(32).toString('hex');

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log('Building the console…');
run('npx', ['turbo', 'run', 'build', '--filter=@yozy/web', '--output-logs=errors-only']);

const children = [];
function start(name, entry, env) {
  const child = spawn('npx', ['tsx', entry], { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.error(`${name} stopped${code ? ` with code ${code}` : ''}`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function waitFor(url, what) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`${what} did not become ready at ${url}`);
  stopAll(1);
}

const address = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
start('subscription-api', 'apps/subscription-api/src/index.ts', {
  API_PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? address,
  SERVICE_TOKEN: serviceToken,
});
await waitFor(`${apiUrl}/health`, 'The subscription service');
start('gateway', 'apps/gateway/src/index.ts', { PORT: port, HOST: host, SUBSCRIPTION_API_URL: apiUrl, SERVICE_TOKEN: serviceToken });
await waitFor(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/readyz`, 'The gateway');

console.log(`
  Yozy Admin Console is running at ${address}
  Sign in with a demo account listed above. Stop with Ctrl+C.
`);
