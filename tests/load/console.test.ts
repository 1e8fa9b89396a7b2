import { randomUUID } from 'node:crypto';
import autocannon, { type Result } from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleDocument } from '../support/consoleDocuments';
import { DEMO_PASSWORD, GraphQLSession, SIGN_IN, signedIn } from '../support/graphql';
import { startStack, type Stack } from '../support/stack';

/**
 * `npm run test:load`: 100 signed-in clients for 30 s over the console's five main screens' queries
 * and sign-ins, against the real stack on PostgreSQL; then the same while the REST service is
 * restarted in the middle, with creates sent (and sent again after a refusal) with their
 * Idempotency-Key. Prints throughput and p50/p99 per operation; fails on any error, on any answer
 * that hung past the time limit, and on a create lost or done twice.
 */

const CONNECTIONS = 100;
const SIGN_IN_CONNECTIONS = 4;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
/** Past the gateway's time limit towards the REST service (15 s): an answer this late hung. */
const HUNG_SECONDS = 20;
const PERSON = 'admin@yozy.local';

const READS: { name: string; variables: Record<string, unknown> }[] = [
  { name: 'Viewer', variables: {} },
  { name: 'OrganizationList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'UserList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'SessionList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'DashboardSummary', variables: {} },
];

type Tally = { ok: number; refusedCleanly: number; wrong: string[] };
type Outcome = { name: string; result: Result; tally: Tally };

const cookieOf = (session: GraphQLSession) => [...session.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** Judges one answer: a correct one, a clean refusal (allowed only while a service restarts), or anything else. */
function judge(tally: Tally, status: number, body: string, headers: Record<string, unknown>) {
  if (status === 503 && headers['retry-after']) return void (tally.refusedCleanly += 1);
  let answer: { data?: unknown; errors?: { extensions?: { code?: string } }[] } = {};
  try {
    answer = JSON.parse(body);
  } catch {
    tally.wrong.push(`${status} not JSON`);
    return;
  }
  const codes = (answer.errors ?? []).map((error) => error.extensions?.code);
  if (status === 200 && codes.length === 0 && answer.data) tally.ok += 1;
  else if (codes.length > 0 && codes.every((code) => code === 'UPSTREAM_UNAVAILABLE')) tally.refusedCleanly += 1;
  else tally.wrong.push(`${status} ${codes.join(',') || body.slice(0, 120)}`);
}

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function solvedCaptchas(gatewayUrl: string, count: number): Promise<string[]> {
  const helper = new GraphQLSession(gatewayUrl);
  const solved: string[] = [];
  for (let n = 0; n < count; n += 1) solved.push(await helper.captcha());
  return solved;
}

/** One round: every read on its share of the connections, and sign-ins, for SECONDS. */
async function round(stack: Stack, sessions: GraphQLSession[], captchas: string[]): Promise<Outcome[]> {
  const perRead = Math.floor((CONNECTIONS - SIGN_IN_CONNECTIONS) / READS.length);
  const common = { url: `${stack.gatewayUrl}/graphql`, duration: SECONDS, timeout: HUNG_SECONDS, method: 'POST' as const };
  const reads = READS.map(async ({ name, variables }) => {
    const tally: Tally = { ok: 0, refusedCleanly: 0, wrong: [] };
    let next = 0;
    const result = await run({
      ...common,
      connections: perRead,
      requests: [
        {
          method: 'POST',
          path: '/graphql',
          body: JSON.stringify({ query: consoleDocument(name), variables }),
          // Each connection is one signed-in client; they share the sessions signed in before.
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json', cookie: cookieOf(sessions[next++ % sessions.length]!) },
          }),
          onResponse: (status, body, _context, headers) => judge(tally, status, body, headers as Record<string, unknown>),
        },
      ],
    });
    return { name, result, tally };
  });
  const signIns = (async () => {
    const tally: Tally = { ok: 0, refusedCleanly: 0, wrong: [] };
    let address = 0;
    const result = await run({
      ...common,
      connections: SIGN_IN_CONNECTIONS,
      amount: captchas.length,
      requests: [
        {
          method: 'POST',
          path: '/graphql',
          setupRequest: (request) => ({
            ...request,
            // Each sign-in from its own address, as people's browsers are: one address and account try one at a time.
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}` },
            body: JSON.stringify({
              query: SIGN_IN,
              variables: { input: { email: PERSON, password: DEMO_PASSWORD, captcha: captchas.pop() } },
            }),
          }),
          onResponse: (status, body, _context, headers) => judge(tally, status, body, headers as Record<string, unknown>),
        },
      ],
    });
    return { name: 'SignIn', result, tally };
  })();
  return Promise.all([...reads, signIns]);
}

function report(title: string, outcomes: Outcome[]) {
  const rows = outcomes.map(({ name, result, tally }) => ({
    operation: name,
    'req/s': Math.round(result.requests.average),
    requests: result.requests.total,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    ok: tally.ok,
    'refused cleanly': tally.refusedCleanly,
    errors: tally.wrong.length + result.errors,
    'hung (timeouts)': result.timeouts,
  }));
  const total = outcomes.reduce((sum, { result }) => sum + result.requests.total, 0);
  console.log(`\n${title}: ${total} requests in ${SECONDS} s, ${Math.round(total / SECONDS)} req/s over ${CONNECTIONS} connections`);
  console.table(rows);
  const wrong = outcomes.flatMap(({ name, tally }) => tally.wrong.slice(0, 3).map((w) => `${name}: ${w}`));
  if (wrong.length) console.log('first wrong answers:', wrong);
}

describe('load', () => {
  let stack: Stack;
  let sessions: GraphQLSession[];

  beforeAll(async () => {
    stack = await startStack(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    sessions = [];
    for (let n = 0; n < 10; n += 1) sessions.push(await signedIn(stack.gatewayUrl, PERSON));
  });
  afterAll(() => stack?.stop());

  it('serves 100 signed-in clients for 30 s without an error', async () => {
    const outcomes = await round(stack, sessions, await solvedCaptchas(stack.gatewayUrl, 40));
    report('Steady load', outcomes);
    for (const { name, result, tally } of outcomes) {
      expect({ name, wrong: tally.wrong.length, refused: tally.refusedCleanly, errors: result.errors, timeouts: result.timeouts }).toEqual({
        name,
        wrong: 0,
        refused: 0,
        errors: 0,
        timeouts: 0,
      });
      expect(tally.ok).toBe(result.requests.total);
    }
  });

  it('refuses only cleanly while the REST service restarts, and loses or doubles no create', async () => {
    const captchas = await solvedCaptchas(stack.gatewayUrl, 40);
    let writing = true;
    const names: string[] = [];
    const creates = { sent: 0, refused: 0 };
    const [acme] = await stack.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'`);
    const writer = async (id: number) => {
      const session = sessions[id]!;
      for (let n = 0; writing; n += 1) {
        const name = `Load crew ${id}-${n}-${randomUUID().slice(0, 8)}`;
        names.push(name);
        const keyed = new GraphQLSession(stack.gatewayUrl, { 'idempotency-key': randomUUID() });
        for (const [cookie, value] of session.cookies) keyed.cookies.set(cookie, value);
        for (;;) {
          creates.sent += 1;
          const answer = await keyed
            .request<{ createGroup: { group: { name: string } | null } }>(
              `mutation ($input: CreateGroupInput!) { createGroup(input: $input) { group { name } errors { code message } } }`,
              { input: { organizationId: String(acme!.client_id), name } },
            )
            .catch(() => null);
          if (answer?.data?.createGroup?.group?.name === name) break;
          const code = answer?.errors?.[0]?.extensions?.code;
          if (answer && answer.status !== 503 && code !== 'UPSTREAM_UNAVAILABLE')
            throw new Error(`create answered ${JSON.stringify(answer)}`);
          creates.refused += 1;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    const writers = [writer(0), writer(1)];
    const loading = round(stack, sessions, captchas);
    await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 2));
    const restartStarted = performance.now();
    await stack.restartApi();
    const restartMs = Math.round(performance.now() - restartStarted);
    const outcomes = await loading;
    writing = false;
    await Promise.all(writers);
    report(`REST service restarted in the middle (stopped and started again in ${restartMs} ms)`, outcomes);

    const rows = await stack.db.query<{ name: string; n: number }>(
      `SELECT name, count(*)::int AS n FROM groups WHERE name LIKE 'Load crew %' GROUP BY name`,
    );
    console.log(`creates: ${names.length} groups, ${creates.sent} calls (${creates.refused} refused and sent again), ${rows.length} rows`);
    expect(rows.map((r) => r.name).sort()).toEqual([...names].sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
    for (const { name, result, tally } of outcomes) {
      expect({ name, wrong: tally.wrong.length, errors: result.errors, timeouts: result.timeouts }).toEqual({
        name,
        wrong: 0,
        errors: 0,
        timeouts: 0,
      });
    }
  });
});
