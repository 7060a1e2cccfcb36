import { randomUUID } from 'node:crypto';
import { assertAmount, toNumber } from './amounts.js';
import {
  addDelta,
  applyDeltas,
  escrowAccount,
  HOUSE_ACCOUNT,
  lockAccounts,
  REFILL_ACCOUNT,
  walletAccount,
} from './accounts.js';
import { lockRound, Moves, openBetsOf, playerBalances, writeRoundEnd } from './round-end.js';
import { recentRounds, shoeRecord } from './history.js';
import {
  abandonedRounds,
  endAbandonedShoes,
  loadTableState,
  saveTableState,
  type StoredTableState,
} from './table-states.js';
import { isCheckViolation, LedgerError } from './ledger-error.js';
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
import type { Prisma, PrismaClient } from './prisma.js';
import { DEFAULT_SESSION_TTLS, insertSession } from './sessions.js';

export { LedgerError } from './ledger-error.js';
export type { LedgerErrorCode } from './ledger-error.js';
export type * from './ledger-types.js';

/** 1,000 chips in minor units, minted from REFILL for every new guest. */
export const WELCOME_AMOUNT = 100_000;

export { HOUSE_ACCOUNT, REFILL_ACCOUNT, escrowAccount, walletAccount } from './accounts.js';

/** The CHECK that keeps WALLET and ESCROW balances at or above zero. */
const BALANCE_CHECK = 'accounts_balance_nonnegative';

// Settlement runs every round: give it room under load instead of Prisma's 5 s / 2 s defaults.
const TX_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;

type Tx = Prisma.TransactionClient;
type Json = Prisma.InputJsonValue;

/**
 * The chip ledger: every chip movement is a row in `transfers` (append-only, unique idempotency
 * key) plus the matching change to two account balances, in the same transaction. Amounts in
 * and out are integers in minor units (1 chip = 100).
 */
export class Ledger {
  constructor(
    private readonly prisma: PrismaClient,
    /** How long a new guest's session lasts (GUEST_TOKEN_TTL_HOURS). */
    private readonly guestSessionTtlMs: number = DEFAULT_SESSION_TTLS.guestMs,
  ) {}

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
    const round = await this.prisma.round.upsert({
      where: { tableId_seq: { tableId: input.tableId, seq: input.seq } },
      create: {
        id: randomUUID(),
        tableId: input.tableId,
        shoeId: input.shoeId,
        seq: input.seq,
        number: input.number,
        holderSeat: input.holderSeat,
      },
      update: {},
      select: { id: true },
    });
    return { roundId: round.id };
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
    const { tableId, roundId, playerId, seat, confirmId } = input;
    if (input.bets.length === 0) throw new LedgerError('INVALID_INPUT', 'no bets to confirm');
    const spots = new Set<string>();
    let total = 0;
    for (const bet of input.bets) {
      assertAmount(bet.amount, `bet on ${bet.spot}`);
      if (spots.has(bet.spot)) throw new LedgerError('INVALID_INPUT', `two bets on ${bet.spot}`);
      spots.add(bet.spot);
      total += bet.amount;
    }
    assertAmount(total, 'total stake');

