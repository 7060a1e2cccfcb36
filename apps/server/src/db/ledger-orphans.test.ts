import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from './ledger-invariant.js';
import { Ledger, walletAccount } from './ledger.js';
import { createPrisma, type PrismaClient } from './prisma.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

// T8.4: transfers and bets have no foreign keys; the ledger functions check every row they name,
// and the audit reports any row that names one missing. A database of its own: the orphans these
// tests write cannot be taken back (transfers are immutable).

let db: TestDatabase;
let prisma: PrismaClient;
let ledger: Ledger;
let shoeId: string;
let seq = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  ledger = new Ledger(prisma);
  ({ shoeId } = await ledger.createShoe({
    tableId: 'main',
    number: 1,
    serverSeed: 'a'.repeat(64),
    commitment: 'b'.repeat(64),
    clientSeed: 'main-1',
    settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
  }));
});

afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

async function roundWithBet(result: 'win' | 'lose') {
  const guest = await ledger.createGuest('Bettor');
  seq += 1;
  const { roundId } = await ledger.openRound({
    tableId: 'main',
    shoeId,
    seq,
    number: seq,
    holderSeat: null,
  });
  const { bets } = await ledger.escrowBets({
    tableId: 'main',
    roundId,
    playerId: guest.player.id,
    seat: 1,
    confirmId: `c-${seq}`,
    bets: [{ spot: 'banker', amount: 500 }],
  });
  const settle = () =>
    ledger.settleRound({
      tableId: 'main',
      roundId,
      round: {
        cards: ['Ah', '9c', '2d', 'Ks'],
        outcome: 'player',
        playerTotal: 9,
        bankerTotal: 2,
        trace: [],
      },
      settled: [
        {
          betId: bets[0]!.id,
          playerId: guest.player.id,
          result,
          stake: 500,
          returned: result === 'win' ? 1_000 : 0,
        },
      ],
    });
  return { playerId: guest.player.id, roundId, betId: bets[0]!.id, settle };
}

describe('rows the ledger names (T8.4)', () => {
  it('a settlement whose house account is missing is refused and writes nothing', async () => {
    const { settle, betId } = await roundWithBet('lose');
    const before = await prisma.transfer.count();
    // Nothing deletes an account; this stands for one the functions would name but not find.
    await prisma.$executeRawUnsafe(`UPDATE accounts SET id = 'house-gone' WHERE id = 'house'`);
    try {
      await expect(settle()).rejects.toThrow(/account house does not exist/);
      expect(await prisma.transfer.count()).toBe(before);
      expect((await prisma.bet.findUniqueOrThrow({ where: { id: betId } })).status).toBe('OPEN');
    } finally {
      await prisma.$executeRawUnsafe(`UPDATE accounts SET id = 'house' WHERE id = 'house-gone'`);
    }
    await settle();
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('the audit reports a transfer or bet naming a missing account, bet, round or player', async () => {
    const { playerId, roundId, betId } = await roundWithBet('win');
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await prisma.$executeRawUnsafe(
      `INSERT INTO bets (id, round_id, player_id, seat, spot, amount, confirm_id)
       VALUES ('stray-round', 'no-such-round', '${playerId}', 1, 'tie', 10, 'x'),
              ('stray-player', '${roundId}', 'no-such-player', 2, 'tie', 10, 'y')`,
    );
    // Balanced pairs, so only the names are wrong.
    await prisma.$executeRawUnsafe(
      `INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
       VALUES ('orphan:account', '${walletAccount(playerId)}', 'wallet:nobody', 1, 'STAKE',
               '${roundId}', NULL),
              ('orphan:bet', 'house', 'escrow:main', 1, 'STAKE', '${roundId}', 'no-such-bet'),
              ('orphan:round', 'escrow:main', 'house', 1, 'COLLECT', 'another-round',
               '${betId}')`,
    );
    const { problems } = await checkLedger(prisma);
    expect(problems).toEqual(
      expect.arrayContaining([
        'transfer orphan:account names a missing account wallet:nobody',
        'transfer orphan:bet names a missing bet no-such-bet',
        `transfer orphan:round names round another-round but its bet is of round ${roundId}`,
        'bet stray-round names a missing round no-such-round',
        'bet stray-player names a missing player no-such-player',
      ]),
    );
  });
});
