import type { TableGame } from './game.js';
import type { Step } from './step.js';

/**
 * What a game whose coup lives in its own view (its bank, its stakes, its cards), not in the
 * core's round, answers the core alike: no round of the core's in play, no core stakes, nothing
 * to turn or to wait on from an away player. Its record spreads these and adds its own view.
 */
export const OWN_COUP_ANSWERS = {
  playerAway: () => undefined,
  // Its stages are in its own part of the snapshot.
  phaseView: () => ({ kind: 'waiting' }),
  seatBetting: () => 'open',
  cardsOnTable: () => 0,
  stakesOf: () => [],
  workAhead: () => null,
  roundOver: () => false,
} as const satisfies Partial<TableGame<Step>>;

/** The core's own parts of the view, which such a game does not use. */
export const NO_CORE_ROUND_VIEW = {
  holder: null,
  houseDeals: false,
  offer: null,
  round: null,
  odds: null,
} as const;
