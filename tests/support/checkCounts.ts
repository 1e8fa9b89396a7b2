import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How many accessibility scans and screenshots the browser tests took, so a change that makes
 * the suite faster can show it dropped no check. Each worker process writes its own tally to a
 * file of the run's folder (YOZY_CHECK_COUNTS, made by the timing reporter before the workers
 * start); the reporter adds them up at the end.
 */
export type CheckCounts = { axeScans: number; screenshots: number };

export const CHECK_COUNTS_ENV = 'YOZY_CHECK_COUNTS';

const perProcess = globalThis as { yozyCheckCounts?: CheckCounts };

/** Counts one check of this kind in this worker's tally. */
export function countCheck(kind: keyof CheckCounts): void {
  const tally = (perProcess.yozyCheckCounts ??= { axeScans: 0, screenshots: 0 });
  tally[kind]++;
  const folder = process.env[CHECK_COUNTS_ENV];
  // Written at once, whole (a few bytes): a worker may be ended without a goodbye.
  if (folder) writeFileSync(join(folder, `${process.pid}.json`), JSON.stringify(tally));
}

/** In the main process, before the workers start: an empty folder for their tallies. */
export function startCounting(): string {
  const folder = join(tmpdir(), `yozy-check-counts-${process.pid}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  process.env[CHECK_COUNTS_ENV] = folder;
  return folder;
}

/** In the main process, after the run: the workers' tallies added up. */
export function countedChecks(folder: string): CheckCounts {
  const total: CheckCounts = { axeScans: 0, screenshots: 0 };
  for (const name of readdirSync(folder)) {
    const tally = JSON.parse(readFileSync(join(folder, name), 'utf8')) as CheckCounts;
    total.axeScans += tally.axeScans;
    total.screenshots += tally.screenshots;
  }
  return total;
}
