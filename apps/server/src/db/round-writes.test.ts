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

/** A ledger over the same pool that counts the statements it sends. */
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
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ledger: new Ledger(prisma, counted), statements: () => statements };
}

/** A table with a shoe and an open round, under a lease of node `a` when `leases` is given. */
async function tableInPlay(id: string, leases?: TableLeases) {
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
  const { roundId } = await ledger.openRound({
    tableId: id,
    shoeId: shoe.shoeId,
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
});
