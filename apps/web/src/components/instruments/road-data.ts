import type { RoadsView } from '@banco/protocol';
import { allRoads, type RoadResult, type Roads } from '@banco/rules';

export type Side = 'player' | 'banker';

/** The shoe's results in order, read back off the bead plate the server sent (one bead a round). */
export function resultsOf(roads: RoadsView): RoadResult[] {
  return [...roads.beadPlate.beads]
    .sort((a, b) => a.round - b.round)
    .map((bead) => ({
      outcome: bead.outcome,
      playerPair: bead.playerPair,
      bankerPair: bead.bankerPair,
      ...(bead.playerTotal === undefined ? {} : { playerTotal: bead.playerTotal }),
      ...(bead.bankerTotal === undefined ? {} : { bankerTotal: bead.bankerTotal }),
    }));
}

/**
 * R12.13 drawn out: the roads as the rules package would lay them out if `next` won the next
 * round. The preview is the real layout of one more result, never a guess made here.
 */
export function roadsIf(roads: RoadsView, next: Side): Roads {
  return allRoads([...resultsOf(roads), { outcome: next, playerPair: false, bankerPair: false }]);
}

export interface Streak {
  side: Side;
  length: number;
}

export interface RoadSummary {
  rounds: number;
  player: number;
  banker: number;
  tie: number;
  playerPairs: number;
  bankerPairs: number;
  /** The run of wins the big road's last column shows (ties do not break it). */
  current: Streak | null;
  /** The last round's own outcome: a Tie is not the streak's side winning again. */
  last: 'player' | 'banker' | 'tie' | null;
  longest: { player: number; banker: number };
}

/** Counts for the words under the scoreboard; the big road's logical columns are the streaks. */
export function summarise(roads: RoadsView): RoadSummary {
  const beads = roads.beadPlate.beads;
  const count = (test: (b: (typeof beads)[number]) => boolean) => beads.filter(test).length;
  const columns = roads.bigRoad.columns;
  const longest = { player: 0, banker: 0 };
  for (const column of columns) {
    longest[column.side] = Math.max(longest[column.side], column.entries.length);
  }
  const last = columns[columns.length - 1];
  return {
    rounds: beads.length,
    player: count((b) => b.outcome === 'player'),
    banker: count((b) => b.outcome === 'banker'),
    tie: count((b) => b.outcome === 'tie'),
    playerPairs: count((b) => b.playerPair),
    bankerPairs: count((b) => b.bankerPair),
    current: last ? { side: last.side, length: last.entries.length } : null,
    last: [...beads].sort((a, b) => a.round - b.round).at(-1)?.outcome ?? null,
    longest,
  };
}

const NAME: Record<Side, string> = { player: 'Player', banker: 'Banker' };

/** The summary a screen reader hears instead of the drawings. */
export function summaryWords(summary: RoadSummary, naturals: number | null): string {
  if (summary.rounds === 0) return 'No rounds yet in this shoe.';
  const parts = [
    `${summary.rounds} round${summary.rounds === 1 ? '' : 's'} in this shoe: Banker ${summary.banker}, Player ${summary.player}, Tie ${summary.tie}.`,
  ];
  if (summary.last === 'tie') {
    parts.push(
      summary.current
        ? `The last round was a Tie; before it, ${NAME[summary.current.side]} had won ${summary.current.length === 1 ? 'the round' : `${summary.current.length} in a row`}.`
        : 'The last round was a Tie.',
    );
  } else if (summary.current) {
    parts.push(
      `${NAME[summary.current.side]} has won the last ${summary.current.length === 1 ? 'round' : `${summary.current.length} in a row`}.`,
    );
  }
  parts.push(
    `Longest runs: Banker ${summary.longest.banker}, Player ${summary.longest.player}.`,
    `Pairs: Player ${summary.playerPairs}, Banker ${summary.bankerPairs}.`,
  );
  if (naturals !== null) parts.push(`Rounds with a natural: ${naturals}.`);
  return parts.join(' ');
}
