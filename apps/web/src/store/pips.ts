import type { Outcome } from '../lib/words';

/** One result of the shoe, as the strip of pips shows it. */
export interface Pip {
  /** The hand's number in this shoe, counted from 1 as the header counts it. */
  hand: number;
  outcome: Outcome;
  playerTotal?: number;
  bankerTotal?: number;
}
