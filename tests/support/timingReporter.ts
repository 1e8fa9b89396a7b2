import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { countedChecks, startCounting, type CheckCounts } from './checkCounts';

export type CrossAppTimings = {
  wallMs: number;
  /** Per project (integration, e2e): its files, their tests, and the time they took summed over the workers. */
  projects: Record<string, { files: number; tests: number; fileMs: number }>;
  /** The checks the run made: its tests (passed or failed, not skipped), accessibility scans and screenshots. */
  checks: { tests: number } & CheckCounts;
};

/** The line that says how many checks a run made; `npm test` ends with it. */
export const describeChecks = ({ tests, axeScans, axeStates, screenshots, screenshotStates }: CrossAppTimings['checks']) =>
  `tests: ${tests}, axe scans: ${axeScans} (of ${axeStates} distinct screens and states), screenshots: ${screenshots} (${screenshotStates} distinct)`;

/**
 * Says at the end of the run how many tests, accessibility scans and screenshots it made, and
 * writes that and how long each project's files took to YOZY_TEST_TIMINGS (when set), for the
 * summary `npm test` prints: integration and browser files share the workers, so their times are sums.
 */
export default class TimingReporter implements Reporter {
  private started = performance.now();
  // Before any worker starts: the workers inherit the folder's name from this process.
  private readonly counts = startCounting();

  onTestRunStart() {
    this.started = performance.now();
    rmSync(this.counts, { recursive: true, force: true });
    mkdirSync(this.counts, { recursive: true });
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const timings: CrossAppTimings = {
      wallMs: performance.now() - this.started,
      projects: {},
      checks: { tests: 0, ...countedChecks(this.counts) },
    };
    rmSync(this.counts, { recursive: true, force: true });
    for (const module of modules) {
      const { duration, collectDuration, setupDuration, prepareDuration } = module.diagnostic();
      const project = (timings.projects[module.project.name] ??= { files: 0, tests: 0, fileMs: 0 });
      project.files++;
      project.fileMs += duration + collectDuration + setupDuration + prepareDuration;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed') project.tests++;
      }
    }
    timings.checks.tests = Object.values(timings.projects).reduce((sum, project) => sum + project.tests, 0);
    console.log(`\nChecks made: ${describeChecks(timings.checks)}`);
    const target = process.env.YOZY_TEST_TIMINGS;
    if (!target) return;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(timings, null, 2));
  }
}
