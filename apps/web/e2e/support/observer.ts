import {
  createGuestReply,
  PROTOCOL_VERSION,
  ProtocolSocket,
  socketIoTransport,
  TableClient,
  type EventOf,
  type TableEvent,
} from '@banco/protocol';
import { io } from 'socket.io-client';

export type { EventOf };

/**
 * A bot at the table beside the browsers: a watcher on the protocol's table client that
 * records every event the server broadcasts, in version order and across restarts (it
 * reconnects and resyncs as the pages do), with the server's own `at`. It is the test's source
 * of truth for what happened and when, never a way to act for the pages.
 */
export class TableObserver {
  readonly events: TableEvent[] = [];
  private readonly waiters: { test: (e: TableEvent) => boolean; resolve: () => void }[] = [];
  private client: TableClient | null = null;

  private constructor(private readonly socket: ProtocolSocket) {}

  private record(event: TableEvent): void {
    this.events.push(event);
    for (const waiter of [...this.waiters]) {
      if (waiter.test(event)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }

  static async join(url: string, tableId = 'main'): Promise<TableObserver> {
    const response = await fetch(`${url}/api/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Observer bot' }),
    });
    const guest = createGuestReply.parse(await response.json());
    const socket = new ProtocolSocket(
      socketIoTransport(
        io(url, {
          transports: ['websocket'],
          auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
          autoConnect: false,
          reconnection: false,
        }),
      ),
      { ackTimeoutMs: 10_000, reconnect: { minMs: 100, maxMs: 1_000 } },
    );
    const observer = new TableObserver(socket);
    const joined = new Promise<void>((resolve, reject) => {
      observer.client = new TableClient({
        socket,
        tableId,
        sink: {
          snapshot: () => resolve(),
          event: (event) => observer.record(event),
          status: (status, refusal) => {
            if (status === 'refused')
              reject(new Error(`the observer was refused: ${refusal?.code}`));
          },
        },
      });
    });
    socket.open();
    await joined;
    return observer;
  }

  of<T extends TableEvent['type']>(type: T): EventOf<T>[] {
    return this.events.filter((e): e is EventOf<T> => e.type === type);
  }

  /** Resolves once an event passing `test` has arrived (already arrived counts). */
  async until<T extends TableEvent['type']>(
    type: T,
    test: (e: EventOf<T>) => boolean = () => true,
    timeoutMs = 60_000,
  ): Promise<EventOf<T>> {
    const match = (e: TableEvent): e is EventOf<T> => e.type === type && test(e as EventOf<T>);
    const seen = this.events.find(match);
    if (seen) return seen;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${type} event within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        test: match,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
    return this.events.find(match)!;
  }

  /**
   * Plays out a round's card turning: `turn` is called once for each hand and stage the server
   * opens, in order, and must get the cards revealed; resolves with the round's result.
   */
  async turns(
    round: number,
    turn: (started: EventOf<'turn.started'>) => Promise<void>,
  ): Promise<EventOf<'round.result'>> {
    const done = new Set<string>();
    const open = (t: EventOf<'turn.started'>) =>
      t.round === round && !done.has(`${t.hand}:${t.stage}`);
    for (;;) {
      const result = this.of('round.result').find((r) => r.round === round);
      if (result) return result;
      const started = this.of('turn.started').find(open);
      if (!started) {
        await Promise.race([
          this.until('round.result', (r) => r.round === round),
          this.until('turn.started', open),
        ]);
        continue;
      }
      done.add(`${started.hand}:${started.stage}`);
      await turn(started);
      await this.until(
        'cards.revealed',
        (r) => r.round === round && r.hand === started.hand && r.version > started.version,
      );
    }
  }

  close(): void {
    this.client?.close();
    this.socket.close();
  }
}
