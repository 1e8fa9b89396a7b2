// `npm run bench`: how fast the console is at real size, measured on this machine and written to
// docs/BENCHMARKS.md. It fills a PostgreSQL database of its own with the large data (once; later
// runs reuse it), starts the console as `npm start` does in production, signs in a SuperAdmin and
// an organisation admin, and runs each section of sections.ts in turn. Not a test: it never fails
// on a figure, it says which goals are missed.
//
//   npm run bench                       the full size (scale 1), 10 s rounds, 2 rounds a side
//   npm run bench -- --scale 0.1        a tenth of the data, for a quick run
//   npm run bench -- --seconds 5 --rounds 1
//   npm run bench -- --only cluster     the sections whose title holds the word; docs/BENCHMARKS.md is left as it is
//   npm run bench -- --only costs       what the gateway costs: needs no database (nor starts the console)
//
// BENCH_DATABASE_URL names the database to fill (made when missing); otherwise it is `yozy_bench`
// beside TEST_DATABASE_URL's (postgres://yozy_ci:yozy_ci@127.0.0.1:5432/yozy_ci when unset).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, signedIn } from '../support/graphql';
import type { Bench, BenchRun } from './bench';
import { prepareBenchDatabase } from './database';
import { loadAverage, machineNow, printGoals, printSection, writeCharts, writeMarkdown, type Report } from './report';
import { SECTIONS } from './sections';
import { build, startConsole, type BenchStack } from './stack';

const BENCHMARKS = fileURLToPath(new URL('../../docs/BENCHMARKS.md', import.meta.url));
/** Where the charts go, beside docs/BENCHMARKS.md, which links them by this folder. */
const CHARTS = 'bench';
/** The demo data's SuperAdmin (apps/subscription-api/src/seed/demo.ts). */
const SUPER_ADMIN = 'admin@yozy.local';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    only: { type: 'string' },
  },
});
const only = values.only?.toLowerCase();
const sections = only ? SECTIONS.filter((section) => section.title.toLowerCase().includes(only)) : SECTIONS;
if (sections.length === 0) throw new Error(`--only ${values.only} names no section: ${SECTIONS.map((s) => s.title).join('; ')}`);
const scale = Number(values.scale);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
if (!(scale > 0 && scale <= 10)) throw new Error('--scale must be a number above 0 and at most 10');
if (!(seconds >= 1) || !Number.isInteger(rounds) || rounds < 1)
  throw new Error('--seconds must be 1 or more, --rounds a whole number of 1 or more');

// Taken first, before the bench itself loads the machine.
const loadAtStart = machineNow('');
// Sections that start what they measure themselves need neither the database nor the console.
const needsConsole = sections.some((section) => section.console !== false);
const database = needsConsole ? await prepareBenchDatabase(scale) : null;
const machine = { ...loadAtStart, postgres: database?.postgresVersion ?? 'not used' };

console.log('bench: building what npm start runs');
await build();
let stack: BenchStack | null = null;
const stopping = async () => {
  const running = stack;
  stack = null;
  await running?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stopping().finally(() => process.exit(130)));

try {
  const run: BenchRun = { scale, seconds, rounds };
  let bench: Bench | null = null;
  if (database) {
    console.log('bench: starting the console as npm start does');
    const started = await startConsole(database.url);
    stack = started;
    bench = {
      ...run,
      gatewayUrl: started.gatewayUrl,
      apiUrl: started.apiUrl,
      databaseUrl: database.url,
      serviceToken: started.serviceToken,
      startupMs: started.startupMs,
      metrics: started.metrics,
      emails: { superAdmin: SUPER_ADMIN, admin: database.organisationAdmin },
      sessions: {
        superAdmin: await signedIn(started.gatewayUrl, SUPER_ADMIN),
        admin: await signedIn(started.gatewayUrl, database.organisationAdmin, DEMO_PASSWORD),
      },
    };
  }
  const report: Report = {
    command: process.argv.length > 2 ? `npm run bench -- ${process.argv.slice(2).join(' ')}` : 'npm run bench',
    scale,
    machine,
    loadAtEnd: '',
    sizes: database?.sizes ?? {},
    sections: [],
  };
  for (const section of sections) {
    console.log(`\nbench: ${section.title}…`);
    try {
      const result = section.console === false ? await section.run(run) : await section.run(bench!);
      report.sections.push({ title: section.title, result });
      printSection(section.title, result);
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      report.sections.push({ title: section.title, result: null, failure });
      printSection(section.title, null, failure);
    }
  }
  report.loadAtEnd = loadAverage();
  printGoals(report);
  if (only) {
    console.log('\nbench: some sections only (--only): docs/BENCHMARKS.md is left as it was');
    for (const file of writeCharts(mkdtempSync(join(tmpdir(), 'yozy-bench-charts-')), report))
      console.log(`bench: chart written to ${file}`);
  } else {
    writeCharts(fileURLToPath(new URL(`../../docs/${CHARTS}`, import.meta.url)), report);
    await writeMarkdown(BENCHMARKS, report, CHARTS);
    console.log(`\nbench: written to docs/BENCHMARKS.md and its charts to docs/${CHARTS}/`);
  }
} finally {
  await stopping();
}
