import type { RoadsView, ShoeView } from '@banco/protocol';
import { allRoads, cardsLeft, type RoadResult } from '@banco/rules';
import { shareUnchanged } from './share-unchanged.js';
import type { ShoeSession } from './state.js';

/**
 * `onTable` is how many cards of the round in play are on the layout: the shoe's own state only
 * moves on when the round settles, so nothing here hints at whether a third card is coming.
 */
export function shoeView(shoe: ShoeSession, decks: number, onTable = 0): ShoeView {
  const { state } = shoe;
  return {
    shoeId: shoe.id,
    number: shoe.number,
    commitment: shoe.commitment,
    clientSeed: shoe.clientSeed,
    decks,
    cut: state.cut,
    lastHand: state.lastHand,
    burnShown: state.burn?.shown ?? null,
    burned: state.burn?.burned ?? 0,
    cardsLeft: cardsLeft(state) - onTable,
    roundsDealt: state.roundsDealt,
    cutCardOut: state.cutCard !== null,
  };
}

/**
 * A shoe's latest roads, by its first result: one entry a shoe, gone with the shoe. A round
 * appends to `results` (a new array, the same result objects), so the first result names the
 * shoe across its rounds and a restored one (new objects) starts afresh.
 */
const latestRoads = new WeakMap<RoadResult, { results: readonly RoadResult[]; roads: RoadsView }>();

/**
 * R12.1: the roads of the shoe's results. Built once a round: a round's result and every
 * snapshot until the next share them. Each round's are shared with the previous round's where
 * they are equal (most of a road), so the results the replay log and the last round keep hold
 * one copy of a shoe's roads, not one each (share-unchanged.ts).
 */
export function roadsView(shoe: ShoeSession | null): RoadsView {
  const results = shoe?.results ?? [];
  const first = results[0];
  if (first === undefined) return allRoads(results) as unknown as RoadsView;
  const latest = latestRoads.get(first);
  if (latest?.results === results) return latest.roads;
  const built = allRoads(results) as unknown as RoadsView;
  const roads = latest ? shareUnchanged(latest.roads, built) : built;
  latestRoads.set(first, { results, roads });
  return roads;
}
