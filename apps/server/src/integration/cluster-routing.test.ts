import {
  createGuestReply,
  PROTOCOL_VERSION,
  ProtocolSocket,
  socketIoTransport,
  TableClient,
  type TableEvent,
} from '@banco/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banco } from '../banco.js';
import { migrate } from '../db/migrate.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { ClusterBot } from '../testing/cluster-bot.js';
import { TestProxy, TestRedis } from '../testing/cluster-harness.js';
import { startLocalNode } from '../testing/local-node.js';
import { freePort } from '../testing/server-process.js';
import { TEST_LEASE_MS } from '../testing/test-lease.js';

/**
 * T13.16 on real infrastructure: the repository's HAProxy config, a Redis of the test's own, two
 * nodes over one Postgres, and players on the shared table client (what the web page runs).
 */

/** A player through the proxy on the table client, as the page connects (P13.7). */
class RoutedPlayer {
  readonly events: TableEvent[] = [];
  readonly client: TableClient;
  readonly socket: ProtocolSocket;

  private constructor(
    readonly playerId: string,
    proxyUrl: string,
    token: string,
    tableId: string,
    node: string | undefined,
  ) {
    this.socket = new ProtocolSocket(
      socketIoTransport(
        io(proxyUrl, {
          transports: ['websocket'],
          query: node ? { table: tableId, node } : { table: tableId },
          auth: { token, protocolVersion: PROTOCOL_VERSION },
          autoConnect: false,
          reconnection: false,
        }),
      ),
      { reconnect: { minMs: 50, maxMs: 500 } },
    );
    this.client = new TableClient({
      socket: this.socket,
      tableId,
      sink: { snapshot: () => undefined, event: (event) => this.events.push(event) },
    });
    this.socket.open();
  }

  static async create(proxyUrl: string, name: string, tableId: string, node?: string) {
    const response = await fetch(`${proxyUrl}/api/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    const guest = createGuestReply.parse(await response.json());
    return new RoutedPlayer(guest.player.id, proxyUrl, guest.token, tableId, node);
  }

  close(): void {
    this.client.close();
    this.socket.close();
  }
}

describe('a table’s players on its owner (T13.16)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let redis: TestRedis;
  let proxy: TestProxy;
  const nodes = new Map<string, Banco>();
  const players: RoutedPlayer[] = [];
  const bots: ClusterBot[] = [];
  let portB = 0;

  const startNode = async (id: string, port: number) => {
    const node = await startLocalNode(db.url, redis.url, id, {
      PUBLIC_TABLES: '2',
      LEASE_MS: String(TEST_LEASE_MS),
      PORT: String(port),
      TRUST_PROXY: 'loopback',
    });
    nodes.set(id, node.banco);
    return node;
  };

  const owners = async () =>
    Object.fromEntries(
      (await prisma.tableLease.findMany({ orderBy: { tableId: 'asc' } })).map((l) => [
        l.tableId,
        l.owner,
      ]),
    );

  /** Which nodes hold a socket of this player at this table. */
  const whereIs = (player: RoutedPlayer, tableId: string) =>
    [...nodes].flatMap(([id, banco]) =>
      [...banco.io.sockets.sockets.values()].some(
        (s) => s.data.player.id === player.playerId && s.data.tables.has(tableId),
      )
        ? [id]
        : [],
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.url);
    prisma = createPrisma(db.url);
    redis = await TestRedis.start();
    const portA = await freePort();
    portB = await freePort();
    await startNode('route-a', portA);
    proxy = await TestProxy.start([portA, portB], ['route-a', 'route-b']);
  }, 30_000);

  afterAll(async () => {
    for (const player of players) player.close();
    for (const bot of bots) bot.close();
    for (const node of nodes.values()) await node.close();
    await proxy?.stop();
    await redis?.stop();
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('T13.16 T13.14 P13.7: a moved table’s player follows it to its new owner without a reload, and one who names the wrong node lands on the owner', async () => {
    await expect.poll(owners, { timeout: 10_000, interval: 50 }).toEqual({
      main: 'route-a',
      'main-2': 'route-a',
    });
    // Three seated at main, one at main-2 and a watcher: main-2 is the emptier, the one to move
    // (T13.14). The bots name no table: they stay where the proxy put them and play over the bus.
    for (const [name, seat, tableId] of [
      ['ann', 1, 'main'],
      ['bob', 2, 'main'],
      ['gus', 3, 'main'],
      ['hal', 1, 'main-2'],
    ] as const) {
      const bot = await ClusterBot.create(proxy.url, name, seat, 'banker', tableId);
      await bot.sit();
      bot.acting = true;
      bots.push(bot);
    }
    const cat = await RoutedPlayer.create(proxy.url, 'cat', 'main-2');
    players.push(cat);
    await expect.poll(() => whereIs(cat, 'main-2'), { timeout: 10_000 }).toEqual(['route-a']);

    await startNode('route-b', portB);
    await expect.poll(owners, { timeout: 20_000, interval: 50 }).toEqual({
      main: 'route-a',
      'main-2': 'route-b',
    });
    // Told by the old owner where the table went, Cat's page reconnects there by itself.
    await expect.poll(() => whereIs(cat, 'main-2'), { timeout: 15_000 }).toEqual(['route-b']);
    // And plays on there: the new owner's events reach her, in version order.
    const before = cat.client.versions.version;
    await expect
      .poll(() => cat.client.versions.version, { timeout: 20_000 })
      .toBeGreaterThan(before);

    // A page that names a node that does not run its table is sent on to the one that does.
    const dan = await RoutedPlayer.create(proxy.url, 'dan', 'main', 'route-b');
    players.push(dan);
    await expect.poll(() => whereIs(dan, 'main'), { timeout: 15_000 }).toEqual(['route-a']);
    const eve = await RoutedPlayer.create(proxy.url, 'eve', 'main-2', 'route-a');
    players.push(eve);
    await expect.poll(() => whereIs(eve, 'main-2'), { timeout: 15_000 }).toEqual(['route-b']);
    const eveAt = eve.client.versions.version;
    await expect
      .poll(() => eve.client.versions.version, { timeout: 20_000 })
      .toBeGreaterThan(eveAt);
  }, 90_000);

  it('T13.16 T13.8: a socket watching both tables is never sent away, and hears both', async () => {
    const response = await fetch(`${proxy.url}/api/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fay' }),
    });
    const guest = createGuestReply.parse(await response.json());
    const socket = io(proxy.url, {
      transports: ['websocket'],
      auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
      reconnection: false,
    });
    const owned: unknown[] = [];
    const heard = new Set<string>();
    socket.on('table.owner', (message: unknown) => owned.push(message));
    socket.on('table.event', (event: TableEvent) => heard.add(event.tableId));
    try {
      for (const tableId of ['main', 'main-2']) {
        const ack = (await socket.timeout(10_000).emitWithAck('table.join', { tableId })) as {
          ok: boolean;
        };
        expect(ack.ok).toBe(true);
      }
      await expect.poll(() => [...heard].sort(), { timeout: 30_000 }).toEqual(['main', 'main-2']);
      // Whichever node it is on runs one of the two: the other is served through the bus, and
      // no hint ever names its second table (a hint is for a socket at one table only).
      expect(owned.every((m) => (m as { tableId: string }).tableId === 'main')).toBe(true);
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  }, 60_000);
});
