import type { BanqueCoupView } from '@banco/protocol';
import type { DealtCoup, Tableau } from './coup.js';
import type { Accepted, StakeCall } from './stakes.js';

/** T16.2: the bank for the shoe: who holds it and what it holds now. */
export interface BanqueBank {
  readonly seat: number;
  readonly playerId: string;
  readonly amount: number;
  /** The bid plus every top-up: the bank's running total over the shoe is amount − putIn. */
  readonly putIn: number;
  readonly coups: number;
  /** T16.10: the bank is below the room's minimum; topped up or retired by then. */
  readonly topUpUntil: number | null;
}

/** T16.2: how the bank is being awarded: bids at an auction, or offered to one seat. */
export interface BanqueAuction {
  readonly mode: 'auction' | 'list' | 'takeover';
  /** The seat offered the bank (list, takeover); null at an auction. */
  readonly seat: number | null;
  readonly closesAt: number;
  readonly bids: readonly { readonly seat: number; readonly playerId: string; readonly amount: number }[];
  /** Seats that let it go by (list, takeover), so the offer moves on and ends. */
  readonly declined: readonly number[];
}

/** One player's stakes in the coup as the ledger holds them (T16.4). */
export interface BanqueHeld {
  readonly seat: number;
  readonly playerId: string;
  readonly role: 'bank' | 'stake';
  readonly amount: number;
  /** Their stakes (none for the bank), in staking order. */
  readonly stakes: readonly Accepted[];
  /** The ledger's bet ids, once escrowed, in the order of `bets` below. */
  readonly betIds: readonly string[] | null;
  readonly balance?: number;
}

/**
 * T16.3–T16.9: one coup from its staking window to its settlement. `stage` is the server's
 * side of it (what the ledger is doing); `dealt` is the cards once out of the shoe.
 */
export interface BanqueCoup {
  readonly seq: number;
  readonly roundId: string | null;
  readonly banker: number;
  readonly bankerId: string;
  readonly bank: number;
  readonly stage: 'opening' | 'staking' | 'escrowing' | 'dealt' | 'settling' | 'voiding';
  readonly stakingClosesAt: number;
  /** Staking order (T16.4) and each side's holder, fixed when the coup opens. */
  readonly order: readonly number[];
  readonly holders: Readonly<Record<Tableau, number | null>>;
  readonly calls: readonly { readonly seat: number; readonly playerId: string; readonly call: StakeCall }[];
  readonly accepted: readonly Accepted[] | null;
  readonly held: readonly BanqueHeld[];
  readonly awaiting: number;
  readonly refused: boolean;
  readonly dealt: DealtCoup | null;
  readonly choiceDeadline: number | null;
}

/** A Baccara Banque table's own state (T16). */
export interface BaccaraBanqueState {
  readonly kind: 'baccara-banque';
  /** The shoe the bank was awarded for: a new shoe holds a new auction (T16.2). */
  readonly bankShoe: string | null;
  readonly bank: BanqueBank | null;
  readonly auction: BanqueAuction | null;
  /** Each side's holder, carried from coup to coup (T16.5). */
  readonly holders: Readonly<Record<Tableau, number | null>>;
  /** T16.2: by the list, the last seat that held a bank: the next shoe's goes to the one after. */
  readonly listSeat: number | null;
  readonly coup: BanqueCoup | null;
  readonly last: BanqueCoupView | null;
  /** The cagnotte taken in this shoe. */
  readonly cagnotte: number;
}

declare module '../../core/state.js' {
  interface GameStates {
    'baccara-banque': BaccaraBanqueState;
  }
  interface GamePhases {
    /** T16: the table plays its shoe; the bank and the coup are in the game's state. */
    'baccara-banque': { readonly kind: 'banque' };
  }
}

export const EMPTY_BANQUE: BaccaraBanqueState = {
  kind: 'baccara-banque',
  bankShoe: null,
  bank: null,
  auction: null,
  holders: { right: null, left: null },
  listSeat: null,
  coup: null,
  last: null,
  cagnotte: 0,
};
