import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * How the link to the target fails:
 * - `refuse`: the listener closes (new connections get ECONNREFUSED) and every live connection
 *   is destroyed, as when the database process or its machine goes away.
 * - `blackhole`: new connections are accepted and live ones kept, but no byte goes either way,
 *   as in a network partition: the client learns of it only from its own timeouts.
 */
export type Cut = 'refuse' | 'blackhole';

/**
 * A TCP proxy a test owns, between a server and its Postgres, that the test can cut and restore
 * (the Postgres outage suite). Not for production: it keeps no limits and logs nothing.
 */
export class TcpProxy {
  private readonly links = new Set<{ client: Socket; upstream: Socket | null }>();
  private server: Server;
  private cutMode: Cut | null = null;
  /** Connections accepted, in all: a test sees a client reconnecting. */
  accepted = 0;

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {
    this.server = this.listener();
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = createServer();
    const port = await new Promise<number>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const proxy = new TcpProxy(target, port);
    await proxy.listen();
    return proxy;
  }

  /** The connection string `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const through = new URL(url);
    through.hostname = '127.0.0.1';
    through.port = String(this.port);
    return through.toString();
  }

  get mode(): Cut | null {
    return this.cutMode;
  }

  /** Connections open through the proxy now. */
  get open(): number {
    return this.links.size;
  }

  async cut(mode: Cut): Promise<void> {
    if (this.cutMode) throw new Error(`the proxy is already cut (${this.cutMode})`);
    this.cutMode = mode;
    if (mode === 'refuse') {
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
      for (const link of this.links) this.drop(link);
      await closed;
      return;
    }
    // A partition loses what is in flight: bytes already read are dropped with the rest.
    for (const link of this.links) this.freeze(link);
  }

  /**
   * The link is back. Connections a partition held are destroyed first: after a partition
   * longer than any of the client's timeouts, the peer has long given them up.
   */
  async restore(): Promise<void> {
    const was = this.cutMode;
    if (!was) return;
    for (const link of this.links) this.drop(link);
    this.cutMode = null;
    if (was === 'refuse') {
      this.server = this.listener();
      await this.listen();
    }
  }

  async close(): Promise<void> {
    for (const link of this.links) this.drop(link);
    if (this.server.listening)
      await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private listener(): Server {
    return createServer((client) => this.accept(client));
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  private accept(client: Socket): void {
    this.accepted += 1;
    const link: { client: Socket; upstream: Socket | null } = { client, upstream: null };
    this.links.add(link);
    client.on('error', () => undefined);
    client.on('close', () => this.drop(link));
    if (this.cutMode === 'blackhole') {
      this.freeze(link);
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    link.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('close', () => this.drop(link));
    client.pipe(upstream);
    upstream.pipe(client);
  }

  /** Stops both directions and swallows whatever arrives from now on. */
  private freeze(link: { client: Socket; upstream: Socket | null }): void {
    link.client.unpipe();
    link.upstream?.unpipe();
    link.client.removeAllListeners('data');
    link.upstream?.removeAllListeners('data');
    link.client.on('data', () => undefined);
    link.upstream?.on('data', () => undefined);
  }

  private drop(link: { client: Socket; upstream: Socket | null }): void {
    if (!this.links.delete(link)) return;
    link.client.destroy();
    link.upstream?.destroy();
  }
}
