/**
 * R23.4–R23.6: what the banker knows when he chooses, and the shape of the values his window
 * shows. The figures themselves (exact expected chips of drawing and of standing, from the cards
 * he has not seen) are `bankerChoiceValues` in banker-odds.ts; the coup never computes them, it
 * asks the caller's `BankerRule` (R23.6), so a table can run the exact rule and a test a cheap one.
 */
import type { CardCode } from '../cards.js';
import type { Tableau } from './sides.js';

/** A hand's two options where it may choose (R23.3, R23.4). */
export const DRAW_OPTIONS = ['draw', 'stand'] as const;
export type DrawOption = (typeof DRAW_OPTIONS)[number];

/** What the banker sees of a tableau when he chooses. */
export type TableauSeen =
  /** A lone natural, turned over and already paid (R23.2): its cards are known to everyone. */
  | { readonly kind: 'natural'; readonly cards: readonly [CardCode, CardCode] }
  /** The tableau stood (6–7, or 5 by the holder's choice): two cards face down. */
  | { readonly kind: 'stood' }
  /** The tableau drew (0–4, or 5 by choice): two cards face down, the third face up. */
  | { readonly kind: 'drew'; readonly third: CardCode };

/** R23.4: the banker's position at his choice, and nothing he could not know. */
export interface BankerPosition {
  /** His own two cards. */
  readonly banker: readonly [CardCode, CardCode];
  readonly tableaux: Readonly<Record<Tableau, TableauSeen>>;
  /** Accepted stakes still at risk: on each tableau alone, and à cheval (R24.2). */
  readonly stakes: Readonly<Record<Tableau | 'cheval', number>>;
  /**
   * Rank counts (A, 2 … 10, J, Q, K as RANKS) of every card the banker has not seen: the shoe,
   * the burn's face-down cards and the four face-down cards of tableaux not turned over.
   */
  readonly unseen: readonly number[];
  /** R24.4: the room's cagnotte, for values after it. */
  readonly cagnotteBp: number;
}

/** Expected chips to the banker, in minor units (a real number: an expectation, not a payment). */
export interface BankerValues {
  readonly right: number;
  readonly left: number;
  /** À cheval stakes, which depend on both tableaux together. */
  readonly cheval: number;
  readonly total: number;
}

export interface BankerChoiceValues {
  readonly draw: BankerValues;
  readonly stand: BankerValues;
}

/**
 * R23.6: what the banker does when he does not choose (his window ran out, a by-rule room, a
 * table recovering). A table passes the exact rule built on `bankerChoiceValues`; the coup
 * itself names none, so nothing in it can quietly stand in for the exact figures.
 */
export type BankerRule = (position: BankerPosition) => DrawOption;

/** R23.6: the option of greater expectation to the banker; drawing on a tie of values. */
export function bestOption(values: BankerChoiceValues): DrawOption {
  return values.stand.total > values.draw.total ? 'stand' : 'draw';
}
