import { Redis } from 'ioredis';
import {
  BEAT_KEYS,
  beatKey,
  HEARTBEATS,
  nodeChannel,
  TABLE_PREFIX,
  signed,
  tableChannel,
  unsign,
  type Heartbeat,
  type NodeMessage,
  type Request,
  type TableMessage,
} from './messages.js';

export interface BusHandlers {
  /** A request for a table this node owns; its answer (or throw) goes back to the asker. */
  request(request: Request & { from: string }): Promise<unknown>;
  presence(message: Extract<NodeMessage, { k: 'presence' }>): void;
  table(tableId: string, message: TableMessage): void;
  heartbeat(beat: Heartbeat): void;
  /** The receiving connection dropped: from now on silence proves nothing of the others. */
  deaf?(): void;
  /** It is back (subscriptions restored by ioredis): silence counts again from now. */
  hearing?(): void;
}

/**
 * T13.13: every client gets an error handler (ioredis prints "Unhandled error event" for a
 * client without one), which logs the first error of an outage only: ioredis retries by itself
 * and would otherwise log each failed attempt. The connection coming back is logged once too.
 */
export function watched(
  client: Redis,
  name: string,
  log: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void },
  on: { deaf?: () => void; hearing?: () => void } = {},
): Redis {
  let down = false;
  client.on('error', (error: unknown) => {
    if (down) return;
    down = true;
    log.error({ err: error, client: name }, 'redis unreachable: reconnecting');
  });
  client.on('close', () => on.deaf?.());
  client.on('ready', () => {
    if (down) log.info?.({ client: name }, 'redis reachable again');
    down = false;
    on.hearing?.();
  });
  return client;
}

/** An owner that gives no answer in this long is taken for gone (T13.10). */
export const REQUEST_TIMEOUT_MS = 5_000;

