import { createHash } from 'node:crypto';
import {
  PROTOCOL_VERSION,
  connectRefusalSchema,
  tableSnapshotSchema,
  tableSummarySchema,
  type TableEvent,
} from '@banco/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietTable } from '../testing/quiet-table.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const quiet = quietTable();

const is =
  <T extends TableEvent['type']>(type: T) =>
  (e: TableEvent): e is Extract<TableEvent, { type: T }> =>
    e.type === type;

describe('docs/protocol.md, followed step by step by a client', () => {
  let server: TestBanco;

  beforeAll(async () => {
    server = await startTestBanco([
      { id: 'pass', name: 'Passing', isPublic: true, settings: quiet },
      { id: 'deal', name: 'Dealing', isPublic: true, settings: quiet },
      { id: 'seed', name: 'Seeding', isPublic: true, settings: quietTable({ seedMs: 1_000 }) },
    ]);
  });
  afterAll(async () => server?.close());

  it('P0.1 P0.2: a guest gets a token and 1,000 chips; the tables are listed', async () => {
    const guest = await fetch(`${server.url}/api/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ann' }),
    });
    expect(guest.status).toBe(201);
    expect(await guest.json()).toMatchObject({ player: { name: 'Ann' }, balance: 100_000 });
    const tables = (await (await fetch(`${server.url}/api/tables`)).json()) as unknown[];
    expect(tables.map((t) => tableSummarySchema.parse(t).id).sort()).toEqual([
      'deal',
      'pass',
      'seed',
    ]);
  });

  it('P0.2: the list counts who watches each table without a seat', async () => {
    const watcher = await TestClient.connect(server.url, 'wes');
    const joined = await watcher.send('table.join', { tableId: 'seed' });
    expect(joined.ok).toBe(true);
    const tables = (await (await fetch(`${server.url}/api/tables`)).json()) as unknown[];
    const byId = new Map(tables.map((t) => tableSummarySchema.parse(t)).map((t) => [t.id, t]));
    expect(byId.get('seed')).toMatchObject({ seated: 0, spectators: 1 });
    expect(byId.get('deal')).toMatchObject({ spectators: 0 });
    watcher.close();
  });

  it('P0.3: a different protocol version is refused with a typed reason', async () => {
    const socket = io(server.url, {
      transports: ['websocket'],
      auth: { token: 'x'.repeat(32), protocolVersion: PROTOCOL_VERSION + 1 },
      reconnection: false,
    });
    const error = await new Promise<Error & { data?: unknown }>((resolve) =>
      socket.once('connect_error', resolve),
    );
    socket.close();
    expect(connectRefusalSchema.parse(error.data)).toMatchObject({
      code: 'PROTOCOL_MISMATCH',
      serverProtocolVersion: PROTOCOL_VERSION,
    });
  });

  it('P1.1 P2.1 P2.4: joining answers with a snapshot; every command is acknowledged', async () => {
    const ann = await TestClient.connect(server.url, 'ann');
    expect(await ann.send('seat.take', { tableId: 'pass', seat: 1 })).toMatchObject({
      ok: false,
      code: 'NOT_AT_TABLE',
    });
    const joined = await ann.send('table.join', { tableId: 'pass' });
    if (!joined.ok) throw new Error(joined.code);
    expect(tableSnapshotSchema.parse(joined.snapshot)).toMatchObject({
      tableId: 'pass',
      you: { seat: null },
    });
    ann.close();
  });

  it('P2.8 P2.9 P2.5: the shoe is passed, accepted, passed again and refused by all', async () => {
    const ann = await TestClient.connect(server.url, 'ann');
    const bob = await TestClient.connect(server.url, 'bob');
    for (const c of [ann, bob]) await c.send('table.join', { tableId: 'pass' });
    const opened = ann.next(is('betting.opened'));
    await ann.send('seat.take', { tableId: 'pass', seat: 1 });
    await bob.send('seat.take', { tableId: 'pass', seat: 2 });
    await opened;
    expect(await bob.send('shoe.pass', { tableId: 'pass' })).toMatchObject({
      ok: false,
      code: 'NOT_SHOE_HOLDER',
    });
    const offered = bob.next(is('shoe.offered'));
    expect(await ann.send('shoe.pass', { tableId: 'pass' })).toMatchObject({ ok: true });
    expect(await offered).toMatchObject({ seat: 2, from: 1 });
    expect(await ann.send('shoe.accept', { tableId: 'pass' })).toMatchObject({
      ok: false,
      code: 'NOT_OFFERED',
    });
    const taken = ann.next(is('shoe.holder'));
    expect(await bob.send('shoe.accept', { tableId: 'pass' })).toMatchObject({ ok: true });
    expect(await taken).toMatchObject({ seat: 2, reason: 'accepted' });
    await bob.send('shoe.pass', { tableId: 'pass' });
    const house = bob.next(is('shoe.holder'));
    expect(await ann.send('shoe.refuse', { tableId: 'pass' })).toMatchObject({ ok: true });
    expect(await house).toMatchObject({ seat: null, houseDeals: true, reason: 'all-refused' });
    const snapshot = await ann.send('table.snapshot', { tableId: 'pass' });
    expect(snapshot).toMatchObject({ ok: true, snapshot: { holder: null, houseDeals: true } });
    expect(await bob.send('seat.leave', { tableId: 'pass', seat: 1 })).toMatchObject({
      ok: false,
      code: 'NOT_YOUR_SEAT',
    });
    expect(await bob.send('seat.leave', { tableId: 'pass', seat: 2 })).toMatchObject({ ok: true });
    for (const c of [ann, bob]) c.close();
  });

  it('P2.6 P2.7 P2.10 P2.11 P1.3 P1.4 P1.5: bet, deal, turn and reveal; faces only to the turner', async () => {
    const carl = await TestClient.connect(server.url, 'carl');
    const dora = await TestClient.connect(server.url, 'dora');
    const watcher = await TestClient.connect(server.url, 'watcher');
    for (const c of [carl, dora, watcher]) await c.send('table.join', { tableId: 'deal' });
    const opened = carl.next(is('betting.opened'));
    await carl.send('seat.take', { tableId: 'deal', seat: 5 });
    await dora.send('seat.take', { tableId: 'deal', seat: 7 });
    const { round } = await opened;
    const dealing = carl.next(is('dealing.started'));
    expect(
      await dora.send('bets.confirm', {
        tableId: 'deal',
        round,
        seat: 7,
        confirmId: 'dora-first-round',
        bets: [{ spot: 'player', amount: 2_000 }],
      }),
    ).toMatchObject({ ok: true, balance: 98_000, replayed: false });
    expect(await carl.send('bets.none', { tableId: 'deal', round, seat: 5 })).toMatchObject({
      ok: true,
    });
    expect(await dealing).toMatchObject({ dealer: 5 });
    expect(await dora.send('shoe.deal', { tableId: 'deal', round })).toMatchObject({
      ok: false,
      code: 'NOT_SHOE_HOLDER',
    });
    const turn = watcher.next(is('turn.started'));
    expect(await carl.send('shoe.deal', { tableId: 'deal', round })).toMatchObject({ ok: true });
    expect(await turn).toMatchObject({ hand: 'player', stage: 'initial', turner: 7 });
    // Dora alone holds the faces; the table shows two cards face down.
    const during = await watcher.send('table.snapshot', { tableId: 'deal' });
    if (!during.ok) throw new Error(during.code);
    expect(during.snapshot.round?.layout).toEqual({ player: [null, null], banker: [null, null] });
    expect(during.snapshot.phase).toMatchObject({ kind: 'turning', turner: 7 });
    // The peek goes to Dora's own socket, which need not be read before the watcher's reply.
    await expect.poll(() => dora.peeks.length).toBe(1);
    expect(carl.peeks).toEqual([]);
    expect(watcher.peeks).toEqual([]);
    const faces = dora.peeks[0]!.cards;
    // The burn card is shown to everyone (T7.2); with 8 decks it may share a code with a dealt card.
    const shown = { ...during.snapshot, shoe: { ...during.snapshot.shoe, burnShown: null } };
    expect(JSON.stringify(shown)).not.toMatch(new RegExp(faces.map((c) => `"${c}"`).join('|')));
    expect(await carl.send('cards.reveal', { tableId: 'deal', round })).toMatchObject({
      ok: false,
      code: 'NOT_TURNER',
    });
    const revealed = watcher.next(is('cards.revealed'));
    expect(await dora.send('cards.reveal', { tableId: 'deal', round })).toMatchObject({ ok: true });
    expect(await revealed).toMatchObject({ hand: 'player', by: 7, cards: faces });
    for (const c of [carl, dora, watcher]) c.close();
  });

  it('P1.2 P2.2 P2.3: versions rise by one; after leaving and rejoining, a snapshot resyncs', async () => {
    const eve = await TestClient.connect(server.url, 'eve');
    const fay = await TestClient.connect(server.url, 'fay');
    for (const c of [eve, fay]) await c.send('table.join', { tableId: 'pass' });
    const sat = eve.next(is('seat.taken'));
    await fay.send('seat.take', { tableId: 'pass', seat: 9 });
    await sat;
    expect(await eve.send('table.leave', { tableId: 'pass' })).toMatchObject({ ok: true });
    // Sitting at an idle table may have opened a round too: Eve saw up to here.
    const seen = eve.events.at(-1)!.version;
    const left = await fay.send('seat.leave', { tableId: 'pass', seat: 9 });
    if (!left.ok) throw new Error(left.code);
    expect(eve.events.at(-1)!.version).toBe(seen);
    // Eve missed an event: her next view must come from a snapshot, which is up to date.
    const rejoined = await eve.send('table.join', { tableId: 'pass' });
    if (!rejoined.ok) throw new Error(rejoined.code);
    // The ack carries the version its command reached; what the leave set off may follow it.
    expect(rejoined.snapshot.version).toBeGreaterThanOrEqual(left.version);
    // At least Fay's seat.left; more when her leaving also closed betting (T2.3).
    expect(rejoined.snapshot.version).toBeGreaterThan(seen);
    expect(rejoined.snapshot.seats.map((s) => s.seat)).not.toContain(9);
    for (const c of [eve, fay]) c.close();
  });

  it('P2.12 P5: a contribution sent after the commitment goes into the client seed', async () => {
    // Straight from the ledger: this file has used up the guest endpoint's per-minute limit.
    const guest = (name: string) => server.banco.ledger.createGuest(name);
    const gus = await TestClient.connectAs(server.url, await guest('gus'));
    const hal = await TestClient.connectAs(server.url, await guest('hal'));
    for (const c of [gus, hal]) await c.send('table.join', { tableId: 'seed' });
    const announced = hal.next(is('shoe.new'));
    await gus.send('seat.take', { tableId: 'seed', seat: 1 });
    const { commitment } = await announced;
    const shuffled = hal.next(is('shoe.shuffled'));
    expect(await hal.send('shoe.seed', { tableId: 'seed', seed: 'hal was here' })).toMatchObject({
      ok: true,
    });
    expect(await hal.send('shoe.seed', { tableId: 'seed', seed: 'again' })).toMatchObject({
      ok: false,
      code: 'ALREADY_CONTRIBUTED',
    });
    const { shoe, contributions } = await shuffled;
    expect(contributions).toEqual(['hal was here']);
    expect(shoe.clientSeed).toBe(
      createHash('sha256').update(`${commitment}\nhal was here`).digest('hex'),
    );
    expect(await hal.send('shoe.seed', { tableId: 'seed', seed: 'late' })).toMatchObject({
      ok: false,
      code: 'WRONG_PHASE',
    });
    for (const c of [gus, hal]) c.close();
  });
});
