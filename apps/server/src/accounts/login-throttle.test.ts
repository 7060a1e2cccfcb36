import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedLimits } from '../cluster/shared-limits.js';
import { LoginThrottle } from './login-throttle.js';

/** The machine's Redis (tests' own keys, under fresh names each run). */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

const WINDOW_MS = 15 * 60_000;

function throttle() {
  let now = 0;
  const limiter = new LoginThrottle(
    { perUsername: 5, perAddress: 20, windowMs: WINDOW_MS },
    undefined,
    () => now,
  );
  return { limiter, advance: (ms: number) => (now += ms) };
}

describe('login throttle', () => {
  it('P10.4: five attempts at a username, then one more every window / 5', async () => {
    const { limiter, advance } = throttle();
    for (let i = 0; i < 5; i++) {
      expect(await limiter.attempt('ann', `10.0.0.${i}`)).toEqual({ allowed: true });
    }
    expect(await limiter.attempt('ann', '10.0.0.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 180,
    });
    advance(WINDOW_MS / 5 - 1_000);
    expect(await limiter.attempt('ann', '10.0.0.9')).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    advance(1_000);
    expect(await limiter.attempt('ann', '10.0.0.9')).toEqual({ allowed: true });
    expect((await limiter.attempt('ann', '10.0.0.9')).allowed).toBe(false);
  });

  describe.each(['this node', 'every node (Redis)'] as const)('counted on %s', (where) => {
    let redis: Redis | undefined;
    let shared: SharedLimits | undefined;
    beforeAll(async () => {
      if (where === 'this node') return;
      redis = new Redis(REDIS_URL, { protocol: 2, lazyConnect: true });
      await redis.connect();
      shared = new SharedLimits(redis, {
        nodeId: randomUUID(),
        liveNodes: () => [],
        aliveMs: 3_000,
      });
    });
    afterAll(async () => shared?.close());

    it('P10.4 P1.6: twenty attempts from an address, and a refused attempt costs the other key nothing', async () => {
      // Fresh names each run: the shared buckets outlive a run by their refill time.
      const run = randomUUID().slice(0, 8);
      const address = `10.${run}.0.1`;
      const limiter = new LoginThrottle(
        { perUsername: 5, perAddress: 20, windowMs: WINDOW_MS },
        shared,
      );
      for (let i = 0; i < 20; i++) {
        expect((await limiter.attempt(`user${i}-${run}`, address)).allowed).toBe(true);
      }
      expect(await limiter.attempt(`fresh-${run}`, address)).toEqual({
        allowed: false,
        retryAfterSeconds: 45,
      });
      // 'fresh' was not charged for the refusal: it still has all five from elsewhere.
      for (let i = 0; i < 5; i++) {
        expect((await limiter.attempt(`fresh-${run}`, `10.${run}.1.${i}`)).allowed).toBe(true);
      }
      expect((await limiter.attempt(`fresh-${run}`, `10.${run}.2.1`)).allowed).toBe(false);
    });
  });

  it('P1.6: two nodes share one count of a username', async () => {
    const clients = [new Redis(REDIS_URL, { protocol: 2 }), new Redis(REDIS_URL, { protocol: 2 })];
    const nodes = clients.map(
      (redis) =>
        new SharedLimits(redis, { nodeId: randomUUID(), liveNodes: () => [], aliveMs: 3_000 }),
    );
    const limits = { perUsername: 5, perAddress: 20, windowMs: WINDOW_MS };
    const [a, b] = nodes.map((node) => new LoginThrottle(limits, node));
    const name = `ann-${randomUUID().slice(0, 8)}`;
    const answers = [];
    for (let i = 0; i < 8; i++) {
      answers.push((await (i % 2 === 0 ? a! : b!).attempt(name, `10.9.${i}.1`)).allowed);
    }
    expect(answers).toEqual([true, true, true, true, true, false, false, false]);
    await Promise.all(nodes.map((node) => node.close()));
  });
});
