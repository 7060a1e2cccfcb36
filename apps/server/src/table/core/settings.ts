import type { TableSettings } from '@banco/protocol';

/**
 * T2.1: a live table's clock. 'fast' (TABLE_TIMINGS=fast) is for bots: every window lasts
 * 200 ms, long enough for a bot written from docs/protocol.md to bet, deal and reveal (P6).
 * 'instant' runs every window at 0 s, for tests and benchmarks that drive rounds by timers.
 * 'patient' gives each player's window a minute (betting still closes once everyone has decided,
 * T2.3), for newcomers and for browser tests that must not race a timer. 'browser' is 'patient'
 * with a short result pause and seeding window, for the browser tests that read a result as it
 * comes and then play on: a suite of them spends most of its time waiting out pauses nobody is
 * watching (a 1 s pause instead of 2 s: the suite 444 → 411 s beside the other suites). A test
 * that must still see the banner after a reload keeps 'patient'.
 */
export const TIMINGS = {
  live: {
    seedMs: 5_000,
    bettingMs: 15_000,
    lastBetsMs: 5_000,
    dealMs: 5_000,
    revealMs: 5_000,
    resultMs: 4_000,
  },
  fast: { seedMs: 200, bettingMs: 200, lastBetsMs: 100, dealMs: 200, revealMs: 200, resultMs: 200 },
  instant: { seedMs: 0, bettingMs: 0, lastBetsMs: 0, dealMs: 0, revealMs: 0, resultMs: 0 },
  patient: {
    seedMs: 1_000,
    bettingMs: 60_000,
    lastBetsMs: 5_000,
    dealMs: 60_000,
    revealMs: 60_000,
    resultMs: 6_000,
  },
  browser: {
    seedMs: 300,
    bettingMs: 60_000,
    lastBetsMs: 5_000,
    dealMs: 60_000,
    revealMs: 60_000,
    resultMs: 1_000,
  },
  /**
   * For scripted bots (the crash suite): windows long enough to act in, and rounds that move on
   * as soon as the bots have acted (T2.3) with a short result pause.
   */
  bots: {
    seedMs: 0,
    bettingMs: 3_000,
    lastBetsMs: 0,
    dealMs: 3_000,
    revealMs: 3_000,
    resultMs: 100,
  },
} as const;
export type TimingName = keyof typeof TIMINGS;

/** T3.3: 10–500 chips a spot, Tie at most 100 (minor units). */
const MAIN_LIMITS = {
  player: { min: 1_000, max: 50_000 },
  banker: { min: 1_000, max: 50_000 },
  tie: { min: 1_000, max: 10_000 },
};
const SIDE_LIMIT = { min: 1_000, max: 10_000 };

/** The seeded "Main table": 8 decks, standard rules, 10–500, 14 seats. */
export const MAIN_TABLE_SETTINGS: TableSettings = {
  seats: 14,
  decks: 8,
  cut: 16,
  lastHand: 'plus-one',
  rules: { commission: 'standard', tiePays: 8, sideBets: [] },
  limits: MAIN_LIMITS,
  ...TIMINGS.live,
  untimedBetting: false,
  cardTurning: true,
  seatHoldMs: 60_000,
};

/** Fills in limits for every side bet a table offers. */
export function tableSettings(overrides: Partial<TableSettings> = {}): TableSettings {
  const settings = { ...MAIN_TABLE_SETTINGS, ...overrides };
  const sideLimits = Object.fromEntries(settings.rules.sideBets.map((spot) => [spot, SIDE_LIMIT]));
  return { ...settings, limits: { ...MAIN_LIMITS, ...sideLimits, ...overrides.limits } };
}

/** The least a seated player needs to place any bet: below it they are topped up (T8.2). */
export function tableMinimum(settings: TableSettings): number {
  return Math.min(settings.limits.player?.min ?? Infinity, settings.limits.banker?.min ?? Infinity);
}

/** T8.1, T8.2: what a new player gets and what a refill tops a wallet up to. */
export const STARTING_BALANCE = 100_000;
