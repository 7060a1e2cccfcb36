import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableLeases } from '../cluster/leases.js';
import { Ledger } from './ledger.js';
import { checkLedger } from './ledger-invariant.js';
import { createPrisma, poolOf, type PrismaClient } from './prisma.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

let db: TestDatabase;
let prisma: PrismaClient;
let ledger: Ledger;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  ledger = new Ledger(prisma);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

/**
 * A ledger over the same pool that counts the transactions it makes: each statement sent on the
 * pool is one, and so is each BEGIN on a client it checked out (the statements inside are not).
 */
function countingLedger(): { ledger: Ledger; statements: () => number } {
  const pool = poolOf(prisma);
  let statements = 0;
  const counted = new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return (...args: Parameters<typeof pool.query>) => {
          statements += 1;
          return (target.query as (...a: unknown[]) => unknown)(...args);
        };
      }
      if (prop === 'connect') {
        return async () => {
          const client = await target.connect();
          const query = client.query.bind(client) as (...a: unknown[]) => unknown;
          (client as { query: unknown }).query = (...args: unknown[]) => {
            if (args[0] === 'BEGIN') statements += 1;
            return query(...args);
          };
          // The pool hands this client out again: it counts nothing once released.
          const release = client.release.bind(client);
          client.release = (error?: Error | boolean) => {
            (client as { query: unknown }).query = query;
            release(error);
          };
          return client;
        };
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ledger: new Ledger(prisma, counted), statements: () => statements };
}

/** A table with a shoe, under a lease of node `a` when `leases` is given. */
async function tableWithShoe(id: string, leases?: TableLeases) {
  await ledger.ensureTable({ id, name: id, isPublic: true, settings: {} });
  const epoch = leases ? (await leases.claim([id])).get(id) : undefined;
  const fence = epoch === undefined ? undefined : { tableId: id, epoch };
  const shoe = await ledger.createShoe({
    tableId: id,
    number: 1,
    serverSeed: 'a'.repeat(64),
    commitment: 'b'.repeat(64),
    settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
    fence,
  });
  return { shoeId: shoe.shoeId, epoch, fence };
}

/** A table with a shoe and an open round, under a lease of node `a` when `leases` is given. */
async function tableInPlay(id: string, leases?: TableLeases) {
  const { shoeId, epoch, fence } = await tableWithShoe(id, leases);
  const { roundId } = await ledger.openRound({
    tableId: id,
    shoeId,
    seq: 1,
    number: 1,
    holderSeat: null,
    fence,
  });
  return { roundId, epoch };
}

const stored = (version: number) => ({ version, roundSeq: 1, shoeId: null, state: { version } });

