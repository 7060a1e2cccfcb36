import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database } from './database.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_MAIN = `${REPO_ROOT}apps/server/dist/main.js`;
const WEB_INDEX = `${REPO_ROOT}apps/web/out/index.html`;

export interface RunningServer {
  /** The one address the server printed. */
  url: string;
  db: Database;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  /** SIGTERM, as a deploy stops it: resolves with the exit code once the process is gone. */
  terminate(): Promise<number | null>;
  /**
   * Stops the process with `signal` (if it still runs) (SIGKILL: a crash, SIGTERM: a shutdown) and starts it
   * again on the same port and database, as a deploy or a crash would; resolves once it is up.
   */
  restart(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The server as README's `pnpm start` runs it once built (`node apps/server/dist/main.js`,
 * serving apps/web/out), on a fresh database of the local Postgres and a free port. The address
 * is read from the line the server prints for people, not guessed.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const webIndex = process.env.WEB_DIR ? `${process.env.WEB_DIR}/index.html` : WEB_INDEX;
  for (const built of [SERVER_MAIN, webIndex]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build\` first`);
  }
  const db = await createDatabase();
  const spawnServer = (port: string) =>
    spawn(process.execPath, [SERVER_MAIN], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: port,
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
        TABLE_TIMINGS: 'patient',
        // Another export may be tested in place of apps/web/out (e.g. a copy built elsewhere).
        ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  let child = spawnServer('0');
  let output = '';
  const opened = (started: ChildProcess) => {
    const from = output.length;
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address in 30 s:\n${output}`)), 30_000);
      const look = () => {
        const found = /Banco is open: (http:\/\/\S+)/.exec(output.slice(from));
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      };
      started.stdout!.on('data', look);
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}:\n${output}`));
      });
    });
  };

  try {
    const url = await opened(child);
    return {
      url,
      db,
      output: () => output,
      terminate: async () => {
        await halt(child, 'SIGTERM');
        return child.exitCode;
      },
      restart: async (signal = 'SIGTERM') => {
        await halt(child, signal);
        child = spawnServer(new URL(url).port);
        await opened(child);
      },
      stop: () => stop(child, db),
    };
  } catch (error) {
    await stop(child, db);
    throw error;
  }
}

/** Ends the process with `signal`, and with SIGKILL if it has not gone in 10 s. */
async function halt(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function stop(child: ChildProcess, db: Database): Promise<void> {
  await halt(child, 'SIGTERM');
  await db.drop();
}
