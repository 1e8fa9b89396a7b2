import autocannon, { type Instance, type Result } from 'autocannon';
import { fetchFrom, type Cluster } from '../support/cluster';
import { consoleDocument } from '../support/consoleDocuments';
import { GraphQLSession } from '../support/graphql';

/*
 * The cluster's clients: its parts by name, people signed in from addresses of their own as nginx
 * sees them, and the read load of the console's main screens, every answer judged.
 */

export const SUPER_ADMIN = 'admin@yozy.local';
/** Past the gateway's time limit towards the REST service (15 s): an answer this late hung. */
export const HUNG_SECONDS = 20;
export const GATEWAYS = ['gateway-1', 'gateway-2'];
export const APIS = ['subscription-api-1', 'subscription-api-2'];
const READS: { name: string; variables: Record<string, unknown> }[] = [
  { name: 'Viewer', variables: {} },
  { name: 'OrganizationList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'UserList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'SessionList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'DashboardSummary', variables: {} },
];

let nextAddress = 0;
/** A client address of its own on loopback (127.77.x.y), as nginx sees a person's browser. */
export function newAddress(): string {
  nextAddress += 1;
  return `127.77.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}
export const from = (url: string, address: string) => new GraphQLSession(url, {}, fetchFrom(address));

export type Tally = {
  ok: number;
  refusedCleanly: number;
  unavailable: number;
  wrong: string[];
  statuses: Record<number, number>;
  /** Requests whose kept-alive connection nginx closed before reading them (a reload's old workers close theirs): a browser sends these again. */
  closedUnderRequest: number;
};
export const tally = (): Tally => ({ ok: 0, refusedCleanly: 0, unavailable: 0, wrong: [], statuses: {}, closedUnderRequest: 0 });

/**
 * Judges one answer: correct; refused cleanly (503 with Retry-After: nothing was done, send it
 * again); the gateway's UPSTREAM_UNAVAILABLE (it could not reach a REST service); or wrong.
 */
export function judge(into: Tally, status: number, body: string, headers: Record<string, unknown>) {
  into.statuses[status] = (into.statuses[status] ?? 0) + 1;
  if (status === 503 && headers['retry-after']) return void (into.refusedCleanly += 1);
  let answer: { data?: unknown; errors?: { extensions?: { code?: string } }[] } = {};
  try {
    answer = JSON.parse(body);
  } catch {
    into.wrong.push(`${status} ${body.slice(0, 80)}`);
    return;
  }
  const codes = (answer.errors ?? []).map((error) => error.extensions?.code);
  if (status === 200 && codes.length === 0 && answer.data) into.ok += 1;
  else if (codes.length > 0 && codes.every((code) => code === 'UPSTREAM_UNAVAILABLE')) into.unavailable += 1;
  else into.wrong.push(`${status} ${codes.join(',') || body.slice(0, 120)}`);
}

/** Reads of the five main screens on `connections` connections through nginx until stopped, each connection a signed-in client. */
export function readLoad(cluster: Cluster, sessions: GraphQLSession[], connections: number) {
  const into = tally();
  let next = 0;
  const cookie = (session: GraphQLSession) => [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let instance: Instance | undefined;
  const done = new Promise<Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: cluster.url,
        connections,
        // Ended by stop(); a long bound in case the test does not.
        duration: 300,
        timeout: HUNG_SECONDS,
        requests: READS.map(({ name, variables }) => ({
          method: 'POST',
          path: '/graphql',
          body: JSON.stringify({ operationName: name, query: consoleDocument(name), variables }),
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json', cookie: cookie(sessions[next++ % sessions.length]!) },
          }),
          onResponse: (status, body, _context, headers) => judge(into, status, body, headers as Record<string, unknown>),
        })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon counts every failed request as an error; one whose connection was closed under it
    // is told apart from any other (which the tests count as wrong).
    instance.on('reqError', (error: Error & { code?: string }) => {
      if (['ECONNRESET', 'EPIPE'].includes(error.code ?? '')) into.closedUnderRequest += 1;
      else into.wrong.push(`no answer: ${error.code ?? error.message}`);
    });
  });
  return {
    tally: into,
    async stop(): Promise<Result> {
      instance!.stop();
      return done;
    },
  };
}

export function report(title: string, result: Result, into: Tally, seconds: number) {
  console.log(
    `\n${title}: ${result.requests.total} reads in ${seconds.toFixed(1)} s (${Math.round(result.requests.total / seconds)} req/s), ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      `ok ${into.ok}, refused cleanly ${into.refusedCleanly}, upstream unavailable ${into.unavailable}, wrong ${into.wrong.length}, ` +
      `errors ${result.errors} (${into.closedUnderRequest} on a connection closed under them), timeouts ${result.timeouts}; ` +
      `statuses ${JSON.stringify(into.statuses)}`,
  );
  if (into.wrong.length) console.log('first wrong answers:', into.wrong.slice(0, 5));
}
