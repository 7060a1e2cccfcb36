import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { LedgerError, ledgerErrorOf } from './ledger-error.js';
import type { EscrowBetsInput, EscrowedBets } from './ledger-types.js';
import { assertAmount, fromPg } from './amounts.js';

/** One confirm's answer from a batch: its own bets, or its own refusal. */
export type EscrowOutcome = ({ ok: true } & EscrowedBets) | { ok: false; error: LedgerError };

interface EscrowRow {
  req: number;
  code: string;
  balance: string | null;
  bet_id: string | null;
  spot: string | null;
  amount: string | null;
}

const ESCROW_BETS = {
  name: 'banco_escrow_bets',
  text: 'SELECT req, code, balance, bet_id, spot, amount FROM escrow_bets($1, $2, $3, $4, $5, $6, $7, $8, $9)',
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
 * Confirms of one table's round, escrowed in one statement (group commit). Each confirm is
 * decided on its own, as escrowBets would decide it alone; the batch is all or nothing only
 * for failures that are not a confirm's own (a lost connection, a missing escrow account).
 */
async function escrowRound(
  pool: pg.Pool,
  inputs: readonly EscrowBetsInput[],
): Promise<EscrowOutcome[]> {
  const { tableId, roundId } = inputs[0]!;
  const betIds = inputs.map((input) => input.bets.map(() => randomUUID()));
  const values = [
    tableId,
    roundId,
    inputs.map((i) => i.playerId),
    inputs.map((i) => i.seat),
    inputs.map((i) => i.confirmId),
    inputs.flatMap((i, n) => i.bets.map(() => n + 1)),
    betIds.flat(),
    inputs.flatMap((i) => i.bets.map((b) => b.spot)),
    inputs.flatMap((i) => i.bets.map((b) => b.amount)),
  ];
  let rows: EscrowRow[];
  try {
    rows = (await pool.query<EscrowRow>({ ...ESCROW_BETS, values })).rows;
  } catch (error) {
    throw ledgerErrorOf(error) ?? error;
  }
  const outcomes: EscrowOutcome[] = inputs.map((input) => ({
    ok: false,
    error: new LedgerError('NOT_FOUND', `escrow_bets gave no answer for ${input.playerId}`),
  }));
  for (const row of rows) {
    const input = inputs[row.req - 1]!;
    if (row.code !== 'ACCEPTED' && row.code !== 'REPLAYED') {
      outcomes[row.req - 1] = { ok: false, error: refusal(row.code, input) };
      continue;
    }
    let outcome = outcomes[row.req - 1]!;
    if (!outcome.ok) {
      outcome = { ok: true, bets: [], balance: fromPg(row.balance!) };
      outcomes[row.req - 1] = outcome;
    }
    outcome.bets.push({ id: row.bet_id!, spot: row.spot!, amount: fromPg(row.amount!) });
  }
  return outcomes;
}

/**
 * Escrows many confirms in as few round trips as their shape allows: one per table round, and
 * a player's second confirm in a later one (a statement decides each player once).
 */
export async function escrowMany(
  pool: pg.Pool,
  inputs: readonly EscrowBetsInput[],
): Promise<EscrowOutcome[]> {
  const outcomes: EscrowOutcome[] = new Array(inputs.length);
  let waiting: number[] = [];
  inputs.forEach((input, i) => {
    const invalid = checkConfirm(input);
    if (invalid) outcomes[i] = { ok: false, error: invalid };
    else waiting.push(i);
  });
  while (waiting.length > 0) {
    const first = inputs[waiting[0]!]!;
    const batch: number[] = [];
    const later: number[] = [];
    const players = new Set<string>();
    for (const i of waiting) {
      const input = inputs[i]!;
      const fits =
        input.tableId === first.tableId &&
        input.roundId === first.roundId &&
        !players.has(input.playerId);
      if (fits) players.add(input.playerId);
      (fits ? batch : later).push(i);
    }
    const answers = await escrowRound(
      pool,
      batch.map((i) => inputs[i]!),
    );
    batch.forEach((i, n) => (outcomes[i] = answers[n]!));
    waiting = later;
  }
  return outcomes;
}
