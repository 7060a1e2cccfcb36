import { tableSettingsSchema, type TablePace, type TableSettings } from '@banco/protocol';

/** T12.1: a practice table's name, as the lobby and the table show it. */
export const PRACTICE_ROOM_NAME = 'Practice table';

/** T12.1: one bet of 10 to 500 chips (minor units); Tie shares the range. */
const PRACTICE_LIMIT = { min: 1_000, max: 50_000 } as const;

/**
 * T12.1: the preset of a practice table: one seat, eight decks, even-money Banker, nothing
 * timed (untimed betting, the deal at once, the next round on request) and the cards turned
 * over by the table at the server's reveal pace, so a round still reads as a deal.
 */
export function practiceTableSettings(pace: TablePace): TableSettings {
  return tableSettingsSchema.parse({
    seats: 1,
    decks: 8,
    cut: 16,
    lastHand: 'plus-one',
    rules: { commission: 'even-money', tiePays: 8, sideBets: [] },
    limits: { player: PRACTICE_LIMIT, banker: PRACTICE_LIMIT, tie: PRACTICE_LIMIT },
    seedMs: pace.seedMs,
    bettingMs: 0,
    untimedBetting: true,
    cardTurning: false,
    lastBetsMs: 0,
    dealMs: 0,
    // The table's own reveals stay visible, but a practice table never makes anyone wait long.
    revealMs: Math.min(pace.revealMs, 600),
    resultMs: 0,
    seatHoldMs: 10 * 60_000,
    selfPaced: true,
  });
}

export const isPracticeTable = (settings: TableSettings): boolean => settings.selfPaced === true;
