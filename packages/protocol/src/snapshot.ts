import { z } from 'zod';
import { CHAT_HISTORY, chatMessageSchema } from './chat.js';
import { cheminDeFerViewSchema } from './chemin-de-fer-view.js';
import {
  roundResultEvent,
  roundVoidedEvent,
  settlementCollectedEvent,
  settlementPaidEvent,
} from './events.js';
import { eveningViewSchema } from './evening.js';
import { layoutSchema } from './hands.js';
import { phaseViewSchema } from './phase.js';
import {
  epochMsSchema,
  minorUnitsSchema,
  playerIdSchema,
  playerSchema,
  roundSeqSchema,
  seatSchema,
  stakeSchema,
} from './primitives.js';
import { liveOddsSchema, roadsSchema } from './roads.js';
import { roomStateSchema } from './room.js';
import { tableSettingsSchema } from './settings.js';
import { shoeViewSchema } from './shoe.js';

export const seatViewSchema = z.object({
  seat: seatSchema,
  player: playerSchema,
  balance: minorUnitsSchema.nonnegative(),
  /** This round: still deciding, confirmed a bet, or declared no bet. */
  betting: z.enum(['open', 'confirmed', 'no-bet']),
  /** T1.5: set while the player is away: the seat is held until then. */
  awayUntil: epochMsSchema.nullable(),
});
export type SeatView = z.infer<typeof seatViewSchema>;

export const seatStakeSchema = stakeSchema.extend({ seat: seatSchema });

/**
 * Everything a client needs to draw the table at `version` (P1.3). Contains no unrevealed
 * card and no unrevealed server seed.
 */
export const tableSnapshotSchema = z.object({
  tableId: z.string(),
  name: z.string(),
  version: z.number().int().nonnegative(),
  serverTime: epochMsSchema,
  settings: tableSettingsSchema,
  seats: z.array(seatViewSchema),
  spectators: z.number().int().nonnegative(),
  shoe: shoeViewSchema.nullable(),
  /** The seat holding the shoe; null while the house deals. */
  holder: seatSchema.nullable(),
  /** True when every seated player refused the shoe: the house deals until Player wins. */
  houseDeals: z.boolean(),
  offer: z.object({ seat: seatSchema, from: seatSchema.nullable() }).nullable(),
  phase: phaseViewSchema,
  round: z
    .object({
      seq: roundSeqSchema,
      shoeRound: z.number().int().positive(),
      bets: z.array(seatStakeSchema),
      layout: layoutSchema,
    })
    .nullable(),
  roads: roadsSchema,
  odds: liveOddsSchema.nullable(),
  you: z.object({ playerId: playerIdSchema, seat: seatSchema.nullable() }),
  /** P9: the host controls of a private room; null at a public table. */
  room: roomStateSchema.nullable(),
  /** P11.6: the table's latest chat messages, oldest first. */
  chat: z.array(chatMessageSchema).max(CHAT_HISTORY),
  /**
   * P1.8: how the last round ended, as it was broadcast: its settlement and result, or its
   * voiding (`voided` set only when that came last). A page that (re)joins while a result is
   * up, or after a restart called a round off, shows it as the events did. Null until a round
   * has ended since the server started.
   */
  lastRound: z
    .object({
      collected: settlementCollectedEvent.nullable(),
      paid: settlementPaidEvent.nullable(),
      result: roundResultEvent.nullable(),
      voided: roundVoidedEvent.nullable(),
    })
    .nullable()
    .default(null),
  /** C4.1: a Chemin de Fer table's bank and coup; absent at a Punto Banco table. */
  cheminDeFer: cheminDeFerViewSchema.optional(),
  /** P9.9: the host's evening as this viewer may see it; absent at a room without one. */
  evening: eveningViewSchema.optional(),
});
export type TableSnapshot = z.infer<typeof tableSnapshotSchema>;
