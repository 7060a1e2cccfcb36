import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedLimits } from './shared-limits.js';

/** The machine's Redis; every key a run makes is under names fresh to that run. */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const ALIVE_MS = 600;
const caps = { socketsPerPlayer: 3, socketsPerAddress: 5 };

describe('shared limits (P1.6 across nodes)', () => {
  const ids: string[] = [randomUUID(), randomUUID()];
  let live = [...ids];
  const nodes: SharedLimits[] = [];
  let probe: Redis;

  beforeAll(async () => {
    probe = new Redis(REDIS_URL, { protocol: 2 });
    for (const nodeId of ids) {
      const node = new SharedLimits(new Redis(REDIS_URL, { protocol: 2 }), {
        nodeId,
        liveNodes: () => live,
        aliveMs: ALIVE_MS,
      });
      await node.start();
      nodes.push(node);
    }
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await probe.quit();
  });

  it('P1.6: a player’s sockets are counted once for every node; a release frees one at once', async () => {
    const [a, b] = nodes as [SharedLimits, SharedLimits];
    const player = randomUUID();
    const admitted = [
      await a.admit(player, `10.1.0.1`, caps),
      await b.admit(player, `10.1.0.2`, caps),
      await a.admit(player, `10.1.0.3`, caps),
    ];
    expect(admitted.every((x) => 'release' in x)).toBe(true);
    expect(await b.admit(player, '10.1.0.4', caps)).toEqual({ refused: 'player' });
    expect(await a.admit(player, '10.1.0.4', caps)).toEqual({ refused: 'player' });
    (admitted[1] as { release: () => void }).release();
    // A release is sent, not awaited: the next admit on the same connection comes after it.
    expect('release' in (await b.admit(player, '10.1.0.4', caps))).toBe(true);
  });

  it('P1.6: an address is capped across nodes, whoever the players are', async () => {
    const [a, b] = nodes as [SharedLimits, SharedLimits];
    const address = `10.2.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < caps.socketsPerAddress; i++) {
      const node = i % 2 === 0 ? a : b;
      expect('release' in (await node.admit(randomUUID(), address, caps))).toBe(true);
    }
    expect(await b.admit(randomUUID(), address, caps)).toEqual({ refused: 'address' });
  });

  it('P1.6: a node that stops renewing takes its counts with it', async () => {
    const [a] = nodes as [SharedLimits, SharedLimits];
    const player = randomUUID();
    const ghost = new SharedLimits(new Redis(REDIS_URL, { protocol: 2 }), {
      nodeId: randomUUID(),
      liveNodes: () => live,
      aliveMs: ALIVE_MS,
    });
    // Counted by a node the others know of, which then goes silent without a word.
    live = [...ids, ghost.nodeId];
    for (let i = 0; i < caps.socketsPerPlayer; i++) {
      expect('release' in (await ghost.admit(player, '10.3.0.1', caps))).toBe(true);
    }
    expect(await a.admit(player, '10.3.0.2', caps)).toEqual({ refused: 'player' });
    await ghost.redis.quit();
    // Its hash outlives it by at most its time to live: seen gone by Redis itself.
    const key = `banco:share:node:${ghost.nodeId}`;
    const ttl = await probe.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(ALIVE_MS);
    while ((await probe.exists(key)) === 1) await new Promise((r) => setTimeout(r, 50));
    expect('release' in (await a.admit(player, '10.3.0.2', caps))).toBe(true);
    live = [...ids];
  });

  it('P1.6: one bucket for every node, all or nothing across its keys', async () => {
    const [a, b] = nodes as [SharedLimits, SharedLimits];
    const key = `player:${randomUUID()}`;
    const other = `address:${randomUUID()}`;
    // A slow refill (one a minute) so the run's own time adds nothing.
    const bucket = { key, ratePerSecond: 1 / 60, capacity: 4 };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await (i % 2 ? a : b).take([bucket])).allowed);
    expect(answers).toEqual([true, true, true, true, false, false]);
    const refused = await a.take([bucket]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.waitMs).toBeGreaterThan(50_000);
    // Refused on the spent bucket, so the fresh one beside it gives nothing either.
    const fresh = { key: other, ratePerSecond: 1 / 60, capacity: 1 };
    expect((await b.take([bucket, fresh])).allowed).toBe(false);
    expect((await b.take([fresh])).allowed).toBe(true);
  });
});
