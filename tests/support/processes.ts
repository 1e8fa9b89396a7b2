import { readdirSync, readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';

/** A process seen in /proc (Linux): its id, parent, state letter and command line. */
export type ProcessInfo = { pid: number; ppid: number; state: string; command: string };

function read(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may itself hold spaces and parentheses: split after the last one.
    const [state = '', ppid = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, ppid: Number(ppid), state, command };
  } catch {
    return null; // gone while we looked
  }
}

/**
 * Every live process whose environment holds `marker` (NAME=value): a process tree started with
 * it, children and grandchildren included, since they inherit the environment. Zombies do not count.
 */
export function processesWith(marker: string): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
    } catch {
      continue;
    }
    if (!environ.split('\0').includes(marker)) continue;
    const info = read(Number(entry));
    if (info && info.state !== 'Z') found.push(info);
  }
  return found;
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on the port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `check` until it holds or `ms` pass; returns whether it held. */
export async function eventually(check: () => boolean | Promise<boolean>, ms: number, every = 200): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
