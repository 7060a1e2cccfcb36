import {
  connectRefusalSchema,
  PROTOCOL_VERSION,
  TableVersions,
  type TableEvent,
  type TableSnapshot,
} from '@banco/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditFrames } from '../testing/frame-audit.js';
import { quietTable } from '../testing/quiet-table.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const is =
  <T extends TableEvent['type']>(type: T) =>
  (e: TableEvent): e is Extract<TableEvent, { type: T }> =>
    e.type === type;

/** One bet, confirmed from the client's seat. */
const bet = (
  client: TestClient,
  at: { tableId: string; round: number; seat: number },
  confirmId: string,
  spot: 'player' | 'banker',
  amount: number,
) => client.send('bets.confirm', { ...at, confirmId, bets: [{ spot, amount }] });

describe('presence, reconnect and resync over real sockets', () => {
  let server: TestBanco;

  beforeAll(async () => {
    server = await startTestBanco([
      { id: 'hold', name: 'Short hold', isPublic: true, settings: quietTable({ seatHoldMs: 300 }) },
      { id: 'long', name: 'Long hold', isPublic: true, settings: quietTable() },
      { id: 'turn', name: 'Turning', isPublic: true, settings: quietTable() },
      { id: 'watch', name: 'Watchers', isPublic: true, settings: quietTable() },
    ]);
  });
  afterAll(async () => server?.close());

  const guest = (name: string) => server.banco.ledger.createGuest(name);

  it('T1.5 T1.6: a player whose sockets all drop keeps the seat for the hold, then it is freed', async () => {
    const ann = await guest('Ann');
    const annA = await TestClient.connectAs(server.url, ann);
    const annB = await TestClient.connectAs(server.url, ann);
    const bob = await TestClient.connect(server.url, 'Bob');
    for (const c of [annA, annB, bob]) await c.send('table.join', { tableId: 'hold' });
    expect(await annA.send('seat.take', { tableId: 'hold', seat: 4 })).toMatchObject({ ok: true });
    // One of two sockets closing changes nothing: Ann is still connected.
    annA.close();
    const away = bob.next(is('seat.away'));
    const left = bob.next(is('seat.left'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bob.events.filter(is('seat.away'))).toHaveLength(0);
    annB.close();
    const awayEvent = await away;
    expect(awayEvent).toMatchObject({ seat: 4, playerId: ann.player.id });
    const leftEvent = await left;
    expect(leftEvent).toMatchObject({ seat: 4, playerId: ann.player.id, reason: 'hold-expired' });
    expect(leftEvent.at).toBeGreaterThanOrEqual(awayEvent.until);
    const snap = await bob.send('table.snapshot', { tableId: 'hold' });
    if (!snap.ok) throw new Error(snap.code);
    expect(snap.snapshot.seats.map((s) => s.seat)).not.toContain(4);
    bob.close();
  });

  it('T1.7 P2.13: reconnecting within the hold restores the same seat, with the missed events, bets and balance', async () => {
    const cat = await guest('Cat');
    const dan = await TestClient.connect(server.url, 'Dan');
    let first = await TestClient.connectAs(server.url, cat);
    await dan.send('table.join', { tableId: 'long' });
    await first.send('table.join', { tableId: 'long' });
    await first.send('seat.take', { tableId: 'long', seat: 2 });
    await dan.send('seat.take', { tableId: 'long', seat: 3 });
    const opened = first.events.filter(is('betting.opened')).at(-1)!;
    const placed = await bet(
      first,
      { tableId: 'long', round: opened.round, seat: 2 },
      'cat-1',
      'banker',
      2_000,
    );
    if (!placed.ok) throw new Error(placed.code);
    const seen = first.events.at(-1)!.version;
    const away = dan.next(is('seat.away'));
    first.close();
    await away;
    // Something happens while Cat is gone.
    await dan.send('shoe.pass', { tableId: 'long' }).catch(() => undefined);

    first = await TestClient.connectAs(server.url, cat);
    const back = dan.next(is('seat.back'));
    const resync = await first.send('table.resync', { tableId: 'long', since: seen });
    if (!resync.ok) throw new Error(resync.code);
    expect(resync.snapshot).toBeNull();
    expect(resync.events!.length).toBeGreaterThan(0);
    expect(resync.events![0]!.version).toBe(seen + 1);
    expect(resync.events!.map((e) => e.type)).toContain('seat.away');
    // Applied by version (P2.13): the live events buffered meanwhile are skipped or follow on.
    const versions = new TableVersions(seen);
    expect(resync.events!.map((e) => versions.event(e.version)).every((v) => v === 'apply')).toBe(
      true,
    );
    expect(versions.version).toBe(resync.version);
    for (const e of first.events) expect(versions.event(e.version)).not.toBe('gap');
    expect(resync.you).toEqual({
      playerId: cat.player.id,
      seat: 2,
      balance: placed.balance,
      bets: [{ spot: 'banker', amount: 2_000 }],
      away: false,
    });
    expect(await back).toMatchObject({ seat: 2, playerId: cat.player.id });
    // Events after the resync arrive live, one version after another.
    const live = first.next(() => true);
    await dan.send('seat.leave', { tableId: 'long', seat: 3 });
    expect((await live).version).toBeGreaterThan(resync.version);

    // A version the log cannot answer (here: one the table never reached) gets a snapshot.
    const far = await first.send('table.resync', { tableId: 'long', since: 1_000_000 });
    if (!far.ok) throw new Error(far.code);
    expect(far.events).toBeNull();
    expect(far.snapshot!.version).toBe(far.version);
    expect(far.snapshot!.seats.find((s) => s.seat === 2)).toMatchObject({
      player: { id: cat.player.id },
      awayUntil: null,
      betting: 'confirmed',
    });
    for (const c of [first, dan]) c.close();
  });

  it('P2.13 P1.5 T5.4: a replay carries no hidden card; a turner who reconnects gets the peek again', async () => {
    const eve = await guest('Eve');
    const fay = await guest('Fay');
    const eveSocket = await TestClient.connectAs(server.url, eve);
    let faySocket = await TestClient.connectAs(server.url, fay);
    const watcher = await TestClient.connect(server.url, 'Gil');
    for (const c of [eveSocket, faySocket, watcher])
      await c.send('table.join', { tableId: 'turn' });
    await eveSocket.send('seat.take', { tableId: 'turn', seat: 1 });
    await faySocket.send('seat.take', { tableId: 'turn', seat: 2 });
    const round = eveSocket.events.filter(is('betting.opened')).at(-1)!.round;
    await bet(faySocket, { tableId: 'turn', round, seat: 2 }, 'fay-1', 'player', 5_000);
    await bet(eveSocket, { tableId: 'turn', round, seat: 1 }, 'eve-1', 'banker', 1_000);
    const turn = watcher.next(is('turn.started'));
    await eveSocket.send('shoe.deal', { tableId: 'turn', round });
    expect(await turn).toMatchObject({ hand: 'player', turner: 2 });
    const peek = faySocket.peeks.at(-1)!;
    expect(peek.cards).toHaveLength(2);

    // Were all her sockets to drop, the turn would fall to the house at once (T1.5): Fay comes
    // back on a second socket before the first one goes, so she never counts as away.
    const second = await TestClient.connectAs(server.url, fay);
    const resync = await second.send('table.resync', { tableId: 'turn', since: 0 });
    if (!resync.ok) throw new Error(resync.code);
    faySocket.close();
    // Still her turn: the peek is sent again, to her alone.
    await expect.poll(() => second.peeks).toEqual([peek]);
    expect(watcher.peeks).toEqual([]);
    // The burn card is shown to all (T7.2) and may share a face with a hidden card: left out.
    const publicBurn = (key: string, value: unknown) =>
      key === 'shown' || key === 'burnShown' ? undefined : value;
    expect(JSON.stringify(resync.events ?? resync.snapshot, publicBurn)).not.toMatch(
      new RegExp(peek.cards.map((c) => `"${c}"`).join('|')),
    );
    // The watcher's replay from the start of the log audits clean, like its live frames.
    const replay = await watcher.send('table.resync', { tableId: 'turn', since: 0 });
    if (!replay.ok) throw new Error(replay.code);
    const frames = (replay.events ?? []).map((event) => ({ kind: 'event' as const, event }));
    expect(frames.length).toBeGreaterThan(5);
    expect(auditFrames(frames, null)).toEqual([]);
    expect(auditFrames(watcher.frames, null)).toEqual([]);
    faySocket = second;
    for (const c of [eveSocket, faySocket, watcher]) c.close();
  });

  it('T1.5: watchers are counted by live connections, not by who ever joined', async () => {
    const host = await TestClient.connect(server.url, 'Host');
    await host.send('table.join', { tableId: 'watch' });
    const spectators = async () => {
      const snap = await host.send('table.snapshot', { tableId: 'watch' });
      if (!snap.ok) throw new Error(snap.code);
      return (snap.snapshot as TableSnapshot).spectators;
    };
    expect(await spectators()).toBe(1);
    const first = await guest('W0');
    const crowd = await Promise.all(
      Array.from({ length: 40 }, async (_, i) =>
        TestClient.connectAs(server.url, i === 0 ? first : await guest(`W${i}`)),
      ),
    );
    await Promise.all(crowd.map((c) => c.send('table.join', { tableId: 'watch' })));
    // A second socket of the same watcher is still one watcher.
    const twin = await TestClient.connectAs(server.url, first);
    await twin.send('table.join', { tableId: 'watch' });
    expect(await spectators()).toBe(41);
    for (const c of [...crowd, twin]) c.close();
    // 42 disconnects reach the table one by one; under load that can take seconds, so the
    // limit only guards against a hang.
    await expect.poll(spectators, { timeout: 15_000, interval: 20 }).toBe(1);
    host.close();
  });

  it('P1.6 P0.1: 14 friends behind one router all sign up, connect and sit within a minute', async () => {
    // A server of their own, as a household would find it: nothing else from this address.
    const fresh = await startTestBanco([
      { id: 'friends', name: 'Friends', isPublic: true, settings: quietTable() },
    ]);
    const started = Date.now();
    const friends = await Promise.all(
      Array.from({ length: 14 }, (_, i) => TestClient.connect(fresh.url, `Friend ${i + 1}`)),
    );
    for (const [i, friend] of friends.entries()) {
      await friend.send('table.join', { tableId: 'friends' });
      expect(await friend.send('seat.take', { tableId: 'friends', seat: i + 1 })).toMatchObject({
        ok: true,
      });
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    for (const friend of friends) friend.close();
    await fresh.close();
  });

  it('P1.6: one player gets at most SOCKETS_PER_PLAYER sockets; the rest are refused with a code', async () => {
    // A server of its own: the other tests here have used this address's connection burst.
    const fresh = await startTestBanco([
      { id: 'cap', name: 'Cap', isPublic: true, settings: quietTable() },
    ]);
    const hog = await fresh.banco.ledger.createGuest('Hog');
    const results = await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<{ ok: boolean; code?: string; close: () => void }>((resolve) => {
            const socket = io(fresh.url, {
              transports: ['websocket'],
              auth: { token: hog.token, protocolVersion: PROTOCOL_VERSION },
              reconnection: false,
              forceNew: true,
            });
            socket.once('connect', () => resolve({ ok: true, close: () => socket.close() }));
            socket.once('connect_error', (err: Error & { data?: unknown }) =>
              resolve({
                ok: false,
                code: connectRefusalSchema.parse(err.data).code,
                close: () => socket.close(),
              }),
            );
          }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(8);
    expect(new Set(results.filter((r) => !r.ok).map((r) => r.code))).toEqual(
      new Set(['TOO_MANY_CONNECTIONS']),
    );
    for (const r of results) r.close();
    await fresh.close();
  });
});
