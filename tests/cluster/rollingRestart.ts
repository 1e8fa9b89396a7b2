import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { closedUnderRequest, type Cluster } from '../support/cluster';
import { GraphQLSession, signedIn, type GraphQLAnswer } from '../support/graphql';
import { APIS, from, GATEWAYS, HUNG_SECONDS, judge, newAddress, readLoad, report, SUPER_ADMIN, tally } from './clients';

/** Connections of the read load. */
const READ_CONNECTIONS = 40;
const CREATE_GROUP = `mutation ($input: CreateGroupInput!) { createGroup(input: $input) { group { name } errors { code message } } }`;

/**
 * Fails nothing in a rolling restart (SIGHUP) under steady load, hangs nothing and loses no acknowledged write: reads of the main screens on 40 connections, two writers creating groups
 * (each sent again with its Idempotency-Key after a clean refusal, as the console does) and sign-ins
 * from new addresses, while the cluster replaces every gateway and REST service one by one.
 */
export async function rollingRestartUnderLoad(cluster: Cluster) {
  const sessions: GraphQLSession[] = [];
  for (let n = 0; n < 8; n += 1) sessions.push(await signedIn(cluster.url, SUPER_ADMIN));
  const [acme] = await cluster.db.query<{ client_id: number }>(`SELECT client_id FROM clients WHERE company_name = 'Acme Corporation'`);
  const pidsBefore = Object.fromEntries([...GATEWAYS, ...APIS].map((name) => [name, cluster.pidOf(name)]));

  // Writers: creates sent with their Idempotency-Key, and sent again with it after a clean refusal, as the console does.
  let writing = true;
  const acknowledged: string[] = [];
  const creates = { sent: 0, refused: 0, wrong: [] as string[] };
  const writer = async (id: number) => {
    const session = sessions[id]!;
    for (let n = 0; writing; n += 1) {
      const name = `Rolling crew ${id}-${n}-${randomUUID().slice(0, 8)}`;
      const keyed = new GraphQLSession(cluster.url, { 'idempotency-key': randomUUID() });
      for (const [cookie, value] of session.cookies) keyed.cookies.set(cookie, value);
      for (;;) {
        creates.sent += 1;
        const answer = await keyed
          .request<{ createGroup: { group: { name: string } | null } }>(CREATE_GROUP, {
            input: { organizationId: String(acme!.client_id), name },
          })
          .catch(
            (error: unknown) => ({ status: 0, error }) as unknown as GraphQLAnswer<{ createGroup: { group: { name: string } | null } }>,
          );
        if (answer.data?.createGroup?.group?.name === name) {
          acknowledged.push(name);
          break;
        }
        // Sent again with its Idempotency-Key after a clean refusal, or when its connection closed under it.
        const cleanly =
          (answer.status === 503 && answer.headers?.get('retry-after')) ||
          answer.errors?.[0]?.extensions?.code === 'UPSTREAM_UNAVAILABLE' ||
          (answer.status === 0 && closedUnderRequest((answer as unknown as { error: unknown }).error));
        if (!cleanly) {
          creates.wrong.push(`${answer.status} ${JSON.stringify(answer.errors ?? answer).slice(0, 160)}`);
          break;
        }
        creates.refused += 1;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };
  // Sign-ins, each from a browser of its own address.
  const signIns = tally();
  const signer = async () => {
    while (writing) {
      const browser = from(cluster.url, newAddress());
      const answer = await browser.signIn(SUPER_ADMIN).catch((error: unknown) => String((error as Error).cause ?? error));
      if (typeof answer === 'string') signIns.wrong.push(`no answer: ${answer}`);
      else
        judge(signIns, answer.status, JSON.stringify({ data: answer.data, errors: answer.errors }), {
          'retry-after': answer.headers.get('retry-after'),
        });
    }
  };

  const started = performance.now();
  const reads = readLoad(cluster, sessions, READ_CONNECTIONS);
  const background = [writer(0), writer(1), signer()];
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const mark = cluster.output().length;
  const rollStarted = performance.now();
  cluster.child.kill('SIGHUP');
  await cluster.waitForOutput(/rolling restart done in/, 120_000, mark);
  const rollSeconds = (performance.now() - rollStarted) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const result = await reads.stop();
  writing = false;
  await Promise.all(background);
  const seconds = (performance.now() - started) / 1000;
  report(`Rolling restart (${rollSeconds.toFixed(1)} s) under load`, result, reads.tally, seconds);
  console.log(
    `sign-ins: ok ${signIns.ok}, refused cleanly ${signIns.refusedCleanly}, unavailable ${signIns.unavailable}, wrong ${signIns.wrong.length}; ` +
      `creates: ${acknowledged.length} acknowledged in ${creates.sent} calls (${creates.refused} refused cleanly and sent again), wrong ${creates.wrong.length}`,
  );
  if (signIns.wrong.length || creates.wrong.length)
    console.log('wrong sign-ins and creates:', signIns.wrong.slice(0, 5), creates.wrong.slice(0, 5));

  // Every gateway and REST service was replaced.
  for (const name of [...GATEWAYS, ...APIS]) expect(cluster.pidOf(name)).not.toBe(pidsBefore[name]);
  // A request nginx found its connection closed under (a browser sends it again) is the only failure
  // allowed, at most once per connection and reload of nginx (three: out and in, one gateway at a time).
  expect({
    wrong: reads.tally.wrong,
    unavailable: reads.tally.unavailable,
    otherErrors: result.errors - reads.tally.closedUnderRequest,
    timeouts: result.timeouts,
  }).toEqual({ wrong: [], unavailable: 0, otherErrors: 0, timeouts: 0 });
  expect(reads.tally.closedUnderRequest).toBeLessThanOrEqual(READ_CONNECTIONS * (GATEWAYS.length + 1));
  expect(reads.tally.ok + reads.tally.refusedCleanly).toBe(result.requests.total);
  expect(result.latency.max).toBeLessThan(HUNG_SECONDS * 1000);
  expect({ wrong: signIns.wrong, unavailable: signIns.unavailable }).toEqual({ wrong: [], unavailable: 0 });
  expect(signIns.ok).toBeGreaterThan(0);
  expect(creates.wrong).toEqual([]);
  // Every acknowledged create is there, once.
  const rows = await cluster.db.query<{ name: string; n: number }>(
    `SELECT name, count(*)::int AS n FROM groups WHERE name LIKE 'Rolling crew %' GROUP BY name`,
  );
  expect(rows.map((row) => row.name).sort()).toEqual([...acknowledged].sort());
  expect(rows.every((row) => row.n === 1)).toBe(true);
}
