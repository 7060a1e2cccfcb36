import {
  PROTOCOL_VERSION,
  ProtocolSocket,
  socketIoTransport,
  TableClient,
  type BaccaraBanqueView,
  type BanqueCards,
  type SocketStatus,
  type TableEvent,
} from '@banco/protocol';
import { io } from 'socket.io-client';
import type { BanqueFrame } from './banque-audit.js';

type Guest = { player: { id: string; name: string }; token: string };

/**
 * A player's Baccara Banque page as the web runs it: the shared table client over a protocol
 * socket that reconnects by itself (P7.6) and resyncs what it missed (P2.13). A test never
 * reconnects it: after a restart it must come back on its own.
 */
export class BanquePage {
  readonly frames: BanqueFrame[] = [];
  readonly statuses: SocketStatus[] = [];
  /** The bank and coup as this page last heard them (a snapshot or a `banque.updated`). */
  view: BaccaraBanqueView | undefined;
  readonly client: TableClient;
  private readonly socket: ProtocolSocket;
  private readonly waiters: { test: () => boolean; resolve: () => void }[] = [];

  constructor(
    url: string,
    readonly guest: Guest,
    tableId: string,
  ) {
    this.socket = new ProtocolSocket(
      socketIoTransport(
        io(url, {
          transports: ['websocket'],
          auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
          autoConnect: false,
          reconnection: false,
        }),
      ),
      // The page's own backoff, short: a restarted server is back within seconds.
      { reconnect: { minMs: 100, maxMs: 400 }, ackTimeoutMs: 10_000 },
    );
    this.socket.onStatus((status) => this.statuses.push(status));
    this.client = new TableClient({
      socket: this.socket,
      tableId,
      sink: {
        snapshot: (snapshot) => {
          this.frames.push({ kind: 'snapshot', view: snapshot.baccaraBanque });
          this.view = snapshot.baccaraBanque;
          this.check();
        },
        event: (event: TableEvent) => {
          this.frames.push({ kind: 'event', event });
          if (event.type === 'banque.updated') this.view = event.view;
          this.check();
        },
        banqueCards: (message) => {
          this.frames.push({ kind: 'private', message });
          this.check();
        },
      },
    });
    this.socket.open();
  }

  get playerId(): string {
    return this.guest.player.id;
  }

  /** Everything sent to this player alone (B5.3). */
  get own(): BanqueCards[] {
    return this.frames.flatMap((f) =>
      f.kind === 'private' && f.message.type === 'banque.cards' ? [f.message] : [],
    );
  }

  /** Resolves once `test` holds of what the page has (checked on each thing it receives). */
  until(test: (page: BanquePage) => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    if (test(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.guest.player.name}: never ${what} (${this.lately()})`)),
        timeoutMs,
      );
      this.waiters.push({
        test: () => test(this),
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** What the page holds now, for a test that waited in vain. */
  private lately(): string {
    const v = this.view;
    const events = this.frames
      .slice(-6)
      .map((f) =>
        f.kind === 'event'
          ? f.event.type === 'banque.updated'
            ? `banque.${f.event.what}`
            : f.event.type
          : f.kind,
      );
    return JSON.stringify({
      status: this.statuses.at(-1),
      stage: v?.stage.stage,
      coup: v?.coup && [v.coup.coup, v.coup.phase],
      last: v?.last && [v.last.coup, v.last.phase],
      events,
    });
  }

  close(): void {
    this.client.close();
    this.socket.close();
  }

  private check(): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.test()) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }
}
