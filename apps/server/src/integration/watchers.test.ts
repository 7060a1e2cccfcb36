import type { TableEvent } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietTable } from '../testing/quiet-table.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

type Watchers = Extract<TableEvent, { type: 'table.watchers' }>;
const isWatchers = (e: TableEvent): e is Watchers => e.type === 'table.watchers';

describe('T1.8 P1.9: every page hears the server’s watcher count', () => {
  let server: TestBanco;

  beforeAll(async () => {
    server = await startTestBanco([
      { id: 'count', name: 'Counting', isPublic: true, settings: quietTable() },
    ]);
  });
  afterAll(async () => server?.close());

  it('announces each change: a watcher arriving, sitting down, and leaving', async () => {
    const ann = await TestClient.connect(server.url, 'Ann');
    await ann.send('table.join', { tableId: 'count' });
    const bob = await TestClient.connect(server.url, 'Bob');
    const two = ann.next((e) => isWatchers(e) && e.spectators === 2);
    const joined = await bob.send('table.join', { tableId: 'count' });
    expect(joined.ok && joined.snapshot.spectators).toBe(2);
    // An event the table had reduced but not yet sent when Bob's snapshot was taken still
    // reaches him, at or below its version: a client skips those (docs/protocol.md, Merging).
    const from = joined.ok ? joined.snapshot.version : Number.POSITIVE_INFINITY;
    await two;

    // Bob sits: one watcher fewer, told to both.
    const one = bob.next((e) => isWatchers(e) && e.spectators === 1);
    expect(await bob.send('seat.take', { tableId: 'count', seat: 2 })).toMatchObject({ ok: true });
    await one;

    // Ann goes: nobody watches without a seat; Bob hears it.
    const none = bob.next((e) => isWatchers(e) && e.spectators === 0);
    ann.close();
    const last = await none;
    const snap = await bob.send('table.snapshot', { tableId: 'count' });
    expect(snap.ok && snap.snapshot.spectators).toBe(0);
    expect(snap.ok && snap.snapshot.version).toBeGreaterThanOrEqual(last.version);
    // Each count was said once, in version order, and never twice in a row.
    const counts = bob.events
      .filter(isWatchers)
      .filter((e) => e.version > from)
      .map((e) => e.spectators);
    expect(counts).toEqual([2, 1, 0]);
    bob.close();
  });
});
