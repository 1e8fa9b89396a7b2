import type { Bench, Goal, Metrics, Section, Signer } from '../bench';
import { gatewayRequest, MOST_USED, restHeaders, type RestCall } from '../operations';

const REST_CALLS = 'gateway_rest_calls_total{';
const STATEMENTS = 'subscription_api_db_statements_total';
/** Measurements of each operation; the least is taken, since the mail queue's own statements may fall between. */
const TIMES = 3;
/** users/me, which every operation of a signed-in person costs, is brought back to this many statements (issue "Fast at real size"). */
const VIEWER_STATEMENTS = 3;

type Cost = { restCalls: number; statements: number; paths: string[] };

const sum = (metrics: Metrics, prefix: string) =>
  [...metrics].reduce((total, [series, value]) => total + (series.startsWith(prefix) ? value : 0), 0);

/** What `work` cost: the gateway's REST calls (by path) and the REST service's SQL statements, read from their /metrics. */
async function costOf(bench: Bench, work: () => Promise<void>): Promise<Cost> {
  const [gatewayBefore, apiBefore] = [await bench.metrics('gateway'), await bench.metrics('api')];
  await work();
  const [gatewayAfter, apiAfter] = [await bench.metrics('gateway'), await bench.metrics('api')];
  const paths = [...gatewayAfter]
    .filter(([series, value]) => series.startsWith(REST_CALLS) && value > (gatewayBefore.get(series) ?? 0))
    .map(([series]) => `${/method="(\w+)"/.exec(series)?.[1]} ${/path="([^"]+)"/.exec(series)?.[1]}`);
  return {
    restCalls: sum(gatewayAfter, REST_CALLS) - sum(gatewayBefore, REST_CALLS),
    statements: (apiAfter.get(STATEMENTS) ?? 0) - (apiBefore.get(STATEMENTS) ?? 0),
    paths,
  };
}

/** One call straight to the REST service, as the gateway makes it for the signed-in person. */
function readStraight(bench: Bench, as: Signer, call: RestCall) {
  return async () => {
    const answer = await fetch(`${bench.apiUrl}${call.path}`, { headers: restHeaders(bench, as, call) });
    if (!answer.ok) throw new Error(`GET ${call.path} answered ${answer.status}`);
    await answer.arrayBuffer();
  };
}

async function leastOf(bench: Bench, work: () => Promise<void>): Promise<Cost> {
  const costs: Cost[] = [];
  for (let n = 0; n < TIMES; n += 1) costs.push(await costOf(bench, work));
  return costs.reduce((least, cost) => (cost.statements + cost.restCalls < least.statements + least.restCalls ? cost : least));
}

/**
 * REST calls and SQL statements of one request of each of the five operations, as the services
 * count them (the gateway's gateway_rest_calls_total, the REST service's
 * subscription_api_db_statements_total), less what reading the metrics costs itself.
 */
export const operationCost: Section = {
  title: 'REST calls and SQL statements per operation',
  async run(bench) {
    const scraping = (await leastOf(bench, async () => undefined)).statements;
    const rows: (string | number)[][] = [];
    const callRows: (string | number)[][] = [];
    const measuredCalls = new Set<string>();
    const goals: Goal[] = [];
    const notes: string[] = [];
    for (const operation of MOST_USED) {
      const { url, ...request } = gatewayRequest(bench, operation);
      const ask = async () => {
        const answer = (await (await fetch(url, request)).json()) as { errors?: unknown[] };
        if (answer.errors) throw new Error(`${operation.name} answered ${JSON.stringify(answer.errors)}`);
      };
      await ask(); // warms what the services keep between requests
      const cost = await leastOf(bench, ask);
      const statements = cost.statements - scraping;
      rows.push([
        operation.name,
        operation.as === 'superAdmin' ? 'SuperAdmin' : 'organisation admin',
        cost.restCalls,
        statements,
        cost.paths.join(', '),
      ]);
      const restSide = operation
        .rest(bench)
        .map((call) => `GET ${call.path.split('?')[0]}`)
        .sort();
      if (JSON.stringify(restSide) !== JSON.stringify([...cost.paths].sort())) {
        notes.push(
          `${operation.name} called ${cost.paths.join(', ')}; the REST side of the throughput table reads ${restSide.join(', ')}.`,
        );
      }
      // Each REST call on its own, straight to the REST service, as the same person.
      for (const call of operation.rest(bench)) {
        const path = call.path.split('?')[0]!;
        if (measuredCalls.has(path)) continue;
        measuredCalls.add(path);
        const read = readStraight(bench, operation.as, call);
        await read();
        const statementsOfCall = (await leastOf(bench, read)).statements - scraping;
        callRows.push([`GET ${path}`, statementsOfCall]);
        if (path === '/users/me') {
          goals.push({
            what: 'GET /users/me (every operation): SQL statements',
            goal: `≤ ${VIEWER_STATEMENTS}`,
            figure: String(statementsOfCall),
            met: statementsOfCall <= VIEWER_STATEMENTS,
          });
        }
      }
    }
    return {
      tables: [
        {
          title: 'One request of each operation at the gateway',
          columns: ['operation', 'as', 'REST calls', 'SQL statements', 'REST calls made'],
          rows,
        },
        { title: 'Each of those REST calls on its own', columns: ['REST call', 'SQL statements'], rows: callRows },
      ],
      goals,
      notes: [
        'Counted from the services’ own metrics around one request at a time (the least of three), less what reading the metrics costs. ' +
          'That these stay the same for a page of 10 and of 100 rows is tested by tests/integration/operationCost.test.ts.',
        ...notes,
      ],
    };
  },
};
