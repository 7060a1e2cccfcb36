import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { assertAmount, fromPg, toNumber } from './amounts.js';
import { escrowAccount, REFILL_ACCOUNT, stackAccount, walletAccount } from './accounts.js';
import { escrowMany, type EscrowOutcome } from './escrow.js';
import { roundWriter, type RoundWrite, type RoundWriteAnswer } from './round-writes.js';
import type { Gathering, GroupCommit } from './group-commit.js';
import type { EndRoundInput } from './round-end.js';
import type { OpenRoundInput } from './round-open.js';
import type { LedgerExport, Recap } from '@banco/protocol';
import { autoApproveInvite, eveningMember, roomChipsEntry } from './evening.js';
import { recapInputs, roomLedger } from './room-ledger.js';
import { recapOf } from './room-recap.js';
import { recentRounds, shoeRecord, tableShoes, type ShoeListing } from './history.js';
import {
  abandonedRounds,
  endAbandonedShoes,
  loadTableState,
  type StoredTableState,
} from './table-states.js';
import { LedgerError, ledgerErrorOf } from './ledger-error.js';
import { fencedError, fenceValues } from './fence.js';
import type {
  EscrowBetsInput,
  EscrowedBets,
  Fence,
  GuestCreated,
  RecentRound,
  RoomChipsEntry,
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

/** Statements of round writes (escrows and state saves) running at once (group-commit.ts). */
const STATEMENTS_IN_FLIGHT = 2;
/**
 * How a confirm or a state save waits for others, of any table, to share its statement
 * (`Gathering`, group-commit.ts). Bets and phase changes land at random moments, so without it a
 * busy server sends most of them alone, and Postgres's fixed cost of a transaction is most of
 * what each costs: with 5 ms a round at 150 tables still took 7 escrow and 5 save transactions
 * (docs/performance-log.md). A round's writes at a table are about 20 (an open, 14 confirms, four
 * saves, an end): at 150 tables a node's 20 ms windows hold 8 of them, 2.5 statements a round,
 * and statements never go closer than 20 ms, at most 50 a second whatever the load. A node of 75
 * tables would fill one in 40 ms: each write waits at most 20 ms from its own arrival, so its
 * statements go about 25 ms apart, 4 a round (counted from the last statement's start they were
 * 5). No write waits longer than it could before, the bound of a bet's acknowledgement, though
 * more wait the whole 20 ms (docs/performance-log.md, "Two nodes against one").
 */
const ROUND_WRITES_GATHERING: Gathering = { leastMs: 20, mostMs: 20, fullAt: 8 };

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
  private readonly writes: GroupCommit<RoundWrite, RoundWriteAnswer>;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly pool: pg.Pool = poolOf(prisma),
    /** How long a new guest's session lasts (GUEST_TOKEN_TTL_HOURS). */
    private readonly guestSessionTtlMs: number = DEFAULT_SESSION_TTLS.guestMs,
  ) {
    // Two statements at a time: on a busy server confirms and saves then wait a few
    // milliseconds and go in fuller statements (a 14-confirm statement costs Postgres what
    // three single ones do), and the other connections stay free for settlements and rounds.
    this.writes = roundWriter(pool, STATEMENTS_IN_FLIGHT, ROUND_WRITES_GATHERING);
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

  // A seat.take asks for both of these inside the table's queue: plain prepared statements on
  // the pool, not Prisma queries (seven thousand players sitting down cost the server several
  // seconds of Prisma's query building at 500 tables).
  async playerInfo(playerId: string): Promise<{ id: string; name: string } | null> {
    const { rows } = await this.pool.query<{ id: string; name: string }>({
      name: 'banco_player_info',
      text: 'SELECT id, name FROM players WHERE id = $1',
      values: [playerId],
    });
    return rows[0] ?? null;
  }

  async balanceOf(playerId: string): Promise<number> {
    const { rows } = await this.pool.query<{ balance: string }>({
      name: 'banco_wallet_balance',
      text: 'SELECT balance FROM accounts WHERE id = $1',
      values: [walletAccount(playerId)],
    });
    if (!rows[0]) throw new LedgerError('NOT_FOUND', `no wallet for player ${playerId}`);
    return fromPg(rows[0].balance);
  }

  /**
   * Players without a wallet are absent from the map. With `roomId` (a room with room chips,
   * T10.8) their room stacks there instead.
   */
  async balancesOf(playerIds: string[], roomId?: string): Promise<Map<string, number>> {
    if (roomId === undefined) return this.walletBalances(this.prisma, playerIds);
    const rows = await this.prisma.account.findMany({
      where: { id: { in: playerIds.map((id) => stackAccount(roomId, id)) } },
      select: { id: true, balance: true },
    });
    const prefix = stackAccount(roomId, '');
    return new Map(rows.map((r) => [r.id.slice(prefix.length), toNumber(r.balance)]));
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
    fence?: Fence;
  }): Promise<{ shoeId: string; serverSeed: string; commitment: string }> {
    const { rows } = await this.fenced(() =>
      this.pool.query<{ id: string; server_seed: string; commitment: string }>({
        name: 'banco_create_shoe',
        text: `WITH fence AS (SELECT banco_fence($7::text[], $8::bigint[]) AS ok),
                    made AS (
                 INSERT INTO shoes (id, table_id, number, server_seed, commitment, client_seed, settings)
                 SELECT $1, $2, $3, $4, $5, $6, $9::jsonb FROM fence WHERE fence.ok
                 ON CONFLICT (table_id, number) DO NOTHING
                 RETURNING id, server_seed, commitment)
               SELECT id, server_seed, commitment FROM made
               UNION ALL
               SELECT s.id, s.server_seed, s.commitment FROM shoes s, fence
                WHERE fence.ok AND s.table_id = $2 AND s.number = $3
               LIMIT 1`,
        values: [
          randomUUID(),
          input.tableId,
          input.number,
          input.serverSeed,
          input.commitment,
          input.clientSeed ?? null,
          ...fenceValues([input.fence]),
          JSON.stringify(input.settings),
        ],
      }),
    );
    const shoe = rows[0];
    if (!shoe)
      throw new LedgerError('NOT_FOUND', `shoe ${input.number} of ${input.tableId} vanished`);
    return { shoeId: shoe.id, serverSeed: shoe.server_seed, commitment: shoe.commitment };
  }

  /** T13.3: a refusal by banco_fence becomes the ledger's FENCED; anything else passes through. */
  private async fenced<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const refused = ledgerErrorOf(error);
      if (refused?.code === 'FENCED') throw fencedError([], error);
      throw error;
    }
  }

  /**
   * The client seed the shoe was shuffled with and its burn card, fixed once (R11.7, R10.3).
   * Recording the same shuffle again is a no-op; a different one is refused.
   */
  async recordShuffle(
    shoeId: string,
    clientSeed: string,
    shownCard: string,
    fence?: Fence,
  ): Promise<void> {
    const { rowCount } = await this.fenced(() =>
      this.pool.query({
        name: 'banco_record_shuffle',
        text: `UPDATE shoes SET client_seed = $2, burn_shown = $3
                 FROM (SELECT banco_fence($4::text[], $5::bigint[]) AS ok) AS fence
                WHERE fence.ok AND id = $1 AND client_seed IS NULL`,
        values: [shoeId, clientSeed, shownCard, ...fenceValues([fence])],
      }),
    );
    if ((rowCount ?? 0) > 0) return;
    const same = await this.prisma.shoe.count({
      where: { id: shoeId, clientSeed, burnShown: shownCard },
    });
    if (same === 0) {
      throw new LedgerError('NOT_FOUND', `no shoe ${shoeId} waiting for its client seed`);
    }
  }

  /** Ends the shoe and reveals its seed; a second call keeps the first timestamps. */
  async endShoe(shoeId: string, fence?: Fence): Promise<void> {
    const { rowCount } = await this.fenced(() =>
      this.pool.query({
        name: 'banco_end_shoe',
        text: `UPDATE shoes SET ended_at = now(), revealed_at = now()
                 FROM (SELECT banco_fence($2::text[], $3::bigint[]) AS ok) AS fence
                WHERE fence.ok AND id = $1 AND ended_at IS NULL`,
        values: [shoeId, ...fenceValues([fence])],
      }),
    );
    if ((rowCount ?? 0) === 0) {
      const exists = await this.prisma.shoe.count({ where: { id: shoeId } });
      if (exists === 0) throw new LedgerError('NOT_FOUND', `no shoe ${shoeId}`);
    }
  }

  async nextShoeNumber(tableId: string): Promise<number> {
    const agg = await this.prisma.shoe.aggregate({ where: { tableId }, _max: { number: true } });
    return (agg._max.number ?? 0) + 1;
  }

  /**
   * A table that retries after a failure gets the round it already opened. The opening goes in
   * the node's group commit with every table's confirms, saves and ends (round-writes.ts).
   */
  async openRound(input: OpenRoundInput): Promise<{ roundId: string }> {
    const [answer] = await this.writes.submit([{ open: input }]);
    if (answer instanceof LedgerError) throw answer;
    return answer as { roundId: string };
  }

  /** A round's end through the group commit: its balances once the end is committed (T6.2). */
  private async endRound(end: EndRoundInput): Promise<Map<string, number>> {
    const [answer] = await this.writes.submit([{ end }]);
    if (answer instanceof LedgerError) throw answer;
    return answer as Map<string, number>;
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
    return escrowMany(
      (sound) =>
        this.writes.submit(sound.map((escrow) => ({ escrow }))) as Promise<EscrowOutcome[]>,
      inputs,
    );
  }

  /**
   * Pays out a round in one transaction: losers' stakes to the house first, then pushes and
   * wins back to the wallets. Each bet is settled exactly once: a second call for a settled
   * round changes nothing and returns the current balances.
   */
  async settleRound(input: SettleRoundInput): Promise<{ balances: Map<string, number> }> {
    const { tableId, roundId, round, settled, fence } = input;
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

    const balances = await this.endRound({
      tableId,
      roundId,
      status: 'SETTLED',
      round,
      settled,
      fence,
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
    fence?: Fence;
  }): Promise<{ roundId: string | null; balances: Map<string, number> }> {
    const { tableId, seq } = input;
    const { rows } = await this.pool.query<{ id: string }>({
      name: 'banco_round_by_seq',
      text: 'SELECT id FROM rounds WHERE table_id = $1 AND seq = $2',
      values: [tableId, seq],
    });
    const roundId = rows[0]?.id;
    if (!roundId) return { roundId: null, balances: new Map() };
    const balances = await this.endRound({
      tableId,
      roundId,
      status: 'VOIDED',
      round: input.cards ? { cards: [...input.cards] } : null,
      settled: [],
      fence: input.fence,
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
    fence?: Fence;
  }): Promise<{ amount: number; balance: number }> {
    const { playerId, roundId, target } = input;
    assertAmount(target, 'refill target', true);
    try {
      const { rows } = await this.pool.query<{ amount: string; balance: string }>({
        name: 'banco_refill_wallet_fenced',
        text: `SELECT r.amount, r.balance
                 FROM banco_fence($4::text[], $5::bigint[]) AS fence(ok),
                      LATERAL refill_wallet(CASE WHEN fence.ok THEN $1::text END, $2, $3) AS r`,
        values: [playerId, roundId, target, ...fenceValues([input.fence])],
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
    fence?: Fence;
  }): Promise<void> {
    await this.fenced(() =>
      this.pool.query({
        name: 'banco_record_seat_fenced',
        text: `INSERT INTO seat_events (table_id, seat, player_id, kind, key)
               SELECT $1, $2, $3, $4::seat_event_kind, $5
                 FROM banco_fence($6::text[], $7::bigint[]) AS fence(ok) WHERE fence.ok
               ON CONFLICT DO NOTHING`,
        values: [
          input.tableId,
          input.seat,
          input.playerId,
          input.kind,
          input.key,
          ...fenceValues([input.fence]),
        ],
      }),
    );
  }

  /** Resolves once the state is stored; saves and confirms of many tables share a statement. */
  async saveTableState(tableId: string, row: StoredTableState, epoch?: number): Promise<void> {
    const [refused] = await this.writes.submit([{ save: { tableId, row, epoch } }]);
    if (refused) throw refused as LedgerError;
  }

  loadTableState(tableId: string): Promise<StoredTableState | null> {
    return loadTableState(this.prisma, tableId);
  }

  /**
   * T9.5: voids every OPEN round of the table other than the one it plays (stakes refunded) and
   * ends every shoe of it other than the one it plays (seed published). Run by the node that
   * has just claimed the table (T13.4), under its fence.
   */
  async closeAbandoned(live: {
    tableId: string;
    roundSeq: number | null;
    shoeId: string | null;
    fence?: Fence;
  }): Promise<{ voided: { tableId: string; seq: number }[]; endedShoes: string[] }> {
    const { tableId, fence } = live;
    const voided = await abandonedRounds(this.prisma, tableId, live.roundSeq);
    for (const round of voided) await this.voidRound({ ...round, fence });
    const endedShoes = await this.fenced(() =>
      endAbandonedShoes(this.prisma, this.pool, tableId, live.shoeId, fence),
    );
    return { voided, endedShoes };
  }

  /** T11.15: a grant, top-up or adjustment of a room stack; returns the stack. */
  roomChipsEntry(roomId: string, entry: RoomChipsEntry, fence?: Fence): Promise<number> {
    return roomChipsEntry(this.pool, roomId, entry, fence);
  }

  /** T11.12: a player's name and whether they hold an account. */
  eveningMember(playerId: string) {
    return eveningMember(this.pool, playerId);
  }

  /** T11.12: whether an invite of this room seats its holder without asking. */
  autoApproveInvite(roomId: string, code: string): Promise<boolean> {
    return autoApproveInvite(this.pool, roomId, code);
  }

  /** T10.9: a room's ledger for one of its members (null for anyone else: P8.10). */
  roomLedger(roomId: string, playerId: string): Promise<LedgerExport | null> {
    return roomLedger(this.prisma, roomId, playerId, new Date());
  }

  /** T10.10: the night in a few figures, for one of the room's members. */
  async roomRecap(roomId: string, playerId: string): Promise<Recap | null> {
    const now = new Date();
    const ledger = await roomLedger(this.prisma, roomId, playerId, now);
    if (!ledger) return null;
    const { rounds, seats } = await recapInputs(this.prisma, roomId, now);
    return recapOf(ledger, rounds, seats);
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
