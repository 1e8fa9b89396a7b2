// What `npm start` (scripts/start.mjs) and `npm run cluster` (scripts/cluster.mjs) share: secrets
// kept in the data folder, building what they run, and a supervisor that starts processes, waits
// until each is ready, starts one that stops on its own again after a growing pause, replaces one
// on purpose (a rolling restart), and stops them all.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A secret that must outlive a restart (the key that seals two-factor secrets, the one that signs
 * captchas and device cookies): made on the first start and kept in the data folder, readable by
 * its owner only.
 */
export function keptSecret(dataDir, name) {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * Builds the named workspaces with turbo, which rebuilds a part only when its sources (or those of
 * @yozy/shared) changed since its last build and otherwise restores the build it keeps. Turbo's
 * own script under node rather than through npx, which would cost a second of its own.
 * @param {string[]} workspaces
 * @returns {{ child: import('node:child_process').ChildProcess, done: Promise<boolean> }}
 */
export function build(workspaces) {
  const child = spawn(
    process.execPath,
    [
      join('node_modules', 'turbo', 'bin', 'turbo'),
      'run',
      'build',
      ...workspaces.map((name) => `--filter=${name}`),
      '--output-logs=errors-only',
    ],
    { stdio: 'inherit', detached: true },
  );
  const done = new Promise((resolve) => {
    child.once('exit', (code) => resolve(code === 0));
    child.once('error', () => resolve(false));
  });
  return { child, done };
}

/** Signals every process of a group: a service and whatever it started. */
export function signalGroup(pid, signal) {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // the group has already gone
  }
}

export function groupAlive(pid) {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `url` answers 2xx within the time. */
export async function answers(url, timeoutMs = 2_000) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })).ok;
  } catch {
    return false;
  }
}

// The pause before a restart doubles from the first to the last; a process that ran for a minute
// counts as healthy again, and one that keeps failing within a minute is given up on.
const FIRST_RESTART_DELAY_MS = 1_000;
const LAST_RESTART_DELAY_MS = 30_000;
const HEALTHY_AFTER_MS = 60_000;
const MAX_QUICK_RESTARTS = 5;
const READY_WITHIN_MS = 120_000;
const STOP_WITHIN_MS = 10_000;

/**
 * A process the supervisor looks after.
 * @typedef {{
 *   name: string,
 *   command: string,
 *   args: string[],
 *   env?: Record<string, string>,
 *   uid?: number,
 *   gid?: number,
 *   ipc?: boolean,
 *   stopSignal?: NodeJS.Signals,
 *   isReady: () => Promise<boolean>,
 *   describeReady?: string,
 * }} ServiceSpec
 *
 * @typedef {ServiceSpec & {
 *   child: import('node:child_process').ChildProcess | null,
 *   startedAt: number,
 *   quickRestarts: number,
 *   restartTimer: NodeJS.Timeout | null,
 *   wasReady: boolean,
 *   replacing: boolean,
 * }} Service
 */

export class Supervisor {
  /**
   * @param {{ label: string, prefixOutput?: boolean }} options `label` begins the supervisor's own
   *   lines (`npm start: …`); with `prefixOutput` each line a process writes is prefixed with its
   *   name (`gateway-1 | …`), as several instances of one service write alike lines.
   */
  constructor({ label, prefixOutput = false }) {
    this.label = label;
    this.prefixOutput = prefixOutput;
    /** @type {Service[]} */
    this.services = [];
    this.stopping = false;
    /** @type {Promise<never> | null} */
    this.stopped = null;
    /** @type {(() => void)[]} what to do first when stopping (end a build under way) */
    this.beforeExit = [];
    /** @type {Service[][] | null} groups stopped one after the other, the services of a group at once */
    this.stopOrder = null;
    this.nameWidth = 0;
  }

  log(message) {
    console.log(`${this.label}: ${message}`);
  }

  error(message) {
    console.error(`${this.label}: ${message}`);
  }

  /** @param {ServiceSpec} spec @returns {Service} */
  add(spec) {
    const service = { ...spec, child: null, startedAt: 0, quickRestarts: 0, restartTimer: null, wasReady: false, replacing: false };
    this.services.push(service);
    this.nameWidth = Math.max(this.nameWidth, spec.name.length);
    return service;
  }

