import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { assertAmount, fromPg, toNumber } from './amounts.js';
import { escrowAccount, REFILL_ACCOUNT, walletAccount } from './accounts.js';
import { escrowBatcher, escrowMany, type EscrowBatcher, type EscrowOutcome } from './escrow.js';
import { endRound } from './round-end.js';
import { recentRounds, shoeRecord, tableShoes, type ShoeListing } from './history.js';
import {
  abandonedRounds,
  endAbandonedShoes,
  loadTableState,
  tableStateSaver,
  type StoredTableState,
} from './table-states.js';
import { LedgerError, ledgerErrorOf } from './ledger-error.js';
import type {
  EscrowBetsInput,
  EscrowedBets,
  GuestCreated,
  RecentRound,
  SeatEventKind,
  SettleRoundInput,
  ShoeRecord,
  TableRow,
} from './ledger-types.js';
import { poolOf, type Prisma, type PrismaClient } from './prisma.js';
import { DEFAULT_SESSION_TTLS, insertSession } from './sessions.js';

export { LedgerError } from './ledger-error.js';
export type { LedgerErrorCode } from './ledger-error.js';
export type * from './ledger-types.js';
export type { EscrowOutcome } from './escrow.js';

/** Escrow statements, and state saves, running at once (group commit: group-commit.ts). */
const STATEMENTS_IN_FLIGHT = 2;
/**
 * How long a confirm waits for others, of any table, to share its escrow statement. Bets land
 * at random moments, so without it a busy server sends most of them alone: a single confirm
 * costs Postgres about what a quarter of a 14-confirm statement does (docs/performance.md).
 */
const ESCROW_GATHER_MS = 5;

/** 1,000 chips in minor units, minted from REFILL for every new guest. */
export const WELCOME_AMOUNT = 100_000;

export { HOUSE_ACCOUNT, REFILL_ACCOUNT, escrowAccount, walletAccount } from './accounts.js';

// Prisma's interactive transactions (guests, tables) get room under load instead of its 5 s / 2 s
// defaults; the round path no longer uses them.
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

type Tx = Prisma.TransactionClient;
type Json = Prisma.InputJsonValue;

/**
 * The chip ledger: every chip movement is a row in `transfers` (append-only, unique idempotency
 * key) plus the matching change to two account balances, in the same transaction. Amounts in
 * and out are integers in minor units (1 chip = 100).
 *
 * What every round does (open, escrow, settle, refill, seat events, the table's state) runs on
 * the pool directly, one named prepared statement per operation, most of them calls of the SQL
 * functions of migration 20261201120000_hot_path: Prisma's runtime costs more there than it
 * gives. Prisma keeps the rest.
 */
