import { z } from 'zod';
import { cheminDeFerSettingsSchema } from './chemin-de-fer.js';
import { eveningSettingsSchema } from './evening.js';
import { MAX_SEATS, minorUnitsSchema, sideSpotSchema, spotSchema } from './primitives.js';

const limitSchema = z.object({
  min: minorUnitsSchema.positive(),
  max: minorUnitsSchema.positive(),
});

/** What a table publishes about itself; every duration is in milliseconds. */
export const tableSettingsSchema = z.object({
  seats: z.number().int().min(1).max(MAX_SEATS),
  /** R10.1: 1 to 8 decks (the public tables deal 8; a host may pick fewer). */
  decks: z.number().int().min(1).max(8),
  /** Cards behind the cut card. */
  cut: z.number().int().positive(),
  lastHand: z.enum(['plus-one', 'finish-current']),
  rules: z.object({
    commission: z.enum(['standard', 'no-commission', 'even-money']),
    tiePays: z.union([z.literal(8), z.literal(9)]),
    sideBets: z.array(sideSpotSchema).readonly(),
  }),
  /** Per spot; spots not offered have no entry. */
  limits: z.partialRecord(spotSchema, limitSchema),
  /** How long a new shoe waits for seed contributions before it is shuffled (R11.7). */
  seedMs: z.number().int().nonnegative(),
  bettingMs: z.number().int().nonnegative(),
  /**
   * Untimed betting: no countdown; the window stays open until every seated player has
   * confirmed or declared no bet, or the host closes it (bettingMs is then ignored).
   */
  untimedBetting: z.boolean(),
  /**
   * Card turning (T5): the turners reveal the cards. When false every card is revealed one at
   * a time by the table itself, revealMs apart.
   */
  cardTurning: z.boolean(),
  lastBetsMs: z.number().int().nonnegative(),
  dealMs: z.number().int().nonnegative(),
  revealMs: z.number().int().nonnegative(),
  resultMs: z.number().int().nonnegative(),
  /**
   * P12.1, T12: a practice table where nothing is timed: bets close once everyone has decided,
   * the holder's cards are dealt at once, and after the result the table waits for `round.next`.
   * Absent means false (tables stored before it existed).
   */
  selfPaced: z.boolean().optional(),
  /** T1.5: how long a seat is held for a player whose connections have all dropped. */
  seatHoldMs: z.number().int().nonnegative(),
  /**
   * C1.4: present exactly at a Chemin de Fer table (its room's `cheminDeFer` settings); absent
   * at a Punto Banco table, as at every table stored before it existed.
   */
  cheminDeFer: cheminDeFerSettingsSchema.optional(),
  /** P8.7: the host's evening (seating, room chips, sit-outs, finish line); absent as before. */
  evening: eveningSettingsSchema.optional(),
});
export type TableSettings = z.infer<typeof tableSettingsSchema>;

export const tableSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  settings: tableSettingsSchema,
  seated: z.number().int().nonnegative(),
  /** Sockets watching the table without a seat (the lobby shows it). */
  spectators: z.number().int().nonnegative(),
  /**
   * Present (true) while the table resumes on another node after its owner left (a failover,
   * a hand-over): it takes no command until then, and its counts are the last ones heard.
   * Absent once it runs again (apps/server/RULES.md T13.19).
   */
  resuming: z.literal(true).optional(),
});
export type TableSummary = z.infer<typeof tableSummarySchema>;
