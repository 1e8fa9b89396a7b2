import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Instance, type Result } from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '@yozy/gateway';
import { useBrowser } from '../support/browser';
import { startCluster, fetchFrom, type Cluster } from '../support/cluster';
import { consoleDocument } from '../support/consoleDocuments';
import { factories, FACTORY_PASSWORD, unique } from '../support/factories';
import { DEMO_PASSWORD, GraphQLSession, SIGN_IN, signedIn, VIEWER, type GraphQLAnswer } from '../support/graphql';
import { startMailSink, type MailSink } from '../support/mailSink';
import { freePort, listening, processesWith } from '../support/processes';
import { LoginPage } from '../e2e/pages/LoginPage';

/**
 * `npm run cluster` as an operator runs it: nginx in front of two gateways, two REST services, one
 * PostgreSQL and one Redis, real processes on loopback, one cluster for the whole file. Every
 * promise the console makes on one machine holds across the instances, a rolling restart under
 * load fails nothing, and losing an instance (or Redis for a while) fails no more than it must.
 */

const SUPER_ADMIN = 'admin@yozy.local';
const WRONG = 'Wrong@123';
/** Past the gateway's time limit towards the REST service (15 s): an answer this late hung. */
const HUNG_SECONDS = 20;
const GATEWAYS = ['gateway-1', 'gateway-2'];
const APIS = ['subscription-api-1', 'subscription-api-2'];
const READS: { name: string; variables: Record<string, unknown> }[] = [
  { name: 'Viewer', variables: {} },
  { name: 'OrganizationList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'UserList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'SessionList', variables: { page: { offset: 0, limit: 25 } } },
  { name: 'DashboardSummary', variables: {} },
];
const INVITE = `mutation ($input: InviteUserInput!) { inviteUser(input: $input) { user { email } errors { code field message } } }`;
const SEATS = `query { userSeats { productName used capacity roles { id name } } }`;
const CREATE_GROUP = `mutation ($input: CreateGroupInput!) { createGroup(input: $input) { group { name } errors { code message } } }`;

let nextAddress = 0;
/** A client address of its own on loopback (127.77.x.y), as nginx sees a person's browser. */
function newAddress(): string {
  nextAddress += 1;
  return `127.77.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}
const from = (url: string, address: string) => new GraphQLSession(url, {}, fetchFrom(address));

type Tally = { ok: number; refusedCleanly: number; unavailable: number; wrong: string[]; statuses: Record<number, number> };
const tally = (): Tally => ({ ok: 0, refusedCleanly: 0, unavailable: 0, wrong: [], statuses: {} });

/**
 * Judges one answer: correct; refused cleanly (503 with Retry-After: nothing was done, send it
 * again); the gateway's UPSTREAM_UNAVAILABLE (it could not reach a REST service); or wrong.
 */
function judge(into: Tally, status: number, body: string, headers: Record<string, unknown>) {
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
function readLoad(cluster: Cluster, sessions: GraphQLSession[], connections: number) {
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
  });
  return {
    tally: into,
    async stop(): Promise<Result> {
      instance!.stop();
      return done;
    },
  };
}

function report(title: string, result: Result, into: Tally, seconds: number) {
  console.log(
    `\n${title}: ${result.requests.total} reads in ${seconds.toFixed(1)} s (${Math.round(result.requests.total / seconds)} req/s), ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      `ok ${into.ok}, refused cleanly ${into.refusedCleanly}, upstream unavailable ${into.unavailable}, wrong ${into.wrong.length}, ` +
      `errors ${result.errors}, timeouts ${result.timeouts}; statuses ${JSON.stringify(into.statuses)}`,
  );
  if (into.wrong.length) console.log('first wrong answers:', into.wrong.slice(0, 5));
}

/** The gateway whose log line carries `requestId`. */
function gatewayOf(cluster: Cluster, requestId: string): string | undefined {
  return GATEWAYS.find((name) => cluster.linesOf(name).some((line) => line.includes(`"requestId":"${requestId}"`)));
}

