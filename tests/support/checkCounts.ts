import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How many accessibility scans and screenshots the browser tests took, and of how many distinct
 * screens and states (a scan: the screen's address, colour mode, width and what is open over it;
 * a screenshot: its file), so a change that makes the suite faster can show it dropped no check:
 * a screen scanned once instead of three times counts one scan fewer but the same distinct state.
 * Each worker process writes its own tally to a file of the run's folder (YOZY_CHECK_COUNTS, made
 * by the timing reporter before the workers start); the reporter adds them up at the end.
 */
export type CheckCounts = {
  axeScans: number;
  screenshots: number;
  /** The distinct screens and states scanned by axe. */
  axeStates: number;
  /** The distinct screenshots (by file name). */
  screenshotStates: number;
};

type Kind = 'axeScans' | 'screenshots';
type Tally = Record<Kind, number> & { states: Record<Kind, string[]> };

export const CHECK_COUNTS_ENV = 'YOZY_CHECK_COUNTS';

const perProcess = globalThis as { yozyCheckCounts?: Tally };

/** Counts one check of this kind in this worker's tally, of the screen and state `state` names. */
export function countCheck(kind: Kind, state: string): void {
  const tally = (perProcess.yozyCheckCounts ??= { axeScans: 0, screenshots: 0, states: { axeScans: [], screenshots: [] } });
  tally[kind]++;
  if (!tally.states[kind].includes(state)) tally.states[kind].push(state);
  const folder = process.env[CHECK_COUNTS_ENV];
  // Written at once, whole (a few kilobytes): a worker may be ended without a goodbye.
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

/** In the main process, after the run: the workers' tallies added up, their states counted once. */
export function countedChecks(folder: string): CheckCounts {
  const total = { axeScans: 0, screenshots: 0 };
  const states = { axeScans: new Set<string>(), screenshots: new Set<string>() };
  for (const name of readdirSync(folder)) {
    const tally = JSON.parse(readFileSync(join(folder, name), 'utf8')) as Tally;
    for (const kind of ['axeScans', 'screenshots'] as const) {
      total[kind] += tally[kind];
      for (const state of tally.states[kind]) states[kind].add(state);
    }
  }
  return { ...total, axeStates: states.axeScans.size, screenshotStates: states.screenshots.size };
}
