import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../db/ledger.js';
import { createPrisma, poolOf, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { TableLeases } from './leases.js';

let db: TestDatabase;
let prisma: PrismaClient;
let ledger: Ledger;

const SHOE = { decks: 8, cut: 16, lastHand: 'plus-one' };
let tableNo = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  ledger = new Ledger(prisma);
});

afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

const leasesFor = (nodeId: string, leaseMs = 60_000) =>
  new TableLeases({ pool: poolOf(prisma), nodeId, leaseMs });

async function freshTable(): Promise<string> {
  tableNo += 1;
  const id = `lease-${tableNo}`;
  await ledger.ensureTable({ id, name: id, isPublic: true, settings: {} });
  return id;
}

const epochInDb = async (tableId: string) =>
  Number((await prisma.tableLease.findUniqueOrThrow({ where: { tableId } })).epoch);

describe('table leases (T13.1, T13.2, T13.5)', () => {
  it('T13.1: a free table is claimed once; a held one is not claimed by another node', async () => {
    const table = await freshTable();
    const a = leasesFor('a');
    const b = leasesFor('b');
    expect(await a.claim([table])).toEqual(new Map([[table, 1]]));
    expect(await b.claim([table])).toEqual(new Map());
    expect(a.epochOf(table)).toBe(1);
    expect(b.epochOf(table)).toBeUndefined();
  });

  it('T13.1: an expired lease is claimed with a higher epoch; the old holder loses it at renewal', async () => {
    const table = await freshTable();
    const a = leasesFor('a', 300);
    const b = leasesFor('b', 300);
    await a.claim([table]);
    // The lease ends in Postgres 300 ms after its claim; wait for Postgres to say so.
    await expect
      .poll(async () => (await b.claim([table])).get(table), { timeout: 5_000, interval: 50 })
      .toBe(2);
    expect(await a.renew()).toEqual([table]);
    expect(a.epochOf(table)).toBeUndefined();
  });

  it('T13.2: every lease of a node is renewed in one statement and stays trusted', async () => {
    const tables = [await freshTable(), await freshTable(), await freshTable()];
    const a = leasesFor('a', 2_000);
    await a.claim(tables);
    const before = await prisma.tableLease.findMany({ where: { tableId: { in: tables } } });
    expect(await a.renew()).toEqual([]);
    const after = await prisma.tableLease.findMany({ where: { tableId: { in: tables } } });
    for (const row of after) {
      const old = before.find((b) => b.tableId === row.tableId)!;
      expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(old.expiresAt.getTime());
      expect(row.epoch).toBe(old.epoch);
    }
    expect(tables.map((t) => a.epochOf(t))).toEqual([1, 1, 1]);
  });

  it('T13.5: a lease given up is claimed by another node at once', async () => {
    const table = await freshTable();
    const a = leasesFor('a');
    const b = leasesFor('b');
    await a.claim([table]);
    await a.release([table]);
    expect(await b.claim([table])).toEqual(new Map([[table, 2]]));
    expect(await epochInDb(table)).toBe(2);
  });

  it('T13.1: one node alone claims a table whoever held it (force), fencing the holder', async () => {
    const table = await freshTable();
    await leasesFor('dead').claim([table]);
    expect(await leasesFor('solo').claim([table], true)).toEqual(new Map([[table, 2]]));
  });
});

