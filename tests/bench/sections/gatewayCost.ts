import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from 'autocannon';
import { SESSION_COOKIE } from '@yozy/shared';
import { freePort } from '../../support/processes';
import type { BenchRun, Goal, Section } from '../bench';
import { failures, load, median, ms, spread } from '../load';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLIENTS = 50;
const WARM_UP_SECONDS = 2;
/** Clock ticks a second in /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;
/** The gateway should beat what a team gets by default, and come near the physical limit of a hop. */
const OVER_APOLLO_GOAL = 1.2;
const OF_HOP_GOAL = 0.85;

/** The same query for all three: the signed-in person, every field of it `GET /users/me` answers. */
export const VIEWER_QUERY = 'query Viewer { viewer { id uuid email firstName lastName typeOfUser role organization { id companyName } } }';

type Contender = 'gateway' | 'apollo' | 'hop';
const LABELS: Record<Contender, string> = {
  gateway: 'the gateway',
  apollo: 'bare Apollo Server + RESTDataSource',
  hop: 'bare Express + fetch',
};

/** One server of the comparison, running as its own process. */
type Running = { url: string; pid: number; stop(): Promise<void> };

/** Starts `node args…` with `env`, its output in `log`, and waits until `ready` answers (anything but a 503). */
async function started(args: string[], env: Record<string, string>, log: string, ready: string): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && child.exitCode === null) {
    // Any answer but 503 (the gateway's /readyz until its REST service answers) means it is up.
    if (
      await fetch(ready).then(
        (answer) => answer.status !== 503,
        () => false,
      )
    )
      return { url: new URL(ready).origin, pid: child.pid!, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`${args.join(' ')} did not answer ${ready}; see ${log}`);
}

/** A process's user and system CPU seconds so far (/proc); 0 where there is no /proc. */
function cpuSeconds(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

const CONTENDERS: Contender[] = ['gateway', 'apollo', 'hop'];

/** The gateway's settings as `npm start` gives them, its REST service being the static upstream. */
function gatewayEnv(port: number, upstream: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SUBSCRIPTION_API_URL: upstream,
    SERVICE_TOKEN: randomBytes(32).toString('hex'),
    CAPTCHA_SECRET: randomBytes(32).toString('hex'),
  };
}

/** Every server answers the query alike before any is measured: otherwise the comparison would mean nothing. */
async function sameAnswers(requests: { url: string; headers: Record<string, string>; body: string }[]): Promise<void> {
  const answers = await Promise.all(
    requests.map(async ({ url, headers, body }) => {
      const answer = await fetch(url, { method: 'POST', headers, body });
      return { url, status: answer.status, text: JSON.stringify(await answer.json()) };
    }),
  );
  const first = answers[0]!;
  for (const answer of answers) {
    if (answer.status !== 200 || answer.text !== first.text || !answer.text.includes('"viewer":{')) {
      throw new Error(
        `The servers answer the viewer query differently: ${answers.map((a) => `${a.url} ${a.status} ${a.text}`).join('; ')}`,
      );
    }
  }
}

type Rounds = { results: Result[]; perSecond: number[]; cpuMs: number[] };

/**
 * What the gateway costs: the gateway as `npm start` runs it, a bare Apollo Server 5 with one
 * RESTDataSource (what a team gets by default) and a bare Express handler with `fetch` (the physical
 * limit of a hop), all over the same static upstream answering `GET /users/me` from memory
 * (tools/bench/), with the same `viewer` query at the same load, in rounds that take them in turn.
 * Needs no database nor the running console.
 */
