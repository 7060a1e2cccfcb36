import type { BaccaraBanqueView, BanqueCoupView } from '@banco/protocol';
import type { baccaraBanque } from '@banco/rules';

/** T16.2, T16.10: how the bank stands between coups (B4.2). */
export type BankStage =
  | {
      readonly stage: 'auction';
      readonly auction: baccaraBanque.Auction;
      /** Who made each seat's bid (by seat number), so the bank is held from the bidder. */
      readonly bidders: Readonly<Record<string, string>>;
      readonly closesAt: number;
    }
  | { readonly stage: 'offer'; readonly offer: baccaraBanque.ListOffer; readonly until: number }
  | { readonly stage: 'held' }
  | { readonly stage: 'dry'; readonly until: number }
  | { readonly stage: 'none'; readonly why: 'no-bid' | 'declined' | 'shoe-over' };

/** One player's part of a coup as the ledger holds it (T16.4): the bank, or accepted stakes. */
export interface BanqueHeld {
  /** Null for a watcher's stakes (R22.6, T16.13): the ledger holds them against no seat. */
  readonly seat: number | null;
  readonly playerId: string;
  readonly role: 'bank' | 'stake';
  /** The bank (as two bets, coup-flow's bankBets), or each accepted stake, in staking order. */
  readonly bets: readonly {
    readonly on: 'bank' | 'bank-unit' | baccaraBanque.StakeSpot;
    readonly amount: number;
  }[];
  /** The ledger's bet ids in the order of `bets`, once escrowed. */
  readonly betIds: readonly string[] | null;
  /** The wallet once this was held; the seat shows it when the coup is dealt (P1.3). */
  readonly balance?: number;
}

/**
 * T16.3–T16.9: one coup from its stakes to its settlement. `stage` is the server's side of it
 * (what the ledger is doing); `coup` is the rules package's state, whose shoe is the table's.
 */
export interface BanqueCoup {
  readonly seq: number;
  readonly roundId: string | null;
  readonly bankerId: string;
  readonly coup: baccaraBanque.CoupState;
  readonly stage: 'opening' | 'staking' | 'escrowing' | 'dealt' | 'settling' | 'voiding';
  readonly stakesCloseAt: number;
  /**
   * T16.13: the seated have all called (or their time ran out) with the bank not covered, and the
   * room lets watchers cover it: the stakes stay open to `stakesCloseAt` for watchers' calls.
   */
  readonly watchersTurn?: true;
  readonly choiceDeadline: number | null;
  readonly held: readonly BanqueHeld[];
  /** Escrow answers still to come, and whether one was refused. */
  readonly awaiting: number;
  readonly refused: boolean;
}

/** T16: a Baccara Banque table's bank over the shoe, and the coup in play. */
export interface BanqueTable {
  /** The shoe the bank is for: a new shoe awards it again (T16.2). */
  readonly bankShoe: string | null;
  readonly award: BankStage;
  readonly tenure: baccaraBanque.Tenure | null;
  readonly bankerId: string | null;
  /** T16.5: who holds each side's cards for the next coup. */
  readonly holders: baccaraBanque.Holders;
  /** By the list: the seat that last held a bank, so the next shoe's goes to the one after. */
  readonly listAfter: number | null;
  readonly coup: BanqueCoup | null;
  readonly last: BanqueCoupView | null;
  readonly bankRun: BaccaraBanqueView['bankRun'];
  readonly retired: BaccaraBanqueView['retired'];
  readonly cagnotte: number;
  /** T16.10: the banker retired while the stakes were open: the bank goes once they are off. */
  readonly retiring?: number;
}

/** A Baccara Banque table's own state (T16). */
export interface BaccaraBanqueState extends BanqueTable {
  readonly kind: 'baccara-banque';
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
  award: { stage: 'none', why: 'no-bid' },
  tenure: null,
  bankerId: null,
  holders: { right: null, left: null },
  listAfter: null,
  coup: null,
  last: null,
  bankRun: [],
  retired: [],
  cagnotte: 0,
};
