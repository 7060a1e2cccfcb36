import type { TableSettings } from '@banco/protocol';

/** The main table's settings as the server sends them, for component and store tests. */
export const mainTableSettings: TableSettings = {
  seats: 14,
  decks: 8,
  cut: 16,
  lastHand: 'plus-one',
  rules: { commission: 'standard', tiePays: 8, sideBets: [] },
  limits: {
    player: { min: 1_000, max: 50_000 },
    banker: { min: 1_000, max: 50_000 },
    tie: { min: 1_000, max: 10_000 },
  },
  seedMs: 5_000,
  bettingMs: 15_000,
  lastBetsMs: 5_000,
  dealMs: 5_000,
  revealMs: 5_000,
  resultMs: 4_000,
  untimedBetting: false,
  cardTurning: true,
  seatHoldMs: 60_000,
};
