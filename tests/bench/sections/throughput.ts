import type { Result } from 'autocannon';
import type { Bench, Goal, Section } from '../bench';
import { failures, load, mean, ms } from '../load';
import { gatewayRequest, MOST_USED, restHeaders, type ConsoleOperation } from '../operations';

const CLIENTS = 50;
/** The gateway should keep at least this share of the REST service's throughput (issue "Fast at real size"). */
const RATIO_GOAL = 0.7;
const RSS = 'gateway_process_resident_memory_bytes';

/** A side's rounds: autocannon's results, operations per second, and the CPU each service spent per operation (ms). */
type Side = { results: Result[]; operationsPerSecond: number[]; gatewayCpu: number[]; restCpu: number[] };

const CPU = { gateway: 'gateway_process_cpu_seconds_total', api: 'subscription_api_process_cpu_seconds_total' } as const;

/** The CPU time both services have used so far, in seconds (prom-client's process metrics). */
async function cpuNow(bench: Bench): Promise<{ gateway: number; api: number }> {
  const [gateway, api] = [await bench.metrics('gateway'), await bench.metrics('api')];
  return { gateway: gateway.get(CPU.gateway) ?? 0, api: api.get(CPU.api) ?? 0 };
}

/** Runs a round, noting the CPU each service spent on each of its operations. */
async function measured(bench: Bench, side: Side, operations: (result: Result) => number, round: () => Promise<Result>): Promise<Result> {
  const before = await cpuNow(bench);
  const result = await round();
  const after = await cpuNow(bench);
  const done = Math.max(operations(result), 1);
  side.results.push(result);
  side.operationsPerSecond.push(operations(result) / bench.seconds);
  side.gatewayCpu.push(((after.gateway - before.gateway) * 1000) / done);
  side.restCpu.push(((after.api - before.api) * 1000) / done);
  return result;
}

/** Seconds of load each side gets before its first round, unmeasured: the code it runs is compiled by then. */
const WARM_UP_SECONDS = 2;

async function gatewayRound(bench: Bench, operation: ConsoleOperation, duration = bench.seconds): Promise<Result> {
  return load({ ...gatewayRequest(bench, operation), connections: CLIENTS, duration });
}

/** The same data straight from the REST service: the gateway's calls for the operation, in turn on each connection. */
async function restRound(bench: Bench, operation: ConsoleOperation, duration = bench.seconds): Promise<Result> {
  return load({
    url: bench.apiUrl,
    connections: CLIENTS,
    duration,
    requests: operation.rest(bench).map((call) => ({ method: 'GET', path: call.path, headers: restHeaders(bench, operation.as, call) })),
  });
}

/** Samples the gateway's resident memory every half second while `work` runs; answers the largest. */
async function peakMemory<T>(bench: Bench, work: Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, (await bench.metrics('gateway')).get(RSS) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  try {
    return { result: await work, peak };
  } finally {
    running = false;
    await sampling;
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Each operation at 50 clients through the gateway and straight from the REST service, in
 * alternating rounds of the same length (the first side changes every round, so neither is always
 * the warmer), with the gateway's memory watched while it is loaded.
 */
export const throughput: Section = {
  title: 'Throughput at 50 clients: gateway next to the REST service',
  async run(bench) {
    const idle = (await bench.metrics('gateway')).get(RSS) ?? 0;
    let peak = idle;
    const rows: (string | number)[][] = [];
    const goals: Goal[] = [];
    const notes: string[] = [];
    for (const operation of MOST_USED) {
      const gateway: Side = { results: [], operationsPerSecond: [], gatewayCpu: [], restCpu: [] };
      const rest: Side = { results: [], operationsPerSecond: [], gatewayCpu: [], restCpu: [] };
      const calls = operation.rest(bench).length;
      await gatewayRound(bench, operation, WARM_UP_SECONDS);
      await restRound(bench, operation, WARM_UP_SECONDS);
      for (let round = 0; round < bench.rounds; round += 1) {
        const sides = round % 2 === 0 ? (['gateway', 'rest'] as const) : (['rest', 'gateway'] as const);
        for (const side of sides) {
          if (side === 'gateway') {
            const watched = await peakMemory(
              bench,
              measured(
                bench,
                gateway,
                (result) => result.requests.total,
                () => gatewayRound(bench, operation),
              ),
            );
            peak = Math.max(peak, watched.peak);
          } else {
            await measured(
              bench,
              rest,
              (result) => result.requests.total / calls,
              () => restRound(bench, operation),
            );
          }
        }
      }
      const ratio = mean(gateway.operationsPerSecond) / mean(rest.operationsPerSecond);
      const failed = [...gateway.results, ...rest.results].reduce((total, result) => total + failures(result), 0);
      if (failed) notes.push(`${operation.name}: ${failed} requests failed (errors, time-outs or not 2xx) during the rounds.`);
      rows.push([
        operation.name,
        calls,
        Math.round(mean(gateway.operationsPerSecond)),
        ms(mean(gateway.results.map((result) => result.latency.p50))),
        ms(mean(gateway.results.map((result) => result.latency.p99))),
        Math.round(mean(rest.operationsPerSecond)),
        ms(mean(rest.results.map((result) => result.latency.p50))),
        ms(mean(rest.results.map((result) => result.latency.p99))),
        `${ratio.toFixed(2)}×`,
        `${mean(gateway.gatewayCpu).toFixed(1)} + ${mean(gateway.restCpu).toFixed(1)}`,
        mean(rest.restCpu).toFixed(1),
      ]);
      goals.push({
        what: `${operation.name}: gateway ÷ REST throughput`,
        goal: `≥ ${RATIO_GOAL}×`,
        figure: `${ratio.toFixed(2)}×`,
        met: ratio >= RATIO_GOAL,
      });
    }
    return {
      tables: [
        {
          title: `${bench.rounds} rounds of ${bench.seconds} s per side, ${CLIENTS} clients (means of the rounds)`,
          columns: [
            'operation',
            'REST calls',
            'gateway op/s',
            'p50 ms',
            'p99 ms',
            'REST op/s',
            'REST p50 ms a call',
            'REST p99 ms a call',
            'ratio',
            'CPU ms/op via gateway (gateway + REST)',
            'CPU ms/op straight (REST)',
          ],
          rows,
        },
        {
          title: 'Gateway memory (resident set)',
          columns: ['idle, before the rounds', 'largest under load'],
          rows: [[mb(idle), mb(peak)]],
        },
      ],
      goals,
      notes: [
        'The REST side sends the calls the gateway makes for the operation (the signed-in person, then the data), with the same parameters and the same signed-in person, ' +
          'straight to the REST service, one after the other on each connection: its operations per second are its calls per second divided by the calls of the operation, ' +
          'and its latencies are those of one call. The ratio is the gateway’s operations per second over the REST service’s. ' +
          'The load generator (autocannon) runs on the same machine and shares its cores. ' +
          'The CPU columns are the services’ own process CPU time (their /metrics) over the round, per operation answered. ' +
          'They depend less on how busy the machine is than the rates do, but not at all is too much: a process that answers fewer requests ' +
          'per wake-up spends more CPU on each, so the REST service’s figure through the gateway (at the gateway’s lower rate) is higher than straight.',
        ...notes,
      ],
    };
  },
};
