import { toNumber } from './amounts.js';
import { addDelta, lockAccounts, walletAccount } from './accounts.js';
import { LedgerError } from './ledger-error.js';
import type { SettleRoundInput, SettledBet } from './ledger-types.js';
import type { Prisma } from './prisma.js';

// Closing a round in one transaction: settling it (T6.2) or voiding it (T9.2).

type Tx = Prisma.TransactionClient;

export interface OpenBet {
  id: string;
  player_id: string;
  amount: bigint;
}

/**
 * Exclusive on the round: a concurrent settle or void of the same round waits here and then sees
 * it closed; stakes (which hold the round FOR SHARE) are all committed once we pass.
 */
export async function lockRound(
  tx: Tx,
  tableId: string,
  roundId: string,
): Promise<{ status: string; table_id: string }> {
  const [row] = await tx.$queryRaw<Array<{ status: string; table_id: string }>>`
    SELECT status::text AS status, table_id FROM rounds WHERE id = ${roundId}
       FOR NO KEY UPDATE`;
  if (!row || row.table_id !== tableId) {
    throw new LedgerError('NOT_FOUND', `no round ${roundId} at table ${tableId}`);
  }
  return row;
}

export function openBetsOf(tx: Tx, roundId: string): Promise<OpenBet[]> {
  return tx.$queryRaw<OpenBet[]>`
    SELECT id, player_id, amount FROM bets WHERE round_id = ${roundId} AND status = 'OPEN'
     ORDER BY id`;
}

type MoveKind = 'COLLECT' | 'RETURN' | 'WIN' | 'REFUND';

/** The transfers that close a round, keyed `<kind>:<betId>`, and what they do to each account. */
export class Moves {
  readonly transfers: Array<{
    key: string;
    from: string;
    to: string;
    amount: number;
    kind: MoveKind;
    betId: string;
  }> = [];
  readonly deltas = new Map<string, bigint>();

  constructor(readonly escrow: string) {}

  move(kind: MoveKind, betId: string, from: string, to: string, amount: number): void {
    this.transfers.push({ key: `${kind.toLowerCase()}:${betId}`, from, to, amount, kind, betId });
    addDelta(this.deltas, from, BigInt(-amount));
    addDelta(this.deltas, to, BigInt(amount));
  }

  refund(bet: OpenBet): void {
    this.move('REFUND', bet.id, this.escrow, walletAccount(bet.player_id), Number(bet.amount));
  }
}

/**
 * One statement for every transfer, balance, bet and the round itself, after the accounts are
 * locked in the global order. Returns the new balances by account id.
 */
export async function writeRoundEnd(
  tx: Tx,
  end: {
    roundId: string;
    status: 'SETTLED' | 'VOIDED';
    round: Partial<SettleRoundInput['round']> | null;
    moves: Moves;
    settled: readonly SettledBet[];
    voided: readonly string[];
  },
): Promise<Map<string, bigint>> {
  const { roundId, round, moves, settled, voided } = end;
  const transfers = moves.transfers;
  const accountIds = [...moves.deltas.keys()];
  await lockAccounts(tx, accountIds);
  const rows = await tx.$queryRaw<Array<{ id: string; balance: bigint }>>`
    WITH moved AS (
      INSERT INTO transfers (key, from_account_id, to_account_id, amount, kind, round_id, bet_id)
      SELECT u.key, u.from_id, u.to_id, u.amount, u.kind::transfer_kind, ${roundId}, u.bet_id
        FROM unnest(${transfers.map((t) => t.key)}::text[],
                    ${transfers.map((t) => t.from)}::text[],
                    ${transfers.map((t) => t.to)}::text[],
                    ${transfers.map((t) => t.amount)}::bigint[],
                    ${transfers.map((t) => t.kind)}::text[],
                    ${transfers.map((t) => t.betId)}::text[])
             WITH ORDINALITY AS u(key, from_id, to_id, amount, kind, bet_id, n)
       ORDER BY u.n
    ), settled_bets AS (
      UPDATE bets AS b
         SET status = 'SETTLED', result = v.result, returned = v.returned, settled_at = now()
        FROM unnest(${settled.map((s) => s.betId)}::text[],
                    ${settled.map((s) => s.result)}::text[],
                    ${settled.map((s) => s.returned)}::bigint[]) AS v(id, result, returned)
       WHERE b.id = v.id
    ), voided_bets AS (
      UPDATE bets SET status = 'VOIDED', returned = amount, settled_at = now()
       WHERE id = ANY(${[...voided]}::text[])
    ), ended_round AS (
      UPDATE rounds
         SET status = ${end.status}::round_status,
             cards = ${round?.cards ? JSON.stringify(round.cards) : null}::jsonb,
             outcome = ${round?.outcome ?? null},
             player_total = ${round?.playerTotal ?? null},
             banker_total = ${round?.bankerTotal ?? null},
             trace = ${round?.trace === undefined ? null : JSON.stringify(round.trace)}::jsonb,
             settled_at = now()
       WHERE id = ${roundId}
    )
    UPDATE accounts AS a SET balance = a.balance + v.delta
      FROM unnest(${accountIds}::text[],
                  ${accountIds.map((id) => (moves.deltas.get(id) ?? 0n).toString())}::bigint[])
           AS v(id, delta)
     WHERE a.id = v.id
    RETURNING a.id, a.balance`;
  return new Map(rows.map((r) => [r.id, r.balance]));
}

/** Wallet balances by player id, for the players named. */
export function playerBalances(
  balances: Map<string, bigint>,
  playerIds: string[],
): Map<string, number> {
  const out = new Map<string, number>();
  for (const playerId of playerIds) {
    const balance = balances.get(walletAccount(playerId));
    if (balance !== undefined) out.set(playerId, toNumber(balance));
  }
  return out;
}