    const wallet = walletAccount(playerId);
    const escrow = escrowAccount(tableId);
    try {
      return await this.tx(async (tx) => {
        // The round FOR SHARE (settlement takes it exclusively, so no stake lands in a round
        // being settled), then the wallet: the same order settleRound locks them in.
        const [head] = await tx.$queryRaw<
          Array<{ status: string | null; table_id: string | null; balance: bigint | null }>
        >`
          WITH r AS (SELECT status::text AS status, table_id FROM rounds WHERE id = ${roundId} FOR SHARE),
               w AS (SELECT balance FROM accounts
                      WHERE id = ${wallet} AND EXISTS (SELECT 1 FROM r) FOR NO KEY UPDATE)
          SELECT (SELECT status FROM r) AS status, (SELECT table_id FROM r) AS table_id,
                 (SELECT balance FROM w) AS balance`;
        if (!head || head.status === null || head.table_id !== tableId) {
          throw new LedgerError('NOT_FOUND', `no round ${roundId} at table ${tableId}`);
        }
        if (head.balance === null) throw new LedgerError('NOT_FOUND', `no wallet for ${playerId}`);

        // A new statement, so a new snapshot: a concurrent replay of this confirm that held
        // the wallet before us has committed, and its bets are visible here.
        const existing = await tx.$queryRaw<
          Array<{ id: string; spot: string; amount: bigint; confirm_id: string; status: string }>
        >`
          SELECT b.id, b.spot, b.amount, b.confirm_id, b.status::text AS status
            FROM bets b LEFT JOIN transfers t ON t.bet_id = b.id AND t.kind = 'STAKE'
           WHERE b.round_id = ${roundId} AND b.player_id = ${playerId}
           ORDER BY t.id`;
        const replay = existing.filter((b) => b.confirm_id === confirmId);
        if (replay.length > 0) {
          return {
            bets: replay.map((b) => ({ id: b.id, spot: b.spot, amount: toNumber(b.amount) })),
            balance: toNumber(head.balance),
          };
        }
        if (existing.some((b) => b.status === 'OPEN')) {
          throw new LedgerError(
            'ALREADY_CONFIRMED',
            `player ${playerId} already confirmed bets in round ${roundId}`,
          );
        }
        if (head.status !== 'OPEN') {
          throw new LedgerError('ROUND_NOT_OPEN', `round ${roundId} is ${head.status}`);
        }

        const bets = input.bets.map((b) => ({ id: randomUUID(), spot: b.spot, amount: b.amount }));
        // One statement writes the bets, their STAKE transfers and both balances. If the
        // wallet cannot cover the total, the CHECK fails the whole statement: nothing is
        // written. The escrow row is locked only here, for the shortest possible time.
        const balances = await tx.$queryRaw<Array<{ id: string; balance: bigint }>>`
          WITH new_bets AS (
            INSERT INTO bets (id, round_id, player_id, seat, spot, amount, confirm_id)
            SELECT u.id, ${roundId}, ${playerId}, ${seat}, u.spot, u.amount, ${confirmId}
              FROM unnest(${bets.map((b) => b.id)}::text[], ${bets.map((b) => b.spot)}::text[],
                          ${bets.map((b) => b.amount)}::bigint[]) WITH ORDINALITY AS u(id, spot, amount, n)
             ORDER BY u.n
            RETURNING id, amount
          ), stakes AS (
            INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
            SELECT 'stake:' || u.id, ${wallet}, ${escrow}, u.amount, 'STAKE', ${roundId}, u.id
              FROM unnest(${bets.map((b) => b.id)}::text[], ${bets.map((b) => b.amount)}::bigint[])
                   WITH ORDINALITY AS u(id, amount, n)
             WHERE u.id IN (SELECT id FROM new_bets)
             ORDER BY u.n
          )
          UPDATE accounts
             SET balance = balance + CASE WHEN id = ${wallet} THEN -${total}::bigint ELSE ${total}::bigint END
           WHERE id IN (${wallet}, ${escrow})
          RETURNING id, balance`;
        const after = balances.find((b) => b.id === wallet);
        if (!after || balances.length !== 2) {
          throw new LedgerError('NOT_FOUND', `no escrow account for table ${tableId}`);
        }
        return { bets, balance: toNumber(after.balance) };
      });
    } catch (err) {
      if (isCheckViolation(err, BALANCE_CHECK)) {
        throw new LedgerError(
          'INSUFFICIENT_BALANCE',
          `wallet of ${playerId} cannot cover a stake of ${total}`,
          { cause: err },
        );
      }
      throw err;
    }
  }

  /**
   * Pays out a round in one transaction: losers' stakes to the house first, then pushes and
   * wins back to the wallets. Each bet is settled exactly once: a second call for a settled
   * round changes nothing and returns the current balances.
   */
  async settleRound(input: SettleRoundInput): Promise<{ balances: Map<string, number> }> {
    const { tableId, roundId, round, settled } = input;
    const playerIds = [...new Set(settled.map((s) => s.playerId))];
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

    return this.tx(async (tx) => {
      const row = await lockRound(tx, tableId, roundId);
      if (row.status !== 'OPEN') {
        return { balances: await this.walletBalances(tx, playerIds) };
      }
      // Every open stake of the round must be accounted for, or chips would stay in escrow.
      const open = await openBetsOf(tx, roundId);
      const openById = new Map(open.map((b) => [b.id, b]));
      const seen = new Set<string>();
      for (const s of settled) {
        const bet = openById.get(s.betId);
        if (!bet || seen.has(s.betId)) {
          throw new LedgerError('INVALID_INPUT', `bet ${s.betId} is not an open bet of ${roundId}`);
        }
        if (bet.player_id !== s.playerId || Number(bet.amount) !== s.stake) {
          throw new LedgerError('INVALID_INPUT', `bet ${s.betId} does not match its stored stake`);
        }
        seen.add(s.betId);
      }
      const moves = new Moves(escrowAccount(tableId));
      // Every bettor's wallet, so losers' balances come back too.
      for (const playerId of playerIds) addDelta(moves.deltas, walletAccount(playerId), 0n);
      for (const s of settled) {
        if (s.result === 'lose')
          moves.move('COLLECT', s.betId, moves.escrow, HOUSE_ACCOUNT, s.stake);
      }
      for (const s of settled) {
        if (s.result === 'lose') continue;
        const wallet = walletAccount(s.playerId);
        moves.move('RETURN', s.betId, moves.escrow, wallet, s.stake);
        if (s.returned > s.stake) {
          moves.move('WIN', s.betId, HOUSE_ACCOUNT, wallet, s.returned - s.stake);
        }
      }
      // T6.5: a stake the table never heard of (its escrow committed but the reply was lost)
      // is refunded here rather than left in escrow: never both standing and refunded.
      const strays = open.filter((b) => !seen.has(b.id));
      for (const b of strays) moves.refund(b);
      const balances = await writeRoundEnd(tx, {
        roundId,
        status: 'SETTLED',
        round,
        moves,
        settled,
        voided: strays.map((b) => b.id),
      });
      return {
        balances: playerBalances(balances, [...playerIds, ...strays.map((b) => b.player_id)]),
      };
    });
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
    return this.tx(async (tx) => {
      const [found] = await tx.$queryRaw<Array<{ id: string }>>`
        SELECT id FROM rounds WHERE table_id = ${tableId} AND seq = ${seq}`;
      if (!found) return { roundId: null, balances: new Map() };
      const row = await lockRound(tx, tableId, found.id);
      if (row.status !== 'OPEN') return { roundId: found.id, balances: new Map() };
      const open = await openBetsOf(tx, found.id);
      const moves = new Moves(escrowAccount(tableId));
      for (const b of open) moves.refund(b);
      const balances = await writeRoundEnd(tx, {
        roundId: found.id,
        status: 'VOIDED',
        round: input.cards ? { cards: [...input.cards] } : null,
        moves,
        settled: [],
        voided: open.map((b) => b.id),
      });
      return {
        roundId: found.id,
        balances: playerBalances(
          balances,
          open.map((b) => b.player_id),
        ),
      };
    });
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
    const wallet = walletAccount(playerId);
    const key = `refill:${roundId}:${playerId}`;
    return this.tx(async (tx) => {
      const locked = await lockAccounts(tx, [wallet, REFILL_ACCOUNT]);
      const balance = locked.get(wallet);
      if (balance === undefined) throw new LedgerError('NOT_FOUND', `no wallet for ${playerId}`);
      const previous = await tx.transfer.findUnique({ where: { key }, select: { amount: true } });
      if (previous) return { amount: toNumber(previous.amount), balance: toNumber(balance) };
      if (balance >= BigInt(target)) return { amount: 0, balance: toNumber(balance) };

      const amount = BigInt(target) - balance;
      const balances = await applyDeltas(
        tx,
        new Map([
          [wallet, amount],
          [REFILL_ACCOUNT, -amount],
        ]),
      );
      await tx.transfer.create({
        data: {
          key,
          fromAccountId: REFILL_ACCOUNT,
          toAccountId: wallet,
          amount,
          kind: 'REFILL',
          roundId,
        },
      });
      return { amount: toNumber(amount), balance: toNumber(balances.get(wallet) ?? 0n) };
    });
  }

  /** A seat taken or left; `key` makes a replay write nothing. */
  async recordSeat(input: {
    tableId: string;
    seat: number;
    playerId: string;
    kind: SeatEventKind;
    key: string;
  }): Promise<void> {
    await this.prisma.seatEvent.createMany({ data: [input], skipDuplicates: true });
  }

  saveTableState(tableId: string, row: StoredTableState): Promise<void> {
    return saveTableState(this.prisma, tableId, row);
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
}

export function createLedger(prisma: PrismaClient, guestSessionTtlMs?: number): Ledger {
  return new Ledger(prisma, guestSessionTtlMs);
}
