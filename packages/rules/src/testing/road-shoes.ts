import type { RoadResult } from '../roads/road-result.js';

const OUTCOME = { B: 'banker', P: 'player', T: 'tie' } as const;

/** 'BBPT' → results without pairs; spaces are only for reading. */
export function shoe(letters: string): RoadResult[] {
  return [...letters.replaceAll(' ', '')].map((letter) => ({
    outcome: OUTCOME[letter as keyof typeof OUTCOME],
    playerPair: false,
    bankerPair: false,
  }));
}