export class Ledger {
  private readonly escrows: EscrowBatcher;
  private readonly saves: ReturnType<typeof tableStateSaver>;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly pool: pg.Pool = poolOf(prisma),
    /** How long a new guest's session lasts (GUEST_TOKEN_TTL_HOURS). */
    private readonly guestSessionTtlMs: number = DEFAULT_SESSION_TTLS.guestMs,
  ) {
    // Two statements of each at a time: on a busy server confirms and saves then wait a few
    // milliseconds and go in fuller statements (a 14-confirm statement costs Postgres what
    // three single ones do), and the other connections stay free for settlements and rounds.
    this.escrows = escrowBatcher(pool, STATEMENTS_IN_FLIGHT, ESCROW_GATHER_MS);
    this.saves = tableStateSaver(pool, STATEMENTS_IN_FLIGHT);
  }

  private tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, TX_OPTIONS);
  }

  async createGuest(name: string): Promise<GuestCreated> {
    const id = randomUUID();
    const wallet = walletAccount(id);
    const token = await this.tx(async (tx) => {
      await tx.player.create({ data: { id, name } });
      await tx.account.create({
        data: { id: wallet, kind: 'WALLET', playerId: id, balance: WELCOME_AMOUNT },
      });
      await tx.account.update({
        where: { id: REFILL_ACCOUNT },
        data: { balance: { decrement: WELCOME_AMOUNT } },
      });
      await tx.transfer.create({
        data: {
          key: `welcome:${id}`,
          fromAccountId: REFILL_ACCOUNT,
          toAccountId: wallet,
          amount: WELCOME_AMOUNT,
          kind: 'WELCOME',
        },
      });
      // The guest's one session: their only way back in until they claim an account (P10).
      return (await insertSession(tx, id, 'guest', this.guestSessionTtlMs)).token;
    });
    return { player: { id, name }, token, balance: WELCOME_AMOUNT };
  }

  async playerInfo(playerId: string): Promise<{ id: string; name: string } | null> {
    return this.prisma.player.findUnique({
      where: { id: playerId },
      select: { id: true, name: true },
    });
  }

  async balanceOf(playerId: string): Promise<number> {
    const account = await this.prisma.account.findUnique({
      where: { id: walletAccount(playerId) },
      select: { balance: true },
    });
    if (!account) throw new LedgerError('NOT_FOUND', `no wallet for player ${playerId}`);
    return toNumber(account.balance);
  }

  /** Players without a wallet are absent from the map. */
  async balancesOf(playerIds: string[]): Promise<Map<string, number>> {
    return this.walletBalances(this.prisma, playerIds);
  }

  private async walletBalances(
    db: Tx | PrismaClient,
    playerIds: string[],
  ): Promise<Map<string, number>> {
    if (playerIds.length === 0) return new Map();
    const rows = await db.account.findMany({
      where: { playerId: { in: [...new Set(playerIds)] }, kind: 'WALLET' },
      select: { playerId: true, balance: true },
    });
    const balances = new Map<string, number>();
    for (const row of rows) if (row.playerId) balances.set(row.playerId, toNumber(row.balance));
    return balances;
  }

  async ensureTable(table: TableRow): Promise<void> {
    const settings = table.settings as Json;
    await this.tx(async (tx) => {
      await tx.table.upsert({
        where: { id: table.id },
        create: { id: table.id, name: table.name, isPublic: table.isPublic, settings },
        update: { name: table.name, isPublic: table.isPublic, settings },
      });
      await tx.account.upsert({
        where: { id: escrowAccount(table.id) },
        create: { id: escrowAccount(table.id), kind: 'ESCROW', tableId: table.id },
        update: {},
      });
    });
  }

  async listTables(): Promise<TableRow[]> {
    return this.prisma.table.findMany({
      where: { isPublic: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, name: true, isPublic: true, settings: true },
    });
  }

  /** Any table ever stored, public or private, open or closed, by its exact id. */
  async tableExists(tableId: string): Promise<boolean> {
    return (await this.prisma.table.count({ where: { id: tableId } })) > 0;
  }

  /**
   * Stores a new shoe. Keyed by table and shoe number: a retry after a lost reply gets the shoe
   * already stored, with its seed and commitment, instead of a second (orphan) row.
   */
  async createShoe(input: {
    tableId: string;
    number: number;
    serverSeed: string;
    commitment: string;
    /** Known only once the players' contributions are in (R11.7): see recordShuffle. */
    clientSeed?: string;
    settings: unknown;
  }): Promise<{ shoeId: string; serverSeed: string; commitment: string }> {
    const shoe = await this.prisma.shoe.upsert({
      where: { tableId_number: { tableId: input.tableId, number: input.number } },
      create: {
        id: randomUUID(),
        tableId: input.tableId,
        number: input.number,
        serverSeed: input.serverSeed,
        commitment: input.commitment,
        clientSeed: input.clientSeed ?? null,
        settings: input.settings as Json,
      },
      update: {},
      select: { id: true, serverSeed: true, commitment: true },
    });
    return { shoeId: shoe.id, serverSeed: shoe.serverSeed, commitment: shoe.commitment };
  }

  /**
   * The client seed the shoe was shuffled with and its burn card, fixed once (R11.7, R10.3).
   * Recording the same shuffle again is a no-op; a different one is refused.
   */
  async recordShuffle(shoeId: string, clientSeed: string, shownCard: string): Promise<void> {
    const { count } = await this.prisma.shoe.updateMany({
      where: { id: shoeId, clientSeed: null },
      data: { clientSeed, burnShown: shownCard },
    });
    if (count > 0) return;
    const same = await this.prisma.shoe.count({
      where: { id: shoeId, clientSeed, burnShown: shownCard },
    });
    if (same === 0) {
      throw new LedgerError('NOT_FOUND', `no shoe ${shoeId} waiting for its client seed`);
    }
  }

  /** Ends the shoe and reveals its seed; a second call keeps the first timestamps. */
  async endShoe(shoeId: string): Promise<void> {
    const now = new Date();
    const { count } = await this.prisma.shoe.updateMany({
      where: { id: shoeId, endedAt: null },
      data: { endedAt: now, revealedAt: now },
    });
    if (count === 0) {
      const exists = await this.prisma.shoe.count({ where: { id: shoeId } });
      if (exists === 0) throw new LedgerError('NOT_FOUND', `no shoe ${shoeId}`);
    }
  }

  async nextShoeNumber(tableId: string): Promise<number> {
    const agg = await this.prisma.shoe.aggregate({ where: { tableId }, _max: { number: true } });
    return (agg._max.number ?? 0) + 1;
  }

  async openRound(input: {
    tableId: string;
    shoeId: string;
    seq: number;
    number: number;
    holderSeat: number | null;
  }): Promise<{ roundId: string }> {
    // A table that retries after a failure gets the round it already opened.
    const { rows } = await this.pool.query<{ id: string }>({
      name: 'banco_open_round',
      text: `WITH opened AS (
               INSERT INTO rounds (id, table_id, shoe_id, seq, number, holder_seat)
               VALUES ($1, $2, $3, $4, $5, $6)
               ON CONFLICT (table_id, seq) DO NOTHING
               RETURNING id)
             SELECT id FROM opened
             UNION ALL SELECT id FROM rounds WHERE table_id = $2 AND seq = $4
             LIMIT 1`,
      values: [
        randomUUID(),
        input.tableId,
        input.shoeId,
        input.seq,
        input.number,
        input.holderSeat,
      ],
    });
    if (!rows[0])
      throw new LedgerError('NOT_FOUND', `round ${input.seq} of ${input.tableId} vanished`);
    return { roundId: rows[0].id };
  }

  async nextRoundSeq(tableId: string): Promise<number> {
    const agg = await this.prisma.round.aggregate({ where: { tableId }, _max: { seq: true } });
    return (agg._max.seq ?? 0) + 1;
  }

  /**
   * Moves the stakes from the wallet to the table's escrow at confirm time, all or nothing.
   * Replaying the same confirm id returns the bets already placed without moving chips again.
   */
  async escrowBets(input: EscrowBetsInput): Promise<EscrowedBets> {
    const [outcome] = await this.escrowMany([input]);
    if (!outcome!.ok) throw outcome!.error;
    const { bets, balance } = outcome!;
    return { bets, balance };
  }

  /**
   * Many confirms at once (a table's group commit): each answered as escrowBets would answer
   * it alone, in one round trip with whatever other tables' confirms are waiting. Throws only
   * for a failure that is no confirm's own; the stakes of a statement whose reply was lost are
   * refunded at settlement (T6.5).
   */
  escrowMany(inputs: readonly EscrowBetsInput[]): Promise<EscrowOutcome[]> {
    return escrowMany(this.escrows, inputs);
  }

  /**
   * Pays out a round in one transaction: losers' stakes to the house first, then pushes and
   * wins back to the wallets. Each bet is settled exactly once: a second call for a settled
   * round changes nothing and returns the current balances.
   */
  async settleRound(input: SettleRoundInput): Promise<{ balances: Map<string, number> }> {
    const { tableId, roundId, round, settled } = input;
    for (const s of settled) {
      assertAmount(s.stake, `stake of bet ${s.betId}`);
      assertAmount(s.returned, `return of bet ${s.betId}`, true);
      const consistent =
        (s.result === 'lose' && s.returned === 0) ||
        (s.result === 'push' && s.returned === s.stake) ||
        (s.result === 'win' && s.returned >= s.stake);
      if (!consistent) {
        throw new LedgerError(
          'INVALID_INPUT',
          `bet ${s.betId}: result ${s.result} cannot return ${s.returned} on a stake of ${s.stake}`,
        );
      }
    }

    const balances = await endRound(this.pool, {
      tableId,
      roundId,
      status: 'SETTLED',
      round,
      settled,
    });
    return { balances };
  }

  /**
   * Voids a table's round: every open stake goes back to its wallet (REFUND, keyed by bet), the
   * round is VOIDED with the cards it dealt, if any. A round already settled or voided is left
   * as it is; an unknown round is nothing to void. Returns the bettors' balances.
   */
  async voidRound(input: {
    tableId: string;
    seq: number;
    cards?: readonly string[];
  }): Promise<{ roundId: string | null; balances: Map<string, number> }> {
    const { tableId, seq } = input;
    const { rows } = await this.pool.query<{ id: string }>({
      name: 'banco_round_by_seq',
      text: 'SELECT id FROM rounds WHERE table_id = $1 AND seq = $2',
      values: [tableId, seq],
    });
    const roundId = rows[0]?.id;
    if (!roundId) return { roundId: null, balances: new Map() };
    const balances = await endRound(this.pool, {
      tableId,
      roundId,
      status: 'VOIDED',
      round: input.cards ? { cards: [...input.cards] } : null,
      settled: [],
    });
    return { roundId, balances };
  }

  /**
   * Tops the wallet up to `target` from REFILL. Keyed by round and player: a replay returns the
   * amount of the first call and mints nothing.
   */
  async refill(input: {
    playerId: string;
    roundId: string;
    target: number;
  }): Promise<{ amount: number; balance: number }> {
    const { playerId, roundId, target } = input;
    assertAmount(target, 'refill target', true);
    try {
      const { rows } = await this.pool.query<{ amount: string; balance: string }>({
        name: 'banco_refill_wallet',
        text: 'SELECT amount, balance FROM refill_wallet($1, $2, $3)',
        values: [playerId, roundId, target],
      });
      return { amount: fromPg(rows[0]!.amount), balance: fromPg(rows[0]!.balance) };
    } catch (error) {
      throw ledgerErrorOf(error) ?? error;
    }
  }

  /** A seat taken or left; `key` makes a replay write nothing. */
  async recordSeat(input: {
    tableId: string;
    seat: number;
    playerId: string;
    kind: SeatEventKind;
    key: string;
  }): Promise<void> {
    await this.pool.query({
      name: 'banco_record_seat',
      text: `INSERT INTO seat_events (table_id, seat, player_id, kind, key)
             VALUES ($1, $2, $3, $4::seat_event_kind, $5) ON CONFLICT DO NOTHING`,
      values: [input.tableId, input.seat, input.playerId, input.kind, input.key],
    });
  }

  /** Resolves once the state is stored; saves of many tables share a statement. */
  async saveTableState(tableId: string, row: StoredTableState): Promise<void> {
    await this.saves.submit([{ tableId, row }]);
  }

  loadTableState(tableId: string): Promise<StoredTableState | null> {
    return loadTableState(this.prisma, tableId);
  }

  /**
   * T9.5: voids every OPEN round no live table is playing (stakes refunded) and ends every shoe
   * no live table can finish (seed published).
   */
  async closeAbandoned(live: {
    rounds: readonly { tableId: string; seq: number }[];
    shoeIds: readonly string[];
  }): Promise<{ voided: { tableId: string; seq: number }[]; endedShoes: string[] }> {
    const voided = await abandonedRounds(this.prisma, live.rounds);
    for (const round of voided) await this.voidRound(round);
    const endedShoes = await endAbandonedShoes(this.prisma, live.shoeIds);
    return { voided, endedShoes };
  }

  /** Settled rounds of a table, newest first, with their bets. */
  async recentRounds(tableId: string, limit: number): Promise<RecentRound[]> {
    return recentRounds(this.prisma, tableId, limit);
  }

  /** A shoe for the fairness page; its server seed only once the shoe is revealed. */
  async shoeRecord(shoeId: string): Promise<ShoeRecord | null> {
    return shoeRecord(this.prisma, shoeId);
  }

  /** A table's shoes, newest first, for the /shoes page. */
  async tableShoes(tableId: string, limit: number): Promise<ShoeListing[]> {
    return tableShoes(this.prisma, tableId, limit);
  }
}

export function createLedger(prisma: PrismaClient, guestSessionTtlMs?: number): Ledger {
  return new Ledger(prisma, poolOf(prisma), guestSessionTtlMs);
}