describe('round writes: confirms and state saves of every table share a statement', () => {
  it('T3.8 T9.1: confirms and saves of two tables submitted together land in one statement', async () => {
    const [one, two] = [await tableInPlay('writes-1'), await tableInPlay('writes-2')];
    const [ann, bob] = [await ledger.createGuest('Ann'), await ledger.createGuest('Bob')];
    const counting = countingLedger();
    const confirm = (tableId: string, roundId: string, playerId: string) => ({
      tableId,
      roundId,
      playerId,
      seat: 1,
      confirmId: `${playerId}-1`,
      bets: [{ spot: 'banker', amount: 1_500 }],
    });
    const [escrowed] = await Promise.all([
      counting.ledger.escrowMany([
        confirm('writes-1', one.roundId, ann.player.id),
        confirm('writes-2', two.roundId, bob.player.id),
      ]),
      counting.ledger.saveTableState('writes-1', stored(70)),
      counting.ledger.saveTableState('writes-2', stored(80)),
    ]);
    expect(counting.statements()).toBe(1);
    expect(escrowed.map((o) => (o.ok ? o.balance : o.error.code))).toEqual([98_500, 98_500]);
    expect(await ledger.loadTableState('writes-1')).toEqual(stored(70));
    expect(await ledger.loadTableState('writes-2')).toEqual(stored(80));
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T13.3: a fenced table’s confirm and save are refused FENCED, the other table’s land', async () => {
    const a = new TableLeases({ pool: poolOf(prisma), nodeId: 'a', leaseMs: 60_000 });
    const lost = await tableInPlay('writes-lost', a);
    const kept = await tableInPlay('writes-kept', a);
    await a.release(['writes-lost']);
    await new TableLeases({ pool: poolOf(prisma), nodeId: 'b', leaseMs: 60_000 }).claim([
      'writes-lost',
    ]);
    const [cat, dan] = [await ledger.createGuest('Cat'), await ledger.createGuest('Dan')];
    const confirm = (tableId: string, epoch: number, roundId: string, playerId: string) => ({
      tableId,
      epoch,
      roundId,
      playerId,
      seat: 2,
      confirmId: `${playerId}-1`,
      bets: [{ spot: 'player', amount: 2_000 }],
    });
    const [escrowed, lostSave, keptSave] = await Promise.allSettled([
      ledger.escrowMany([
        confirm('writes-lost', lost.epoch!, lost.roundId, cat.player.id),
        confirm('writes-kept', kept.epoch!, kept.roundId, dan.player.id),
      ]),
      ledger.saveTableState('writes-lost', stored(90), lost.epoch),
      ledger.saveTableState('writes-kept', stored(95), kept.epoch),
    ]);
    expect(escrowed.status === 'fulfilled' && escrowed.value).toMatchObject([
      { ok: false, error: { code: 'FENCED' } },
      { ok: true, balance: 98_000 },
    ]);
    expect(lostSave).toMatchObject({ status: 'rejected', reason: { code: 'FENCED' } });
    expect(keptSave.status).toBe('fulfilled');
    expect(await ledger.loadTableState('writes-lost')).toBeNull();
    expect(await ledger.loadTableState('writes-kept')).toEqual(stored(95));
    expect(await ledger.balanceOf(cat.player.id)).toBe(100_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  /** The transaction that last wrote a row: rows written together share it. */
  const writtenBy = async (
    table: 'rounds' | 'table_states' | 'bets',
    where: string,
    value: string,
  ) =>
    (
      await poolOf(prisma).query<{ xmin: string }>(
        `SELECT xmin::text FROM ${table} WHERE ${where} = $1`,
        [value],
      )
    ).rows.map((r) => r.xmin);

  const banker = (tableId: string, roundId: string, playerId: string, epoch?: number) => ({
    tableId,
    roundId,
    playerId,
    ...(epoch === undefined ? {} : { epoch }),
    seat: 1,
    confirmId: `${playerId}-1`,
    bets: [{ spot: 'banker', amount: 1_000 }],
  });

  const outcome = {
    cards: ['Ah', '9c', '2d', 'Ks'],
    outcome: 'player' as const,
    playerTotal: 9,
    bankerTotal: 1,
    trace: [],
  };

  it('T3.8 T6.2 T9.1: one table’s open and save, another’s confirm, a third’s end: one transaction', async () => {
    const ending = await tableInPlay('together-end');
    const betting = await tableInPlay('together-bet');
    const opening = await tableWithShoe('together-open');
    const [ann, bob] = [await ledger.createGuest('Ann'), await ledger.createGuest('Bob')];
    const [annBet] = await ledger.escrowMany([
      banker('together-end', ending.roundId, ann.player.id),
    ]);
    const counting = countingLedger();
    const [opened, , [bobBet], settled] = await Promise.all([
      counting.ledger.openRound({
        tableId: 'together-open',
        shoeId: opening.shoeId,
        seq: 1,
        number: 1,
        holderSeat: null,
      }),
      counting.ledger.saveTableState('together-open', stored(10)),
      counting.ledger.escrowMany([banker('together-bet', betting.roundId, bob.player.id)]),
      counting.ledger.settleRound({
        tableId: 'together-end',
        roundId: ending.roundId,
        round: outcome,
        settled: [
          {
            betId: annBet!.ok ? annBet!.bets[0]!.id : '',
            playerId: ann.player.id,
            result: 'lose',
            stake: 1_000,
            returned: 0,
          },
        ],
      }),
    ]);
    expect(counting.statements()).toBe(1);
    expect(bobBet).toMatchObject({ ok: true, balance: 99_000 });
    expect(settled.balances).toEqual(new Map([[ann.player.id, 99_000]]));
    const [xid] = await writtenBy('rounds', 'id', opened.roundId);
    expect(await writtenBy('rounds', 'id', ending.roundId)).toEqual([xid]);
    expect(await writtenBy('table_states', 'table_id', 'together-open')).toEqual([xid]);
    expect(await writtenBy('bets', 'player_id', bob.player.id)).toEqual([xid]);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T6.5: a confirm and its round’s end submitted together: the stake is escrowed, then refunded by the end', async () => {
    const table = await tableInPlay('together-order');
    const cat = await ledger.createGuest('Cat');
    const [[escrowed], ended] = await Promise.all([
      ledger.escrowMany([banker('together-order', table.roundId, cat.player.id)]),
      ledger.voidRound({ tableId: 'together-order', seq: 1 }),
    ]);
    expect(escrowed).toMatchObject({ ok: true, balance: 99_000 });
    expect(ended.balances).toEqual(new Map([[cat.player.id, 100_000]]));
    expect(await ledger.balanceOf(cat.player.id)).toBe(100_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T13.3: a fenced table’s open and end are refused FENCED in the shared transaction, the others land', async () => {
    const a = new TableLeases({ pool: poolOf(prisma), nodeId: 'a', leaseMs: 60_000 });
    const lostEnd = await tableInPlay('fenced-end', a);
    const lostOpen = await tableWithShoe('fenced-open', a);
    const keptEnd = await tableInPlay('kept-end', a);
    const keptOpen = await tableWithShoe('kept-open', a);
    const dan = await ledger.createGuest('Dan');
    await a.release(['fenced-end', 'fenced-open']);
    await new TableLeases({ pool: poolOf(prisma), nodeId: 'b', leaseMs: 60_000 }).claim([
      'fenced-end',
      'fenced-open',
    ]);
    const open = (
      tableId: string,
      t: { shoeId: string; fence?: { tableId: string; epoch: number } },
    ) =>
      ledger.openRound({
        tableId,
        shoeId: t.shoeId,
        seq: 1,
        number: 1,
        holderSeat: null,
        ...(t.fence ? { fence: t.fence } : {}),
      });
    const end = (tableId: string, t: { roundId: string; epoch?: number }) =>
      ledger.settleRound({
        tableId,
        roundId: t.roundId,
        round: outcome,
        settled: [],
        fence: { tableId, epoch: t.epoch! },
      });
    const [lostOpened, keptOpened, lostEnded, keptEnded, confirmed] = await Promise.allSettled([
      open('fenced-open', lostOpen),
      open('kept-open', keptOpen),
      end('fenced-end', lostEnd),
      end('kept-end', keptEnd),
      ledger.escrowMany([banker('kept-end', keptEnd.roundId, dan.player.id, keptEnd.epoch)]),
    ]);
    expect(lostOpened).toMatchObject({ status: 'rejected', reason: { code: 'FENCED' } });
    expect(lostEnded).toMatchObject({ status: 'rejected', reason: { code: 'FENCED' } });
    expect(keptOpened.status).toBe('fulfilled');
    expect(keptEnded.status).toBe('fulfilled');
    expect(confirmed).toMatchObject({ status: 'fulfilled', value: [{ ok: true }] });
    const status = async (tableId: string) =>
      (await prisma.round.findMany({ where: { tableId }, select: { status: true } })).map(
        (r) => r.status,
      );
    expect(await status('fenced-open')).toEqual([]);
    expect(await status('fenced-end')).toEqual(['OPEN']);
    expect(await status('kept-open')).toEqual(['OPEN']);
    expect(await status('kept-end')).toEqual(['SETTLED']);
    // Dan's stake, escrowed before the end in the same transaction, came back with it (T6.5).
    expect(await ledger.balanceOf(dan.player.id)).toBe(100_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  /** A guest's confirm of 1 000 on `spot`, escrowed now: the bet's id. */
  const staked = async (tableId: string, roundId: string, playerId: string, spot = 'banker') => {
    const [placed] = await ledger.escrowMany([
      { ...banker(tableId, roundId, playerId), bets: [{ spot, amount: 1_000 }] },
    ]);
    if (!placed?.ok) throw new Error(`no stake for ${playerId}`);
    return placed.bets[0]!.id;
  };

  it('T3.8 T6.2 T9.1: opens, confirms, saves and ends of many tables: one round_writes call answers each', async () => {
    const openA = await tableWithShoe('call-open-a');
    const openB = await tableWithShoe('call-open-b');
    const betting = await tableInPlay('call-bet');
    const endA = await tableInPlay('call-end-a');
    const endB = await tableInPlay('call-end-b');
    const endC = await tableInPlay('call-end-c');
    const [ann, bob, cat, dan, eve] = await Promise.all(
      ['Ann', 'Bob', 'Cat', 'Dan', 'Eve'].map((name) => ledger.createGuest(name)),
    );
    const annBet = await staked('call-end-a', endA.roundId, ann!.player.id);
    const bobBet = await staked('call-end-a', endA.roundId, bob!.player.id, 'player');
    const catBet = await staked('call-end-b', endB.roundId, cat!.player.id, 'player');
    await staked('call-end-c', endC.roundId, dan!.player.id);
    const counting = countingLedger();
    const open = (tableId: string, shoeId: string) =>
      counting.ledger.openRound({ tableId, shoeId, seq: 1, number: 1, holderSeat: 2 });
    const bet = (betId: string, playerId: string, result: 'lose' | 'win', returned: number) => ({
      betId,
      playerId,
      result,
      stake: 1_000,
      returned,
    });
    const [openedA, openedB, [eveBet], , , endedA, endedB, endedC] = await Promise.all([
      open('call-open-a', openA.shoeId),
      open('call-open-b', openB.shoeId),
      counting.ledger.escrowMany([banker('call-bet', betting.roundId, eve!.player.id)]),
      counting.ledger.saveTableState('call-open-a', stored(11)),
      counting.ledger.saveTableState('call-bet', stored(12)),
      // Two bets of one round and one of another: each end gets its own bets, no other's.
      counting.ledger.settleRound({
        tableId: 'call-end-a',
        roundId: endA.roundId,
        round: outcome,
        settled: [
          bet(annBet, ann!.player.id, 'lose', 0),
          bet(bobBet, bob!.player.id, 'win', 2_000),
        ],
      }),
      counting.ledger.settleRound({
        tableId: 'call-end-b',
        roundId: endB.roundId,
        round: { ...outcome, trace: undefined },
        settled: [bet(catBet, cat!.player.id, 'win', 2_000)],
      }),
      // No bet named: Dan's stake is a stray, refunded (T6.5).
      counting.ledger.settleRound({
        tableId: 'call-end-c',
        roundId: endC.roundId,
        round: outcome,
        settled: [],
      }),
    ]);
    expect(counting.statements()).toBe(1);
    expect(openedA.roundId).not.toBe(openedB.roundId);
    expect(eveBet).toMatchObject({ ok: true, balance: 99_000 });
    expect(endedA.balances).toEqual(
      new Map([
        [ann!.player.id, 99_000],
        [bob!.player.id, 101_000],
      ]),
    );
    expect(endedB.balances).toEqual(new Map([[cat!.player.id, 101_000]]));
    expect(endedC.balances).toEqual(new Map([[dan!.player.id, 100_000]]));
    expect(await ledger.balanceOf(dan!.player.id)).toBe(100_000);
    const round = (id: string) =>
      prisma.round.findUnique({
        where: { id },
        select: { status: true, tableId: true, holderSeat: true, cards: true, trace: true },
      });
    expect(await round(openedA.roundId)).toMatchObject({
      status: 'OPEN',
      tableId: 'call-open-a',
      holderSeat: 2,
    });
    expect(await round(openedB.roundId)).toMatchObject({ status: 'OPEN', tableId: 'call-open-b' });
    expect(await round(endA.roundId)).toMatchObject({
      status: 'SETTLED',
      cards: outcome.cards,
      trace: [],
    });
    // A trace left out is stored as NULL, as end_round was given it alone.
    expect(await round(endB.roundId)).toMatchObject({ status: 'SETTLED', trace: null });
    expect(await ledger.loadTableState('call-open-a')).toEqual(stored(11));
    expect(await ledger.loadTableState('call-bet')).toEqual(stored(12));
    const [xid] = await writtenBy('rounds', 'id', openedA.roundId);
    for (const id of [openedB.roundId, endA.roundId, endB.roundId, endC.roundId])
      expect(await writtenBy('rounds', 'id', id)).toEqual([xid]);
    expect(await writtenBy('bets', 'player_id', eve!.player.id)).toEqual([xid]);
    expect(await writtenBy('table_states', 'table_id', 'call-bet')).toEqual([xid]);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T13.3: fenced tables among opens, confirms, saves and ends: both answered FENCED by one refusal, the rest commit in the next call', async () => {
    const a = new TableLeases({ pool: poolOf(prisma), nodeId: 'a', leaseMs: 60_000 });
    const lostOpen = await tableWithShoe('call-lost-open', a);
    const lostBet = await tableInPlay('call-lost-bet', a);
    const keptOpen = await tableWithShoe('call-kept-open', a);
    const keptEnd = await tableInPlay('call-kept-end', a);
    const keptBet = await tableInPlay('call-kept-bet', a);
    const [fay, gus, hal] = await Promise.all(
      ['Fay', 'Gus', 'Hal'].map((name) => ledger.createGuest(name)),
    );
    const gusBet = await staked('call-kept-end', keptEnd.roundId, gus!.player.id);
    await a.release(['call-lost-open', 'call-lost-bet']);
    await new TableLeases({ pool: poolOf(prisma), nodeId: 'b', leaseMs: 60_000 }).claim([
      'call-lost-open',
      'call-lost-bet',
    ]);
    const counting = countingLedger();
    const [lostOpened, keptOpened, lostConfirm, keptConfirm, lostSave, keptSave, keptEnded] =
      await Promise.allSettled([
        counting.ledger.openRound({
          tableId: 'call-lost-open',
          shoeId: lostOpen.shoeId,
          seq: 1,
          number: 1,
          holderSeat: null,
          fence: lostOpen.fence!,
        }),
        counting.ledger.openRound({
          tableId: 'call-kept-open',
          shoeId: keptOpen.shoeId,
          seq: 1,
          number: 1,
          holderSeat: null,
          fence: keptOpen.fence!,
        }),
        counting.ledger.escrowMany([
          banker('call-lost-bet', lostBet.roundId, fay!.player.id, lostBet.epoch),
        ]),
        counting.ledger.escrowMany([
          banker('call-kept-bet', keptBet.roundId, hal!.player.id, keptBet.epoch),
        ]),
        counting.ledger.saveTableState('call-lost-bet', stored(21), lostBet.epoch),
        counting.ledger.saveTableState('call-kept-bet', stored(22), keptBet.epoch),
        counting.ledger.settleRound({
          tableId: 'call-kept-end',
          roundId: keptEnd.roundId,
          round: outcome,
          settled: [
            { betId: gusBet, playerId: gus!.player.id, result: 'lose', stake: 1_000, returned: 0 },
          ],
          fence: { tableId: 'call-kept-end', epoch: keptEnd.epoch! },
        }),
      ]);
    // The fence of the first call named both stale tables: the second went without them.
    expect(counting.statements()).toBe(2);
    expect(lostOpened).toMatchObject({ status: 'rejected', reason: { code: 'FENCED' } });
    expect(lostConfirm).toMatchObject({
      status: 'fulfilled',
      value: [{ ok: false, error: { code: 'FENCED' } }],
    });
    expect(lostSave).toMatchObject({ status: 'rejected', reason: { code: 'FENCED' } });
    expect(keptOpened.status).toBe('fulfilled');
    expect(keptConfirm).toMatchObject({
      status: 'fulfilled',
      value: [{ ok: true, balance: 99_000 }],
    });
    expect(keptSave.status).toBe('fulfilled');
    expect(keptEnded).toMatchObject({
      status: 'fulfilled',
      value: { balances: new Map([[gus!.player.id, 99_000]]) },
    });
    expect(await prisma.round.count({ where: { tableId: 'call-lost-open' } })).toBe(0);
    expect(await ledger.balanceOf(fay!.player.id)).toBe(100_000);
    expect(await ledger.loadTableState('call-lost-bet')).toBeNull();
    expect(await ledger.loadTableState('call-kept-bet')).toEqual(stored(22));
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T6.5: an end refused (a bet it does not know) is answered alone; the other tables’ writes commit', async () => {
    const refused = await tableInPlay('call-refused-end');
    const ending = await tableInPlay('call-good-end');
    const opening = await tableWithShoe('call-good-open');
    const betting = await tableInPlay('call-good-bet');
    const [ida, jon, kim] = await Promise.all(
      ['Ida', 'Jon', 'Kim'].map((name) => ledger.createGuest(name)),
    );
    const idaBet = await staked('call-refused-end', refused.roundId, ida!.player.id);
    const jonBet = await staked('call-good-end', ending.roundId, jon!.player.id, 'player');
    const [refusedEnd, goodEnd, opened, confirmed] = await Promise.allSettled([
      ledger.settleRound({
        tableId: 'call-refused-end',
        roundId: refused.roundId,
        round: outcome,
        settled: [
          { betId: idaBet, playerId: ida!.player.id, result: 'lose', stake: 1_000, returned: 0 },
          {
            betId: 'no-such-bet',
            playerId: ida!.player.id,
            result: 'lose',
            stake: 1_000,
            returned: 0,
          },
        ],
      }),
      ledger.settleRound({
        tableId: 'call-good-end',
        roundId: ending.roundId,
        round: outcome,
        settled: [
          { betId: jonBet, playerId: jon!.player.id, result: 'win', stake: 1_000, returned: 2_000 },
        ],
      }),
      ledger.openRound({
        tableId: 'call-good-open',
        shoeId: opening.shoeId,
        seq: 1,
        number: 1,
        holderSeat: null,
      }),
      ledger.escrowMany([banker('call-good-bet', betting.roundId, kim!.player.id)]),
    ]);
    expect(refusedEnd).toMatchObject({ status: 'rejected', reason: { code: 'INVALID_INPUT' } });
    expect(goodEnd).toMatchObject({
      status: 'fulfilled',
      value: { balances: new Map([[jon!.player.id, 101_000]]) },
    });
    expect(opened.status).toBe('fulfilled');
    expect(confirmed).toMatchObject({
      status: 'fulfilled',
      value: [{ ok: true, balance: 99_000 }],
    });
    const statusOf = async (id: string) =>
      (await prisma.round.findUnique({ where: { id }, select: { status: true } }))?.status;
    expect(await statusOf(refused.roundId)).toBe('OPEN');
    expect(await statusOf(ending.roundId)).toBe('SETTLED');
    // Ida's stake stays escrowed in the round that was not settled.
    expect(await ledger.balanceOf(ida!.player.id)).toBe(99_000);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T9.8: an open retried, alone or beside another table’s end, answers the round it already opened', async () => {
    const table = await tableWithShoe('call-replay');
    const other = await tableInPlay('call-replay-other');
    const input = {
      tableId: 'call-replay',
      shoeId: table.shoeId,
      seq: 1,
      number: 1,
      holderSeat: 3,
    };
    const first = await ledger.openRound(input);
    const again = await ledger.openRound(input);
    const counting = countingLedger();
    const [beside, ended] = await Promise.all([
      counting.ledger.openRound(input),
      counting.ledger.settleRound({
        tableId: 'call-replay-other',
        roundId: other.roundId,
        round: outcome,
        settled: [],
      }),
    ]);
    expect(counting.statements()).toBe(1);
    expect(again.roundId).toBe(first.roundId);
    expect(beside.roundId).toBe(first.roundId);
    expect(ended.balances).toEqual(new Map());
    expect(await prisma.round.count({ where: { tableId: 'call-replay' } })).toBe(1);
    // A new seq opens a new round.
    const next = await ledger.openRound({ ...input, seq: 2, number: 2 });
    expect(next.roundId).not.toBe(first.roundId);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });
});
