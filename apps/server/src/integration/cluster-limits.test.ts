import { createGuestReply, PROTOCOL_VERSION } from '@banco/protocol';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banco } from '../banco.js';
import { migrate } from '../db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { RATE_LIMITS } from '../http/app-deps.js';
import { TestRedis } from '../testing/cluster-harness.js';
import { startLocalNode } from '../testing/local-node.js';

/**
 * P1.6 across nodes: two real nodes (in this process) over one Postgres and a Redis this test
 * starts; one player's sockets, commands and one address's requests, spread over both.
 */
const SOCKETS_PER_PLAYER = 3;
const PLAYER_RATE_BURST = 10;

describe('P1.6 on several nodes', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  const nodes: { banco: Banco; url: string }[] = [];
  const sockets: Socket[] = [];
  let watcher: Redis;

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.url);
    redis = await TestRedis.start();
    watcher = new Redis(redis.url);
    for (const id of ['limits-a', 'limits-b']) {
      nodes.push(
        await startLocalNode(db.url, redis.url, id, {
          SOCKETS_PER_PLAYER: String(SOCKETS_PER_PLAYER),
          PLAYER_RATE_PER_SECOND: '1',
          PLAYER_RATE_BURST: String(PLAYER_RATE_BURST),
        }),
      );
    }
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    watcher?.disconnect();
    for (const node of nodes) await node.banco.close();
    await redis?.stop();
    await db?.drop();
  });

  const guest = async (url: string, name: string) => {
    const response = await fetch(`${url}/api/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  /** Connects, resolving with the socket or the refusal's code. */
  const connect = (url: string, token: string) =>
    new Promise<{ socket: Socket } | { refused: string }>((resolve) => {
      const socket = io(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token, protocolVersion: PROTOCOL_VERSION },
      });
      socket.once('connect', () => {
        sockets.push(socket);
        resolve({ socket });
      });
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) => {
        socket.close();
        resolve({ refused: error.data?.code ?? error.message });
      });
    });

  let token = '';

  it('P1.6 P13.5: one address gets one allowance of new guests for every node', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.createGuest.max; i++) {
      const made = await guest(i % 2 === 0 ? a.url : b.url, `guest${i}`);
      statuses.push(made.status);
      if (i === 0) token = createGuestReply.parse(made.body).token;
    }
    expect(statuses.every((s) => s === 201 || s === 200)).toBe(true);
    // Each node alone has let through only half: together they have given the address its all.
    expect((await guest(a.url, 'one-more')).status).toBe(429);
    expect((await guest(b.url, 'one-more')).status).toBe(429);
  });

  it('P1.6 P13.5: a player’s live sockets are capped across nodes, and a closed one frees its place', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const opened = [await connect(a.url, token), await connect(b.url, token)];
    opened.push(await connect(a.url, token));
    expect(opened.map((o) => ('socket' in o ? 'ok' : o.refused))).toEqual(['ok', 'ok', 'ok']);
    expect(await connect(b.url, token)).toEqual({ refused: 'TOO_MANY_CONNECTIONS' });
    expect(await connect(a.url, token)).toEqual({ refused: 'TOO_MANY_CONNECTIONS' });
    // Closing one on A frees a place on B: asked until B says so (the release is one Redis
    // command behind the close).
    (opened[0] as { socket: Socket }).socket.close();
    let again: Awaited<ReturnType<typeof connect>> | undefined;
    for (let i = 0; i < 50 && !(again && 'socket' in again); i++)
      again = await connect(b.url, token);
    expect(again && 'socket' in again).toBe(true);
  });

  it('P1.6 P13.5: a player’s command budget is one for every node', async () => {
    // Left from the test before: one on B, one on A, one on B.
    const [first, second] = sockets.filter((s) => s.connected);
    const ask = async (socket: Socket) => {
      const ack = (await socket.timeout(5_000).emitWithAck('table.snapshot', {
        tableId: 'main',
      })) as { ok: boolean; code?: string };
      return ack.ok ? 'ok' : ack.code!;
    };
    // The cluster's bucket as Redis holds it (shared-charges.ts): read, never written, so the
    // test waits for what the nodes did instead of for a time it hopes is long enough.
    const [seconds, micros] = await watcher.time();
    const startedAt = Number(seconds) * 1000 + Number(micros) / 1000;
    const bucket = async () => {
      const hash = await watcher.hgetall(
        `banco:share:commands:${Math.floor(Date.now() / 3_600_000)}`,
      );
      const [held] = Object.values(hash);
      if (!held) return undefined;
      const [tokens, at] = held.split(':').map(Number) as [number, number];
      return { tokens, at, refilled: (at - startedAt) / 1000 };
    };
    const until = async (done: (b: Awaited<ReturnType<typeof bucket>>) => boolean) => {
      for (let tries = 0; tries < 500; tries++) {
        const now = await bucket();
        if (done(now)) return now!;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`the cluster's bucket never got there: ${JSON.stringify(await bucket())}`);
    };

    const codes: string[] = [];
    const spending = performance.now();
    // Spent on one node (the first socket), then asked of the other: the other node's own
    // bucket is full, but the player's is empty.
    for (let i = 0; i < PLAYER_RATE_BURST; i++) codes.push(await ask(first!));
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toEqual([]);
    // The first node charges the cluster's bucket a turn at a time (P13.5): wait until all it
    // let through is charged (what is left is no more than the refill since the start).
    const spent = await until((b) => b !== undefined && b.tokens - b.refilled < 0.5);
    // The other node lets its first command through and charges it after (P13.5): once that
    // charge is in Redis its answer is on its way to the node, ahead of the next command.
    const elsewhere = [await ask(second!)];
    await until((b) => b !== undefined && b.at > spent.at);
    for (let i = 1; i < PLAYER_RATE_BURST; i++) elsewhere.push(await ask(second!));
    // Besides that first one, only what the bucket refilled at 1 a second meanwhile passes:
    // far fewer than the other node's own full bucket.
    const allowed = 1 + Math.ceil((performance.now() - spending) / 1000);
    expect(allowed).toBeLessThan(PLAYER_RATE_BURST);
    expect(elsewhere.filter((c) => c !== 'RATE_LIMITED').length).toBeLessThanOrEqual(allowed);
    expect(elsewhere.at(-1)).toBe('RATE_LIMITED');
  });
});
