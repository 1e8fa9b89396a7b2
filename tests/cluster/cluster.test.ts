import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '@yozy/gateway';
import { useBrowser } from '../support/browser';
import { startCluster, fetchFrom, type Cluster } from '../support/cluster';
import { factories, FACTORY_PASSWORD, unique } from '../support/factories';
import { DEMO_PASSWORD, GraphQLSession, SIGN_IN, signedIn, VIEWER, type GraphQLAnswer } from '../support/graphql';
import { startMailSink, type MailSink } from '../support/mailSink';
import { freePort, listening, processesWith } from '../support/processes';
import { LoginPage } from '../e2e/pages/LoginPage';
import { APIS, from, GATEWAYS, HUNG_SECONDS, newAddress, readLoad, report, SUPER_ADMIN } from './clients';
import { rollingRestartUnderLoad } from './rollingRestart';

/**
 * `npm run cluster` as an operator runs it: nginx in front of two gateways, two REST services, one
 * PostgreSQL and one Redis, real processes on loopback, one cluster for the whole file. Every
 * promise the console makes on one machine holds across the instances, a rolling restart under
 * load fails nothing, and losing an instance (or Redis for a while) fails no more than it must.
 */

const WRONG = 'Wrong@123';
const INVITE = `mutation ($input: InviteUserInput!) { inviteUser(input: $input) { user { email } errors { code field message } } }`;
const SEATS = `query { userSeats { productName used capacity roles { id name } } }`;

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
    const forged: Record<string, string>[] = [
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

  it('fails nothing in a rolling restart (SIGHUP) under steady load, hangs nothing and loses no acknowledged write', () =>
    rollingRestartUnderLoad(cluster));

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
