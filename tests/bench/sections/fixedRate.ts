import type { Bench, Goal, Section } from '../bench';
import { failures, load, ms } from '../load';
import { gatewayRequest, MOST_USED } from '../operations';

const RATE = 300;
const CLIENTS = 50;
/** p99 at 300 requests per second (issue "Fast at real size"). */
const P99_GOAL_MS = 50;

/** Each operation at a fixed 300 requests per second through the gateway: how long the slowest answers take. */
export const fixedRate: Section = {
  title: `Latency at a fixed ${RATE} requests per second (gateway)`,
  async run(bench: Bench) {
    const rows: (string | number)[][] = [];
    const goals: Goal[] = [];
    const notes: string[] = [];
    for (const operation of MOST_USED) {
      const result = await load({ ...gatewayRequest(bench, operation), connections: CLIENTS, overallRate: RATE, duration: bench.seconds });
      const achieved = result.requests.average;
      rows.push([
        operation.name,
        Math.round(achieved),
        ms(result.latency.p50),
        ms(result.latency.p99),
        ms(result.latency.max),
        failures(result),
      ]);
      goals.push({
        what: `${operation.name}: p99 at ${RATE} req/s`,
        goal: `< ${P99_GOAL_MS} ms`,
        figure: `${ms(result.latency.p99)} ms${achieved < RATE * 0.95 ? ` (only ${Math.round(achieved)} req/s reached)` : ''}`,
        met: result.latency.p99 < P99_GOAL_MS && achieved >= RATE * 0.95,
      });
      if (achieved < RATE * 0.95) notes.push(`${operation.name}: the gateway answered ${Math.round(achieved)} req/s, short of ${RATE}.`);
    }
    return {
      tables: [
        {
          title: `${bench.seconds} s per operation, ${CLIENTS} connections sharing ${RATE} req/s`,
          columns: ['operation', 'req/s reached', 'p50 ms', 'p99 ms', 'max ms', 'failed'],
          rows,
        },
      ],
      goals,
      notes,
    };
  },
};
