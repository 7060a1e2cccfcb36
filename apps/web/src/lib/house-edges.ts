import { z } from 'zod';
import type { EdgesFor } from '../components/rooms/RoomSettingsForm';
import { call } from './api';

const pair = z.object({ player: z.number(), banker: z.number() });
/** One deck count's exact edges, as packages/rules computes them (R13.6). */
const deckEdgesSchema = z.object({
  decks: z.number().int(),
  ruleSets: z.object({ standard: pair, 'no-commission': pair, 'even-money': pair }),
  tie: z.object({ 8: z.number(), 9: z.number() }),
});
const replySchema = z.array(deckEdgesSchema);
export type DeckEdges = z.infer<typeof deckEdgesSchema>;

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
    return edgesLookup(await call('/api/house-edges', replySchema));
  } catch {
    return null;
  }
}
