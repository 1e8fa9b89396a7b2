// `npm run test:quick [-- <git ref>]`: the inner loop. Lint and formatting of the files changed
// since the ref, the type-checks of the workspaces they touch (and of those that use them), and
// the unit tests those changes can affect (vitest --changed). The ref is where the branch left
// main by default; `HEAD` checks only what is not committed yet. The integration and browser
// tests, and the build, are left to `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import './ensure-install.mjs';

const started = Date.now();
const base = process.argv[2] ?? mergeBase('main') ?? 'HEAD';
const changed = changedFiles(base);
console.log(`Changes since ${base === 'HEAD' ? 'the last commit' : base.slice(0, 12)}: ${changed.length} files`);
if (changed.length === 0) process.exit(0);

const LINTED = /\.(c|m)?(j|t)sx?$|\.graphql$/;
const lintable = changed.filter((file) => LINTED.test(file) && existsSync(file));
const formattable = changed.filter((file) => existsSync(file));
const workspaces = affectedWorkspaces(base);

// Generated code (GraphQL hooks, REST types) first: type-checks and tests read it. Turbo's cache
// makes this instant when nothing it reads from changed.
const rows = [];
const codegen = await run('codegen', 'npx', ['turbo', 'run', '//#codegen', '--output-logs=errors-only']);

const jobs = [];
if (lintable.length) jobs.push(['lint (eslint)', 'npx', ['eslint', '--no-warn-ignored', ...lintable]]);
if (formattable.length) jobs.push(['formatting (prettier)', 'npx', ['prettier', '--check', '--ignore-unknown', ...formattable]]);
for (const { name, path, scripts } of workspaces) {
  const label = name.replace('@yozy/', '');
  if (scripts.typecheck) jobs.push([`typecheck ${label}`, 'npx', ['tsc', '--noEmit'], { cwd: path }]);
  if (scripts.test) {
    jobs.push([`unit tests ${label}`, 'npx', ['vitest', 'run', '--changed', base, '--passWithNoTests'], { cwd: path }]);
  }
}
// Two at a time: eslint and tsc use one core each.
const results = codegen ? await pool(jobs, 2) : [];

const failed = !codegen || results.some((ok) => !ok);
rows.push(['whole run', (Date.now() - started) / 1000, `load average ${loadavg()[0].toFixed(1)} at end`]);
const width = Math.max(...rows.map(([label]) => label.length));
console.log('\nTime of each part (s):');
for (const [label, seconds, note] of rows) {
  console.log(`  ${label.padEnd(width)}  ${seconds.toFixed(1).padStart(6)}${note ? `  ${note}` : ''}`);
}
process.exit(failed ? 1 : 0);

function git(args) {
  const result = spawnSync('git', args, { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function mergeBase(branch) {
  if (git(['rev-parse', '--verify', '--quiet', branch]) === null) return null;
  return git(['merge-base', 'HEAD', branch]);
}

/** Committed since `ref`, changed in the working tree or the index, and new files git does not ignore. */
function changedFiles(ref) {
  const lists = [git(['diff', '--name-only', '--diff-filter=d', ref]), git(['ls-files', '--others', '--exclude-standard'])];
  return [...new Set(lists.flatMap((list) => (list ? list.split('\n') : [])).filter(Boolean))].sort();
}

/** The workspaces with a change since `ref`, and every workspace that depends on one of them (turbo's `...[ref]`). */
function affectedWorkspaces(ref) {
  const listed = spawnSync('npx', ['turbo', 'ls', `--filter=...[${ref}]`, '--output=json'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`turbo ls failed: ${listed.stderr}`);
  const { packages } = JSON.parse(listed.stdout.slice(listed.stdout.indexOf('{')));
  return packages.items.map(({ name, path }) => ({ name, path, scripts: readScripts(path) }));
}

function readScripts(path) {
  return JSON.parse(readFileSync(`${path}/package.json`, 'utf8')).scripts ?? {};
}

function run(label, command, args, options = {}) {
  const jobStarted = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      // Each job's output in one piece, so two at a time do not interleave.
      console.log(`\n${ok ? '✓' : '✗'} ${label}`);
      if (!ok || process.env.VERBOSE) console.log(output.trimEnd());
      rows.push([label, (Date.now() - jobStarted) / 1000, ok ? '' : 'failed']);
      resolve(ok);
    });
  });
}

async function pool(list, size) {
  const outcomes = [];
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const index = next++;
      const [label, command, args, options] = list[index];
      outcomes[index] = await run(label, command, args, options);
    }
  };
  await Promise.all(Array.from({ length: size }, lane));
  return outcomes;
}
