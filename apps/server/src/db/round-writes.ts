import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { fromPg } from './amounts.js';
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
 * tables' state saves and its end (settled or voided). They go through one group commit, so one
 * statement (one transaction, one round trip) carries whatever every table asked for in its
 * gathering window, and Postgres pays its fixed cost of a statement and a transaction (and its
 * WAL flush) once for them all rather than once for each kind and table.
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

/** Confirms and saves only, in one statement. Exported for bench/round-trip-ops.ts. */
export async function writeOnce(
  pool: Queryable,
  writes: readonly RoundWrite[],
): Promise<RoundWriteAnswer[]> {
  const escrows = writes.flatMap((w) => ('escrow' in w ? [w.escrow] : []));
  const saves = writes.flatMap((w) => ('save' in w ? [w.save] : []));
  if (escrows.length === 0 && saves.length === 0) return [];
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

const isMiddle = (w: RoundWrite) => 'escrow' in w || 'save' in w;

/**
 * A batch holding an open or an end, in one call of round_writes (migration
 * 20261207230200_round_writes_call): one round trip, one statement, committed on its own with the
 * WAL wait. The function fences every table of the batch first (T13.3), then writes in each
 * table's order: the opens (a confirm names a round its table opened), the confirms and saves,
 * the ends in the batch's order (a round ends with every stake escrowed before it, T6.5). So an
 * acknowledged bet is stored (T6.1) and a result goes out only once its round's end is (T6.2).
 */
const ROUND_WRITES = {
  name: 'banco_round_writes',
  text: `SELECT kind, n, code, id, balance, spot, amount
           FROM round_writes($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
                             $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29,
                             $30, $31)`,
} as const;

interface RoundWritesRow {
  kind: 'open' | 'escrow' | 'end';
  n: number;
  code: string | null;
  id: string | null;
  balance: string | null;
  spot: string | null;
  amount: string | null;
}

/** round_writes' parameters: the batch's fences, opens, confirms, saves and ends. */
function roundWritesValues(
  writes: readonly RoundWrite[],
  opens: readonly OpenRoundInput[],
  escrows: readonly EscrowBetsInput[],
  saves: readonly StateSave[],
  ends: readonly EndRoundInput[],
): unknown[] {
  const fences = writes.map((w) => {
    const epoch = epochOf(w);
    return epoch === undefined ? undefined : { tableId: tableOf(w), epoch };
  });
  // End n's bets start at betsFrom[n] (1-based) and stop before betsFrom[n + 1].
  const betsFrom = [1];
  for (const end of ends) betsFrom.push(betsFrom.at(-1)! + end.settled.length);
  const settled = ends.flatMap((e) => e.settled);
  return [
    ...fenceValues(fences),
    opens.map(() => randomUUID()),
    opens.map((o) => o.tableId),
    opens.map((o) => o.shoeId),
    opens.map((o) => o.seq),
    opens.map((o) => o.number),
    opens.map((o) => o.holderSeat),
    ...escrowValues(escrows),
    saves.length === 0 ? null : savesJson(saves),
    ends.map((e) => e.tableId),
    ends.map((e) => e.roundId),
    ends.map((e) => e.status),
    // A key left out is end_round's NULL (no cards, no trace); a trace of null stays JSON null.
    JSON.stringify(
      ends.map(({ round }) => ({
        c: round?.cards ? round.cards : undefined,
        t: round?.trace,
      })),
    ),
    ends.map((e) => e.round?.outcome ?? null),
    ends.map((e) => e.round?.playerTotal ?? null),
    ends.map((e) => e.round?.bankerTotal ?? null),
    betsFrom,
    settled.map((s) => s.betId),
    settled.map((s) => s.playerId),
    settled.map((s) => s.result),
    settled.map((s) => s.stake),
    settled.map((s) => s.returned),
  ];
}

/**
 * Every write of a batch holding an open or an end, answered in order, in one statement.
 * Exported for bench/round-trip-ops.ts.
 */
export async function writeRound(
  pool: Queryable,
  writes: readonly RoundWrite[],
): Promise<RoundWriteAnswer[]> {
  const opens = writes.flatMap((w) => ('open' in w ? [w.open] : []));
  const escrows = writes.flatMap((w) => ('escrow' in w ? [w.escrow] : []));
  const saves = writes.flatMap((w) => ('save' in w ? [w.save] : []));
  const ends = writes.flatMap((w) => ('end' in w ? [w.end] : []));
  const values = roundWritesValues(writes, opens, escrows, saves, ends);
  let rows: RoundWritesRow[];
  try {
    rows = (await pool.query<RoundWritesRow>({ ...ROUND_WRITES, values })).rows;
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
  const roundIds: (string | undefined)[] = new Array(opens.length);
  const escrowRows: EscrowRow[] = [];
  const balances = ends.map(() => new Map<string, number>());
  for (const row of rows) {
    if (row.kind === 'open') roundIds[row.n - 1] = row.id!;
    else if (row.kind === 'escrow')
      escrowRows.push({
        req: row.n,
        code: row.code!,
        balance: row.balance,
        bet_id: row.id,
        spot: row.spot,
        amount: row.amount,
      });
    else balances[row.n - 1]!.set(row.id!, fromPg(row.balance!));
  }
  const outcomes = escrowOutcomes(escrows, escrowRows);
  const next = { open: 0, escrow: 0, end: 0 };
  return writes.map((w): RoundWriteAnswer => {
    if ('open' in w) {
      const roundId = roundIds[next.open++];
      // round_writes itself raises when a round is neither opened nor found. Were one missing
      // all the same, the call has committed the others' writes: this open alone is refused.
      if (roundId === undefined)
        return new LedgerError('NOT_FOUND', `round ${w.open.seq} of ${w.open.tableId} vanished`);
      return { roundId };
    }
    if ('escrow' in w) return outcomes[next.escrow++]!;
    if ('end' in w) return balances[next.end++]!;
    return null;
  });
}

/** The group commit's statement: a batch holding an open or an end in one round_writes call. */
async function writeTogether(
  pool: pg.Pool,
  writes: readonly RoundWrite[],
): Promise<RoundWriteAnswer[]> {
  if (writes.every(isMiddle)) return writeOnce(pool, writes);
  return writeRound(pool, writes);
}

/**
 * When the shared statement failed for one write's own refusal (a round that vanished, an end
 * naming a bet its round does not hold, a deadlock between two tables' writes), each open and
 * end goes on its own and the confirms and saves together, so one table's refusal is no other
 * table's: nothing of the statement stayed (round_writes is all or nothing).
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

/** A refusal of the statement as a whole that is one write's own, or a deadlock. */
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
