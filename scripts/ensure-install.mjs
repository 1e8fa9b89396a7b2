// Makes the README's two commands work on a fresh checkout, whatever Node the machine has: the
// console runs on the Node of the root package.json's `node` devDependency (the npm registry's
// `node` package, a Node binary shipped in a registry package). On a machine with an older Node,
// that Node is fetched first into `.runtime/`, the workspace's packages are installed under it
// (so npm judges every package's `engines` against the Node that will run it), and the script
// that imported this module is started again on it. Later `npm run` commands need none of this:
// npm puts `node_modules/.bin`, where the same Node is installed, first on the path.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const wanted = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')).devDependencies.node;
const RUNTIME = resolve(ROOT, '.runtime');
const WORKSPACE_BIN = resolve(ROOT, 'node_modules/.bin');
const RUNTIME_BIN = resolve(RUNTIME, 'node_modules/.bin');

const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

if (major(process.version) < major(wanted)) {
  const node = existsSync(resolve(WORKSPACE_BIN, 'node')) ? resolve(WORKSPACE_BIN, 'node') : fetchRuntime();
  await runAgainOn(node);
}

if (!existsSync(resolve(ROOT, 'node_modules/.package-lock.json'))) {
  console.log(`Installing packages on Node ${process.version} (first run)…`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The project's Node in `.runtime/`, fetched from the npm registry when it is not there yet. */
function fetchRuntime() {
  const node = resolve(RUNTIME_BIN, 'node');
  if (existsSync(node) && spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim() === `v${wanted}`) return node;
  console.log(`This machine runs Node ${process.version}; fetching Node ${wanted} from the npm registry into .runtime/ (first run)…`);
  // A folder of its own, whose package allows the `node` package's install script (which fetches its binary).
  mkdirSync(RUNTIME, { recursive: true });
  writeFileSync(resolve(RUNTIME, 'package.json'), `${JSON.stringify({ private: true, allowScripts: { node: true } }, null, 2)}\n`);
  const result = spawnSync(
    'npm',
    ['install', '--prefix', RUNTIME, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${wanted}`],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (result.status !== 0 || !existsSync(node)) process.exit(result.status || 1);
  return node;
}

/**
 * Starts the script that imported this module again on `node`, with the project's Node first on
 * the path (for npm, npx and every `node` it starts), passes signals on, and ends with its status.
 */
async function runAgainOn(node) {
  const PATH = [WORKSPACE_BIN, RUNTIME_BIN, process.env.PATH].join(delimiter);
  const child = spawn(node, process.argv.slice(1), { stdio: 'inherit', env: { ...process.env, PATH } });
  // Ctrl+C reaches the whole foreground group, the child included: this one only waits for it.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const [code, signal] = await new Promise((done) => child.on('exit', (...outcome) => done(outcome)));
  process.exit(signal ? 1 : (code ?? 1));
}
