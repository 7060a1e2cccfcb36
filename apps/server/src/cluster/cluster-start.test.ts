import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { LiveTables, TableDefinition } from './registry.js';
import type { TablePort } from '../table/runtime/table-port.js';
import type { TableLeases } from './leases.js';
import { quietLink } from '../testing/quiet-link.js';
import { Cluster } from './cluster.js';

/** The machine's Redis; this test's channels and keys are under node ids fresh to the run. */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
/** Long enough that no beat falls inside the test: what a node knows, it read at its start. */
const BEAT_MS = 60_000;

/** Just what a beat reads of a node's tables: one table it runs, at epoch 7. */
function runningOne(definition: TableDefinition): { live: LiveTables; leases: TableLeases } {
  const port = {
    id: definition.id,
    settings: definition.settings,
    seatedCount: () => 3,
    spectatorCount: () => 1,
    presence: () => undefined,
  } as unknown as TablePort;
  const live = {
    list: () => [port],
    get: (id: string) => (id === definition.id ? port : undefined),
    definition: (id: string) => (id === definition.id ? definition : undefined),
  } as unknown as LiveTables;
  const leases = { epochOf: (id: string) => (id === definition.id ? 7 : undefined) };
  return { live, leases: leases as unknown as TableLeases };
}

const nothing = { live: { list: () => [], get: () => undefined, definition: () => undefined } };

/** A node named `name-<fresh id>`: one running `owner`'s table, or one running none. */
async function node(
  name: string,
  owner?: { live: LiveTables; leases: TableLeases },
  attach = true,
): Promise<Cluster> {
  const cluster = new Cluster({
    redisUrl: REDIS_URL,
    nodeId: `${name}-${randomUUID()}`,
    leases: owner?.leases ?? ({ epochOf: () => undefined } as unknown as TableLeases),
    beatMs: BEAT_MS,
  });
  await cluster.connect();
  if (attach)
    await cluster.attach(quietLink(owner?.live ?? (nothing.live as unknown as LiveTables)));
  return cluster;
}

describe('a node that starts (T13.6)', () => {
  const clusters: Cluster[] = [];
  afterAll(async () => {
    await Promise.all(clusters.map((c) => c.close()));
  });

  it('T13.6: knows at once, before any beat reaches it, which tables the others run', async () => {
    const tableId = `t-${randomUUID()}`;
    const definition: TableDefinition = {
      id: tableId,
      name: 'Somewhere else',
      isPublic: true,
      hostPlayerId: null,
      settings: {} as TableDefinition['settings'],
    };
    const owner = runningOne(definition);
    const a = await node('a', owner);
    clusters.push(a);
    // A's one beat so far went out before B was listening: B can learn it only from Redis.
    const b = await node('b', undefined, false);
    clusters.push(b);
    expect(b.lastKnown(tableId)).toBeUndefined();
    await b.attach(quietLink(nothing.live as unknown as LiveTables));
    expect(b.lastKnown(tableId)?.epoch).toBe(7);
    expect(b.ownerOf(tableId)?.node).toBe(a.nodeId);
    expect(b.port(tableId)?.seatedCount()).toBe(3);
  });

  it('T13.6: does not take a node that said goodbye for alive', async () => {
    const tableId = `t-${randomUUID()}`;
    const owner = runningOne({
      id: tableId,
      name: 'Gone',
      isPublic: true,
      hostPlayerId: null,
      settings: {} as TableDefinition['settings'],
    });
    const a = await node('a', owner);
    await a.close();
    const b = await node('b');
    clusters.push(b);
    expect(b.ownerOf(tableId)).toBeUndefined();
  });
});
