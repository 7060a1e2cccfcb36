import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestRedis } from '../testing/cluster-harness.js';
import { ClusterBus } from './bus.js';

/** Resolves once the client has tried to reconnect `times` times (each attempt failed). */
function attempts(client: Redis, times: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const on = () => {
      seen += 1;
      if (seen < times) return;
      client.off('reconnecting', on);
      resolve();
    };
    client.on('reconnecting', on);
  });
}

const ready = (client: Redis): Promise<void> =>
  client.status === 'ready'
    ? Promise.resolve()
    : new Promise((resolve) => client.once('ready', () => resolve()));

describe('the bus through a Redis outage (T13.13)', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await TestRedis.start();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('T13.13: every Redis client of a node has an error handler that logs an outage once and lets ioredis reconnect', async () => {
    const unhandled = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const errors: string[] = [];
    const infos: string[] = [];
    const log = {
      error: (obj: unknown, msg?: string) =>
        errors.push(`${(obj as { client?: string }).client}: ${msg}`),
      info: (obj: unknown, msg?: string) =>
        infos.push(`${(obj as { client?: string }).client}: ${msg}`),
    };
    const bus = new ClusterBus(
      redis.url,
      'bus-test',
      {
        request: () => Promise.resolve(null),
        presence: () => undefined,
        table: () => undefined,
        heartbeat: () => undefined,
      },
      log,
    );
    await bus.start();
    const limits = bus.client();
    const adapter = bus.adapterClients();
    const duplicates = [limits, adapter.pub, adapter.sub];
    await Promise.all(duplicates.map((client) => client.ping()));
    const all = [...duplicates];
    let down = false;
    try {
      // Commands in flight when Redis goes (the EPIPE of a write on a dead socket).
      const inFlight = limits.set('banco:test', '1').catch(() => undefined);
      const tried = Promise.all(all.map((client) => attempts(client, 3)));
      await redis.stop();
      down = true;
      await tried;
      const ioredisUnhandled = unhandled.mock.calls.filter((args) =>
        String(args[0]).includes('Unhandled error event'),
      );
      expect(ioredisUnhandled).toEqual([]);
      // One line per client for the whole outage, not one per attempt.
      for (const name of ['bus-pub', 'bus-sub', 'limits', 'adapter-pub', 'adapter-sub']) {
        expect(errors.filter((line) => line.startsWith(`${name}:`))).toEqual([
          `${name}: redis unreachable: reconnecting`,
        ]);
      }
      // And they come back by themselves.
      await redis.restart();
      down = false;
      await Promise.all(all.map(ready));
      expect(await limits.ping()).toBe('PONG');
      // A command that had not reached the socket waits in ioredis's offline queue for the
      // reconnection (awaiting it while Redis is down waits out its retries); it ends by now.
      await inFlight;
      expect(
        unhandled.mock.calls.filter((args) => String(args[0]).includes('Unhandled error event')),
      ).toEqual([]);
      await expect.poll(() => infos.length).toBeGreaterThanOrEqual(3);
      expect(infos.every((line) => line.endsWith('redis reachable again'))).toBe(true);
    } finally {
      unhandled.mockRestore();
      // The bus's close waits for Redis (it deletes its beat).
      if (down) await redis.restart();
      for (const client of duplicates) client.disconnect();
      await bus.close();
    }
  }, 30_000);
});
