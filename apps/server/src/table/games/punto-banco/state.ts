import type { Stake } from '@banco/protocol';
import type { RoundResult, ShoeState, Side } from '@banco/rules';
import type { StakeReturn, TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';

// T2–T6: a Punto Banco table's own state: who holds the shoe, and the round in play.

export interface SeatBets {
  readonly seat: number;
  readonly playerId: string;
  readonly confirmId: string;
  /** As the ledger stored them: the id is the bet's settlement key. */
  readonly bets: readonly (Stake & { readonly id: string })[];
}

/** One reveal of the card-turning sequence: which hand, which of its cards. */
export interface RevealStep {
  readonly hand: Side;
  readonly stage: 'initial' | 'third';
  /** Positions in the round's dealt cards. */
  readonly positions: readonly number[];
}

export interface RoundState {
  readonly seq: number;
  /** The ledger's id for this round, used by every bet and transfer of it. */
  readonly roundId: string;
  readonly shoeRound: number;
  readonly bets: readonly SeatBets[];
  readonly noBet: readonly number[];
  /** Known from the deal on; the cards' faces only leave the server step by step. */
  readonly result: RoundResult | null;
  /** The shoe after this round, committed to the session when the round settles. */
  readonly shoeAfter: ShoeState | null;
  readonly steps: readonly RevealStep[];
  /** How many of `steps` the table has seen. */
  readonly revealed: number;
  /** Who dealt: a seat, or null for the house. */
  readonly dealer: number | null;
}

/** T2: the phases of a Punto Banco round, from storing it to its result. */
export type PuntoBancoPhase =
  /** Waiting for the actor to store the round and top up low balances. */
  | { readonly kind: 'opening'; readonly seq: number }
  | {
      readonly kind: 'betting';
      readonly round: RoundState;
      /** Null for untimed betting (T11.9): it waits for every seat, or the host. */
      readonly closesAt: number | null;
      readonly lastBetsAt: number | null;
      readonly lastCallSent: boolean;
    }
  | { readonly kind: 'dealing'; readonly round: RoundState; readonly deadline: number }
  | {
      readonly kind: 'turning';
      readonly round: RoundState;
      readonly turner: number | null;
      readonly deadline: number;
    }
  | {
      readonly kind: 'settling';
      readonly round: RoundState;
      /** Losers first, as the ledger pays them (T6.2). */
      readonly settled: readonly SettledStake[];
    }
  /** nextAt is null while a self-paced table waits for `round.next` (T12.3). */
  | { readonly kind: 'result'; readonly round: RoundState; readonly nextAt: number | null };

export interface ShoeOffer {
  readonly seat: number;
  /** Who passed it; null when it comes back after the house dealt. */
  readonly from: number | null;
  /** Seats that refused this time round; when it comes back to `from`, everyone has. */
  readonly refused: readonly number[];
}

/** A bet as the rules settle it, with whose it is. */
export interface SettledStake extends StakeReturn {
  readonly seat: number;
  readonly spot: Stake['spot'];
  readonly rule: string;
}

/** T4: the shoe between the seats. */
export interface PuntoBancoState {
  readonly kind: 'punto-banco';
  readonly holder: number | null;
  /** Every seated player refused the shoe: the house deals until Player wins (T4.4). */
  readonly houseDeals: boolean;
  readonly offer: ShoeOffer | null;
  /** The seat that held the shoe last, so an offer after the house dealt starts beside it. */
  readonly lastHolder: number | null;
}

declare module '../../core/state.js' {
  interface GameStates {
    'punto-banco': PuntoBancoState;
  }
  interface GamePhases {
    'punto-banco': PuntoBancoPhase;
  }
}

export const PUNTO_BANCO: PuntoBancoState = {
  kind: 'punto-banco',
  holder: null,
  houseDeals: false,
  offer: null,
  lastHolder: null,
};

/** The table's Punto Banco state: only this game's tables reach its code. */
export function puntoOf(state: TableState): PuntoBancoState {
  if (state.game.kind !== 'punto-banco') throw new TypeError(`a ${state.game.kind} table`);
  return state.game;
}

export function setPunto(step: Step, patch: Partial<Omit<PuntoBancoState, 'kind'>>): void {
  step.update({ game: { ...puntoOf(step.state), ...patch } });
}