describe('npm run cluster', () => {
  let cluster: Cluster;
  let sink: MailSink | undefined;
  let smtpPort = 0;
  let make: ReturnType<typeof factories>;

  beforeAll(async () => {
    // The mail server is down until the mail test starts it: every mail waits in the queue first.
    smtpPort = await freePort();
    cluster = await startCluster({
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRY_FIRST_SECONDS: '1',
      MAIL_RETRY_MAX_SECONDS: '1',
      MAIL_QUEUE_POLL_SECONDS: '0.5',
    });
    make = factories(cluster.db);
  });
  afterAll(async () => {
    await sink?.close();
    await cluster?.cleanUp();
  });

  it('announces every instance, each running and ready, after running the migrations once on their own', async () => {
    expect(cluster.instances.map((i) => i.name)).toEqual(['nginx', ...GATEWAYS, ...APIS, 'redis', 'postgresql']);
    expect(cluster.linesOf('migrate').join('\n')).toMatch(/applied migrations 001_data_model\.sql.*\n.*stopping \(--migrate-only\)/);
    for (const name of APIS) expect(cluster.linesOf(name).join('\n')).not.toContain('applied migrations');
    for (const instance of cluster.instances) {
      expect(instance.port).toBeGreaterThan(0);
      expect(() => process.kill(instance.pid, 0)).not.toThrow();
    }
    for (const name of GATEWAYS) expect((await fetch(`${cluster.urlOf(name)}/readyz`)).status).toBe(200);
    for (const name of APIS) expect((await fetch(`${cluster.urlOf(name)}/health`)).status).toBe(200);
    expect((await fetch(`${cluster.url}/login`)).status).toBe(200);
  });

  it('shows nothing internal through nginx, whatever a client sends, and follows each request by its id', async () => {
    const forged = [
      {},
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { host: `127.0.0.1:${cluster.instance('gateway-1').port}` },
      { host: `127.0.0.1:${cluster.instance('subscription-api-1').port}` },
    ];
    for (const headers of forged) {
      const metrics = await fetch(`${cluster.url}/metrics`, { headers });
      expect(metrics.status).toBe(404);
      expect(await metrics.text()).not.toContain('process_cpu');
      // The readiness answer says ready or not, and nothing about what is behind the gateway.
      const ready = await fetch(`${cluster.url}/readyz`, { headers });
      expect(ready.status).toBe(200);
      expect(await ready.text()).not.toMatch(/subscriptionApi|database|redis/i);
      // The REST service's own paths are not reached: the gateway answers them as the console's pages.
      for (const path of ['/health', '/subscription_client_details', '/openapi.json']) {
        const answer = await fetch(`${cluster.url}${path}`, { headers });
        expect(answer.headers.get('content-type') ?? '').not.toContain('application/json');
      }
    }
    // Scraped on each instance's own port from this machine, the metrics are there.
    for (const name of [...GATEWAYS, ...APIS]) {
      const metrics = await fetch(`${cluster.urlOf(name)}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('process_cpu');
    }

    // nginx's id of a request is answered, and both services write it on their line for the request.
    const admin = await signedIn(cluster.url, SUPER_ADMIN);
    const answer = await admin.request<{ viewer: { email: string } }>(VIEWER);
    const requestId = answer.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => gatewayOf(cluster, requestId)).toBeDefined();
    // Each instance's lines reach the cluster's output through a pipe of its own: in their own time.
    await expect
      .poll(() => APIS.some((name) => cluster.linesOf(name).some((line) => line.includes(`"requestId":"${requestId}"`))))
      .toBe(true);
    // nginx writes its line once the answer is sent.
    await expect.poll(() => readFileSync(join(cluster.dataDir, 'nginx', 'access.log'), 'utf8')).toContain(`"requestId":"${requestId}"`);
  });

  it('believes the client address nginx saw, and a forwarded address from nobody else', async () => {
    const { organisation } = await make.organisationWithAdmin();
    const person = await make.user(organisation);
    const lastAddress = async () =>
      (
        await cluster.db.query<{ ip: string }>('SELECT ip FROM sessions WHERE user_id = $1 ORDER BY session_id DESC LIMIT 1', [
          person.userId,
        ])
      )[0]?.ip;

    // Through nginx from an address of its own, whatever the client claims to forward.
    const address = newAddress();
    const client = new GraphQLSession(cluster.url, { 'x-forwarded-for': '203.0.113.7', forwarded: 'for=203.0.113.7' }, fetchFrom(address));
    expect((await client.signIn(person.email, FACTORY_PASSWORD)).data?.signIn.errors).toEqual([]);
    expect(await lastAddress()).toBe(address);

    // Straight to a gateway, a forwarded address is not believed: only nginx's source address is trusted.
    const straight = new GraphQLSession(cluster.urlOf('gateway-2'), { 'x-forwarded-for': '203.0.113.8' });
    expect((await straight.signIn(person.email, FACTORY_PASSWORD)).data?.signIn.errors).toEqual([]);
    expect(await lastAddress()).toBe('127.0.0.1');
  });

  it('keeps a session made through one gateway working through the other, and ends it everywhere on sign-out', async () => {
    const session = await signedIn(cluster.urlOf('gateway-1'), 'admin@acme.local');
    const viewerAt = async (url: string) =>
      (await session.at(url).request<{ viewer: { email: string } | null }>(VIEWER)).data?.viewer ?? null;
    expect(await viewerAt(cluster.urlOf('gateway-2'))).toMatchObject({ email: 'admin@acme.local' });
    expect(await viewerAt(cluster.url)).toMatchObject({ email: 'admin@acme.local' });

    const out = await session
      .at(cluster.urlOf('gateway-2'))
      .request<{ signOut: { signedOut: boolean } }>('mutation { signOut { signedOut } }');
    expect(out.data?.signOut.signedOut).toBe(true);
    for (const url of [cluster.urlOf('gateway-1'), cluster.urlOf('gateway-2'), cluster.url]) expect(await viewerAt(url)).toBeNull();
  });

  it('refuses at one gateway a captcha solution already spent at the other', async () => {
    const first = new GraphQLSession(cluster.urlOf('gateway-1'));
    const solution = await first.captcha();
    const signIn = (url: string) =>
      new GraphQLSession(url).request<{ signIn: { viewer: unknown; errors: { code: string }[] } }>(SIGN_IN, {
        input: { email: 'admin@acme.local', password: DEMO_PASSWORD, captcha: solution },
      });
    expect((await signIn(cluster.urlOf('gateway-1'))).data?.signIn.errors).toEqual([]);
    const again = await signIn(cluster.urlOf('gateway-2'));
    expect(again.data?.signIn.viewer).toBeNull();
    expect(again.data?.signIn.errors).toEqual([
      { code: 'CAPTCHA_FAILED', field: 'captcha', message: 'The automatic human check was already used. Please try again.' },
    ]);
  });

  it('counts guesses of one account across both gateways: the per-account limit trips at the same count as on one instance', async () => {
    const { organisation } = await make.organisationWithAdmin();
    const person = await make.user(organisation);
    const free = DEFAULT_RATE_LIMITS.signIn.perAccount.freeFailures;
    const kinds: string[] = [];
    const requestIds: string[] = [];
    // Each wrong password from a new address, one after the other, through nginx, which spreads them over both
    // gateways (its captcha asked of each gateway in turn, so that nginx's turns fall on the sign-ins alone).
    for (let n = 0; n < free + 4; n += 1) {
      const address = newAddress();
      const captcha = kinds.includes('refused') ? 'not solved' : await from(cluster.urlOf(GATEWAYS[n % 2]!), address).captcha();
      const answer = (await from(cluster.url, address).request(SIGN_IN, {
        input: { email: person.email, password: WRONG, captcha },
      })) as GraphQLAnswer<{ signIn: { errors: { code: string }[] } }>;
      requestIds.push(answer.headers.get('x-request-id')!);
      kinds.push(answer.status === 429 ? 'refused' : (answer.data?.signIn.errors[0]?.code ?? 'signed in'));
    }
    expect(kinds).toEqual([...Array<string>(free).fill('INVALID_CREDENTIALS'), ...Array<string>(4).fill('refused')]);
    // Both gateways counted some of the free failures: each saw the other's in Redis.
    await expect.poll(() => new Set(requestIds.slice(0, free).map((id) => gatewayOf(cluster, id)))).toEqual(new Set(GATEWAYS));
  });

  it('gives exactly the free seats to 20 invitations racing over both gateways and both REST services', async () => {
    const { organisation, admin } = await make.organisationWithAdmin();
    const plan = await make.plan({ capacity: 6 });
    await make.licence(organisation, { plan });
    const { roleId } = await make.role(admin, plan);
    // One after the other: attempts of one account from one address run one at a time.
    const sessions: GraphQLSession[] = [];
    for (const name of GATEWAYS) sessions.push(await signedIn(cluster.urlOf(name), admin.email, FACTORY_PASSWORD));
    const [before] = (await sessions[0]!.request<{ userSeats: { used: number; capacity: number }[] }>(SEATS)).data!.userSeats;
    const freeSeats = before!.capacity - before!.used;
    expect(freeSeats).toBeGreaterThan(0);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        sessions[n % 2]!.request<{ inviteUser: { user: { email: string } | null; errors: { code: string }[] } }>(INVITE, {
          input: {
            firstName: 'Racer',
            lastName: `Number ${n}`,
            email: `${unique('racer')}@race.test`.toLowerCase(),
            roleId: String(roleId),
          },
        }),
      ),
    );
    const payloads = answers.map((answer) => answer.data!.inviteUser);
    expect(payloads.filter((p) => p.user !== null)).toHaveLength(freeSeats);
    expect(payloads.filter((p) => p.user === null).map((p) => p.errors[0]?.code)).toEqual(Array(20 - freeSeats).fill('SEAT_LIMIT'));
    const [{ n }] = (await cluster.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM client_users WHERE client_id = $1 AND email LIKE '%@race.test'",
      [organisation.clientId],
    )) as [{ n: number }];
    expect(n).toBe(freeSeats);
    // Both REST services took invitations (their lines reach the output in their own time).
    const ids = answers.map((answer) => answer.headers.get('x-request-id')!);
    const invitedAt = (api: string) =>
      cluster.linesOf(api).some((line) => line.includes('POST /subscription/usercreation') && ids.some((id) => line.includes(id)));
    await expect.poll(() => APIS.filter(invitedAt)).toEqual(APIS);
  });

  it('delivers each of 50 mails queued while both REST services run exactly once', async () => {
    const { organisation, admin } = await make.organisationWithAdmin();
    const plan = await make.plan({ capacity: 60 });
    await make.licence(organisation, { plan });
    const { roleId } = await make.role(admin, plan);
    const session = await signedIn(cluster.url, admin.email, FACTORY_PASSWORD);
    const emails = Array.from({ length: 50 }, () => `${unique('queued')}@mail.test`.toLowerCase());
    for (const [n, email] of emails.entries()) {
      const answer = await session.request<{ inviteUser: { errors: unknown[] } }>(INVITE, {
        input: { firstName: 'Queued', lastName: `Mail ${n}`, email, roleId: String(roleId) },
      });
      expect(answer.data?.inviteUser.errors).toEqual([]);
    }
    // The mail server comes up: both services take due mail from the one queue.
    sink = await startMailSink(smtpPort);
    await expect
      .poll(() => emails.filter((email) => sink!.received.some((mail) => mail.to.includes(email))).length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(50);
    // A little longer, for any second delivery to show.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const email of emails) expect(sink.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const rows = await cluster.db.query<{ sent: boolean }>(
      'SELECT sent_at IS NOT NULL AS sent FROM mail_outbox WHERE to_address = ANY($1)',
      [emails],
    );
    expect(rows.map((row) => row.sent)).toEqual(Array(50).fill(true));
  });

  it('fails nothing in a rolling restart (SIGHUP) under steady load, hangs nothing and loses no acknowledged write', async () => {
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
          const cleanly =
            (answer.status === 503 && answer.headers?.get('retry-after')) ||
            answer.errors?.[0]?.extensions?.code === 'UPSTREAM_UNAVAILABLE';
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
    const reads = readLoad(cluster, sessions, 40);
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
    expect({ wrong: reads.tally.wrong, unavailable: reads.tally.unavailable, errors: result.errors, timeouts: result.timeouts }).toEqual({
      wrong: [],
      unavailable: 0,
      errors: 0,
      timeouts: 0,
    });
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
  });

  describe('losing a gateway', () => {
    const browser = useBrowser();

    it('fails at most the requests the gateway had in flight when it is killed, and the console in the browser carries on without a reload', async () => {
      const context = await browser().newContext({ baseURL: cluster.url, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto('/login');
      await new LoginPage(page).signIn('admin@acme.local', DEMO_PASSWORD);
      await page.getByTestId('profile-menu').waitFor();
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      const sessions = [await signedIn(cluster.url, SUPER_ADMIN), await signedIn(cluster.url, SUPER_ADMIN)];
      const CONNECTIONS = 20;
      const started = performance.now();
      const reads = readLoad(cluster, sessions, CONNECTIONS);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const victim = cluster.pidOf('gateway-1')!;
      const mark = cluster.output().length;
      process.kill(victim, 'SIGKILL');
      // The person goes on to another screen while the gateway is gone.
      await page.getByTestId('sidebar').getByRole('link', { name: 'User Management', exact: true }).click();
      await page.getByText('member@acme.local').first().waitFor({ timeout: 30_000 });
      await cluster.waitForOutput(/gateway-1 is running again/, 60_000, mark);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const result = await reads.stop();
      report('gateway-1 killed under load', result, reads.tally, (performance.now() - started) / 1000);

      expect(cluster.output().slice(mark)).toMatch(/gateway-1 was killed by SIGKILL; starting it again in \d+ s/);
      // At most one request in flight per connection, and only those the killed gateway held failed: nginx answered them 502.
      const failed = reads.tally.wrong.length + result.errors;
      expect(failed).toBeLessThanOrEqual(CONNECTIONS);
      expect(reads.tally.wrong.every((wrong) => wrong.startsWith('502'))).toBe(true);
      expect(result.timeouts).toBe(0);
      expect(reads.tally.ok).toBeGreaterThan(failed * 10);
      // The same page, never reloaded; the banner, if a request of the page met the killed gateway, has gone.
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await page.getByTestId('upstream-banner').waitFor({ state: 'hidden', timeout: 20_000 });
      await context.close();
    });
  });

  /** A sign-in of the SuperAdmin through nginx from a new address; resolves how long it took, or throws. */
  async function timedSignIn(): Promise<number> {
    const client = from(cluster.url, newAddress());
    const captcha = await client.captcha();
    const began = performance.now();
    const answer = await client.request<{ signIn: { errors: unknown[]; viewer: unknown } }>(SIGN_IN, {
      input: { email: SUPER_ADMIN, password: DEMO_PASSWORD, captcha },
    });
    expect(answer.data?.signIn.errors).toEqual([]);
    return performance.now() - began;
  }

  it('keeps sign-ins working while Redis is gone, says so, and counts in Redis again once it is back', async () => {
    const mark = cluster.output().length;
    process.kill(cluster.pidOf('redis')!, 'SIGKILL');
    await cluster.waitForOutput(/Redis unreachable.*kept in memory/, 10_000, mark);
    expect(await timedSignIn()).toBeLessThan(HUNG_SECONDS * 1000);
    // The cluster starts Redis again; the gateways find it.
    await cluster.waitForOutput(/redis is running again/, 30_000, mark);
    await cluster.waitForOutput(/rate-limit counters are back in Redis/, 30_000, mark);
    expect(await timedSignIn()).toBeLessThan(HUNG_SECONDS * 1000);
  });

  it('keeps sign-ins working, none of them hung, while Redis stops answering for 10 s', async () => {
    // Stopped, not gone: its connections stay open and nothing comes back on them.
    const redis = cluster.pidOf('redis')!;
    const mark = cluster.output().length;
    process.kill(redis, 'SIGSTOP');
    const stoppedAt = performance.now();
    const durations: number[] = [];
    try {
      while (performance.now() - stoppedAt < 10_000) durations.push(await timedSignIn());
    } finally {
      process.kill(redis, 'SIGCONT');
    }
    console.log(`sign-ins while Redis was stopped: ${durations.length}, slowest ${Math.round(Math.max(...durations))} ms`);
    // An answer later than the gateway's own time limit towards the REST service would be a hung one.
    expect(Math.max(...durations)).toBeLessThan(15_000);
    // Once a gateway's check found Redis silent (within a second or two), sign-ins stop asking it and are quick again.
    expect(durations.slice(-3).every((ms) => ms < 5_000)).toBe(true);
    // The gateways said the counters were kept in memory meanwhile.
    expect(cluster.output().slice(mark)).toMatch(/Redis unreachable.*kept in memory/);
    expect(await timedSignIn()).toBeLessThan(HUNG_SECONDS * 1000);
  });

  it('stops everything it started on SIGTERM', async () => {
    const marker = readFileSync(`/proc/${cluster.child.pid}/environ`, 'utf8')
      .split('\0')
      .find((entry) => entry.startsWith('YOZY_CLUSTER_TEST='))!;
    const pids = cluster.instances.map((instance) => cluster.pidOf(instance.name)!);
    for (const pid of pids) expect(() => process.kill(pid, 0)).not.toThrow();
    const exit = await cluster.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(processesWith(marker)).toEqual([]);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    for (const instance of cluster.instances) expect(await listening(instance.port)).toBe(false);
  });
});
