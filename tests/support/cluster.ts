import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, createWriteStream, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, fetch as undiciFetch } from 'undici';
import { openDatabase, type Database } from '@yozy/subscription-api';
import { eventually, freePort, processesWith } from './processes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where the cluster's output of the last run is kept, to read after a failure. */
export const CLUSTER_LOG = fileURLToPath(new URL('../artifacts/cluster.log', import.meta.url));

/** One instance as `npm run cluster` announces it when everything is ready. */
export type ClusterInstance = { name: string; port: number; pid: number };

export type Cluster = {
  /** nginx's address: the console's. */
  url: string;
  instances: ClusterInstance[];
  /** The announced instance (its port stays; its pid changes when it is started again). */
  instance(name: string): ClusterInstance;
  /** http://127.0.0.1:<port> of an instance, to call it without nginx. */
  urlOf(name: string): string;
  /** The pid of an instance's process now (the one listening on its port; nginx's master), or undefined. */
  pidOf(name: string): number | undefined;
  /** The cluster's PostgreSQL database, as the REST services reach it. */
  databaseUrl: string;
  db: Database;
  dataDir: string;
  child: ChildProcess;
  /** Everything the cluster command wrote so far (its own lines, and each instance's prefixed with `name | `). */
  output(): string;
  /** What an instance wrote, line by line, without the prefix. */
  linesOf(name: string): string[];
  /** Waits until the output (from `from` on) matches; throws with the output's end when it does not within `ms`. */
  waitForOutput(pattern: RegExp, ms: number, from?: number): Promise<void>;
  /** SIGTERM to the cluster command; resolves its exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills whatever is left of it (a failed test must not leave a cluster behind) and removes the data folder. */
  cleanUp(): Promise<void>;
};

/**
 * A fetch that connects from `address` (any of 127.0.0.0/8 on Linux): a client of its own address,
 * as nginx sees it. An answer that takes longer than `timeoutMs` fails the call: it hung.
 */
export function fetchFrom(address: string, timeoutMs = 30_000): typeof fetch {
  const dispatcher = new Agent({ localAddress: address });
  const send = (input: string | URL, init?: RequestInit) =>
    undiciFetch(input, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      signal: init?.signal ?? AbortSignal.timeout(timeoutMs),
      dispatcher,
    });
  // As a browser does: a request sent on a kept-alive connection the server closed as it went
  // (nginx's old workers close theirs when it is reloaded) is sent again, once, on a new one.
  return (async (input: string | URL, init?: RequestInit) => {
    try {
      return await send(input, init);
    } catch (error) {
      if (!closedUnderRequest(error)) throw error;
      return send(input, init);
    }
  }) as unknown as typeof fetch;
}

/** Whether a request failed because its connection was closed before any answer came on it. */
export function closedUnderRequest(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause ?? (error as { code?: string; message?: string });
  return ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(cause?.code ?? '') || cause?.message === 'other side closed';
}

/**
 * The process listening on a loopback port (read from /proc: the socket, then the process holding
 * it); of several sharing it (nginx's master and workers), the one whose parent is not among them.
 */
export function listenerOf(port: number): number | undefined {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const sockets = new Set(
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      // local address, state LISTEN (0A), inode
      .filter((fields) => fields[1] === local && fields[3] === '0A')
      .map((fields) => `socket:[${fields[9]}]`),
  );
  const holders: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readdirSync(`/proc/${entry}/fd`).some((fd) => sockets.has(readlinkSync(`/proc/${entry}/fd/${fd}`)))) holders.push(Number(entry));
    } catch {
      // gone while we looked, or not ours to read
    }
  }
  const parentOf = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      return 0;
    }
  };
  return holders.find((pid) => !holders.includes(parentOf(pid)));
}

/**
 * `npm run cluster` on a free port with a data folder of its own, its processes marked by an
 * environment variable; resolves once it printed its JSON line. `env` is added to its environment.
 */
export async function startCluster(env: Record<string, string> = {}, readyWithinMs = 300_000): Promise<Cluster> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'yozy-cluster-'));
  // PostgreSQL and nginx's workers run as their own accounts when the tests run as root.
  chmodSync(dataDir, 0o755);
  const marker = `YOZY_CLUSTER_TEST=${randomUUID()}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...env, [marker.split('=')[0]!]: marker.split('=')[1] };
  for (const name of ['PORT', 'HOST', 'API_PORT', 'SUBSCRIPTION_API_URL', 'PUBLIC_URL', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV']) {
    if (!(name in env)) delete childEnv[name];
  }
  const child = spawn(process.execPath, ['scripts/cluster.mjs', '--port', String(port)], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  mkdirSync(join(CLUSTER_LOG, '..'), { recursive: true });
  const log = createWriteStream(CLUSTER_LOG);
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const announced = () => /^\{"url".*$/m.exec(output)?.[0];
  const cleanUp = async () => {
    for (const p of processesWith(marker)) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await eventually(() => processesWith(marker).length === 0, 10_000);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const ready = await eventually(() => announced() !== undefined || child.exitCode !== null, readyWithinMs, 250);
  if (!ready || child.exitCode !== null) {
    await cleanUp();
    throw new Error(`npm run cluster did not come up:\n${output.slice(-5_000)}`);
  }
  const { url, instances } = JSON.parse(announced()!) as { url: string; instances: ClusterInstance[] };
  const instance = (name: string) => {
    const found = instances.find((i) => i.name === name);
    if (!found) throw new Error(`no instance ${name} in ${JSON.stringify(instances)}`);
    return found;
  };
  const databaseUrl =
    env.DATABASE_URL ??
    `postgres://yozy:${readFileSync(join(dataDir, 'postgresql-password'), 'utf8').trim()}@127.0.0.1:${instance('postgresql').port}/yozy`;
  const db = await openDatabase({ url: databaseUrl, poolMax: 4 });
  const prefix = (name: string) => `${name.padEnd(Math.max(...instances.map((i) => i.name.length)))} | `;

  return {
    url,
    instances,
    instance,
    urlOf: (name) => `http://127.0.0.1:${instance(name).port}`,
    pidOf: (name) => listenerOf(instance(name).port),
    databaseUrl,
    db,
    dataDir,
    child,
    output: () => output,
    linesOf: (name) =>
      output
        .split('\n')
        .filter((line) => line.startsWith(prefix(name)))
        .map((line) => line.slice(prefix(name).length)),
    async waitForOutput(pattern, ms, from = 0) {
      if (!(await eventually(() => pattern.test(output.slice(from)), ms, 100)))
        throw new Error(`the cluster did not write ${pattern} within ${ms / 1000} s:\n${output.slice(-3_000)}`);
    },
    async stop() {
      child.kill('SIGTERM');
      await db.close().catch(() => undefined);
      return exited;
    },
    cleanUp: async () => {
      await db.close().catch(() => undefined);
      await cleanUp();
    },
  };
}
