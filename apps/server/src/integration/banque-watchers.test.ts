/**
 * Watchers covering a Baccara Banque bank over real sockets and Postgres (R22.6, T16.13, B2.4):
 * refused where the room does not allow it, before the seated have called, and for a banco; in a
 * room that allows it, a watcher's plain stakes are held in escrow against no seat (T16.4),
 * settled by the ledger, told to them alone by `banque.updated` balances, shown in the history
 * without a seat, and a watcher who leaves mid-coup is settled all the same.
 */
import type { BaccaraBanqueSettings, RoundRecord, TableEvent } from '@banco/protocol';
import type { CardCode } from '@banco/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDefinition } from '../cluster/registry.js';
import { NO_SEAT } from '../db/escrow.js';
import { checkLedger } from '../db/ledger-invariant.js';
import { auditBanqueFrames } from '../testing/banque-audit.js';
import { ownSettlement } from '../testing/banque-settlement.js';
import { quietTable } from '../testing/quiet-table.js';
import { startTestBanco, TestClient, type TestBanco } from '../testing/test-banco.js';

type Updated = Extract<TableEvent, { type: 'banque.updated' }>;
const updated =
  (what: Updated['what'], more: (e: Updated) => boolean = () => true) =>
  (e: TableEvent): e is Updated =>
    e.type === 'banque.updated' && e.what === what && more(e);

const SETTINGS: BaccaraBanqueSettings = {
  decks: 3,
  award: 'auction',
  bank: { min: 10_000, max: 100_000 },
  cagnotteBp: 125,
  choices: { mode: 'window', seconds: 20 },
  biddingSeconds: 30,
  watchersMayCover: true,
};
/** Right 4C 5D: a lone natural 9. Left 2H 3S: 5, its holder's choice; draws 7D. Banker KC 6H. */
const CARDS: CardCode[] = ['AS', 'QS', '4C', '2H', 'KC', '5D', '3S', '6H', '7D'];

const table = (id: string, watchersMayCover: boolean): TableDefinition => ({
  id,
  name: id,
  isPublic: true,
  settings: quietTable({
    seats: 12,
    decks: 3,
    cut: 10,
    lastHand: 'finish-current',
    baccaraBanque: { ...SETTINGS, watchersMayCover },
  }),
  scriptedShoe: [...CARDS, ...Array<CardCode>(40).fill('KH')],
});

