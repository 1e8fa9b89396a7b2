import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Goal, Section } from '../bench';

/**
 * Lighthouse of the console's /login and its signed-in first screens (the dashboard, the people
 * list, a SuperAdmin's organisation list) next to the stack floor's /login (the prescribed web
 * stack drawing one sign-in form), alternately in one run:
 * tools/bench/lighthouse.mjs does the measuring. The floor is built from ../shared/bench/stack-floor
 * beside the repository, or from STACK_FLOOR_DIR.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FLOOR_DIR = process.env.STACK_FLOOR_DIR ?? join(ROOT, '../shared/bench/stack-floor');
/** Rounds of the three pages; Lighthouse is slow, so fewer than the load rounds would not tell much. */
const LEAST_ROUNDS = 3;
/** The goals: at most this much of the floor's main-thread boot-up, and at least its score. */
const BOOTUP_GOAL = 1.2;
/** A signed-in screen's performance score, at least this much of the floor's. */
const SIGNED_IN_SCORE_GOAL = 0.95;
/** A signed-in screen shows its content at most this much later than /login (largest contentful paint). */
const LCP_VS_LOGIN_GOAL = 1.3;

type Spread = { median: number; min: number; max: number };
type Row = { page: string; score: Spread; tbt: Spread; bootup: Spread; lcp: Spread; fcp: Spread; jsBytes: Spread; jsFiles: Spread };
type Ratio = { page: string; bootup: number; tbt: number | null; score: number; jsBytes: number; lcpVsLogin: number };
type FirstScreens = {
  measureFirstScreens(options: { consoleUrl: string; floorUrl: string; rounds: number }): Promise<{
    rows: Row[];
    ratios: Ratio[];
    rounds: number;
    load: { before: number; after: number; cores: number };
  }>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** The floor built in a scratch copy and served with brotli by its own serve.mjs; stop() ends it. */
async function serveFloor(): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'yozy-stack-floor-'));
  cpSync(FLOOR_DIR, dir, { recursive: true, filter: (path) => !/node_modules|dist/.test(path.slice(FLOOR_DIR.length)) });
  for (const args of [
    ['install', '--no-audit', '--no-fund', '--loglevel=error'],
    ['run', 'build'],
  ]) {
    const done = spawnSync('npm', args, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (done.status !== 0) throw new Error(`The stack floor did not build (npm ${args.join(' ')})`);
  }
  const port = await freePort();
  const server = spawn(process.execPath, ['serve.mjs', String(port)], { cwd: dir, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (
      await fetch(`${url}/login`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (tries > 100) throw new Error('The stack floor did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop() {
      server.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const spread = ({ median, min, max }: Spread, show: (value: number) => string) =>
  min === max ? show(median) : `${show(median)} (${show(min)}–${show(max)})`;

export const firstScreens: Section = {
  title: 'First screens next to the stack floor (Lighthouse)',
  async run(bench) {
    if (!existsSync(join(FLOOR_DIR, 'package.json'))) {
      return { tables: [], notes: [`Not measured: no stack floor at ${FLOOR_DIR} (set STACK_FLOOR_DIR).`] };
    }
    const lighthouse = (await import(join(ROOT, 'tools/bench/lighthouse.mjs'))) as FirstScreens;
    const floor = await serveFloor();
    try {
      const rounds = Math.max(LEAST_ROUNDS, bench.rounds);
      const { rows, ratios, load } = await lighthouse.measureFirstScreens({ consoleUrl: bench.gatewayUrl, floorUrl: floor.url, rounds });
      const goals: Goal[] = ratios.flatMap((ratio) => {
        const signedIn = ratio.page !== 'console /login';
        const scoreGoal = signedIn ? SIGNED_IN_SCORE_GOAL : 1;
        return [
          {
            what: `${ratio.page}: main-thread boot-up ÷ the floor's`,
            goal: `≤ ${BOOTUP_GOAL}×`,
            figure: `${ratio.bootup.toFixed(2)}×`,
            met: ratio.bootup <= BOOTUP_GOAL,
          },
          {
            what: `${ratio.page}: performance score ÷ the floor's`,
            goal: `≥ ${scoreGoal}×`,
            figure: `${ratio.score.toFixed(2)}×`,
            met: ratio.score >= scoreGoal,
          },
          ...(signedIn
            ? [
                {
                  what: `${ratio.page}: LCP ÷ console /login's`,
                  goal: `≤ ${LCP_VS_LOGIN_GOAL}×`,
                  figure: `${ratio.lcpVsLogin.toFixed(2)}×`,
                  met: ratio.lcpVsLogin <= LCP_VS_LOGIN_GOAL,
                },
              ]
            : []),
        ];
      });
      return {
        tables: [
          {
            title: `Lighthouse 12.2.3, mobile defaults, ${rounds} alternating rounds (median, lowest–highest)`,
            columns: ['page', 'performance', 'TBT', 'main-thread boot-up', 'LCP', 'FCP', 'JS on the wire'],
            rows: rows.map((row) => [
              row.page,
              spread(row.score, (value) => String(Math.round(value))),
              spread(row.tbt, seconds),
              spread(row.bootup, seconds),
              spread(row.lcp, seconds),
              spread(row.fcp, seconds),
              `${Math.round(row.jsBytes.median / 1024)} KB in ${row.jsFiles.median} files`,
            ]),
          },
        ],
        goals,
        notes: [
          `Load average ${load.before.toFixed(2)} before and ${load.after.toFixed(2)} after, ${load.cores} cores: only the ratios, measured side by side, compare.`,
        ],
      };
    } finally {
      floor.stop();
    }
  },
};
