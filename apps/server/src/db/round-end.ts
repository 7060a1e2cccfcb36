import type pg from 'pg';
import { fromPg } from './amounts.js';
import { fenceValues } from './fence.js';
import { ledgerErrorOf } from './ledger-error.js';
import type { Fence, SettleRoundInput, SettledBet } from './ledger-types.js';

// Closing a round in one call of the end_round SQL function: settling it (T6.2) or voiding it
// (T9.2). The function locks, checks and writes everything the two used to do in five statements.

// T13.3: end_round depends on the fence's answer, so the fence runs first, in the same statement.
const END_ROUND = {
  name: 'banco_end_round_fenced',
  text: `SELECT e.player_id, e.balance
           FROM banco_fence($14::text[], $15::bigint[]) AS fence(ok),
                LATERAL end_round(CASE WHEN fence.ok THEN $1::text END, $2, $3, $4::jsonb, $5,
                                  $6, $7, $8::jsonb, $9, $10, $11, $12, $13) AS e`,
} as const;

/** A round to settle or void, under the table's lease (T13.3) when it has one. */
export interface EndRoundInput {
  tableId: string;
  roundId: string;
  status: 'SETTLED' | 'VOIDED';
  round: Partial<SettleRoundInput['round']> | null;
  settled: readonly SettledBet[];
  fence?: Fence;
}

/**
 * Returns the wallet balances of the bettors named and of every bettor refunded; a round no
 * longer OPEN is left as it is (the balances of the bettors named come back all the same).
 */
export async function endRound(
  db: Pick<pg.Pool, 'query'>,
  end: EndRoundInput,
): Promise<Map<string, number>> {
  const { round, settled } = end;
  const values = [
    end.tableId,
    end.roundId,
    end.status,
    round?.cards ? JSON.stringify(round.cards) : null,
    round?.outcome ?? null,
    round?.playerTotal ?? null,
    round?.bankerTotal ?? null,
    round?.trace === undefined ? null : JSON.stringify(round.trace),
    settled.map((s) => s.betId),
    settled.map((s) => s.playerId),
    settled.map((s) => s.result),
    settled.map((s) => s.stake),
    settled.map((s) => s.returned),
    ...fenceValues([end.fence]),
  ];
  try {
    const { rows } = await db.query<{ player_id: string; balance: string }>({
      ...END_ROUND,
      values,
    });
    return new Map(rows.map((r) => [r.player_id, fromPg(r.balance)]));
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
}
