import type { Outcome, RoundResult } from '../round.js';

/** What the roads need to know about one round of the shoe; a plain object so it can travel as JSON. */
export interface RoadResult {
  readonly outcome: Outcome;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
  /** Optional: some bead plates print the winning total inside the bead. */
  readonly playerTotal?: number;
  readonly bankerTotal?: number;
}

/** The road entry for a round the table has just resolved. */
export function roadResultOf(round: RoundResult): RoadResult {
  return {
    outcome: round.outcome,
    playerPair: round.player.pair,
    bankerPair: round.banker.pair,
    playerTotal: round.player.total,
    bankerTotal: round.banker.total,
  };
}
