import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export type CrossAppTimings = {
  wallMs: number;
  /** Per project (integration, e2e): its files, and the time they took summed over the workers. */
  projects: Record<string, { files: number; fileMs: number }>;
};

/**
 * Writes how long each project's files took to YOZY_TEST_TIMINGS (when set), for the summary
 * `npm test` prints: integration and browser files share the workers, so their times are sums.
 */
export default class TimingReporter implements Reporter {
  private started = performance.now();

  onTestRunStart() {
    this.started = performance.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const target = process.env.YOZY_TEST_TIMINGS;
    if (!target) return;
    const timings: CrossAppTimings = { wallMs: performance.now() - this.started, projects: {} };
    for (const module of modules) {
      const { duration, collectDuration, setupDuration, prepareDuration } = module.diagnostic();
      const project = (timings.projects[module.project.name] ??= { files: 0, fileMs: 0 });
      project.files++;
      project.fileMs += duration + collectDuration + setupDuration + prepareDuration;
    }
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(timings, null, 2));
  }
}
