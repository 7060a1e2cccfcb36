import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverEntryArgs } from './server-entry.js';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Ports the Fetch standard blocks ("bad ports"): Node's `fetch` and browsers refuse them with
 * "bad port" before connecting, so a server the tests reach there looks down (CI: 10080).
 */
const FETCH_BLOCKED_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102,
  103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465,
  512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993,
  995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668,
  6669, 6679, 6697, 10080,
]);

/**
 * A free TCP port on 127.0.0.1, from 10000–19999, and never one `fetch` refuses. The suite
 * holds it across restarts for minutes, so it stays clear of the ranges other tests pick ports
 * from at random (the embedded Postgres test's 20000–28999), and of Linux's ephemeral ports
 * (32768–60999): there an outgoing connection (to Postgres, Redis, a browser's) could take the
 * port between this probe and the server's listen, or while a restart has it closed (CI:
 * EADDRINUSE on 40854). On a machine shared out by port ranges, BANCO_TEST_PORTS=low-high picks
 * from that range instead.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BANCO_TEST_PORTS ?? '');
  const low = range ? Number(range[1]) : 10_000;
  const span = range ? Number(range[2]) - low + 1 : 10_000;
  for (;;) {
    const port = low + Math.floor(Math.random() * span);
    if (FETCH_BLOCKED_PORTS.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * The real server as a child process (its current build, else its source through tsx: see
 * server-entry.ts): what an operator runs, killed the way an operator or a crash would.
 */
export class ServerProcess {
  readonly lines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly watchers: { test: RegExp; resolve: (line: string) => void }[] = [];

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) this.onLine(line);
    });
    child.stderr!.on('data', (chunk: Buffer) => this.lines.push(chunk.toString('utf8')));
  }

  static async start(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
    const child = spawn(process.execPath, [...serverEntryArgs()], {
      cwd: SERVER_DIR,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${env.PORT}`);
    const ready = server.waitFor(/Banco is dealing at/, timeoutMs);
    const died = server.exited.then(({ code, signal }) => {
      throw new Error(`server exited (${code ?? signal}) before it was ready:\n${server.log()}`);
    });
    try {
      await Promise.race([ready, died]);
    } catch (error) {
      // A server too slow to be ready must not live on holding the port the next start needs.
      child.kill('SIGKILL');
      throw error;
    }
    return server;
  }

  /** Resolves with the first stdout line from now on that matches. */
  waitFor(test: RegExp, timeoutMs = 30_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no log line ${test}:\n${this.log()}`)),
        timeoutMs,
      );
      this.watchers.push({
        test,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line);
        },
      });
    });
  }

  /** Sends the signal and resolves once the process is gone, with how long that took. */
  async kill(signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
    const started = performance.now();
    this.child.kill(signal);
    const { code } = await this.exited;
    return { code, ms: performance.now() - started };
  }

  log(): string {
    return this.lines.slice(-30).join('\n');
  }

  private onLine(line: string): void {
    this.lines.push(line);
    for (const watcher of [...this.watchers]) {
      if (watcher.test.test(line)) {
        this.watchers.splice(this.watchers.indexOf(watcher), 1);
        watcher.resolve(line);
      }
    }
  }
}
