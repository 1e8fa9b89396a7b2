// The stores `npm run cluster` runs beside the console: Debian's PostgreSQL on the cluster's data
// folder and Redis for the gateways' shared rate-limit counters, each supervised like the
// instances, and the small network helpers starting them needs.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { keptSecret } from '../supervisor.mjs';
import { account, dyingWithParent, isRoot, postgresBin, which } from './system.mjs';

/**
 * Debian's PostgreSQL server on `dataDir`/postgresql (made with initdb on the first start, run as
 * the postgres account when started as root), under `supervisor`: its service, port and URL, and
 * `createDatabase` once it is ready.
 */
export async function preparePostgres({ supervisor, dataDir, label, database }) {
  const bin = postgresBin();
  const folder = join(dataDir, 'postgresql');
  const password = keptSecret(dataDir, 'postgresql-password');
  // initdb and the server refuse to run as root: as root they run as Debian's postgres account.
  const owner = isRoot() ? account('postgres') : null;
  if (isRoot() && !owner) {
    console.error(
      `${label}: running as root, PostgreSQL must run as the postgres account, which does not exist (apt-get install postgresql makes it)`,
    );
    process.exit(1);
  }
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  if (!existsSync(join(folder, 'PG_VERSION'))) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (owner) chownSync(folder, owner.uid, owner.gid);
    if (owner && spawnSync('test', ['-w', folder], as).status !== 0) {
      console.error(
        `${label}: the postgres account cannot reach ${folder}; set DATA_DIR to a folder it can reach (such as one under /var/tmp), or DATABASE_URL`,
      );
      process.exit(1);
    }
    console.log(`${label}: making a PostgreSQL database cluster in ${folder}`);
    const passwordFile = join(dataDir, '.postgresql-password-for-initdb');
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (owner) chownSync(passwordFile, owner.uid, owner.gid);
    const made = spawnSync(
      join(bin, 'initdb'),
      [
        '--pgdata',
        folder,
        '--username',
        database,
        '--auth',
        'scram-sha-256',
        '--pwfile',
        passwordFile,
        '--encoding',
        'UTF8',
        '--locale',
        'C',
      ],
      { ...as, encoding: 'utf8' },
    );
    rmSync(passwordFile, { force: true });
    if (made.status !== 0) {
      console.error(`${label}: initdb failed:\n${made.stdout}${made.stderr}`);
      rmSync(folder, { recursive: true, force: true });
      process.exit(1);
    }
  }
  const at = await freePort();
  const clientEnv = { ...process.env, PGPASSWORD: password, PGCONNECT_TIMEOUT: '3' };
  const [command, args] = dyingWithParent(
    join(bin, 'postgres'),
    // TCP on loopback only; no Unix socket (its folder would need the postgres account's rights).
    ['-D', folder, '-p', String(at), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'log_checkpoints=off'],
    'INT',
  );
  const service = supervisor.add({
    name: 'postgresql',
    command,
    args,
    ...as,
    // Fast shutdown: open transactions are rolled back and connections closed, nothing is lost.
    stopSignal: 'SIGINT',
    isReady: async () =>
      (await run(join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(at), '-U', database, '-d', 'postgres'], clientEnv)) === 0,
    describeReady: `pg_isready on port ${at}`,
  });
  return {
    service,
    port: at,
    url: `postgres://${database}:${password}@127.0.0.1:${at}/${database}`,
    async createDatabase() {
      const psql = (sql) =>
        spawnSync(join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(at), '-U', database, '-d', 'postgres', '-tAc', sql], {
          env: clientEnv,
          encoding: 'utf8',
        });
      const found = psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`);
      if (found.status !== 0) {
        console.error(`${label}: cannot reach PostgreSQL: ${found.stderr}`);
        await supervisor.stopAll(1);
      }
      if (found.stdout.trim() === '1') return;
      const made = psql(`CREATE DATABASE ${database}`);
      if (made.status !== 0) {
        console.error(`${label}: cannot make the ${database} database: ${made.stderr}`);
        await supervisor.stopAll(1);
      }
    },
  };
}

/** Redis on loopback with a password, its counters kept nowhere, under `supervisor`: its service, port and URL. */
export async function prepareRedis({ supervisor, dataDir }) {
  const folder = join(dataDir, 'redis');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const password = keptSecret(dataDir, 'redis-password');
  const at = await freePort();
  // A configuration file rather than arguments, so the password is not on the process list.
  const config = join(folder, 'redis.conf');
  writeFileSync(
    config,
    [
      '# Written by `npm run cluster` at each start: edits are lost.',
      'bind 127.0.0.1',
      `port ${at}`,
      'protected-mode yes',
      `requirepass ${password}`,
      // Counters only, each with its own expiry: nothing is worth keeping across a restart.
      'save ""',
      'appendonly no',
      `dir ${folder}`,
      'daemonize no',
      'logfile ""',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const [command, args] = dyingWithParent(which('redis-server'), [config], 'TERM');
  const service = supervisor.add({
    name: 'redis',
    command,
    args,
    isReady: () => redisAnswers(at, password),
    describeReady: `PING on port ${at}`,
  });
  return { service, port: at, url: `redis://:${password}@127.0.0.1:${at}` };
}

/** A TCP port nothing listens on right now, on loopback. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: at } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolvePort(at));
    });
  });
}

/** Whether nothing listens on port `at` of loopback. */
export function portFree(at) {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.once('error', () => resolveFree(false));
    server.listen(at, '127.0.0.1', () => server.close(() => resolveFree(true)));
  });
}

/** Whether Redis answers PONG to a PING with the password. */
function redisAnswers(at, password) {
  return new Promise((resolveAnswer) => {
    const socket = connect(at, '127.0.0.1');
    let answer = '';
    const done = (ok) => {
      socket.destroy();
      resolveAnswer(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write(`AUTH ${password}\r\nPING\r\n`));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('+PONG')) done(true);
      else if (answer.startsWith('-')) done(false);
    });
  });
}

/** Runs a program to its end; resolves its exit code. */
function run(command, args, env) {
  return new Promise((resolveCode) => {
    const child = spawn(command, args, { env, stdio: 'ignore' });
    child.once('error', () => resolveCode(-1));
    child.once('exit', (code) => resolveCode(code ?? -1));
  });
}
