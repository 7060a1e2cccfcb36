import {
  PROTOCOL_VERSION,
  ProtocolSocket,
  socketIoTransport,
  TABLE_EVENT,
  TABLE_PRIVATE,
  createGuestReply,
  type Ack,
  type CardsPeek,
  type TablePrivate,
  type CommandInput,
  type CommandName,
  type TableEvent,
} from '@banco/protocol';
import { io, type Socket } from 'socket.io-client';
import { startBanco, type Banco } from '../banco.js';
import { loadConfig } from '../config.js';
import { createLedger, type Ledger } from '../db/ledger.js';
import { createPrisma } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import type { TableDefinition } from '../cluster/registry.js';

export interface TestBanco {
  banco: Banco;
  url: string;
  db: TestDatabase;
  close(): Promise<void>;
}

/**
 * A real server on an ephemeral port over its own fresh Postgres database; `tables` undefined
 * runs the operator's public tables (PUBLIC_TABLES), and it may be made from the fresh database
 * first (e.g. a room whose host must exist before it starts).
 */
export async function startTestBanco(
  tables:
    | readonly TableDefinition[]
    | undefined
    | ((ledger: Ledger) => Promise<readonly TableDefinition[]>),
  env: Record<string, string> = {},
): Promise<TestBanco> {
  const db = await createTestDatabase();
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', ...env });
  const banco = await startBanco({
    config,
    databaseUrl: db.url,
    tables: typeof tables === 'function' ? await beforeStart(db.url, tables) : tables,
  });
  const { url } = await banco.listen();
  return {
    banco,
    url,
    db,
    close: async () => {
      await banco.close();
      await db.drop();
    },
  };
}

async function beforeStart<T>(
  databaseUrl: string,
  run: (ledger: Ledger) => Promise<T>,
): Promise<T> {
  const prisma = createPrisma(databaseUrl);
  try {
    return await run(createLedger(prisma));
  } finally {
    await prisma.$disconnect();
  }
}

/** Everything one socket received, in arrival order. */
export type Frame =
  | { readonly kind: 'event'; readonly event: TableEvent }
  | { readonly kind: 'private'; readonly message: TablePrivate };

/** A guest with a real socket.io connection that records every frame it is sent. */
export class TestClient {
  readonly frames: Frame[] = [];
  private readonly waiters: {
    test: (e: TableEvent) => boolean;
    resolve: (e: TableEvent) => void;
  }[] = [];

  /** The protocol's socket over it: every frame and ack parsed with its schema (P1). */
  private readonly protocol: ProtocolSocket;

  private constructor(
    readonly socket: Socket,
    readonly playerId: string,
    readonly name: string,
  ) {
    this.protocol = new ProtocolSocket(socketIoTransport(socket), {
      ackTimeoutMs: 10_000,
      // Tests drop and reconnect sockets themselves.
      reconnect: false,
      // A frame that does not match its schema fails the test where it arrives.
      onUnreadable: (message, error) => {
        throw new Error(`${name}: unreadable ${message}: ${String(error)}`);
      },
    });
    this.protocol.on(TABLE_EVENT, (event) => {
      this.frames.push({ kind: 'event', event });
      for (const waiter of [...this.waiters]) {
        if (waiter.test(event)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(event);
        }
      }
    });
    this.protocol.on(TABLE_PRIVATE, (message) => this.frames.push({ kind: 'private', message }));
  }

  static async connect(url: string, name: string): Promise<TestClient> {
    const response = await fetch(`${url}/api/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return TestClient.connectAs(url, createGuestReply.parse(await response.json()));
  }

  /** Connects a guest made some other way (e.g. straight in the ledger, past the HTTP limit). */
  static async connectAs(
    url: string,
    guest: { player: { id: string; name: string }; token: string },
  ): Promise<TestClient> {
    const socket = io(url, {
      transports: ['websocket'],
      auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new TestClient(socket, guest.player.id, guest.player.name);
  }

  /**
   * Sends a command (any payload: tests send bad ones on purpose) and validates its
   * acknowledgement against the protocol; throws when none readable comes in 10 s.
   */
  async send<N extends CommandName>(name: N, payload: unknown): Promise<Ack<N>> {
    return (await this.protocol.request(name, payload as CommandInput<N>)) as Ack<N>;
  }

  /** Whether a `send` failed only because the server went away under it (its socket closed). */
  wentAway(error: unknown): boolean {
    return !this.socket.connected && /: (OFFLINE|NO_ANSWER) /.test(String(error));
  }

  get events(): TableEvent[] {
    return this.frames.flatMap((f) => (f.kind === 'event' ? [f.event] : []));
  }

  get peeks(): CardsPeek[] {
    return this.frames.flatMap((f) =>
      f.kind === 'private' && f.message.type === 'cards.peek' ? [f.message] : [],
    );
  }

  /** Resolves with the first event from now on that passes `test`. */
  next<T extends TableEvent>(test: (e: TableEvent) => e is T, timeoutMs?: number): Promise<T>;
  next(test: (e: TableEvent) => boolean, timeoutMs?: number): Promise<TableEvent>;
  next(test: (e: TableEvent) => boolean, timeoutMs = 20_000): Promise<TableEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.name}: no matching event`)),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}
