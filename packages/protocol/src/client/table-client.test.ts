import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableEvent } from '../events.js';
import type { TableSnapshot } from '../snapshot.js';
import { FakeTransport } from '../testing/fake-transport.js';
import { backoffDelay } from './backoff.js';
import { ProtocolSocket } from './protocol-socket.js';
import { TableClient, type TableSink } from './table-client.js';

const roads = {
  beadPlate: { rows: 6, width: 0, beads: [] },
  bigRoad: { rows: 6, columns: [], pendingTies: 0, width: 0 },
  bigEyeBoy: { name: 'bigEyeBoy', lookback: 1, rows: 6, columns: [], width: 0 },
  smallRoad: { name: 'smallRoad', lookback: 2, rows: 6, columns: [], width: 0 },
  cockroachPig: { name: 'cockroachPig', lookback: 3, rows: 6, columns: [], width: 0 },
  ask: {
    banker: { bigEyeBoy: null, smallRoad: null, cockroachPig: null },
    player: { bigEyeBoy: null, smallRoad: null, cockroachPig: null },
  },
};

function snapshot(version: number): TableSnapshot {
  return {
    tableId: 'main',
    name: 'Main table',
    version,
    serverTime: 1_000_000,
    settings: {
      seats: 14,
      decks: 8,
      cut: 16,
      lastHand: 'plus-one',
      rules: { commission: 'standard', tiePays: 8, sideBets: [] },
      limits: { player: { min: 1_000, max: 50_000 } },
      seedMs: 0,
      bettingMs: 15_000,
      lastBetsMs: 5_000,
      dealMs: 5_000,
      revealMs: 5_000,
      resultMs: 4_000,
      untimedBetting: false,
      cardTurning: true,
      seatHoldMs: 60_000,
    },
    seats: [],
    spectators: 0,
    shoe: null,
    holder: null,
    houseDeals: false,
    offer: null,
    phase: { kind: 'waiting' },
    round: null,
    roads,
    odds: null,
    you: { playerId: 'ann', seat: null },
    room: null,
    lastRound: null,
    chat: [],
  } as TableSnapshot;
}

/** A small event with any version (a seat's player dropping out and coming back). */
const event = (version: number, tableId = 'main'): TableEvent => ({
  tableId,
  version,
  at: 1_000_000 + version,
  type: 'seat.back',
  seat: 3,
  playerId: 'ann',
});
const you = { playerId: 'ann', seat: null, balance: 100_000, bets: [], away: false };
const resyncAnswer = (
  version: number,
  rest: { events?: TableEvent[]; snapshot?: TableSnapshot },
) => ({
  ok: true,
  version,
  events: rest.events ?? null,
  snapshot: rest.snapshot ?? null,
  you,
});

function recorder() {
  const seen: string[] = [];
  const sink: TableSink = {
    snapshot: (s) => seen.push(`snapshot ${s.version}`),
    event: (e) => seen.push(`event ${e.version}`),
    status: (s, refusal) => seen.push(`status ${s}${refusal ? ` ${refusal.code}` : ''}`),
  };
  return { seen, sink };
}

