import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, ServerProcess } from './server-process.js';

// T12 tests: a Redis and an HAProxy of the test's own on loopback, and server processes behind
// them, each killable the way a crash, an operator or a network would.

const HAPROXY_CFG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));

/** A child process that says it is ready on stdout or stderr with a known line. */
class Daemon {
  readonly exited: Promise<void>;
  private output = '';

  constructor(
    readonly child: ChildProcess,
    readonly name: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  waitFor(test: RegExp, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (test.test(this.output)) return resolve();
        if (this.child.exitCode !== null || Date.now() - started > timeoutMs) {
          return reject(new Error(`${this.name} not ready (${test}):\n${this.output}`));
        }
        setTimeout(check, 20);
      };
      check();
    });
  }

  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill(signal);
    await this.exited;
  }

  log(): string {
    return this.output;
  }
}

/** `redis-server` on a free port, no persistence: restarting it loses everything, as a crash would. */
export class TestRedis {
  private daemon: Daemon | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedis> {
    const redis = new TestRedis(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    await this.daemon?.stop();
    const child = spawn(
      '/usr/bin/redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.daemon = new Daemon(child, 'redis-server');
    await this.daemon.waitFor(/Ready to accept connections/);
  }

  stop(): Promise<void> {
    return this.daemon?.stop() ?? Promise.resolve();
  }
}

/** A real HAProxy with the repository's config, in front of up to three node ports. */
export class TestProxy {
  private constructor(
    private readonly daemon: Daemon,
    readonly port: number,
  ) {}

  /** `nodeIds`: each slot's NODE_ID, for `?node=` (T13.16); node1..node3 when left out. */
  static async start(
    nodePorts: readonly number[],
    nodeIds: readonly string[] = [],
  ): Promise<TestProxy> {
    const port = await freePort();
    // Unused slots point at a port nobody listens on: HAProxy marks them down, as it would a
    // replica that is not running.
    const nodes = [0, 1, 2].map((i) => `127.0.0.1:${nodePorts[i] ?? 9}`);
    const child = spawn('/usr/sbin/haproxy', ['-f', HAPROXY_CFG, '-db'], {
      env: {
        ...process.env,
        BANCO_PROXY_BIND: `127.0.0.1:${port}`,
        BANCO_NODE1: nodes[0],
        BANCO_NODE2: nodes[1],
        BANCO_NODE3: nodes[2],
        ...Object.fromEntries(nodeIds.map((id, i) => [`BANCO_NODE${i + 1}_ID`, id])),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const daemon = new Daemon(child, 'haproxy');
    const proxy = new TestProxy(daemon, port);
    await proxy.until(async () => (await fetch(`${proxy.url}/health`)).ok);
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Polls until `ready` holds (an HTTP answer through the proxy, a node marked up). */
  async until(ready: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
    const started = Date.now();
    for (;;) {
      try {
        if (await ready()) return;
      } catch {
        // not yet
      }
      if (this.daemon.child.exitCode !== null)
        throw new Error(`haproxy died:\n${this.daemon.log()}`);
      if (Date.now() - started > timeoutMs)
        throw new Error(`proxy not ready:\n${this.daemon.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  stop(): Promise<void> {
    return this.daemon.stop();
  }
}

/** One node of the cluster: a server process with its own port and node id. */
export async function startNode(
  env: Record<string, string>,
  nodeId: string,
  port: number,
): Promise<ServerProcess> {
  return ServerProcess.start({ ...env, NODE_ID: nodeId, PORT: String(port) });
}