  /** @param {Service} service */
  launch(service) {
    const child = spawn(service.command, service.args, {
      // With IPC a Node service notices when the supervisor is gone, even after kill -9.
      stdio: ['ignore', this.prefixOutput ? 'pipe' : 'inherit', this.prefixOutput ? 'pipe' : 'inherit', ...(service.ipc ? ['ipc'] : [])],
      // A process group of its own, so stopping the service reaches its children too.
      detached: true,
      env: { ...process.env, ...service.env },
      ...(service.uid !== undefined ? { uid: service.uid, gid: service.gid } : {}),
    });
    if (this.prefixOutput) {
      const prefix = `${service.name.padEnd(this.nameWidth)} | `;
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${prefix}${line}\n`));
      }
    }
    child.once('error', (error) => this.error(`${service.name} could not be started: ${error.message}`));
    service.child = child;
    service.startedAt = Date.now();
    child.once('exit', (code, signal) => this.onExit(service, child, code, signal));
    return child;
  }

  /**
   * @param {Service} service
   * @param {import('node:child_process').ChildProcess} child
   */
  onExit(service, child, code, signal) {
    if (service.child !== child) return;
    service.child = null;
    // Whatever the service started dies with it; a restart begins with an empty group.
    if (child.pid) signalGroup(child.pid, 'SIGKILL');
    if (this.stopping || service.replacing) return;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    if (!service.wasReady) {
      this.error(`${service.name} ${how} before it was ready; stopping everything`);
      void this.stopAll(1);
      return;
    }
    service.quickRestarts = Date.now() - service.startedAt >= HEALTHY_AFTER_MS ? 1 : service.quickRestarts + 1;
    if (service.quickRestarts > MAX_QUICK_RESTARTS) {
      this.error(`${service.name} ${how}, again within a minute of starting; giving up after ${MAX_QUICK_RESTARTS} restarts`);
      void this.stopAll(1);
      return;
    }
    const delay = Math.min(FIRST_RESTART_DELAY_MS * 2 ** (service.quickRestarts - 1), LAST_RESTART_DELAY_MS);
    this.error(`${service.name} ${how}; starting it again in ${delay / 1000} s`);
    service.restartTimer = setTimeout(() => {
      service.restartTimer = null;
      void this.restart(service);
    }, delay);
  }

  /** @param {Service} service */
  async restart(service) {
    if (this.stopping) return;
    const child = this.launch(service);
    if (await this.ready(service, child)) this.log(`${service.name} is running again`);
  }

  /**
   * Resolves true once the service is ready; false when it stopped first or the supervisor is
   * stopping. A service that never gets ready is killed, which counts as a failed start.
   * @param {Service} service
   * @param {import('node:child_process').ChildProcess} child
   */
  async ready(service, child) {
    const deadline = Date.now() + READY_WITHIN_MS;
    while (service.child === child && !this.stopping) {
      if (await service.isReady().catch(() => false)) {
        service.wasReady = true;
        return true;
      }
      if (Date.now() > deadline) {
        this.error(`${service.name} was not ready (${service.describeReady ?? 'its check'}) within ${READY_WITHIN_MS / 1000} s`);
        if (child.pid) signalGroup(child.pid, 'SIGKILL');
        return false;
      }
      await sleep(250);
    }
    return false;
  }

  /** Starts the services at once and waits until every one is ready; false when one was not. @param {Service[]} services */
  async start(services) {
    const started = await Promise.all(services.map((service) => this.ready(service, this.launch(service))));
    return !started.includes(false);
  }

  /**
   * Stops a service as its stop signal asks (graceful for each), and kills its group when it has not
   * gone within the time.
   * @param {Service} service
   */
  async stop(service) {
    if (service.restartTimer) clearTimeout(service.restartTimer);
    service.restartTimer = null;
    const child = service.child;
    if (!child?.pid) return;
    signalGroup(child.pid, service.stopSignal ?? 'SIGTERM');
    const deadline = Date.now() + STOP_WITHIN_MS;
    while (groupAlive(child.pid) && Date.now() < deadline) await sleep(100);
    if (groupAlive(child.pid)) {
      this.error(`${service.name} did not stop within ${STOP_WITHIN_MS / 1000} s; killing it`);
      signalGroup(child.pid, 'SIGKILL');
      while (groupAlive(child.pid) && Date.now() < deadline + 2_000) await sleep(100);
    }
  }

  /**
   * Replaces a running service on purpose: stops it gracefully, starts it again and waits until the
   * new one is ready. Resolves whether it is.
   * @param {Service} service
   */
  async replace(service) {
    service.replacing = true;
    try {
      await this.stop(service);
    } finally {
      service.replacing = false;
    }
    if (this.stopping) return false;
    return this.ready(service, this.launch(service));
  }

  /**
   * Stops everything, in `stopOrder` (those it does not name last, in reverse order of adding), and
   * exits; never resolves, so a caller that awaits it goes no further.
   * @param {number} code
   */
  stopAll(code) {
    this.stopping = true;
    this.stopped ??= (async () => {
      for (const service of this.services) if (service.restartTimer) clearTimeout(service.restartTimer);
      for (const hook of this.beforeExit) hook();
      const groups = this.stopOrder ?? [...this.services].reverse().map((service) => [service]);
      const named = new Set(groups.flat());
      for (const group of [...groups, this.services.filter((service) => !named.has(service)).reverse()]) {
        await Promise.all(group.map((service) => this.stop(service)));
      }
      process.exit(code);
    })();
    return this.stopped;
  }

  /**
   * Ctrl+C or SIGTERM stops everything; npm passes Ctrl+C on as well, so one press can arrive twice,
   * and a later second press means now.
   */
  stopOnSignals() {
    let firstSignalAt = 0;
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => {
        if (!this.stopping) {
          firstSignalAt = Date.now();
          this.log('stopping…');
          void this.stopAll(0);
          return;
        }
        if (Date.now() - firstSignalAt < 1_000) return;
        for (const service of this.services) if (service.child?.pid) signalGroup(service.child.pid, 'SIGKILL');
        process.exit(1);
      });
    }
  }
}
