import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Debian's PostgreSQL for `npm run cluster`: a server of its own (its own data directory under the
 * cluster's directory, its own port, only 127.0.0.1, no password on loopback), started with
 * pg_ctl. As root, initdb and the server run as the `postgres` user, which Debian's package creates.
 */

export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(base, versions.at(-1)!, 'bin') : undefined;
}

function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  return process.getuid?.() === 0
    ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] }
    : { command, args };
}

function run(bin: string, tool: string, args: string[]) {
  const { command, args: full } = asPostgres(join(bin, tool), args);
  const result = spawnSync(command, full, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${tool} endete mit ${result.status}: ${(result.stderr || result.stdout).trim()}`);
}

/** Creates the data directory once (initdb) and starts the server; its pid from postmaster.pid. */
export function startPostgres(bin: string, dir: string, port: number): number {
  const data = join(dir, 'data');
  if (!existsSync(join(data, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    if (process.getuid?.() === 0) chownPostgres(dir);
    run(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  run(bin, 'pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'postgresql.log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c max_connections=200`,
    'start',
  ]);
  return postgresPid(dir)!;
}

export function postgresPid(dir: string): number | undefined {
  try {
    return Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

export function stopPostgres(bin: string, dir: string) {
  if (!postgresPid(dir)) return;
  run(bin, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
}

function chownPostgres(dir: string) {
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) throw new Error('Der Benutzer postgres fehlt (sudo apt-get install postgresql legt ihn an).');
  chownSync(dir, Number(id.stdout), Number(gid.stdout));
}
