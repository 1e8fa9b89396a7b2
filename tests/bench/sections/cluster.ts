import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { Result } from 'autocannon';
import type { Database } from '@yozy/subscription-api';
import { startCluster, type Cluster } from '../../support/cluster';
import type { Bench, Section } from '../bench';
import { failures, load, mean, ms } from '../load';
import { gatewayRequest, MOST_USED, type ConsoleOperation } from '../operations';
import { scrape } from '../stack';

const CLIENTS = 50;
/** Seconds of load each side gets before its first round, unmeasured. */
const WARM_UP_SECONDS = 2;
const GATEWAY_CPU = 'gateway_process_cpu_seconds_total';
const API_CPU = 'subscription_api_process_cpu_seconds_total';
/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

type Cpu = { nginx: number; gateways: number; apis: number; postgres: number };
/** CPU seconds so far of each kind of process, PostgreSQL's per backend (a backend may end between two samples). */
type CpuSample = Omit<Cpu, 'postgres'> & { backends: Map<number, number> };
type Side = { results: Result[]; perSecond: number[]; cpu: Cpu[] };

/**
 * CPU seconds used so far by each kind of process of one side: the services' own /metrics, nginx's
 * from /proc, and PostgreSQL's backends serving the bench database (both sides' pools; the idle
 * side's use next to nothing) from /proc.
 */
async function cpuOf(db: Database, urls: { gateways: string[]; apis: string[] }, nginxPid?: number): Promise<CpuSample> {
  const sum = async (list: string[], series: string) =>
    (await Promise.all(list.map(async (url) => (await scrape(`${url}/metrics`)).get(series) ?? 0))).reduce((a, b) => a + b, 0);
  const backends = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  return {
    nginx: nginxPid ? processTreeSeconds(nginxPid) : 0,
    gateways: await sum(urls.gateways, GATEWAY_CPU),
    apis: await sum(urls.apis, API_CPU),
    backends: new Map(backends.map(({ pid }) => [pid, stat(pid)?.seconds ?? 0])),
  };
}

/** A process's parent and its user and system CPU seconds, from /proc; null once it is gone. */
function stat(pid: number): { ppid: number; seconds: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return null;
  }
}

/** User and system CPU seconds of a process and its children (nginx's master and workers). */
function processTreeSeconds(pid: number): number {
  let seconds = stat(pid)?.seconds ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === pid) seconds += child.seconds;
  }
  return seconds;
}

/** PostgreSQL's CPU seconds between two samples: each backend's own growth (one that ended meanwhile is left out, one that began counts from nothing). */
const backendSeconds = (before: CpuSample, after: CpuSample) =>
  [...after.backends].reduce((total, [pid, seconds]) => total + Math.max(0, seconds - (before.backends.get(pid) ?? 0)), 0);

async function measured(side: Side, bench: Bench, round: () => Promise<Result>, cpu: () => Promise<CpuSample>): Promise<void> {
  const before = await cpu();
  const result = await round();
  const after = await cpu();
  const done = Math.max(result.requests.total, 1);
  side.results.push(result);
  side.perSecond.push(result.requests.total / bench.seconds);
  side.cpu.push({
    nginx: ((after.nginx - before.nginx) * 1000) / done,
    gateways: ((after.gateways - before.gateways) * 1000) / done,
    apis: ((after.apis - before.apis) * 1000) / done,
    postgres: (backendSeconds(before, after) * 1000) / done,
  });
}

const meanCpu = (side: Side): Cpu => ({
  nginx: mean(side.cpu.map((cpu) => cpu.nginx)),
  gateways: mean(side.cpu.map((cpu) => cpu.gateways)),
  apis: mean(side.cpu.map((cpu) => cpu.apis)),
  postgres: mean(side.cpu.map((cpu) => cpu.postgres)),
});

/**
 * Operations a second the side could answer with a core of its own for each instance: each kind of
 * instance's cores over the CPU it spends on an operation, the scarcest kind deciding (PostgreSQL
 * left out: how many cores it gets is the next question, answered by its own column).
 */
function withACoreEach(cpu: Cpu, instances: { nginx: number; gateways: number; apis: number }): number {
  const bounds = (['nginx', 'gateways', 'apis'] as const)
    .filter((kind) => instances[kind] > 0 && cpu[kind] > 0)
    .map((kind) => (instances[kind] * 1000) / cpu[kind]);
  return Math.min(...bounds);
}

/**
 * The five main operations on one instance of each service (`npm start`) and on the cluster
 * (`npm run cluster`: nginx in front of two gateways and two REST services), on the same database,
 * with the same signed-in people and the same load, in alternating rounds.
 */
