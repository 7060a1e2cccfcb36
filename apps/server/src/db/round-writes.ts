import type pg from 'pg';
import {
  escrowOnce,
  escrowOutcomes,
  escrowValues,
  type EscrowOutcome,
  type EscrowRow,
} from './escrow.js';
import { fenceValues, withoutFenced } from './fence.js';
import { GroupCommit, type Gathering } from './group-commit.js';
import { LedgerError, ledgerErrorOf } from './ledger-error.js';
import type { EscrowBetsInput } from './ledger-types.js';
import { endRound, type EndRoundInput } from './round-end.js';
import { openRoundOn, type OpenRoundInput, type Queryable } from './round-open.js';
import { saveStates, savesJson, type StateSave } from './table-states.js';

/**
 * What a round writes, of every table on the node: its opening, the confirms' escrows, the
 * tables' state saves and its end (settled or voided). They go through one group commit, so a
 * transaction carries whatever every table asked for in its gathering window, and Postgres pays
 * its fixed cost of a transaction (and its WAL flush) once for them all rather than once for
 * each kind and table.
 */
export type RoundWrite =
  | { escrow: EscrowBetsInput }
  | { save: StateSave }
  | { open: OpenRoundInput }
  | { end: EndRoundInput };

/**
 * A confirm's outcome; a save's refusal, or null once stored; an opened round's id; an ended
 * round's balances; an open's or end's refusal.
 */
export type RoundWriteAnswer =
  EscrowOutcome | LedgerError | null | { roundId: string } | Map<string, number>;

function tableOf(w: RoundWrite): string {
  if ('escrow' in w) return w.escrow.tableId;
  if ('save' in w) return w.save.tableId;
  return 'open' in w ? w.open.tableId : w.end.tableId;
}

function epochOf(w: RoundWrite): number | undefined {
  if ('escrow' in w) return w.escrow.epoch;
  if ('save' in w) return w.save.epoch;
  return 'open' in w ? w.open.fence?.epoch : w.end.fence?.epoch;
}

function keyOf(w: RoundWrite): string {
  if ('escrow' in w) return `player:${w.escrow.playerId}`;
  if ('save' in w) return `table:${w.save.tableId}`;
  // A table's open and end never share a statement with another of their kind of that table.
  return 'open' in w ? `open:${w.open.tableId}` : `end:${w.end.tableId}`;
}

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
                  FROM fence, json_to_recordset($12::json)
                       AS s(table_id text, version int, round_seq int, shoe_id text, state json)
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

/** Confirms and saves only; `synchronous`: inside a transaction that must wait for the WAL. */
async function writeOnce(
  pool: Queryable,
  writes: readonly RoundWrite[],
  synchronous = false,
): Promise<RoundWriteAnswer[]> {
  const escrows = writes.flatMap((w) => ('escrow' in w ? [w.escrow] : []));
  const saves = writes.flatMap((w) => ('save' in w ? [w.save] : []));
  if (escrows.length === 0 && saves.length === 0) return [];
  // One kind alone goes in that kind's own statement: saves alone commit without the WAL wait.
  if (escrows.length === 0) {
    await saveStates(pool, saves, synchronous);
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

const isMiddle = (w: RoundWrite) => 'escrow' in w || 'save' in w;

/**
 * Everything in one transaction, in each table's order: the opens first (a confirm names a round
 * its table opened), then the confirms and saves, then the ends (a round ends with every stake
 * escrowed before it, T6.5). One commit, with the WAL wait, answers them all: an acknowledged
 * bet is stored (T6.1) and a result goes out only once its round's end is (T6.2).
 */
async function writeTogether(
  pool: pg.Pool,
  writes: readonly RoundWrite[],
): Promise<RoundWriteAnswer[]> {
  if (writes.every(isMiddle)) return writeOnce(pool, writes);
  const answers: RoundWriteAnswer[] = new Array(writes.length).fill(null);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await inOrder(client, writes, answers, true);
    await client.query('COMMIT');
    return answers;
  } catch (error) {
    await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Opens, then confirms and saves, then ends, each answered in `answers`. */
async function inOrder(
  db: Queryable,
  writes: readonly RoundWrite[],
  answers: RoundWriteAnswer[],
  synchronous: boolean,
): Promise<void> {
  for (const [i, w] of writes.entries())
    if ('open' in w) answers[i] = { roundId: await openRoundOn(db, w.open) };
  const middle = [...writes.keys()].filter((i) => isMiddle(writes[i]!));
  const got = await writeOnce(
    db,
    middle.map((i) => writes[i]!),
    synchronous,
  );
  middle.forEach((i, n) => (answers[i] = got[n]!));
  for (const [i, w] of writes.entries()) if ('end' in w) answers[i] = await endRound(db, w.end);
}

/**
 * When the shared transaction failed for one write's own refusal (a round that vanished, a
 * deadlock between two tables' writes), each open and end goes on its own and the confirms and
 * saves together, so one table's refusal is no other table's: nothing of the transaction stayed.
 */
async function writeApart(
  pool: pg.Pool,
  writes: readonly RoundWrite[],
): Promise<RoundWriteAnswer[]> {
  const answers: RoundWriteAnswer[] = new Array(writes.length).fill(null);
  const alone = async (i: number, write: () => Promise<RoundWriteAnswer>) => {
    try {
      answers[i] = await write();
    } catch (error) {
      const refused = error instanceof LedgerError ? error : ledgerErrorOf(error);
      if (!refused) throw error;
      answers[i] = refused;
    }
  };
  for (const [i, w] of writes.entries())
    if ('open' in w) await alone(i, async () => ({ roundId: await openRoundOn(pool, w.open) }));
  const middle = [...writes.keys()].filter((i) => isMiddle(writes[i]!));
  if (middle.length > 0) {
    const got = await withoutFenced(
      middle.map((i) => writes[i]!),
      tableOf,
      (left) => writeOnce(pool, left),
      (error): RoundWriteAnswer => error,
    );
    middle.forEach((i, n) => (answers[i] = got[n]!));
  }
  for (const [i, w] of writes.entries())
    if ('end' in w) await alone(i, () => endRound(pool, w.end));
  return answers;
}

/** A refusal of the transaction as a whole that is one write's own, or a deadlock. */
function apartWorthTrying(error: unknown): boolean {
  if (error instanceof LedgerError) return error.code !== 'FENCED';
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * The group commit of a node's round writes (group-commit.ts). A player's second confirm, and a
 * table's second save, go in a later statement, decided after the first one's commit. Writes of
 * tables found fenced are answered FENCED and the statement goes again for the others.
 */
export function roundWriter(
  pool: pg.Pool,
  inFlight: number,
  gathering: Gathering | number,
): GroupCommit<RoundWrite, RoundWriteAnswer> {
  return new GroupCommit(
    async (writes) => {
      let answers: RoundWriteAnswer[];
      try {
        answers = await withoutFenced(
          writes,
          tableOf,
          (left) => writeTogether(pool, left),
          (error): RoundWriteAnswer => error,
        );
      } catch (error) {
        if (writes.every(isMiddle) || !apartWorthTrying(error)) throw error;
        answers = await writeApart(pool, writes);
      }
      return answers.map((answer, i) =>
        'escrow' in writes[i]! && answer instanceof LedgerError
          ? { ok: false, error: answer }
          : answer,
      );
    },
    keyOf,
    inFlight,
    gathering,
    undefined,
    // Ends lock a round, its bettors' wallets, its escrow and the house, the confirms a wallet and
    // an escrow: two transactions each holding ends could each wait for the other's locks.
    (w) => ('end' in w ? 'ends' : undefined),
  );
}
