// What `npm run cluster` needs of the machine: Debian's nginx, redis-server and PostgreSQL,
// installed with apt-get when missing, and the accounts the servers run as when started as root.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const SBIN = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** The full path of a program on PATH or in the sbin folders (not on a normal user's PATH), or null. */
export function which(program) {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), ...SBIN]) {
    if (!dir) continue;
    const file = join(dir, program);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL Debian installed (/usr/lib/postgresql/<major>/bin), or null. */
export function postgresBin() {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const majors = readdirSync(POSTGRES_ROOT)
    .filter((name) => /^\d+$/.test(name) && existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(POSTGRES_ROOT, majors[0], 'bin') : null;
}

export const isRoot = () => process.getuid?.() === 0;

/**
 * Installs the Debian packages that are missing (as root, with apt-get); anyone else is told the
 * command to run. Exits on failure.
 * @param {{ postgres: boolean }} needs
 */
export function ensurePackages({ postgres }) {
  const missing = [];
  if (!which('nginx')) missing.push('nginx');
  if (!which('redis-server')) missing.push('redis-server');
  if (postgres && !postgresBin()) missing.push('postgresql');
  if (missing.length === 0) return;
  if (!isRoot()) {
    console.error(
      `npm run cluster needs ${missing.join(', ')}. Install ${missing.length > 1 ? 'them' : 'it'} with:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}\n` +
        'or run npm run cluster as root, which installs what is missing.',
    );
    process.exit(1);
  }
  console.log(`npm run cluster: installing ${missing.join(', ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', '--no-install-recommends', ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`npm run cluster: apt-get ${args.join(' ')} failed`);
      process.exit(1);
    }
  }
}

/** The user and group ids of an account, or null when there is no such account. */
export function account(name) {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Wraps a command so that it gets `signal` when the cluster command dies, even by kill -9 (Linux's
 * parent-death signal, set by util-linux's setpriv just before the command starts): the servers
 * that are not Node (nginx, Redis, PostgreSQL) do not outlive the cluster.
 * @returns {[string, string[]]}
 */
export function dyingWithParent(command, args, signal) {
  const setpriv = which('setpriv');
  return setpriv ? [setpriv, ['--pdeathsig', signal, '--', command, ...args]] : [command, args];
}
