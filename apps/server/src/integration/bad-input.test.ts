import type { ErrorCode } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { quietTable } from '../testing/quiet-table.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

const TABLE = 'strict';
const HIGH = 'high';

describe('bad input is refused with its code and changes nothing', () => {
  let server: TestBanco;
  let ann: TestClient;
  let bob: TestClient;
  let eve: TestClient;
  let round: number;

  beforeAll(async () => {
    server = await startTestBanco(
      [
        { id: TABLE, name: 'Strict', isPublic: true, settings: quietTable() },
        {
          id: HIGH,
          name: 'High limits',
          isPublic: true,
          settings: quietTable({ limits: { player: { min: 1_000, max: 500_000 } } }),
        },
      ],
      { SOCKET_RATE_PER_SECOND: '5', SOCKET_RATE_BURST: '40' },
    );
    ann = await TestClient.connect(server.url, 'ann');
    bob = await TestClient.connect(server.url, 'bob');
    eve = await TestClient.connect(server.url, 'eve');
    for (const client of [ann, bob, eve]) await client.send('table.join', { tableId: TABLE });
    const opened = ann.next((e) => e.type === 'betting.opened');
    await ann.send('seat.take', { tableId: TABLE, seat: 1 });
    await bob.send('seat.take', { tableId: TABLE, seat: 2 });
    const event = await opened;
    round = event.type === 'betting.opened' ? event.round : 0;
  });

  afterAll(async () => {
    for (const client of [ann, bob, eve]) client?.close();
    await server?.close();
  });

  /** What a refusal must leave exactly as it was: the table's view and every chip. */
  async function world() {
    const snapshot = await server.banco.tables.get(TABLE)!.snapshot(ann.playerId);
    const balances = await Promise.all(
      [ann, bob, eve].map((c) => server.banco.ledger.balanceOf(c.playerId)),
    );
    const ledger = await checkLedger(server.banco.prisma);
    return { snapshot: { ...snapshot, serverTime: 0, odds: null }, balances, ledger };
  }

  async function expectRefused(
    client: TestClient,
    name: Parameters<TestClient['send']>[0],
    payload: unknown,
    code: ErrorCode,
  ): Promise<void> {
    const before = await world();
    const ack = await client.send(name, payload);
    expect(ack).toMatchObject({ ok: false, code });
    expect(await world()).toEqual(before);
    expect(before.ledger.problems).toEqual([]);
  }

  const confirm = (extra: Record<string, unknown> = {}) => ({
    tableId: TABLE,
    round,
    seat: 1,
    confirmId: 'confirm-ann-0001',
    bets: [{ spot: 'player', amount: 1_000 }],
    ...extra,
  });

  it('T2.4 WRONG_PHASE: dealing while bets are open', async () => {
    await expectRefused(ann, 'shoe.deal', { tableId: TABLE, round }, 'WRONG_PHASE');
  });

  it('UNKNOWN_TABLE: a table that does not exist', async () => {
    await expectRefused(ann, 'table.join', { tableId: 'no-such-table' }, 'UNKNOWN_TABLE');
  });

  it('T1.2 NOT_SEATED: a watcher cannot bet', async () => {
    await expectRefused(eve, 'bets.confirm', confirm({ seat: 3 }), 'NOT_SEATED');
  });

  it("NOT_YOUR_SEAT: betting from someone else's seat", async () => {
    await expectRefused(eve, 'seat.leave', { tableId: TABLE, seat: 1 }, 'NOT_SEATED');
    await expectRefused(ann, 'bets.confirm', confirm({ seat: 2 }), 'NOT_YOUR_SEAT');
    await expectRefused(ann, 'seat.leave', { tableId: TABLE, seat: 2 }, 'NOT_YOUR_SEAT');
  });

  it('T3.3 OVER_MAX and UNDER_MIN', async () => {
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ bets: [{ spot: 'player', amount: 50_100 }] }),
      'OVER_MAX',
    );
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ bets: [{ spot: 'tie', amount: 10_100 }] }),
      'OVER_MAX',
    );
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ bets: [{ spot: 'banker', amount: 900 }] }),
      'UNDER_MIN',
    );
  });

  it('T3.4 FRACTIONAL_CHIPS: a stake that is not whole chips', async () => {
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ bets: [{ spot: 'player', amount: 1_050 }] }),
      'FRACTIONAL_CHIPS',
    );
  });

  it('T3.5 INSUFFICIENT_BALANCE: more than the wallet holds', async () => {
    await ann.send('table.join', { tableId: HIGH });
    const opened = ann.next((e) => e.type === 'betting.opened' && e.tableId === HIGH);
    await ann.send('seat.take', { tableId: HIGH, seat: 1 });
    const event = await opened;
    const highRound = event.type === 'betting.opened' ? event.round : 0;
    const before = await server.banco.ledger.balanceOf(ann.playerId);
    const ack = await ann.send('bets.confirm', {
      tableId: HIGH,
      round: highRound,
      seat: 1,
      confirmId: 'confirm-ann-high',
      bets: [{ spot: 'player', amount: 150_000 }],
    });
    expect(ack).toMatchObject({ ok: false, code: 'INSUFFICIENT_BALANCE' });
    expect(await server.banco.ledger.balanceOf(ann.playerId)).toBe(before);
    expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
  });

  it('INVALID_PAYLOAD: malformed payloads', async () => {
    await expectRefused(ann, 'bets.confirm', confirm({ bets: 'all of it' }), 'INVALID_PAYLOAD');
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ bets: [{ spot: 'player', amount: 10.5 }] }),
      'INVALID_PAYLOAD',
    );
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ bets: [{ spot: 'moon', amount: 1_000 }] }),
      'INVALID_PAYLOAD',
    );
    await expectRefused(ann, 'bets.confirm', confirm({ extra: true }), 'INVALID_PAYLOAD');
    await expectRefused(ann, 'seat.take', { tableId: TABLE, seat: '1' }, 'INVALID_PAYLOAD');
  });

  it('PAYLOAD_TOO_LARGE: an oversized payload', async () => {
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ note: 'x'.repeat(20_000) }),
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('T3.7 DUPLICATE_CONFIRM_ID and ALREADY_CONFIRMED after a confirm; a replay moves nothing', async () => {
    const placed = await ann.send('bets.confirm', confirm());
    expect(placed).toMatchObject({ ok: true, balance: 99_000, replayed: false });
    const before = await world();
    expect(await ann.send('bets.confirm', confirm())).toMatchObject({
      ok: true,
      balance: 99_000,
      replayed: true,
    });
    expect(await world()).toEqual(before);
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ bets: [{ spot: 'banker', amount: 1_000 }] }),
      'DUPLICATE_CONFIRM_ID',
    );
    await expectRefused(
      ann,
      'bets.confirm',
      confirm({ confirmId: 'confirm-ann-0002' }),
      'ALREADY_CONFIRMED',
    );
  });

  it('RATE_LIMITED: a flood of commands is cut off without touching the table', async () => {
    const before = await world();
    const acks = await Promise.all(
      Array.from({ length: 120 }, () => eve.send('bets.confirm', confirm({ seat: 3 }))),
    );
    const codes = acks.map((ack) => (ack.ok ? 'ok' : ack.code));
    expect(codes).toContain('RATE_LIMITED');
    expect(new Set(codes)).toEqual(new Set(['NOT_SEATED', 'RATE_LIMITED']));
    expect(await world()).toEqual(before);
  });
});