export const cluster: Section = {
  title: 'The cluster (nginx, 2 gateways, 2 REST services) next to one instance of each',
  async run(bench) {
    const started = performance.now();
    const loadAtStart = loadavg()[0]!.toFixed(1);
    let running: Cluster | null = null;
    try {
      running = await startCluster({ DATABASE_URL: bench.databaseUrl, LOG_LEVEL: 'warn' });
      const scaled: Cluster = running;
      const startSeconds = (performance.now() - started) / 1000;
      const clusterUrls = {
        gateways: ['gateway-1', 'gateway-2'].map((name) => scaled.urlOf(name)),
        apis: ['subscription-api-1', 'subscription-api-2'].map((name) => scaled.urlOf(name)),
      };
      const singleUrls = { gateways: [bench.gatewayUrl], apis: [bench.apiUrl] };
      const nginxPid = scaled.instance('nginx').pid;
      const rows: (string | number)[][] = [];
      const cpuRows: (string | number)[][] = [];
      const notes: string[] = [];
      for (const operation of MOST_USED) {
        const single: Side = { results: [], perSecond: [], cpu: [] };
        const spread: Side = { results: [], perSecond: [], cpu: [] };
        const round =
          (url: string, duration = bench.seconds) =>
          (o: ConsoleOperation) =>
            load({ ...gatewayRequest(bench, o), url: `${url}/graphql`, connections: CLIENTS, duration });
        await round(bench.gatewayUrl, WARM_UP_SECONDS)(operation);
        await round(scaled.url, WARM_UP_SECONDS)(operation);
        for (let n = 0; n < bench.rounds; n += 1) {
          const sides = n % 2 === 0 ? (['single', 'cluster'] as const) : (['cluster', 'single'] as const);
          for (const side of sides) {
            if (side === 'single')
              await measured(
                single,
                bench,
                () => round(bench.gatewayUrl)(operation),
                () => cpuOf(scaled.db, singleUrls),
              );
            else
              await measured(
                spread,
                bench,
                () => round(scaled.url)(operation),
                () => cpuOf(scaled.db, clusterUrls, nginxPid),
              );
          }
        }
        const failed = [...single.results, ...spread.results].reduce((total, result) => total + failures(result), 0);
        if (failed) notes.push(`${operation.name}: ${failed} requests failed (errors, time-outs or not 2xx) during the rounds.`);
        const [one, two] = [mean(single.perSecond), mean(spread.perSecond)];
        rows.push([
          operation.name,
          Math.round(one),
          ms(mean(single.results.map((r) => r.latency.p50))),
          ms(mean(single.results.map((r) => r.latency.p99))),
          Math.round(two),
          ms(mean(spread.results.map((r) => r.latency.p50))),
          ms(mean(spread.results.map((r) => r.latency.p99))),
          `${(two / one).toFixed(2)}×`,
        ]);
        const [cpuOne, cpuTwo] = [meanCpu(single), meanCpu(spread)];
        const projectedOne = withACoreEach(cpuOne, { nginx: 0, gateways: 1, apis: 1 });
        const projectedTwo = withACoreEach(cpuTwo, { nginx: 1, gateways: 2, apis: 2 });
        cpuRows.push([
          operation.name,
          `${cpuOne.gateways.toFixed(1)} + ${cpuOne.apis.toFixed(1)}`,
          `${cpuTwo.nginx.toFixed(2)} + ${cpuTwo.gateways.toFixed(1)} + ${cpuTwo.apis.toFixed(1)}`,
          Math.round(projectedOne),
          Math.round(projectedTwo),
          `${(projectedTwo / projectedOne).toFixed(2)}×`,
          mean([cpuOne.postgres, cpuTwo.postgres]).toFixed(2),
          Math.round(1000 / mean([cpuOne.postgres, cpuTwo.postgres])),
        ]);
      }
      const ratios = rows.map((row) => parseFloat(String(row[7])));
      const faster = mean(ratios) > 1.05 ? `${((mean(ratios) - 1) * 100).toFixed(0)}% ` : '';
      return {
        tables: [
          {
            title: `${bench.rounds} rounds of ${bench.seconds} s per side, ${CLIENTS} clients (means of the rounds)`,
            columns: ['operation', 'one: op/s', 'p50 ms', 'p99 ms', 'cluster: op/s', 'p50 ms', 'p99 ms', 'cluster ÷ one'],
            rows,
          },
          {
            title: 'CPU per operation and what a core per instance would give (PostgreSQL left out)',
            columns: [
              'operation',
              'one: CPU ms/op (gateway + REST)',
              'cluster: CPU ms/op (nginx + gateways + REST)',
              'one, a core each: op/s',
              'cluster, a core each: op/s',
              'cluster ÷ one',
              'PostgreSQL CPU ms/op',
              'op/s per PostgreSQL core',
            ],
            rows: cpuRows,
          },
        ],
        notes: [
          `The cluster ran on the bench database beside the console \`npm start\` runs, started by \`npm run cluster\` (with DATABASE_URL) in ${startSeconds.toFixed(0)} s; ` +
            'both sides answered the same requests of the same signed-in people, one side at a time, the other idle. ' +
            'The cluster’s instances logged warnings only: their request lines would have passed through the cluster command and the bench’s own process, which also runs the load generator ' +
            '(the one instance writes its lines to a file). ' +
            `The load generator, both sides and PostgreSQL share this machine’s ${cpus().length} cores: four Node processes and nginx cannot do more than those cores’ work, ` +
            'so on an otherwise idle two-core machine the cluster cannot be faster than one instance of each, and pays for nginx’s extra hop and for more processes taking turns on the cores. ' +
            (faster
              ? `Here it answered ${faster} more: the machine was busy with other work (load average ${loadAtStart} at the section’s start), and five processes get a larger share of busy cores than two do. That is the scheduler, not capacity.`
              : 'Here it did not answer more, as expected.'),
          'The second table divides each side’s process CPU time over the rounds (the services’ own /metrics, nginx’s from /proc) by the operations answered. ' +
            'With a core per instance, each kind of instance could answer its cores’ worth of seconds divided by its CPU per operation, and the scarcest kind decides: ' +
            'that is the two “a core each” columns, an estimate that leaves PostgreSQL out. ' +
            'Each of the cluster’s instances spends more CPU on an operation than the one instance does (it answers fewer requests each time it wakes, on cores it shares with four other processes), ' +
            'so with a core each the estimate is a floor. Its own columns are the CPU its backends serving this database spent per operation ' +
            '(both sides’ rounds, from /proc), and the operations one of its cores would answer at that cost: past that, it needs more cores or read replicas (docs/DEPLOYMENT.md, sizing).',
          ...notes,
        ],
      };
    } finally {
      if (running) {
        await running.stop();
        await running.cleanUp();
      }
    }
  },
};
