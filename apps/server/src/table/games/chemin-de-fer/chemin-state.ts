import type { CoupView } from '@banco/protocol';
import type { cheminDeFer } from '@banco/rules';

/** A stake of the coup as the ledger holds it (T15.4): the banker's covered bank, or a cover. */
export interface CheminStake {
  readonly seat: number;
  readonly playerId: string;
  readonly role: 'bank' | 'cover';
  readonly amount: number;
  /** The ledger's bet id, once escrowed. */
  readonly betId: string | null;
  /** The wallet once this stake was held; the seat shows it when the coup is dealt (P1.3). */
  readonly balance?: number;
}

/**
 * T15: one coup from the post to its settlement. `stage` is the server's side of it (what the
 * ledger is doing); `coup` is the rules package's state, whose shoe is the table's shoe.
 */
export interface CheminCoup {
  readonly seq: number;
  /** The ledger's round, once opened. */
  readonly roundId: string | null;
  readonly bankerId: string;
  readonly coup: cheminDeFer.CoupState;
  readonly stage:
    /** The ledger stores the round; calls wait for it. */
    | 'opening'
    | 'covering'
    /** T15.4: the cover closed; the exact stakes move to escrow before any card. */
    | 'escrowing'
    /** Cards out; the coup is waiting on a choice, or about to settle. */
    | 'dealt'
    | 'settling'
    /** Nothing dealt: the ledger round is voided, its escrowed stakes refunded. */
    | 'voiding';
  readonly coverClosesAt: number;
  readonly choiceDeadline: number | null;
  readonly stakes: readonly CheminStake[];
  /** Who made each seat's call (by seat number), so a stake is held from the caller's wallet. */
  readonly callers: Readonly<Record<string, string>>;
  /** Escrow answers still to come, and whether one was refused. */
  readonly awaiting: number;
  readonly refused: boolean;
}

/** T15: a Chemin de Fer table's bank between coups, and the coup in play. */
export interface CheminTable {
  readonly offer: cheminDeFer.BankOffer;
  /** T15.2: when an unanswered fresh offer counts as declined (a ride as passed). */
  readonly offerUntil: number | null;
  readonly bancoSuivi: number | null;
  readonly coup: CheminCoup | null;
  readonly last: CoupView | null;
}

/** A Chemin de Fer table's own state: its bank and coup (T15). */
export interface CheminDeFerState extends CheminTable {
  readonly kind: 'chemin-de-fer';
}

declare module '../../core/state.js' {
  interface GameStates {
    'chemin-de-fer': CheminDeFerState;
  }
  interface GamePhases {
    /** T15: the table plays its shoe; the bank and the coup are in the game's state. */
    'chemin-de-fer': { readonly kind: 'chemin' };
  }
}

export const EMPTY_CHEMIN: CheminDeFerState = {
  kind: 'chemin-de-fer',
  offer: { kind: 'vacant' },
  offerUntil: null,
  bancoSuivi: null,
  coup: null,
  last: null,
};