describe('watchers covering a Baccara Banque bank over real sockets and Postgres', () => {
  let server: TestBanco;
  const clients: TestClient[] = [];
  const connect = async (name: string) => {
    const client = await TestClient.connect(server.url, name);
    clients.push(client);
    return client;
  };
  const balance = (c: TestClient) => server.banco.ledger.balanceOf(c.playerId);

  beforeAll(async () => {
    server = await startTestBanco([table('bw-yes', true), table('bw-no', false)]);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.close();
  });

  it('R22.6 T16.13 a room that does not allow it refuses a watcher’s stake NOT_SEATED', async () => {
    const wat = await connect('Wat');
    expect((await wat.send('table.join', { tableId: 'bw-no' })).ok).toBe(true);
    const before = await balance(wat);
    const call = { kind: 'stake', on: 'right', amount: 10_000 };
    expect(await wat.send('banque.stake', { tableId: 'bw-no', coup: 1, call })).toMatchObject({
      ok: false,
      code: 'NOT_SEATED',
    });
    expect(await balance(wat)).toBe(before);
  });

  it('R22.6 T16.4 T16.13 B2.4 watchers stake after the seated, are held against no seat and settled, one after leaving mid-coup', async () => {
    const id = 'bw-yes';
    const ann = await connect('Ann');
    const bob = await connect('Bob');
    const cat = await connect('Cat');
    const wat = await connect('Wat');
    const wes = await connect('Wes');
    for (const [c, n] of [
      [ann, 1],
      [bob, 2],
      [cat, 7],
    ] as const) {
      expect((await c.send('table.join', { tableId: id })).ok).toBe(true);
      expect((await c.send('seat.take', { tableId: id, seat: n })).ok).toBe(true);
    }
    for (const c of [wat, wes]) expect((await c.send('table.join', { tableId: id })).ok).toBe(true);
    const start = new Map<string, number>();
    for (const c of [ann, bob, cat, wat, wes]) start.set(c.playerId, await balance(c));

    const opened = wat.next(updated('stakes-opened'));
    expect(await ann.send('banque.bid', { tableId: id, amount: 50_000 })).toMatchObject({
      ok: true,
    });
    expect(await bob.send('banque.bid', { tableId: id, amount: 20_000 })).toMatchObject({
      ok: true,
    });
    expect(await cat.send('banque.bid', { tableId: id, amount: 10_000 })).toMatchObject({
      ok: true,
    });
    await opened;

    const stake = (c: TestClient, call: unknown) =>
      c.send('banque.stake', { tableId: id, coup: 1, call });
    const plain = (on: string, amount: number) => ({ kind: 'stake', on, amount });
    // R22.6: not before every seated punter has called; never a banco.
    expect(await stake(wat, plain('right', 40_000))).toMatchObject({
      ok: false,
      code: 'WATCHERS_AFTER_SEATED',
    });
    expect(await stake(wat, { kind: 'banco', on: 'right' })).toMatchObject({
      ok: false,
      code: 'BANCO_SEATED_ONLY',
    });
    expect(await stake(bob, plain('right', 10_000))).toMatchObject({ ok: true });
    const turn = wat.next(updated('watchers-turn'));
    expect(await stake(cat, plain('left', 10_000))).toMatchObject({ ok: true });
    expect((await turn).view.coup).toMatchObject({ phase: 'staking', watchersTurn: true });

    // Wes covers the left (cut to the 40,000 left on it), Wat the right: covered, dealt.
    expect(await stake(wes, plain('left', 50_000))).toMatchObject({ ok: true });
    const dealt = wat.next(updated('dealt'));
    expect(await stake(wat, plain('right', 40_000))).toMatchObject({ ok: true });
    const deal = await dealt;
    expect(deal.view.coup!.cover!.stakes.filter((s) => s.seat === null)).toEqual([
      { player: wes.playerId, seat: null, on: 'left', amount: 40_000 },
      { player: wat.playerId, seat: null, on: 'right', amount: 40_000 },
    ]);
    // T16.4: held in escrow from the deal, in the ledger against no seat.
    expect(await balance(wat)).toBe(start.get(wat.playerId)! - 40_000);
    expect(await balance(wes)).toBe(start.get(wes.playerId)! - 40_000);
    expect(deal.balances).toContainEqual({
      seat: null,
      playerId: wat.playerId,
      balance: start.get(wat.playerId)! - 40_000,
    });
    const stored = await server.banco.prisma.bet.findMany({
      where: { playerId: { in: [wat.playerId, wes.playerId] } },
    });
    expect(stored.map((b) => b.seat)).toEqual([NO_SEAT, NO_SEAT]);

    // Wes leaves mid-coup, cards out; the coup plays on to its end without him.
    wes.close();
    const bankerTurn = wat.next(updated('chose', (e) => e.seat === 7));
    expect(
      await cat.send('banque.punto.choose', {
        tableId: id,
        coup: 1,
        tableau: 'left',
        option: 'draw',
      }),
    ).toMatchObject({ ok: true });
    await bankerTurn;
    const settled = wat.next(updated('settled'));
    expect(
      await ann.send('banque.banker.choose', { tableId: id, coup: 1, option: 'stand' }),
    ).toMatchObject({ ok: true });
    const end = await settled;
    const mine = ownSettlement(end.view.last!, SETTINGS.cagnotteBp);
    // Every balance in Postgres is the test's own settlement (the banker's: his bank after it).
    expect(await balance(ann)).toBe(start.get(ann.playerId)! - 50_000 + mine.bankAfter);
    for (const c of [bob, cat, wat, wes]) {
      const net = (mine.back.get(c.playerId) ?? 0) - (mine.staked.get(c.playerId) ?? 0);
      expect({ who: c.name, balance: await balance(c) }).toEqual({
        who: c.name,
        balance: start.get(c.playerId)! + net,
      });
    }
    // Right 9 beat the banker's 6, the left's 5 drew to 2 and lost: Wat won, Wes (gone) lost.
    expect(mine.outcomes).toEqual({ right: 'tableau', left: 'banker' });
    expect(await balance(wat)).toBe(start.get(wat.playerId)! + 40_000);
    expect(await balance(wes)).toBe(start.get(wes.playerId)! - 40_000);
    expect(end.balances).toContainEqual({
      seat: null,
      playerId: wat.playerId,
      balance: start.get(wat.playerId)! + 40_000,
    });

    // The history names the stake without a seat (RoundRecord.bets[].seat null).
    const history = (await (await fetch(`${server.url}/api/tables/${id}/rounds`)).json()) as {
      rounds: RoundRecord[];
    };
    const watcherBets = history.rounds[0]!.bets.filter((b) => b.playerId === wat.playerId);
    expect(watcherBets.map((b) => b.seat)).toEqual([null]);

    expect(auditBanqueFrames(wat.frames, null)).toEqual([]);
    expect((await checkLedger(server.banco.prisma)).problems).toEqual([]);
  });
});
