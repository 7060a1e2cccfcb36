import type { ErrorCode, Stake } from '@banco/protocol';
import type { EscrowOutcome } from '../../db/ledger.js';
import type { EscrowAnswer } from '../core/inputs.js';
import type { Effect, Escrow } from '../core/state.js';
import type { TableLedger } from './table-ledger.js';

export type EscrowEffect = Extract<Effect, { type: 'escrow' }>;

/** Ledger refusals a player can cause; anything else is the server's fault. */
const LEDGER_CODES: readonly ErrorCode[] = ['INSUFFICIENT_BALANCE', 'ALREADY_CONFIRMED'];

export interface EscrowDeps {
  tableId: string;
  ledger: TableLedger;
  clock: () => number;
  log?: { error(obj: unknown, msg?: string): void };
  betsPlaced?: (tableId: string, bets: readonly Stake[]) => void;
}

/**
 * The stakes of several confirms (or a coup's bank and covers) in one round trip; an answer for
 * each, in order: escrowed, or refused with its own code. A failure that is no confirm's own
 * refuses them all, and whatever it committed is refunded at settlement (T6.5).
 */
export async function escrowAll(
  deps: EscrowDeps,
  effects: readonly Escrow[],
): Promise<EscrowAnswer[]> {
  if (effects.length === 0) return [];
  const { ledger, tableId, clock, log } = deps;
  const refused = (): EscrowAnswer => ({
    type: 'escrow-refused',
    now: clock(),
    code: 'INTERNAL',
    message: 'the bets could not be stored',
  });
  let outcomes: EscrowOutcome[];
  try {
    outcomes = await ledger.escrowMany(
      effects.map((effect) => ({
        tableId,
        roundId: effect.roundId,
        playerId: effect.playerId,
        seat: effect.seat,
        confirmId: effect.confirmId,
        bets: [...effect.bets],
      })),
    );
  } catch (error) {
    log?.error({ err: error, table: tableId }, 'escrow failed');
    return effects.map(refused);
  }
  return effects.map((effect, i): EscrowAnswer => {
    const outcome = outcomes[i]!;
    if (outcome.ok) {
      deps.betsPlaced?.(tableId, effect.bets);
      return {
        type: 'escrowed',
        now: clock(),
        seat: effect.seat,
        playerId: effect.playerId,
        confirmId: effect.confirmId,
        bets: outcome.bets.map((b) => ({
          id: b.id,
          spot: b.spot as Stake['spot'],
          amount: b.amount,
        })),
        balance: outcome.balance,
      };
    }
    const { code, message } = outcome.error;
    if (LEDGER_CODES.includes(code as ErrorCode)) {
      return { type: 'escrow-refused', now: clock(), code: code as ErrorCode, message };
    }
    log?.error({ err: outcome.error, table: tableId }, 'escrow failed');
    return refused();
  });
}
