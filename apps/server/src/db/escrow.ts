import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { LedgerError, ledgerErrorOf } from './ledger-error.js';
import type { EscrowBetsInput, EscrowedBets } from './ledger-types.js';
import { assertAmount, fromPg } from './amounts.js';
import { fenceValues } from './fence.js';

/** One confirm's answer from a batch: its own bets, or its own refusal. */
export type EscrowOutcome = ({ ok: true } & EscrowedBets) | { ok: false; error: LedgerError };

export interface EscrowRow {
  req: number;
  code: string;
  balance: string | null;
  bet_id: string | null;
  spot: string | null;
  amount: string | null;
}

// T13.3: the fence is evaluated first (escrow_bets depends on its answer) and in the same statement.
const ESCROW_BETS = {
  name: 'banco_escrow_bets_fenced',
  text: `SELECT e.req, e.code, e.balance, e.bet_id, e.spot, e.amount
           FROM banco_fence($10::text[], $11::bigint[]) AS fence(ok),
                LATERAL escrow_bets(CASE WHEN fence.ok THEN $1::text[] END,
                                    $2, $3, $4, $5, $6, $7, $8, $9) AS e`,
} as const;

/** What a confirm must be before it may reach the database: a refusal, or its total. */
function checkConfirm(input: EscrowBetsInput): LedgerError | null {
  try {
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
    return null;
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
}

function refusal(code: string, input: EscrowBetsInput): LedgerError {
  const { playerId, roundId, tableId } = input;
  switch (code) {
    case 'NO_ROUND':
      return new LedgerError('NOT_FOUND', `no round ${roundId} at table ${tableId}`);
    case 'NO_ESCROW':
      return new LedgerError('NOT_FOUND', `no escrow account for table ${tableId}`);
    case 'NO_WALLET':
      return new LedgerError('NOT_FOUND', `no wallet for ${playerId}`);
    case 'ALREADY_CONFIRMED':
      return new LedgerError(
        'ALREADY_CONFIRMED',
        `player ${playerId} already confirmed bets in round ${roundId}`,
      );
    case 'ROUND_NOT_OPEN':
      return new LedgerError('ROUND_NOT_OPEN', `round ${roundId} is no longer open`);
    case 'INSUFFICIENT_BALANCE': {
      const total = input.bets.reduce((sum, b) => sum + b.amount, 0);
      return new LedgerError(
        'INSUFFICIENT_BALANCE',
        `wallet of ${playerId} cannot cover a stake of ${total}`,
      );
    }
    default:
      throw new TypeError(`escrow_bets answered an unknown code ${code}`);
  }
}

/**
 * `bets.seat` is NOT NULL and escrow_bets stores whatever seat it is given: a stake by a player
 * without a seat (a watcher covering what the seated left, where a game allows it) is stored at
 * seat 0, which no table has (seats count from 1), so escrow_bets needs no change.
 */
export const NO_SEAT = 0;

/** escrow_bets' first nine parameters: the confirms as arrays, their bets flattened. */
export function escrowValues(inputs: readonly EscrowBetsInput[]): unknown[] {
  return [
    inputs.map((i) => i.tableId),
    inputs.map((i) => i.roundId),
    inputs.map((i) => i.playerId),
    inputs.map((i) => i.seat ?? NO_SEAT),
    inputs.map((i) => i.confirmId),
    inputs.flatMap((i, n) => i.bets.map(() => n + 1)),
    inputs.flatMap((i) => i.bets.map(() => randomUUID())),
    inputs.flatMap((i) => i.bets.map((b) => b.spot)),
    inputs.flatMap((i) => i.bets.map((b) => b.amount)),
  ];
}

/**
 * Confirms escrowed in one statement, at one table or many; each decided on its own, as
 * escrowBets would decide it alone. The statement is all or nothing only for failures that are
 * no confirm's own (a lost connection, a lock timeout). A player appears once.
 */
export async function escrowOnce(
  pool: Pick<pg.Pool, 'query'>,
  inputs: readonly EscrowBetsInput[],
): Promise<EscrowOutcome[]> {
  const fences = inputs.map((i) =>
    i.epoch === undefined ? undefined : { tableId: i.tableId, epoch: i.epoch },
  );
  const values = [...escrowValues(inputs), ...fenceValues(fences)];
  let rows: EscrowRow[];
  try {
    rows = (await pool.query<EscrowRow>({ ...ESCROW_BETS, values })).rows;
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
  return escrowOutcomes(inputs, rows);
}

/** Each confirm's answer from escrow_bets' rows: its bets, or its refusal. */
export function escrowOutcomes(
  inputs: readonly EscrowBetsInput[],
  rows: readonly EscrowRow[],
): EscrowOutcome[] {
  const outcomes: (EscrowOutcome | undefined)[] = new Array(inputs.length);
  for (const row of rows) {
    const input = inputs[row.req - 1]!;
    if (row.code !== 'ACCEPTED' && row.code !== 'REPLAYED') {
      outcomes[row.req - 1] = { ok: false, error: refusal(row.code, input) };
      continue;
    }
    let outcome = outcomes[row.req - 1];
    if (!outcome?.ok) {
      outcome = { ok: true, bets: [], balance: fromPg(row.balance!) };
      outcomes[row.req - 1] = outcome;
    }
    outcome.bets.push({ id: row.bet_id!, spot: row.spot!, amount: fromPg(row.amount!) });
  }
  return inputs.map(
    (input, i) =>
      outcomes[i] ?? {
        ok: false,
        error: new LedgerError('NOT_FOUND', `escrow_bets gave no answer for ${input.playerId}`),
      },
  );
}

/** Checks each confirm, then escrows the sound ones through the group commit. */
export async function escrowMany(
  submit: (inputs: readonly EscrowBetsInput[]) => Promise<EscrowOutcome[]>,
  inputs: readonly EscrowBetsInput[],
): Promise<EscrowOutcome[]> {
  const outcomes: EscrowOutcome[] = new Array(inputs.length);
  const sound: number[] = [];
  inputs.forEach((input, i) => {
    const invalid = checkConfirm(input);
    if (invalid) outcomes[i] = { ok: false, error: invalid };
    else sound.push(i);
  });
  const answers = await submit(sound.map((i) => inputs[i]!));
  sound.forEach((i, n) => (outcomes[i] = answers[n]!));
  return outcomes;
}