describe('the fence (T13.3): every write a table makes is refused once its epoch is stale', () => {
  it('refuses shoes, rounds, refills, escrow, settlement, refunds, seats and saves', async () => {
    const table = await freshTable();
    const a = leasesFor('a');
    await a.claim([table]);
    const old = { tableId: table, epoch: 1 };
    const guest = await ledger.createGuest('Fenced');
    const playerId = guest.player.id;

    // Under the current epoch everything lands.
    const shoe = await ledger.createShoe({
      tableId: table,
      number: 1,
      serverSeed: 'a'.repeat(64),
      commitment: 'b'.repeat(64),
      settings: SHOE,
      fence: old,
    });
    await ledger.recordShuffle(shoe.shoeId, 'client', 'Kd', old);
    const { roundId } = await ledger.openRound({
      tableId: table,
      shoeId: shoe.shoeId,
      seq: 1,
      number: 1,
      holderSeat: null,
      fence: old,
    });
    const [escrowed] = await ledger.escrowMany([
      {
        tableId: table,
        epoch: 1,
        roundId,
        playerId,
        seat: 1,
        confirmId: 'c1',
        bets: [{ spot: 'banker', amount: 1_000 }],
      },
    ]);
    expect(escrowed?.ok).toBe(true);

    // Another node claims the table (the lease was given up: no need to wait for it).
    await a.release([table]);
    await leasesFor('b').claim([table]);
    const fenced = { code: 'FENCED' };

    await expect(
      ledger.createShoe({
        tableId: table,
        number: 2,
        serverSeed: 'c'.repeat(64),
        commitment: 'd'.repeat(64),
        settings: SHOE,
        fence: old,
      }),
    ).rejects.toMatchObject(fenced);
    await expect(ledger.endShoe(shoe.shoeId, old)).rejects.toMatchObject(fenced);
    await expect(
      ledger.openRound({
        tableId: table,
        shoeId: shoe.shoeId,
        seq: 2,
        number: 2,
        holderSeat: null,
        fence: old,
      }),
    ).rejects.toMatchObject(fenced);
    await expect(
      ledger.refill({ playerId, roundId, target: 1_000_000, fence: old }),
    ).rejects.toMatchObject(fenced);
    const [refused] = await ledger.escrowMany([
      {
        tableId: table,
        epoch: 1,
        roundId,
        playerId,
        seat: 1,
        confirmId: 'c2',
        bets: [{ spot: 'player', amount: 1_000 }],
      },
    ]);
    expect(refused).toMatchObject({ ok: false, error: fenced });
    await expect(
      ledger.settleRound({
        tableId: table,
        roundId,
        round: { cards: [], outcome: 'banker', playerTotal: 1, bankerTotal: 2, trace: null },
        settled: [
          {
            betId: escrowed!.ok ? escrowed!.bets[0]!.id : '',
            playerId,
            result: 'win',
            stake: 1_000,
            returned: 1_950,
          },
        ],
        fence: old,
      }),
    ).rejects.toMatchObject(fenced);
    await expect(ledger.voidRound({ tableId: table, seq: 1, fence: old })).rejects.toMatchObject(
      fenced,
    );
    await expect(
      ledger.recordSeat({ tableId: table, seat: 1, playerId, kind: 'SIT', key: 'k', fence: old }),
    ).rejects.toMatchObject(fenced);
    await expect(
      ledger.saveTableState(table, { version: 9, roundSeq: 1, shoeId: null, state: {} }, 1),
    ).rejects.toMatchObject(fenced);

    // None of it landed: one shoe, one round still OPEN with its one bet, no seat, no state.
    expect(await prisma.shoe.count({ where: { tableId: table } })).toBe(1);
    expect(await prisma.shoe.findUnique({ where: { id: shoe.shoeId } })).toMatchObject({
      endedAt: null,
    });
    expect(await prisma.round.findMany({ where: { tableId: table } })).toMatchObject([
      { status: 'OPEN' },
    ]);
    expect(await prisma.bet.count({ where: { roundId } })).toBe(1);
    expect(await prisma.seatEvent.count({ where: { tableId: table } })).toBe(0);
    expect(await prisma.tableStateRow.count({ where: { tableId: table } })).toBe(0);
    expect(await ledger.balanceOf(playerId)).toBe(99_000);

    // The new owner's epoch writes: it voids the round and the stake comes back once.
    const now = { tableId: table, epoch: 2 };
    await ledger.voidRound({ tableId: table, seq: 1, fence: now });
    expect(await ledger.balanceOf(playerId)).toBe(100_000);
  });

  it('a batch of many tables drops only the fenced table and saves the others', async () => {
    const kept = await freshTable();
    const lost = await freshTable();
    const a = leasesFor('a');
    await a.claim([kept, lost]);
    await a.release([lost]);
    await leasesFor('b').claim([lost]);
    const row = { version: 3, roundSeq: null, shoeId: null, state: { ok: true } };
    const saves = await Promise.allSettled([
      ledger.saveTableState(kept, row, 1),
      ledger.saveTableState(lost, row, 1),
    ]);
    expect(saves.map((s) => s.status)).toEqual(['fulfilled', 'rejected']);
    expect(await prisma.tableStateRow.count({ where: { tableId: kept } })).toBe(1);
    expect(await prisma.tableStateRow.count({ where: { tableId: lost } })).toBe(0);
  });

  it('a claim waits for a write in flight under the old epoch, which then commits', async () => {
    const table = await freshTable();
    const a = leasesFor('a');
    await a.claim([table]);
    await a.release([table]);
    // A transaction that holds the fence (as every table write does) and has not committed.
    const client = await poolOf(prisma).connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT banco_fence($1::text[], $2::bigint[])', [[table], [1]]);
      let claimed = false;
      const claim = leasesFor('b')
        .claim([table])
        .then((c) => {
          claimed = true;
          return c;
        });
      // The claim is blocked on the writer's lock: Postgres shows it waiting.
      await expect
        .poll(
          async () =>
            (
              await poolOf(prisma).query<{ n: string }>(
                `SELECT count(*) AS n FROM pg_stat_activity
                  WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO table_leases%'`,
              )
            ).rows[0]!.n,
          { timeout: 5_000, interval: 20 },
        )
        .toBe('1');
      expect(claimed).toBe(false);
      await client.query('COMMIT');
      expect(await claim).toEqual(new Map([[table, 2]]));
    } finally {
      client.release();
    }
  });
});
