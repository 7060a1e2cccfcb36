import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE, TEST_SERVER_V8_FLAGS } from '@banco/server/testing/server-entry';
import { freePort } from '@banco/server/testing/server-process';
import { createDatabase, type Database } from './database.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_MAIN = `${REPO_ROOT}apps/server/${SERVER_BUNDLE}`;
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
   * The server again, on the same port and database. A process still running is stopped first
   * with `signal` (SIGKILL: a crash, SIGTERM: a shutdown), as a deploy or a crash would.
   */
  restart(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The server as README's `pnpm start` runs it once built (`node apps/server/dist/main.bundle.js`,
 * serving apps/web/out; with the test servers' V8 flag), on a fresh database of the local
 * Postgres and a free port. The address is read from the line the server prints for people, not
 * guessed.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const webIndex = process.env.WEB_DIR ? `${process.env.WEB_DIR}/index.html` : WEB_INDEX;
  for (const built of [SERVER_MAIN, webIndex]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build\` first`);
  }
  const db = await createDatabase();
  let output = '';
  let launched: { child: ChildProcess; url: string };
  try {
    // A port outside the ephemeral range, not one the kernel hands out: a restart takes the same
    // port again, and while it is closed an outgoing connection could take an ephemeral one.
    const port = String(await freePort());
    launched = await launch(db, { PORT: port, ...env }, (chunk) => (output += chunk));
  } catch (error) {
    await db.drop();
    throw error;
  }
  const { url } = launched;
  return {
    url,
    db,
    output: () => output,
    terminate: () => terminate(launched.child),
    restart: async (signal: NodeJS.Signals = 'SIGTERM') => {
      await terminate(launched.child, signal);
      const port = new URL(url).port;
      launched = await launch(db, { ...env, PORT: port }, (chunk) => (output += chunk));
    },
    stop: async () => {
      await terminate(launched.child);
      await db.drop();
    },
  };
}

async function launch(
  db: Database,
  env: Record<string, string>,
  write: (chunk: string) => void,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...TEST_SERVER_V8_FLAGS, SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
      TABLE_TIMINGS: 'browser',
      // Another export may be tested in place of apps/web/out (e.g. a copy built elsewhere).
      ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    write(chunk.toString());
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no address in 30 s:\n${output}`)), 30_000);
      const look = () => {
        const found = /Banco is open: (http:\/\/\S+)/.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      };
      child.stdout!.on('data', look);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}:\n${output}`));
      });
    });
    return { child, url };
  } catch (error) {
    await terminate(child);
    throw error;
  }
}

/** Ends the process with `signal`, and with SIGKILL if it has not gone in 10 s. */
async function terminate(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
