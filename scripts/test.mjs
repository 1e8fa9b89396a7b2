// `npm test`: the build, then the cross-app integration and browser tests with lint, type-checks
// and unit tests beside them; at the end, how long each part took, so a part that grows shows up.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import './ensure-install.mjs';

const RUNS = '.turbo/runs';
const TIMINGS = resolve('.turbo/timings/cross-app.json');
// Each package's unit tests write how many tests they ran here (tools/test-count-reporter.mjs).
const UNIT_COUNTS = resolve('.turbo/timings/unit-tests');

// Each phase's runs go side by side; the next phase starts when all of them have passed.
const phases = [
  // The generated code and the builds, which everything after needs (and so runs with --only).
  [{ tasks: ['build'], concurrency: 2 }],
  [
    // One vitest run for both projects, started as soon as the build is there: browser tests wait
    // on the browser and on timers while integration tests compute.
    { tasks: ['test:cross-app', '--only'], concurrency: 1 },
    // Beside it, one at a time, the single-threaded checks (eslint, tsc) and the unit tests, which
    // fill the time the cross-app tests leave the processor.
    { tasks: ['lint', 'typecheck', 'test', '--only'], concurrency: 1 },
  ],
];

const started = Date.now();
const load = loadavg()[0];
const parts = [];
let exitCode = 0;
rmSync(TIMINGS, { force: true });
rmSync(UNIT_COUNTS, { recursive: true, force: true });

for (const runs of phases) {
  const statuses = await Promise.all(runs.map(turbo));
  exitCode = statuses.find((status) => status !== 0) ?? 0;
  if (exitCode !== 0) break;
}

printReport();
process.exit(exitCode);

/** Runs turbo with `tasks`, its output on ours; its tasks' times join the report. Answers its exit status. */
function turbo({ tasks, concurrency }) {
  const runStarted = Date.now();
  const run = spawn('npx', ['turbo', 'run', ...tasks, `--concurrency=${concurrency}`, '--summarize'], {
    stdio: 'inherit',
    env: { ...process.env, YOZY_TEST_TIMINGS: TIMINGS, YOZY_TEST_COUNTS: UNIT_COUNTS },
  });
  return new Promise((resolve) => {
    run.on('close', (status) => {
      parts.push(...tasksOf(summaryOf(tasks, runStarted)));
      resolve(status ?? 1);
    });
  });
}

/** The summary turbo wrote of the run of `tasks` started at `time` (another run may have ended beside it). */
function summaryOf(tasks, time) {
  if (!existsSync(RUNS)) return null;
  const found = readdirSync(RUNS)
    .map((name) => join(RUNS, name))
    .filter((path) => path.endsWith('.json') && statSync(path).mtimeMs >= time)
    .map((path) => ({ path, summary: JSON.parse(readFileSync(path, 'utf8')) }))
    .find(({ summary }) => summary.tasks.some((task) => task.task === tasks[0]));
  if (!found) return null;
  // Read once, here; kept, they would pile up in .turbo/runs with every run.
  rmSync(found.path);
  return found.summary;
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
  const rows = parts.sort((a, b) => a.start - b.start).map((part) => [part.label, part.seconds, part.note]);
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
