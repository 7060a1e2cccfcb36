import type pg from 'pg';
import {
  escrowOnce,
  escrowOutcomes,
  escrowValues,
  type EscrowOutcome,
  type EscrowRow,
} from './escrow.js';
import { fenceValues, withoutFenced } from './fence.js';
import { GroupCommit } from './group-commit.js';
import { LedgerError, ledgerErrorOf } from './ledger-error.js';
import type { EscrowBetsInput } from './ledger-types.js';
import { saveStates, savesJson, type StateSave } from './table-states.js';

/**
 * What a round writes between its opening and its settlement, of every table on the node: the
 * confirms' escrows and the tables' state saves. They go through one group commit, so a
 * statement carries whatever every table asked for in its gathering window, and Postgres pays
 * its fixed cost of a transaction once for them all rather than once for each kind and table.
 */
export type RoundWrite = { escrow: EscrowBetsInput } | { save: StateSave };

/** A confirm's outcome; a save's refusal, or null once stored. */
export type RoundWriteAnswer = EscrowOutcome | LedgerError | null;

const tableOf = (w: RoundWrite) => ('escrow' in w ? w.escrow.tableId : w.save.tableId);

const epochOf = (w: RoundWrite) => ('escrow' in w ? w.escrow.epoch : w.save.epoch);

/**
 * Confirms and saves in one statement, the fence first (T13.3): the saves are a data-modifying
 * CTE of escrow_bets' statement, so both commit together or not at all, and with the confirms'
 * synchronous commit. The fence is a CTE that both read: evaluated once, before either writes.
 */
const ESCROW_AND_SAVE = {
  name: 'banco_escrow_and_save_fenced',
  text: `WITH fence AS MATERIALIZED (SELECT banco_fence($10::text[], $11::bigint[]) AS ok),
              saved AS (
                INSERT INTO table_states (table_id, version, round_seq, shoe_id, state, updated_at)
                SELECT s.table_id, s.version, s.round_seq, s.shoe_id, s.state, now()
                  FROM fence, jsonb_to_recordset($12::jsonb)
                       AS s(table_id text, version int, round_seq int, shoe_id text, state jsonb)
                 WHERE fence.ok
                ON CONFLICT (table_id) DO UPDATE
                   SET version = EXCLUDED.version, round_seq = EXCLUDED.round_seq,
                       shoe_id = EXCLUDED.shoe_id, state = EXCLUDED.state,
                       updated_at = EXCLUDED.updated_at)
         SELECT e.req, e.code, e.balance, e.bet_id, e.spot, e.amount
           FROM fence,
                LATERAL escrow_bets(CASE WHEN fence.ok THEN $1::text[] END,
                                    $2, $3, $4, $5, $6, $7, $8, $9) AS e`,
} as const;

async function writeOnce(
  pool: pg.Pool,
  writes: readonly RoundWrite[],
): Promise<RoundWriteAnswer[]> {
  const escrows = writes.flatMap((w) => ('escrow' in w ? [w.escrow] : []));
  const saves = writes.flatMap((w) => ('save' in w ? [w.save] : []));
  // One kind alone goes in that kind's own statement: saves alone commit without the WAL wait.
  if (escrows.length === 0) {
    await saveStates(pool, saves);
    return writes.map(() => null);
  }
  let outcomes: EscrowOutcome[];
  if (saves.length === 0) {
    outcomes = await escrowOnce(pool, escrows);
  } else {
    const fences = writes.map((w) => {
      const epoch = epochOf(w);
      return epoch === undefined ? undefined : { tableId: tableOf(w), epoch };
    });
    const values = [...escrowValues(escrows), ...fenceValues(fences), savesJson(saves)];
    let rows: EscrowRow[];
    try {
      rows = (await pool.query<EscrowRow>({ ...ESCROW_AND_SAVE, values })).rows;
    } catch (error) {
      throw ledgerErrorOf(error) ?? error;
    }
    outcomes = escrowOutcomes(escrows, rows);
  }
  let next = 0;
  return writes.map((w) => ('escrow' in w ? outcomes[next++]! : null));
}

/**
 * The group commit of a node's round writes (group-commit.ts). A player's second confirm, and a
 * table's second save, go in a later statement, decided after the first one's commit. Writes of
 * tables found fenced are answered FENCED and the statement goes again for the others.
 */
export function roundWriter(
  pool: pg.Pool,
  inFlight: number,
  gatherMs: number,
): GroupCommit<RoundWrite, RoundWriteAnswer> {
  return new GroupCommit(
    async (writes) => {
      const answers = await withoutFenced(
        writes,
        tableOf,
        (left) => writeOnce(pool, left),
        (error): RoundWriteAnswer => error,
      );
      return answers.map((answer, i) =>
        'escrow' in writes[i]! && answer instanceof LedgerError
          ? { ok: false, error: answer }
          : answer,
      );
    },
    (w) => ('escrow' in w ? `player:${w.escrow.playerId}` : `table:${w.save.tableId}`),
    inFlight,
    gatherMs,
  );
}