export class RequestFailed extends Error {
  override readonly name = 'RequestFailed';
  constructor(
    message: string,
    /** The node asked no longer runs the table (or never answered): ask its new owner. */
    readonly moved: boolean,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

/**
 * T12: the nodes' bus over Redis pub/sub (ioredis). One connection publishes everything this
 * node says, one receives everything it hears: Redis keeps the order of one connection's
 * publishes for each subscriber connection, which is what lets a table's events reach a remote
 * socket before the command's ack (P6 across nodes, T13.8).
 */
export class ClusterBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /**
   * T13.8: the tables whose word this node hears: those another node runs with a socket here.
   * Each maps to its SUBSCRIBE (or UNSUBSCRIBE) in flight; ioredis subscribes again after a
   * Redis restart.
   */
  private readonly watched = new Map<string, Promise<unknown>>();

  constructor(
    url: string,
    readonly nodeId: string,
    private readonly handlers: BusHandlers,
    private readonly log: {
      error(obj: unknown, msg?: string): void;
      info?(obj: unknown, msg?: string): void;
    },
  ) {
    // RESP2: what socket.io's Redis adapter expects of its clients too (STACK.md).
    const options = { protocol: 2 as const, maxRetriesPerRequest: null, lazyConnect: true };
    this.pub = watched(new Redis(url, options), 'bus-pub', log);
    this.sub = watched(new Redis(url, options), 'bus-sub', log, {
      deaf: () => handlers.deaf?.(),
      hearing: () => handlers.hearing?.(),
    });
  }

  /** A plain connection of its own (P1.6's shared limits), so its scripts never queue behind the bus. */
  client(): Redis {
    return watched(this.pub.duplicate(), 'limits', this.log);
  }

  /** Clients for socket.io's Redis adapter (T13.11): duplicates, so their traffic is their own. */
  adapterClients(): { pub: Redis; sub: Redis } {
    return {
      pub: watched(this.pub.duplicate(), 'adapter-pub', this.log),
      sub: watched(this.sub.duplicate(), 'adapter-sub', this.log),
    };
  }

  async start(): Promise<void> {
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    this.sub.on('message', (channel: string, text: string) => this.onMessage(channel, text));
    await this.sub.subscribe(nodeChannel(this.nodeId), HEARTBEATS);
  }

  /** Starts hearing a table's word; resolves once Redis has the subscription. */
  watch(tableId: string): Promise<unknown> {
    let subscribed = this.watched.get(tableId);
    if (!subscribed) {
      subscribed = this.sub.subscribe(tableChannel(tableId)).catch(() => undefined);
      this.watched.set(tableId, subscribed);
    }
    return subscribed;
  }

  unwatch(tableId: string): void {
    if (!this.watched.delete(tableId)) return;
    void this.sub.unsubscribe(tableChannel(tableId)).catch(() => undefined);
  }

  /** The tables heard now. */
  watching(): IterableIterator<string> {
    return this.watched.keys();
  }

  /**
   * Asks the node that owns a table; rejects with RequestFailed when it cannot answer, or at
   * once when `signal` aborts (the table moved meanwhile: its answer would never come).
   */
  ask(node: string, request: Request, signal?: AbortSignal): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const fail = (why: string) => {
        const pending = this.pending.get(id);
        if (!pending) return;
        this.pending.delete(id);
        clearTimeout(pending.timer);
        signal?.removeEventListener('abort', onAbort);
        reject(new RequestFailed(why, true));
      };
      const onAbort = () => fail(`${request.tableId} left node ${node} before it answered`);
      const timer = setTimeout(
        () => fail(`node ${node} gave no answer in ${REQUEST_TIMEOUT_MS} ms`),
        REQUEST_TIMEOUT_MS,
      );
      const done = (settle: (value: unknown) => void) => (value: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        settle(value);
      };
      this.pending.set(id, { resolve: done(resolve), reject: done(reject), timer });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.send(node, { ...request, id, from: this.nodeId });
    });
  }

  send(node: string, message: NodeMessage): void {
    void this.pub.publish(nodeChannel(node), JSON.stringify(message)).catch(() => undefined);
  }

  publishTable(tableId: string, message: TableMessage): void {
    void this.pub
      .publish(tableChannel(tableId), signed(this.nodeId, JSON.stringify(message)))
      .catch(() => undefined);
  }

  /**
   * Says the beat to every node listening, and keeps it for `aliveMs` for a node that starts
   * later (`whole`, when given: the beat with every table's details).
   */
  beat(beat: Heartbeat, aliveMs: number, whole?: Heartbeat): void {
    const pipeline = this.pub
      .pipeline()
      .publish(HEARTBEATS, signed(this.nodeId, JSON.stringify(beat)));
    // The stored beat is whole (every table's details) for a node that starts; it is written
    // again only when something in it changed, and kept alive by each beat meanwhile.
    if (whole) pipeline.set(beatKey(this.nodeId), JSON.stringify(whole), 'PX', aliveMs);
    else pipeline.pexpire(beatKey(this.nodeId), aliveMs);
    void pipeline.exec().catch(() => undefined);
  }

  /**
   * T13.6: the latest beat of every other node alive now, and how long ago it was said (by
   * what is left of its time to live, so no two machines' clocks are compared). A node that
   * starts knows at once who runs which table, instead of answering UNKNOWN_TABLE until the
   * next beats arrive.
   */
  async currentBeats(aliveMs: number): Promise<{ beat: Heartbeat; ageMs: number }[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await this.pub.scan(cursor, 'MATCH', BEAT_KEYS, 'COUNT', 1000);
      cursor = next;
      keys.push(...found.filter((key) => key !== beatKey(this.nodeId)));
    } while (cursor !== '0');
    const reads = this.pub.pipeline();
    for (const key of keys) reads.get(key).pttl(key);
    const replies = (await reads.exec()) ?? [];
    return keys.flatMap((_key, i) => {
      const text = replies[2 * i]?.[1];
      const ttl = replies[2 * i + 1]?.[1];
      if (typeof text !== 'string' || typeof ttl !== 'number' || ttl <= 0) return [];
      return [{ beat: JSON.parse(text) as Heartbeat, ageMs: Math.max(0, aliveMs - ttl) }];
    });
  }

  async close(): Promise<void> {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(new RequestFailed('this node is stopping', true));
      this.pending.delete(id);
    }
    // Gone on purpose: a node starting now should not take this one for alive.
    await this.pub.del(beatKey(this.nodeId)).catch(() => undefined);
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }

  private onMessage(channel: string, received: string): void {
    let text = received;
    if (channel === HEARTBEATS || channel.startsWith(TABLE_PREFIX)) {
      const { node, json } = unsign(received);
      if (node === this.nodeId) return;
      text = json;
    }
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      this.log.error({ channel }, 'unreadable bus message dropped');
      return;
    }
    if (channel === HEARTBEATS) return this.handlers.heartbeat(message as Heartbeat);
    if (channel.startsWith(TABLE_PREFIX)) {
      return this.handlers.table(channel.slice(TABLE_PREFIX.length), message as TableMessage);
    }
    const node = message as NodeMessage;
    switch (node.k) {
      case 'reply': {
        const pending = this.pending.get(node.id);
        if (!pending) return;
        this.pending.delete(node.id);
        clearTimeout(pending.timer);
        if (node.ok) pending.resolve(node.value);
        else pending.reject(new RequestFailed(node.error, node.moved));
        return;
      }
      case 'presence':
        return this.handlers.presence(node);
      default: {
        const { id, from } = node;
        this.handlers.request(node).then(
          (value) => this.send(from, { k: 'reply', id, ok: true, value }),
          (error: unknown) =>
            this.send(from, {
              k: 'reply',
              id,
              ok: false,
              moved: error instanceof RequestFailed && error.moved,
              error: error instanceof Error ? error.message : String(error),
            }),
        );
      }
    }
  }
}
