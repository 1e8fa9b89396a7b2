// `npm test`: lint, type-checks, unit tests and the build, then the cross-app integration and
// browser tests; at the end, how long each part took, so a part that grows shows up.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import './ensure-install.mjs';

const RUNS = '.turbo/runs';
const TIMINGS = resolve('.turbo/timings/cross-app.json');
// Each package's unit tests write how many tests they ran here (tools/test-count-reporter.mjs).
const UNIT_COUNTS = resolve('.turbo/timings/unit-tests');

const phases = [
  // Single-threaded checks (eslint, tsc) two at a time fill both cores of a small machine.
  { title: 'checks, unit tests and build', tasks: ['lint', 'typecheck', 'test', 'build'], concurrency: 2 },
  // One vitest run for both projects: browser tests wait on timers while integration tests compute.
  // The first phase generated and built what it needs (--only skips re-checking that).
  { title: 'integration and browser tests', tasks: ['test:cross-app', '--only'], concurrency: 1 },
];

const started = Date.now();
const load = loadavg()[0];
const parts = [];
let exitCode = 0;
rmSync(TIMINGS, { force: true });
rmSync(UNIT_COUNTS, { recursive: true, force: true });

for (const phase of phases) {
  const phaseStarted = Date.now();
  const result = spawnSync('npx', ['turbo', 'run', ...phase.tasks, `--concurrency=${phase.concurrency}`, '--summarize'], {
    stdio: 'inherit',
    env: { ...process.env, YOZY_TEST_TIMINGS: TIMINGS, YOZY_TEST_COUNTS: UNIT_COUNTS },
  });
  parts.push(...tasksOf(newestSummarySince(phaseStarted)));
  exitCode = result.status ?? 1;
  if (exitCode !== 0) break;
}

printReport();
process.exit(exitCode);

function newestSummarySince(time) {
  if (!existsSync(RUNS)) return null;
  const files = readdirSync(RUNS)
    .map((name) => join(RUNS, name))
    .filter((file) => file.endsWith('.json') && statSync(file).mtimeMs >= time)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) return null;
  const summary = JSON.parse(readFileSync(files[0], 'utf8'));
  // Read once, here; kept, they would pile up in .turbo/runs with every run.
  rmSync(files[0]);
  return summary;
}

function tasksOf(summary) {
  if (!summary) return [];
  return summary.tasks
    .filter((task) => task.execution)
    .map((task) => ({
      label: labelOf(task.taskId),
      seconds: (task.execution.endTime - task.execution.startTime) / 1000,
      note: task.cache?.status === 'HIT' ? 'cached' : task.execution.exitCode ? 'failed' : '',
      start: task.execution.startTime,
    }))
    .sort((a, b) => a.start - b.start);
}

function labelOf(taskId) {
  const [pkg, task] = taskId.split('#');
  const name = pkg.replace('@yozy/', '');
  if (pkg === '//') return { codegen: 'codegen', lint: 'lint (eslint, prettier)' }[task] ?? task;
  if (task === 'test:cross-app') return 'integration + browser tests';
  if (task === 'test') return `unit tests ${name}`;
  return `${task} ${name}`;
}

function printReport() {
  const rows = parts.map((part) => [part.label, part.seconds, part.note]);
  const timings = existsSync(TIMINGS) ? JSON.parse(readFileSync(TIMINGS, 'utf8')) : null;
  for (const [project, { files, tests, fileMs }] of Object.entries(timings?.projects ?? {})) {
    const label = project === 'e2e' ? 'browser' : project;
    rows.push([`  ${label} (${files} files, ${tests} tests)`, fileMs / 1000, 'file time summed over the workers']);
  }
  rows.push(['whole run', (Date.now() - started) / 1000, `load average ${load.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end`]);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('\nTime of each part (s):');
  for (const [label, seconds, note] of rows) {
    console.log(`  ${label.padEnd(width)}  ${seconds.toFixed(1).padStart(6)}${note ? `  ${note}` : ''}`);
  }
  // What the tests checked, so a faster suite can show it dropped nothing (the README's Testing
  // section records the counts).
  const unitTests = existsSync(UNIT_COUNTS)
    ? readdirSync(UNIT_COUNTS).reduce((sum, name) => sum + JSON.parse(readFileSync(join(UNIT_COUNTS, name), 'utf8')).tests, 0)
    : 0;
  const { tests = 0, axeScans = 0, axeStates = 0, screenshots = 0, screenshotStates = 0 } = timings?.checks ?? {};
  console.log(
    `\nChecks made: tests: ${unitTests + tests} (unit ${unitTests}, integration and browser ${tests}), ` +
      `axe scans: ${axeScans} (of ${axeStates} distinct screens and states), screenshots: ${screenshots} (${screenshotStates} distinct)` +
      (timings?.checks ? '' : ' (the integration and browser tests did not finish)'),
  );
}
