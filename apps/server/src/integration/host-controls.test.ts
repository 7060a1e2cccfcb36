import type { TableEvent, TableSettings } from '@banco/protocol';
import { commitmentOf } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../db/ledger.js';
import type { TableDefinition } from '../cluster/registry.js';
import { quietTable } from '../testing/quiet-table.js';
import { roomSettings as roomInput } from '../testing/rooms.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

/**
 * The published seed of a room's shoe (GET /api/shoes/:shoeId?tableId=, T10.6: a private
 * room's shoe only to who names the room): null while it is in play.
 */
async function publishedSeed(
  server: TestBanco,
  tableId: string,
  shoeId: string,
): Promise<string | null> {
  const response = await fetch(`${server.url}/api/shoes/${shoeId}?tableId=${tableId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { serverSeed: string | null }).serverSeed;
}

const is =
  <T extends TableEvent['type']>(type: T) =>
  (e: TableEvent): e is Extract<TableEvent, { type: T }> =>
    e.type === type;

type Guest = Awaited<ReturnType<Ledger['createGuest']>>;

/** Windows that never run out, and cards the table turns at once: commands drive each round. */
const roomSettings: TableSettings = quietTable({ cardTurning: false, revealMs: 0 });

/** A private room as the rooms lifecycle will define it: a host, not listed. */
const room = (id: string, host: Guest): TableDefinition & { hostPlayerId: string } => ({
  id,
  name: `Room ${id}`,
  isPublic: false,
  settings: roomSettings,
  hostPlayerId: host.player.id,
});

/** What `player` got back in a round's settlement, from the events everyone saw. */
function returnedTo(events: readonly TableEvent[], round: number, playerId: string): number {
  const paid = events.find(
    (e): e is Extract<TableEvent, { type: 'settlement.paid' }> =>
      e.type === 'settlement.paid' && e.round === round,
  );
  if (!paid) throw new Error(`round ${round} was not paid`);
  return paid.winners.filter((w) => w.playerId === playerId).reduce((s, w) => s + w.returned, 0);
}

/** Every host command, with a payload that passes its schema. */
const hostCommands = (tableId: string, playerId: string) =>
  [
    ['room.lock', { tableId, locked: true }],
    ['room.kick', { tableId, playerId }],
    ['room.settings', { tableId, settings: roomInput({ decks: 6 }) }],
    ['room.pause', { tableId, paused: true }],
    ['bets.close', { tableId }],
    ['room.host', { tableId, playerId }],
    ['room.close', { tableId }],
  ] as const;

describe('host controls over real sockets and Postgres', () => {
  let server: TestBanco;
  const guests: Record<'hana' | 'pia' | 'kim', Guest> = {} as never;
  let hana: TestClient;
  let pia: TestClient;
  let kim: TestClient;

  beforeAll(async () => {
    server = await startTestBanco(async (ledger) => {
      for (const name of ['hana', 'pia', 'kim'] as const) {
        guests[name] = await ledger.createGuest(name);
      }
      return [
        { id: 'main', name: 'Main table', isPublic: true, settings: roomSettings },
        room('room-a', guests.hana),
        room('room-b', guests.hana),
      ];
    });
    hana = await TestClient.connectAs(server.url, guests.hana);
    pia = await TestClient.connectAs(server.url, guests.pia);
    kim = await TestClient.connectAs(server.url, guests.kim);
    for (const c of [hana, pia, kim]) {
      expect(await c.send('table.join', { tableId: 'room-a' })).toMatchObject({ ok: true });
    }
    expect(await hana.send('seat.take', { tableId: 'room-a', seat: 1 })).toMatchObject({
      ok: true,
    });
    for (const [c, seat] of [
      [pia, 2],
      [kim, 3],
    ] as const) {
      expect(await c.send('seat.take', { tableId: 'room-a', seat })).toMatchObject({ ok: true });
    }
  });
  afterAll(async () => {
    for (const c of [hana, pia, kim]) c?.close();
    await server?.close();
  });

  it('P9.1: the snapshot names the host; a public table has no room', async () => {
    const joined = await pia.send('table.snapshot', { tableId: 'room-a' });
    if (!joined.ok) throw new Error(joined.code);
    expect(joined.snapshot.room).toEqual({
      hostPlayerId: guests.hana.player.id,
      hostName: 'hana',
      locked: false,
      paused: false,
      closing: false,
      nextSettings: null,
      watchersWrite: false,
      muted: [],
    });
    const main = await pia.send('table.join', { tableId: 'main' });
    expect(main.ok && main.snapshot.room).toBeNull();
  });

  it('T1.2 T11.11: nobody acts for another seat', async () => {
    const snapshot = await pia.send('table.snapshot', { tableId: 'room-a' });
    if (!snapshot.ok || snapshot.snapshot.phase.kind !== 'betting') throw new Error('not betting');
    const round = snapshot.snapshot.phase.round;
    const onSeat1 = { tableId: 'room-a', round, seat: 1 };
    expect(
      await pia.send('bets.confirm', {
        ...onSeat1,
        confirmId: 'pia-for-hana',
        bets: [{ spot: 'player', amount: 1_000 }],
      }),
    ).toMatchObject({ ok: false, code: 'NOT_YOUR_SEAT' });
    expect(await pia.send('bets.none', onSeat1)).toMatchObject({
      ok: false,
      code: 'NOT_YOUR_SEAT',
    });
    expect(await pia.send('seat.leave', { tableId: 'room-a', seat: 1 })).toMatchObject({
      ok: false,
      code: 'NOT_YOUR_SEAT',
    });
    expect(
      await pia.send('room.kick', { tableId: 'room-a', playerId: guests.hana.player.id }),
    ).toMatchObject({ ok: false, code: 'NOT_HOST' });
  });

  it('T11.11 P9.1: every host action by anyone but the host is refused with NOT_HOST', async () => {
    const before = await hana.send('table.snapshot', { tableId: 'room-a' });
    for (const [name, payload] of hostCommands('room-a', guests.kim.player.id)) {
      expect(await pia.send(name, payload)).toMatchObject({ ok: false, code: 'NOT_HOST' });
    }
    // A public table has no host at all: the room's own host is nobody there.
    await hana.send('table.join', { tableId: 'main' });
    for (const [name, payload] of hostCommands('main', guests.pia.player.id)) {
      expect(await hana.send(name, payload)).toMatchObject({ ok: false, code: 'NOT_HOST' });
    }
    const after = await hana.send('table.snapshot', { tableId: 'room-a' });
    if (!before.ok || !after.ok) throw new Error('no snapshot');
    expect(after.snapshot.version).toBe(before.snapshot.version);
  });

  it('T11.3 P9.3: new settings are checked like a new room and refused by field', async () => {
    const before = await hana.send('table.snapshot', { tableId: 'room-a' });
    const badTie = roomInput({
      limits: { min: 500, max: 20_000, tie: { max: 100 }, side: { max: 2_000 } },
    });
    expect(await hana.send('room.settings', { tableId: 'room-a', settings: badTie })).toEqual({
      ok: false,
      code: 'INVALID_SETTING',
      field: 'limits.tie.max',
      message: expect.stringContaining('limits.tie.max'),
    });
    // A cut the shoe cannot hold: refused before it could reach the next shuffle.
    const badCut = roomInput({ decks: 1, cut: 40 });
    expect(await hana.send('room.settings', { tableId: 'room-a', settings: badCut })).toMatchObject(
      {
        ok: false,
        code: 'INVALID_SETTING',
        field: 'cut',
      },
    );
    const after = await hana.send('table.snapshot', { tableId: 'room-a' });
    if (!before.ok || !after.ok) throw new Error('no snapshot');
    expect(after.snapshot.version).toBe(before.snapshot.version);
    expect(after.snapshot.room?.nextSettings ?? null).toEqual(
      before.snapshot.room?.nextSettings ?? null,
    );
  });

  it('T11.2 P9.2: a kicked player is out, cannot rejoin, and their open bet settles', async () => {
    const snapshot = await kim.send('table.snapshot', { tableId: 'room-a' });
    if (!snapshot.ok || snapshot.snapshot.phase.kind !== 'betting') throw new Error('not betting');
    const round = snapshot.snapshot.phase.round;
    const confirmed = await kim.send('bets.confirm', {
      tableId: 'room-a',
      round,
      seat: 3,
      confirmId: 'kim-1',
      bets: [{ spot: 'banker', amount: 1_000 }],
    });
    expect(confirmed).toMatchObject({ ok: true, balance: 99_000 });
    const kicked = kim.next(is('player.kicked'));
    const ack = await hana.send('room.kick', { tableId: 'room-a', playerId: guests.kim.player.id });
    if (!ack.ok) throw new Error(ack.code);
    expect(await kicked).toMatchObject({ playerId: guests.kim.player.id, seat: 3 });
    // The round goes on without Kim's seat; her stake stays on the layout.
    for (const [c, seat] of [
      [hana, 1],
      [pia, 2],
    ] as const) {
      expect(await c.send('bets.none', { tableId: 'room-a', round, seat })).toMatchObject({
        ok: true,
      });
    }
    const result = pia.next((e) => e.type === 'round.result' && e.round === round);
    expect(await hana.send('shoe.deal', { tableId: 'room-a', round })).toMatchObject({ ok: true });
    await result;
    // Kim heard nothing after her removal (the kick and her seat freed); the others went on.
    // Pia watches the main table too (an earlier test): only the room's events count here.
    const inRoom = (c: TestClient) => c.events.filter((e) => e.tableId === 'room-a');
    expect(inRoom(kim).at(-1)).toMatchObject({ type: 'seat.left', version: ack.version });
    expect(inRoom(pia).at(-1)!.version).toBeGreaterThan(ack.version);
    const back = returnedTo(inRoom(pia), round, guests.kim.player.id);
    expect(await server.banco.ledger.balanceOf(guests.kim.player.id)).toBe(99_000 + back);
    const seatsLeft = inRoom(pia)
      .filter(is('seat.left'))
      .map((e) => [e.seat, e.reason]);
    expect(seatsLeft).toContainEqual([3, 'kicked']);
    // She may not come back while the room is open.
    expect(await kim.send('table.join', { tableId: 'room-a' })).toMatchObject({
      ok: false,
      code: 'KICKED',
    });
    expect(await kim.send('table.resync', { tableId: 'room-a', since: 0 })).toMatchObject({
      ok: false,
      code: 'KICKED',
    });
    expect(await kim.send('seat.take', { tableId: 'room-a', seat: 3 })).toMatchObject({
      ok: false,
      code: 'KICKED',
    });
  });

  it('T11.7 P9.6: closing settles the round, publishes the seed, and the room is gone', async () => {
    for (const c of [hana, pia]) await c.send('table.join', { tableId: 'room-b' });
    await hana.send('seat.take', { tableId: 'room-b', seat: 1 });
    const seated = await pia.send('seat.take', { tableId: 'room-b', seat: 2 });
    expect(seated).toMatchObject({ ok: true });
    const view = await pia.send('table.snapshot', { tableId: 'room-b' });
    if (!view.ok || view.snapshot.phase.kind !== 'betting' || !view.snapshot.shoe) {
      throw new Error('room-b is not betting');
    }
    const round = view.snapshot.phase.round;
    const { shoeId, commitment } = view.snapshot.shoe;
    const before = await server.banco.ledger.balanceOf(guests.pia.player.id);
    expect(
      await pia.send('bets.confirm', {
        tableId: 'room-b',
        round,
        seat: 2,
        confirmId: 'pia-b-1',
        bets: [{ spot: 'player', amount: 2_000 }],
      }),
    ).toMatchObject({ ok: true });
    const closed = pia.next((e) => e.type === 'room.closed' && e.tableId === 'room-b');
    expect(await hana.send('room.close', { tableId: 'room-b' })).toMatchObject({ ok: true });
    // Closing: nobody new sits, and the holder still deals the last round.
    expect(await hana.send('room.lock', { tableId: 'room-b', locked: true })).toMatchObject({
      ok: false,
      code: 'ROOM_CLOSED',
    });
    expect(await hana.send('shoe.deal', { tableId: 'room-b', round })).toMatchObject({ ok: true });
    expect(await closed).toMatchObject({ reason: 'host' });
    const events = pia.events.filter((e) => e.tableId === 'room-b');
    const ended = events.find(is('shoe.ended'))!;
    expect(ended).toMatchObject({ shoeId, commitment });
    expect(commitmentOf(ended.serverSeed)).toBe(commitment);
    const types = events.map((e) => e.type);
    expect(types.indexOf('settlement.paid')).toBeLessThan(types.indexOf('shoe.ended'));
    expect(types.indexOf('shoe.ended')).toBeLessThan(types.indexOf('room.closed'));
    const back = returnedTo(events, round, guests.pia.player.id);
    expect(await server.banco.ledger.balanceOf(guests.pia.player.id)).toBe(before - 2_000 + back);
    expect(await publishedSeed(server, 'room-b', shoeId)).toBe(ended.serverSeed);
    // A closed room answers a join exactly like a room that never existed.
    const stranger = await TestClient.connect(server.url, 'sam');
    expect(await stranger.send('table.join', { tableId: 'room-b' })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_TABLE',
    });
    stranger.close();
  });
});

describe('a room nobody is in closes itself (T11.8)', () => {
  let server: TestBanco;
  let host: Guest;

  beforeAll(async () => {
    server = await startTestBanco(
      async (ledger) => {
        host = await ledger.createGuest('ida');
        return [room('room-idle', host)];
      },
      // 3 s: long enough to join after the start, short enough to wait for.
      { ROOM_IDLE_MINUTES: '0.05' },
    );
  });
  afterAll(async () => server?.close());

  it('T11.8 P9.6: once the last connection is gone the room closes and reveals its seed', async () => {
    const ida = await TestClient.connectAs(server.url, host);
    expect(await ida.send('table.join', { tableId: 'room-idle' })).toMatchObject({ ok: true });
    expect(await ida.send('seat.take', { tableId: 'room-idle', seat: 1 })).toMatchObject({
      ok: true,
    });
    const shuffled = ida.events.find(is('shoe.shuffled'))!;
    const { shoeId, commitment } = shuffled.shoe;
    expect(await publishedSeed(server, 'room-idle', shoeId)).toBeNull();
    ida.close();
    // Waiting on the room's own timer: the seed appears once it has closed.
    let serverSeed: string | null = null;
    for (let i = 0; i < 100 && serverSeed === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      serverSeed = await publishedSeed(server, 'room-idle', shoeId);
    }
    expect(serverSeed).not.toBeNull();
    expect(commitmentOf(serverSeed!)).toBe(commitment);
    const back = await TestClient.connectAs(server.url, host);
    expect(await back.send('table.join', { tableId: 'room-idle' })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_TABLE',
    });
    back.close();
  });
});