/** A client joined at `version`: what the sink saw, the server's end and the client. */
async function joined(version = 10) {
  const transport = new FakeTransport();
  const socket = new ProtocolSocket(transport, { random: () => 0.5 }).open();
  const { seen, sink } = recorder();
  const client = new TableClient({ socket, tableId: 'main', sink });
  transport.accept();
  transport.take('table.join').answer({ ok: true, snapshot: snapshot(version) });
  await vi.advanceTimersByTimeAsync(0);
  expect(seen).toEqual(['status live', `snapshot ${version}`]);
  seen.length = 0;
  return { transport, socket, client, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the table client (P1.2, P2.13)', () => {
  it('joins on connecting and hands on the snapshot, then each next event', async () => {
    const { transport, seen, client } = await joined(10);
    expect(client.versions.version).toBe(10);
    transport.emit('table.event', event(11));
    transport.emit('table.event', event(11));
    transport.emit('table.event', event(9));
    transport.emit('table.event', event(12, 'other'));
    expect(seen).toEqual(['event 11']);
  });

  it('takes the first snapshot whatever its version: a table nobody has played at is at 0', async () => {
    const { transport, seen, client } = await joined(0);
    expect(client.versions.version).toBe(0);
    transport.emit('table.event', event(1));
    expect(seen).toEqual(['event 1']);
  });

  it('gap: holds the event past it, resyncs since the version held, and applies in order', async () => {
    const { transport, seen } = await joined(10);
    transport.emit('table.event', event(13));
    const resync = transport.take('table.resync');
    expect(resync.payload).toEqual({ tableId: 'main', since: 10 });
    // A live event arriving while the answer is awaited waits for it too.
    transport.emit('table.event', event(14));
    resync.answer(resyncAnswer(13, { events: [event(11), event(12), event(13)] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['event 11', 'event 12', 'event 13', 'event 14']);
  });

  it('stale snapshot: a resync snapshot older than what is held is dropped when nothing is missing', async () => {
    const { transport, seen, client } = await joined(10);
    transport.emit('table.event', event(11));
    transport.emit('table.event', event(12));
    void client.resync();
    transport.take('table.resync').answer(resyncAnswer(11, { snapshot: snapshot(11) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['event 11', 'event 12']);
    expect(client.versions.version).toBe(12);
  });

  it('after a gap an older snapshot is taken and the buffered events above it re-applied', async () => {
    const { transport, seen } = await joined(10);
    transport.emit('table.event', event(14));
    transport.emit('table.event', event(15));
    transport.take('table.resync').answer(resyncAnswer(14, { snapshot: snapshot(14) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['snapshot 14', 'event 15']);
  });

  it('a resync that still leaves a gap asks again', async () => {
    const { transport, seen } = await joined(10);
    transport.emit('table.event', event(14));
    // The server's replay stops at 12: 13 is still missing.
    transport.take('table.resync').answer(resyncAnswer(12, { events: [event(11), event(12)] }));
    await vi.advanceTimersByTimeAsync(300);
    const again = transport.take('table.resync');
    expect(again.payload).toEqual({ tableId: 'main', since: 12 });
    again.answer(resyncAnswer(14, { events: [event(13), event(14)] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['event 11', 'event 12', 'event 13', 'event 14']);
  });

  it('missing event: an ack whose version never arrives leads to a resync', async () => {
    const { transport, seen, client } = await joined(10);
    const sending = client.send('seat.take', { tableId: 'main', seat: 3 });
    transport.take('seat.take').answer({ ok: true, version: 11, seat: 3, balance: 100_000 });
    await expect(sending).resolves.toMatchObject({ ok: true, version: 11 });
    await vi.advanceTimersByTimeAsync(1_499);
    expect(transport.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const resync = transport.take('table.resync');
    expect(resync.payload).toEqual({ tableId: 'main', since: 10 });
    resync.answer(resyncAnswer(11, { events: [event(11)] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['event 11']);
  });

  it('an ack whose event came in time needs no resync', async () => {
    const { transport, client } = await joined(10);
    const sending = client.send('seat.take', { tableId: 'main', seat: 3 });
    transport.emit('table.event', event(11));
    transport.take('seat.take').answer({ ok: true, version: 11, seat: 3, balance: 100_000 });
    await sending;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(transport.sent).toEqual([]);
  });

  it('an unreadable event is dropped, and the next one shows the gap it left', async () => {
    const { transport, seen } = await joined(10);
    transport.emit('table.event', { ...event(11), seat: 'three' });
    expect(seen).toEqual([]);
    transport.emit('table.event', event(12));
    expect(transport.take('table.resync').payload).toEqual({ tableId: 'main', since: 10 });
  });

  it('reconnect: a dropped socket comes back by itself and asks only for what it missed', async () => {
    const { transport, seen } = await joined(10);
    transport.emit('table.event', event(11));
    transport.drop('transport close');
    expect(seen).toContain('status reconnecting');
    const before = transport.connects;
    // Attempt 0 waits between 150 and 300 ms (random 0.5 → 225 ms).
    await vi.advanceTimersByTimeAsync(224);
    expect(transport.connects).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(transport.connects).toBe(before + 1);
    transport.accept();
    expect(transport.sent.map((c) => c.name)).toEqual(['table.resync']);
    const resync = transport.take('table.resync');
    expect(resync.payload).toEqual({ tableId: 'main', since: 11 });
    resync.answer(resyncAnswer(12, { events: [event(12)] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['event 11', 'status reconnecting', 'status live', 'event 12']);
  });

  it('server stop: after `io server disconnect` it reconnects too, backing off while the server is down', async () => {
    const { transport, socket } = await joined(10);
    transport.emit('table.event', {
      ...event(11),
      type: 'table.closing',
      reason: 'shutdown',
      message: 'bye',
    });
    transport.drop('io server disconnect');
    expect(socket.status).toBe('reconnecting');
    const waits: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = transport.connects;
      const wait = backoffDelay(attempt, undefined, () => 0.5);
      waits.push(wait);
      await vi.advanceTimersByTimeAsync(wait);
      expect(transport.connects).toBe(before + 1);
      // The server is still down: the attempt fails without a refusal.
      transport.refuse();
    }
    expect(waits).toEqual([225, 450, 900, 1800]);
    await vi.advanceTimersByTimeAsync(backoffDelay(4, undefined, () => 0.5));
    transport.accept();
    expect(transport.take('table.resync').payload).toEqual({ tableId: 'main', since: 11 });
  });

  it('a refusal for good stops it: no reconnecting with a token the server rejects', async () => {
    const { transport, seen } = await joined(10);
    transport.drop();
    await vi.advanceTimersByTimeAsync(300);
    transport.refuse({ code: 'UNAUTHORIZED', message: 'unknown token', serverProtocolVersion: 1 });
    const connects = transport.connects;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(transport.connects).toBe(connects);
    expect(seen).toContain('status refused UNAUTHORIZED');
  });

  it('a refused join that is final is reported; a restarted server without the socket joins again', async () => {
    const transport = new FakeTransport();
    const socket = new ProtocolSocket(transport).open();
    const { seen, sink } = recorder();
    new TableClient({ socket, tableId: 'main', sink });
    transport.accept();
    transport.take('table.join').answer({ ok: false, code: 'KICKED', message: 'no' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toContain('status refused KICKED');
    expect(transport.sent).toEqual([]);
  });
});

describe('backoff with jitter', () => {
  it('doubles up to the cap, and stays between half and all of each step', () => {
    expect(
      [0, 1, 2, 10].map((n) => backoffDelay(n, { minMs: 100, maxMs: 1_000 }, () => 0)),
    ).toEqual([50, 100, 200, 500]);
    expect(
      [0, 1, 2, 10].map((n) => backoffDelay(n, { minMs: 100, maxMs: 1_000 }, () => 1)),
    ).toEqual([100, 200, 400, 1_000]);
  });
});

describe('the table client at a Chemin de Fer table (C2, C5.3)', () => {
  it('C2.1 C2.2 C2.3 C2.4 C2.5 C2.6 sends each Chemin de Fer command with the table id and its ack back', async () => {
    const { transport, client } = await joined(10);
    const calls: [Promise<{ ok: boolean }>, string, unknown][] = [
      [
        client.postBank(3, 10_000),
        'chemin.bank.post',
        { tableId: 'main', coup: 3, amount: 10_000 },
      ],
      [
        client.cover(3, { kind: 'avec-la-table' }),
        'chemin.cover',
        { tableId: 'main', coup: 3, call: { kind: 'avec-la-table' } },
      ],
      [
        client.choosePunto(3, 'stand'),
        'chemin.punto.choose',
        { tableId: 'main', coup: 3, option: 'stand' },
      ],
      [
        client.chooseBanker(3, 'draw'),
        'chemin.banker.choose',
        { tableId: 'main', coup: 3, option: 'draw' },
      ],
      [client.passBank(), 'chemin.bank.pass', { tableId: 'main' }],
      [client.declineBank(), 'chemin.bank.decline', { tableId: 'main' }],
    ];
    for (const [promise, name, payload] of calls) {
      const sent = transport.take(name);
      expect(sent.payload).toEqual(payload);
      sent.answer({ ok: false, code: 'NOT_YOUR_BANK', message: 'not yours' });
      await vi.advanceTimersByTimeAsync(0);
      expect(await promise).toMatchObject({ ok: false, code: 'NOT_YOUR_BANK' });
    }
  });

  it('C5.3 hands a seat’s own chemin.cards to the sink, and a turner’s peek to peek', async () => {
    const transport = new FakeTransport();
    const socket = new ProtocolSocket(transport, { random: () => 0.5 }).open();
    const got: string[] = [];
    const client = new TableClient({
      socket,
      tableId: 'main',
      sink: {
        snapshot: () => {},
        event: () => {},
        peek: (p) => got.push(`peek ${p.hand}`),
        cheminCards: (c) => got.push(`cards ${c.hand} ${c.cards.join(',')}`),
      },
    });
    transport.accept();
    transport.take('table.join').answer({ ok: true, snapshot: snapshot(1) });
    await vi.advanceTimersByTimeAsync(0);
    const cards = { tableId: 'main', type: 'chemin.cards', coup: 1, hand: 'punto', odds: null };
    transport.emit('table.private', { ...cards, cards: ['2H', '3D'] });
    transport.emit('table.private', { ...cards, tableId: 'other', cards: ['4H', '5D'] });
    expect(got).toEqual(['cards punto 2H,3D']);
    client.close();
  });
});

describe('the table client at a Baccara Banque table (B2, B5.3)', () => {
  it('B2.1 B2.2 B2.3 B2.4 B2.5 B2.6 B2.7 B2.8 B2.9 sends each Baccara Banque command with the table id', async () => {
    const { transport, client } = await joined(10);
    const calls: [Promise<{ ok: boolean }>, string, unknown][] = [
      [client.banqueBid(5_000), 'banque.bid', { tableId: 'main', amount: 5_000 }],
      [client.banquePost(4_000), 'banque.bank.post', { tableId: 'main', amount: 4_000 }],
      [client.banqueDecline(), 'banque.bank.decline', { tableId: 'main' }],
      [
        client.banqueStake(2, { kind: 'stake', on: 'cheval', amount: 300 }),
        'banque.stake',
        { tableId: 'main', coup: 2, call: { kind: 'stake', on: 'cheval', amount: 300 } },
      ],
      [
        client.banqueChoosePunto(2, 'left', 'stand'),
        'banque.punto.choose',
        { tableId: 'main', coup: 2, tableau: 'left', option: 'stand' },
      ],
      [
        client.banqueChooseBanker(2, 'draw'),
        'banque.banker.choose',
        { tableId: 'main', coup: 2, option: 'draw' },
      ],
      [client.banqueRetire(), 'banque.bank.retire', { tableId: 'main' }],
      [client.banqueTakeOver(3_000), 'banque.bank.take-over', { tableId: 'main', amount: 3_000 }],
      [client.banqueTopUp(2_000), 'banque.bank.top-up', { tableId: 'main', to: 2_000 }],
    ];
    for (const [promise, name, payload] of calls) {
      const sent = transport.take(name);
      expect(sent.payload).toEqual(payload);
      sent.answer({ ok: false, code: 'NOT_YOUR_BANK', message: 'not yours' });
      await vi.advanceTimersByTimeAsync(0);
      expect(await promise).toMatchObject({ ok: false, code: 'NOT_YOUR_BANK' });
    }
  });

  it('B5.3 hands a hand’s own banque.cards to the sink, not to the Chemin de Fer one', async () => {
    const transport = new FakeTransport();
    const socket = new ProtocolSocket(transport, { random: () => 0.5 }).open();
    const got: string[] = [];
    const client = new TableClient({
      socket,
      tableId: 'main',
      sink: {
        snapshot: () => {},
        event: () => {},
        cheminCards: (c) => got.push(`chemin ${c.hand}`),
        banqueCards: (c) => got.push(`banque ${c.hand} ${c.cards.join(',')}`),
      },
    });
    transport.accept();
    transport.take('table.join').answer({ ok: true, snapshot: snapshot(1) });
    await vi.advanceTimersByTimeAsync(0);
    const cards = {
      tableId: 'main',
      type: 'banque.cards',
      coup: 1,
      hand: 'left',
      choosing: false,
      window: null,
    };
    transport.emit('table.private', { ...cards, cards: ['2H', '3D'] });
    expect(got).toEqual(['banque left 2H,3D']);
    client.close();
  });
});
