import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../scripts/server-process.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own (initdb and pg_ctl in a temporary folder, on a free
 * port), so stopping it never disturbs the suite's shared server. Where the tools run as root
 * (CI, this machine), they run as the `postgres` user, since initdb refuses root.
 */
export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** `pg_ctl stop -m immediate`: every connection cut at once, as a crash or a failover does. */
  crash(): Promise<void>;
  /** Started again on the same port and data (crash recovery runs). */
  start(): Promise<void>;
  /** Stopped (if running) and its folder removed. */
  destroy(): Promise<void>;
}

/** The folder of initdb and pg_ctl: `pg_config --bindir`, else the newest /usr/lib/postgresql/<major>/bin. */
export function postgresBinDir(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config on the PATH: look where Debian puts the server
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((d) => existsSync(path.join(root, d, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : undefined;
}

/** Why this machine cannot start a cluster of its own ('' when it can). */
export function ownPostgresMissing(): string {
  if (!postgresBinDir()) return 'PostgreSQL server tools (initdb, pg_ctl) are not installed';
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user to run initdb as';
    }
  }
  return '';
}

/** The user the tools run as: postgres when we are root, else ourselves. */
function asOwner(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(ownPostgresMissing());
  const owner = asOwner();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ananas-own-pg-'));
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid!);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const tool = async (name: string, args: string[]) => {
    const [command, ...rest] = [...owner.prefix, path.join(bin, name), ...args];
    await run(command!, rest, { cwd: dir, timeout: 60_000 });
  };
  let running = false;
  // A test process that dies without its afterAll still leaves no server behind.
  const orphaned = () => {
    if (!running) return;
    try {
      const [command, ...rest] = [...owner.prefix, path.join(bin, 'pg_ctl'), 'stop', '-D', data, '-m', 'immediate'];
      execFileSync(command!, rest, { stdio: 'ignore', timeout: 10_000 });
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // nothing more to do on the way out
    }
  };
  process.once('exit', orphaned);
  const start = async () => {
    await tool('pg_ctl', [
      'start',
      '-D',
      data,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      // Its own socket folder and a small footprint: it shares the machine with the suite.
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=16MB -c max_connections=50`,
    ]);
    running = true;
  };
  try {
    await tool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await start();
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async crash() {
      await tool('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
      running = false;
    },
    start,
    async destroy() {
      process.off('exit', orphaned);
      if (running) await tool('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']).catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