export const gatewayCost: Section = {
  title: 'What the gateway costs: next to bare Apollo Server and a bare hop',
  console: false,
  async run(bench: BenchRun) {
    const scratch = mkdtempSync(join(tmpdir(), 'yozy-gateway-cost-'));
    const log = join(scratch, 'servers.log');
    const running: Running[] = [];
    /** `node <script> <port> <upstream>` (the gateway takes its port and upstream from the environment instead). */
    const start = async (script: string[], upstream: string | null, env: (port: number) => Record<string, string>, ready: string) => {
      const port = await freePort();
      const args = upstream === null || script[0] === '--enable-source-maps' ? script : [...script, String(port), upstream];
      const server = await started(args, env(port), log, `http://127.0.0.1:${port}${ready}`);
      running.push(server);
      return server;
    };
    try {
      const upstreamPort = await freePort();
      const upstream = await started(
        ['tools/bench/static-upstream.mjs', String(upstreamPort)],
        {},
        log,
        `http://127.0.0.1:${upstreamPort}/health`,
      );
      running.push(upstream);
      const upstreamUrl = `${upstream.url}/`;
      const servers: Record<Contender, Running> = {
        // As `npm start` runs it (scripts/start.mjs): the built gateway in production, one log line a request.
        gateway: await start(
          ['--enable-source-maps', 'apps/gateway/dist/index.js'],
          upstreamUrl,
          (port) => gatewayEnv(port, upstreamUrl),
          '/readyz',
        ),
        apollo: await start(['tools/bench/bare-apollo.mjs'], upstreamUrl, () => ({}), '/'),
        hop: await start(['tools/bench/bare-hop.mjs'], upstreamUrl, () => ({}), '/'),
      };
      const cookie = `${SESSION_COOKIE}=${randomBytes(32).toString('hex')}; uuid_org=${randomUUID()}`;
      const request = (contender: Contender) => ({
        url: `${servers[contender].url}/graphql`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ operationName: 'Viewer', query: VIEWER_QUERY }),
      });
      await sameAnswers(CONTENDERS.map(request));
      const rounds = Math.max(3, 2 * bench.rounds);
      const sides = Object.fromEntries(CONTENDERS.map((c) => [c, { results: [], perSecond: [], cpuMs: [] }])) as unknown as Record<
        Contender,
        Rounds
      >;
      for (const contender of CONTENDERS) await load({ ...request(contender), connections: CLIENTS, duration: WARM_UP_SECONDS });
      for (let round = 0; round < rounds; round += 1) {
        // Each round starts with the next one, so none is always the warmest or the coldest.
        const order = CONTENDERS.map((_, i) => CONTENDERS[(i + round) % CONTENDERS.length]!);
        for (const contender of order) {
          const before = cpuSeconds(servers[contender].pid);
          const result = await load({ ...request(contender), connections: CLIENTS, duration: bench.seconds });
          const used = cpuSeconds(servers[contender].pid) - before;
          const side = sides[contender];
          side.results.push(result);
          side.perSecond.push(result.requests.total / bench.seconds);
          side.cpuMs.push((used * 1000) / Math.max(result.requests.total, 1));
        }
      }
      const ratios = (other: Contender) => sides.gateway.perSecond.map((value, round) => value / sides[other].perSecond[round]!);
      /** Its CPU per answer over the gateway's, round by round: above 1, the gateway does the same work with less. */
      const cpuRatios = (other: Contender) => sides[other].cpuMs.map((value, round) => value / sides.gateway.cpuMs[round]!);
      const overApollo = ratios('apollo');
      const ofHop = ratios('hop');
      const goals: Goal[] = [
        {
          what: 'The gateway ÷ bare Apollo Server (viewer, op/s)',
          goal: `≥ ${OVER_APOLLO_GOAL}×`,
          figure: `${median(overApollo).toFixed(2)}× (${spread(overApollo, 2)})`,
          met: median(overApollo) >= OVER_APOLLO_GOAL,
        },
        {
          what: 'The gateway ÷ a bare hop (viewer, op/s)',
          goal: `≥ ${OF_HOP_GOAL}×`,
          figure: `${median(ofHop).toFixed(2)}× (${spread(ofHop, 2)})`,
          met: median(ofHop) >= OF_HOP_GOAL,
        },
      ];
      const failed = CONTENDERS.flatMap((c) => (sides[c].results.some((r) => failures(r) > 0) ? [LABELS[c]] : []));
      return {
        tables: [
          {
            title: `${rounds} rounds of ${bench.seconds} s each, ${CLIENTS} clients, the three in turn (median of the rounds, lowest–highest)`,
            columns: ['server', 'op/s', 'p50 ms', 'p99 ms', 'CPU ms/op', 'the gateway ÷ it (op/s)', 'its CPU ÷ the gateway’s'],
            rows: CONTENDERS.map((contender) => {
              const side = sides[contender];
              const ratio = contender === 'gateway' ? null : ratios(contender);
              const cpu = contender === 'gateway' ? null : cpuRatios(contender);
              return [
                LABELS[contender],
                `${Math.round(median(side.perSecond))} (${spread(side.perSecond, 0)})`,
                ms(median(side.results.map((r) => r.latency.p50))),
                ms(median(side.results.map((r) => r.latency.p99))),
                `${median(side.cpuMs).toFixed(2)} (${spread(side.cpuMs, 2)})`,
                ratio ? `${median(ratio).toFixed(2)}× (${spread(ratio, 2)})` : '',
                cpu ? `${median(cpu).toFixed(2)}× (${spread(cpu, 2)})` : '',
              ];
            }),
          },
        ],
        goals,
        notes: [
          `The same query for all three, \`${VIEWER_QUERY}\`, as a signed-in person (a session cookie), over the same upstream ` +
            '(tools/bench/static-upstream.mjs: `GET /users/me` from memory, a separate process), with autocannon on the same machine. ' +
            'The gateway runs as `npm start` runs it (built, NODE_ENV=production, a log line a request); the two bare servers are ' +
            'tools/bench/bare-apollo.mjs (Apollo Server 5 on Express, its defaults, one RESTDataSource) and tools/bench/bare-hop.mjs ' +
            '(an Express handler that calls the upstream with fetch and answers the fields: no GraphQL, no checks, no log). ' +
            'Each ratio is taken within a round, between servers measured one after the other, then the median of the rounds. ' +
            'CPU ms/op is the server process’s own CPU time (/proc) over the round, per answer; on a machine other work keeps busy it ' +
            'varies less than the rates do, and its ratio says how much less work the gateway does for the same answer.',
          ...(failed.length ? [`Requests failed (errors, time-outs or not 2xx) during the rounds of: ${failed.join(', ')}.`] : []),
        ],
      };
    } finally {
      await Promise.all(running.reverse().map((server) => server.stop()));
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
