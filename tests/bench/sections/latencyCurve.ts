import type { Bench, Goal, Section } from '../bench';
import { lineChart } from '../chart';
import { ms, paced, type PacedResult } from '../load';
import { gatewayRequest, MOST_USED } from '../operations';

/** The rates of the curve, in requests a second: up to where the gateway's answers start to queue. */
const RATES = [50, 100, 150, 200, 300];
/** At most this many connections open at once, as many browsers would keep. */
const CLIENTS = 50;
/** The unmeasured rate before the curve: enough requests for the operation's code to be compiled at its best. */
const WARM_UP_RATE = 200;
/** p99 at 300 requests per second (issue "Fast at real size"), read off the curve's last point. */
const GOAL_RATE = 300;
const P99_GOAL_MS = 50;
/** A rate counts as reached when the gateway answered at least this share of it. */
const REACHED = 0.95;

/**
 * Each of the five main operations through the gateway at rising fixed rates: p50 and p99 at each,
 * drawn as a curve (docs/bench/latency-curve.svg), so where the answers start to queue (the knee)
 * shows at a glance.
 */
export const latencyCurve: Section = {
  title: `Latency curve: p50 and p99 at ${RATES.join(', ')} requests per second (gateway)`,
  async run(bench: Bench) {
    const results = new Map<string, PacedResult[]>();
    for (const operation of MOST_USED) {
      const request = { ...gatewayRequest(bench, operation), connections: CLIENTS };
      // Unmeasured: the operation's code is compiled and its connections are open before the first rate.
      await paced({ ...request, rate: WARM_UP_RATE, seconds: 2 });
      const curve: PacedResult[] = [];
      for (const rate of RATES) curve.push(await paced({ ...request, rate, seconds: bench.seconds }));
      results.set(operation.name, curve);
    }
    const curveOf = (name: string) => results.get(name)!;
    const reached = (result: PacedResult, rate: number) => result.perSecond >= rate * REACHED;
    const goals: Goal[] = MOST_USED.map(({ name }) => {
      const result = curveOf(name)[RATES.indexOf(GOAL_RATE)]!;
      return {
        what: `${name}: p99 at ${GOAL_RATE} req/s`,
        goal: `< ${P99_GOAL_MS} ms`,
        figure: `${ms(result.p99)} ms${reached(result, GOAL_RATE) ? '' : ` (only ${Math.round(result.perSecond)} req/s reached)`}`,
        met: result.p99 < P99_GOAL_MS && reached(result, GOAL_RATE),
      };
    });
    const short = MOST_USED.flatMap(({ name }) =>
      RATES.flatMap((rate, i) => {
        const result = curveOf(name)[i]!;
        return reached(result, rate) ? [] : [`${name} at ${rate} req/s: the gateway answered ${Math.round(result.perSecond)} req/s.`];
      }),
    );
    const failed = MOST_USED.flatMap(({ name }) => {
      const count = curveOf(name).reduce((total, result) => total + result.failed, 0);
      return count ? [`${name}: ${count} requests failed (errors, time-outs or not 2xx).`] : [];
    });
    const panel = (title: string, pick: (result: PacedResult) => number) => ({
      title,
      lines: MOST_USED.map(({ name }) => ({ name, points: curveOf(name).map((result, i) => ({ x: RATES[i]!, y: pick(result) })) })),
    });
    return {
      tables: [
        {
          title: `${bench.seconds} s at each rate, evenly spaced: p50 / p99 in ms`,
          columns: ['operation', ...RATES.map((rate) => `${rate} req/s`)],
          rows: MOST_USED.map(({ name }) => [name, ...curveOf(name).map((result) => `${ms(result.p50)} / ${ms(result.p99)}`)]),
        },
      ],
      charts: [
        {
          file: 'latency-curve.svg',
          title: 'Latency of the five main operations through the gateway, by rate',
          svg: lineChart({
            title: 'Latency of the five main operations through the gateway, by rate',
            xLabel: 'requests per second',
            yLabel: 'ms',
            panels: [panel('p50', (result) => result.p50), panel('p99', (result) => result.p99)],
          }),
        },
      ],
      goals,
      notes: [
        'Each operation as the console sends it, signed in, at each rate in turn: requests evenly spaced, sent when due whether or not the ' +
          `earlier ones were answered, over at most ${CLIENTS} connections, from the same machine. Each latency counts from when its request was due. ` +
          'Where p99 leaves p50 behind, answers wait for the gateway or the REST service: that rate is past the knee.',
        ...short,
        ...failed,
      ],
    };
  },
};
