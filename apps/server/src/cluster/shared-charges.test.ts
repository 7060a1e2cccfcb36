import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestRedis } from '../testing/cluster-harness.js';
import { SharedCharges } from './shared-charges.js';

describe('command budgets charged a turn at a time (P13.5)', () => {
  // A Redis of the test's own: its command count is this test's alone.
  let server: TestRedis;
  let redis: Redis;
  let probe: Redis;
  beforeAll(async () => {
    server = await TestRedis.start();
    redis = new Redis(server.url, { protocol: 2 });
    probe = new Redis(server.url, { protocol: 2 });
  });
  afterAll(async () => {
    await redis.quit();
    await probe.quit();
    await server.stop();
  });

  it('P13.5: one script charges every player of a turn; a bucket spent on two nodes holds its player', async () => {
    const prefix = `banco:test:${randomUUID()}`;
    const spent: [string, number][] = [];
    const options = {
      ratePerSecond: 1,
      capacity: 5,
      spent: (field: string, waitMs: number) => spent.push([field, waitMs]),
      failed: (error: unknown) => {
        throw error;
      },
    };
    // Two nodes' chargers over one Redis.
    const a = new SharedCharges(redis, prefix, options);
    const b = new SharedCharges(probe, prefix, options);
    const before = Number(/total_commands_processed:(\d+)/.exec(await probe.info('stats'))?.[1]);
    for (let i = 0; i < 3; i++) a.charge('ann');
    for (let i = 0; i < 2; i++) a.charge('bob');
    await a.flush();
    const after = Number(/total_commands_processed:(\d+)/.exec(await probe.info('stats'))?.[1]);
    // One script (EVALSHA, and EVAL the first time) with TIME, HMGET, HSET and PEXPIRE inside,
    // and the first INFO: for two players and five commands.
    expect(after - before).toBeGreaterThanOrEqual(6);
    expect(after - before).toBeLessThanOrEqual(7);
    expect(spent).toEqual([]);
    // Ann has 2 of 5 left; three more on the other node overdraw her bucket: she is held.
    for (let i = 0; i < 3; i++) b.charge('ann');
    b.charge('bob');
    await b.flush();
    expect(spent.map(([field]) => field)).toEqual(['ann']);
    expect(spent[0]![1]).toBeGreaterThan(0);
    a.close();
    b.close();
  });
});
