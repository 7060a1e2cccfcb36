import { houseEdgesReply, type HouseEdgesReply } from '@banco/protocol';
import { call } from './api';
import type { RuleSetName } from './room-words';

/** House edges (fractions) of the main spots for one deck count and rule set. */
export interface MainEdges {
  player: number;
  banker: number;
  tie: number;
}
export type EdgesFor = (decks: number, commission: RuleSetName, tiePays: 8 | 9) => MainEdges | null;

/** One deck count's exact edges, as packages/rules computes them (R13.6). */
export type DeckEdges = HouseEdgesReply[number];

export function edgesLookup(table: readonly DeckEdges[]): EdgesFor {
  const byDecks = new Map(table.map((row) => [row.decks, row]));
  return (decks, commission, tiePays) => {
    const row = byDecks.get(decks);
    if (!row) return null;
    return { ...row.ruleSets[commission], tie: row.tie[tiePays] };
  };
}

/** GET /api/house-edges; null when it cannot be had (the form still works without). */
export async function loadHouseEdges(): Promise<EdgesFor | null> {
  try {
    return edgesLookup(await call('/api/house-edges', houseEdgesReply));
  } catch {
    return null;
  }
}
