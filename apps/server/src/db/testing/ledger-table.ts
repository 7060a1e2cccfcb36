import { afterAll, beforeAll } from 'vitest';
import { Ledger } from '../ledger.js';
import { createPrisma, type PrismaClient } from '../prisma.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

/**
 * A database of the file's own with table `main`'s first shoe, and rounds that each hold one
 * guest's banker bet: what the ledger's round-level tests start from.
 */
export class LedgerTable {
  db!: TestDatabase;
  prisma!: PrismaClient;
  ledger!: Ledger;
  shoeId!: string;
  private seq = 0;

  /** Opens round seq+1 at `main` with a new guest's banker bet of `amount`, escrowed. */
  async roundWithBet(amount = 5_000) {
    const guest = await this.ledger.createGuest('Bettor');
    const seq = (this.seq += 1);
    const { roundId } = await this.ledger.openRound({
      tableId: 'main',
      shoeId: this.shoeId,
      seq,
      number: seq,
      holderSeat: null,
    });
    const { bets } = await this.ledger.escrowBets({
      tableId: 'main',
      roundId,
      playerId: guest.player.id,
      seat: 1,
      confirmId: `c-${seq}`,
      bets: [{ spot: 'banker', amount }],
    });
    return { playerId: guest.player.id, roundId, betId: bets[0]!.id, seq };
  }
}

/** The file's LedgerTable, made before its tests and dropped after them. */
export function ledgerTable(): LedgerTable {
  const table = new LedgerTable();
  beforeAll(async () => {
    table.db = await createTestDatabase();
    table.prisma = createPrisma(table.db.url);
    table.ledger = new Ledger(table.prisma);
    ({ shoeId: table.shoeId } = await table.ledger.createShoe({
      tableId: 'main',
      number: 1,
      serverSeed: 'a'.repeat(64),
      commitment: 'b'.repeat(64),
      clientSeed: 'main-1',
      settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
    }));
  });
  afterAll(async () => {
    await table.prisma?.$disconnect();
    await table.db?.drop();
  });
  return table;
}
