/**
 * P8.7–P8.9 and P9.7–P9.12 in docs/protocol.md: the host's evening. Who sits (seat requests, a
 * waitlist), what chips the room plays with (room stacks the host grants), sitting out, and a
 * night with a finish line. Every part is a room setting that is absent by default, and a room
 * without it plays exactly as before. Its commands, events and codes are spread into COMMANDS,
 * the events union and ERROR_CODES (one source of truth for the socket maps).
 */
import { z } from 'zod';
import { freeText } from './free-text.js';
import {
  epochMsSchema,
  minorUnitsSchema,
  playerIdSchema,
  playerSchema,
  seatSchema,
  tableIdSchema,
} from './primitives.js';
import { chips } from './room-limits.js';

export const SEATING_MODES = ['open', 'host-approves'] as const;
export const seatingModeSchema = z.enum(SEATING_MODES);
export type SeatingMode = z.infer<typeof seatingModeSchema>;

export const CHIPS_MODES = ['wallet', 'room'] as const;
export const chipsModeSchema = z.enum(CHIPS_MODES);
export type ChipsMode = z.infer<typeof chipsModeSchema>;

/** P8.8: the room's own rules for top-ups, applied by the table without asking the host. */
export const topUpRulesSchema = z.strictObject({
  /**
   * "Up to the starting stack when below the minimum": a request from a stack below the table
   * minimum, for at most what brings it back to the starting stack, is granted at once.
   */
  autoBelowMinimum: z.boolean().default(false),
  /** "At most N per night": null for no limit; 0 forbids top-ups. */
  perNight: z.number().int().min(0).max(100).nullable().default(null),
});
export type TopUpRules = z.infer<typeof topUpRulesSchema>;

/** P8.8: room chips: what each player starts the night with, and how they get more. */
export const roomChipsSchema = z.strictObject({
  startingStack: chips,
  topUps: topUpRulesSchema.default({ autoBelowMinimum: false, perNight: null }),
});
export type RoomChips = z.infer<typeof roomChipsSchema>;

/** P8.9: where the night ends: after N rounds, after N shoes, or at a time. */
export const finishLineSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('rounds'), count: z.number().int().min(1).max(10_000) }),
  z.strictObject({ kind: z.literal('shoes'), count: z.number().int().min(1).max(100) }),
  z.strictObject({ kind: z.literal('time'), at: epochMsSchema }),
]);
export type FinishLine = z.infer<typeof finishLineSchema>;

export const WAITLIST_MAX = 50;

/**
 * P8.7: the evening settings of a room (`settings.evening`). Absent, or every field at its
 * default, is a room as before: anyone sits at once, with their wallet, until the host closes.
 */
export const eveningSettingsSchema = z
  .strictObject({
    seating: seatingModeSchema.default('open'),
    chips: chipsModeSchema.default('wallet'),
    /** Present exactly when `chips` is `room`. */
    roomChips: roomChipsSchema.optional(),
    /** How many may wait for a seat of a full table (0: no waitlist). */
    waitlistMax: z.number().int().min(0).max(WAITLIST_MAX).default(10),
    /** How long a freed seat is offered to the first in line before the next is offered it. */
    offerSeconds: z.number().int().min(10).max(300).default(60),
    /** P9.10: rounds in a row without a bet after which a seated player sits out; null never. */
    autoSitOutRounds: z.number().int().min(1).max(50).nullable().default(null),
    finish: finishLineSchema.nullable().default(null),
  })
  .superRefine((input, ctx) => {
    if (input.chips === 'room' && input.roomChips === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['roomChips'],
        message: 'room chips need a starting stack',
      });
    }
    if (input.chips === 'wallet' && input.roomChips !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['roomChips'],
        message: 'only a room with room chips takes a starting stack',
      });
    }
  });
export type EveningSettings = z.infer<typeof eveningSettingsSchema>;

/** A reason in words, the host's to a player (a decline, an adjustment). */
export const eveningReasonSchema = freeText(1024).pipe(z.string().min(1).max(200));

const atTable = { tableId: tableIdSchema };

// ── P9.7: seat requests (host-approves rooms) ──
/**
 * Ask to sit, optionally naming a seat (the host may still seat the player elsewhere). `invite`:
 * the code the player came in by; one the host made with `autoApprove` seats them at once.
 */
export const seatRequestCommand = z.strictObject({
  ...atTable,
  seat: seatSchema.optional(),
  invite: z
    .string()
    .regex(/^[A-Za-z0-9 -]{1,32}$/)
    .optional(),
});
export const seatRequestCancelCommand = z.strictObject({ ...atTable });
/** With room chips, `stack` is the room stack granted (the starting stack when absent). */
export const seatApproveCommand = z.strictObject({
  ...atTable,
  playerId: playerIdSchema,
  seat: seatSchema.optional(),
  stack: minorUnitsSchema.positive().optional(),
});
export const seatDeclineCommand = z.strictObject({
  ...atTable,
  playerId: playerIdSchema,
  reason: eveningReasonSchema,
});
// ── P9.8: the waitlist ──
export const waitlistJoinCommand = z.strictObject({ ...atTable });
export const waitlistLeaveCommand = z.strictObject({ ...atTable });
export const waitlistAcceptCommand = z.strictObject({ ...atTable });
// ── P9.10: sitting out ──
/** `out: true` sits out from the next round on; `false` is "I'm back". */
export const sitOutCommand = z.strictObject({ ...atTable, out: z.boolean() });
// ── P9.11: room chips ──
export const topUpRequestCommand = z.strictObject({
  ...atTable,
  amount: minorUnitsSchema.positive(),
});
export const topUpApproveCommand = z.strictObject({ ...atTable, playerId: playerIdSchema });
export const topUpDeclineCommand = z.strictObject({
  ...atTable,
  playerId: playerIdSchema,
  reason: eveningReasonSchema,
});
/** A signed change of a player's room stack, with the host's reason. */
export const chipsAdjustCommand = z.strictObject({
  ...atTable,
  playerId: playerIdSchema,
  amount: minorUnitsSchema.refine((n) => n !== 0, { error: 'an adjustment is not zero' }),
  reason: eveningReasonSchema,
});
// ── P9.12: the finish line ──
export const nightEndCommand = z.strictObject({ ...atTable });

export const EVENING_COMMANDS = {
  'seat.request': seatRequestCommand,
  'seat.request.cancel': seatRequestCancelCommand,
  'room.seat.approve': seatApproveCommand,
  'room.seat.decline': seatDeclineCommand,
  'waitlist.join': waitlistJoinCommand,
  'waitlist.leave': waitlistLeaveCommand,
  'waitlist.accept': waitlistAcceptCommand,
  'seat.sit-out': sitOutCommand,
  'chips.top-up': topUpRequestCommand,
  'room.top-up.approve': topUpApproveCommand,
  'room.top-up.decline': topUpDeclineCommand,
  'room.chips.adjust': chipsAdjustCommand,
  'room.night.end': nightEndCommand,
} as const;
export type EveningCommandName = keyof typeof EVENING_COMMANDS;

/** P3, P9.7–P9.12: refusals of the evening's commands and routes, beyond the shared codes. */
export const EVENING_ERROR_CODES = [
  /** The room's ledger (or another room-only thing) asked by someone who never joined it. */
  'NOT_ROOM_MEMBER',
  /** This player already asked (to sit, or for a top-up) and has not been answered. */
  'REQUEST_PENDING',
  /** The host approved or declined a request nobody made (or that was withdrawn). */
  'NO_REQUEST',
  /** `seat.take` in a host-approves room: ask to sit (`seat.request`) instead. */
  'APPROVAL_REQUIRED',
  /** `seat.request` in an open room, or `waitlist.join` while a seat is free. */
  'NOT_NEEDED',
  'WAITLIST_FULL',
  'NOT_WAITING',
  /** A top-up the room's rules do not allow (above the starting stack, over the nightly count). */
  'TOP_UP_ABOVE_RULE',
  /** Room chips commands at a room that plays with wallets. */
  'NOT_ROOM_CHIPS',
  /** A bet (or the shoe, or the bank) from a seat that sits out (P9.10). */
  'SITTING_OUT',
  /** An adjustment that would take a stack below zero. */
  'STACK_TOO_LOW',
] as const;
export const eveningErrorCodeSchema = z.enum(EVENING_ERROR_CODES);
export type EveningErrorCode = z.infer<typeof eveningErrorCodeSchema>;

// ── What the table shows (P9.9) ──

/** One line of the host's queue: visible to the host only. */
export const seatRequestViewSchema = z.object({
  player: playerSchema,
  /** When they asked. */
  at: epochMsSchema,
  seat: seatSchema.nullable(),
  /** An account's player, or a guest. */
  account: z.boolean(),
});
export type SeatRequestView = z.infer<typeof seatRequestViewSchema>;

export const topUpRequestViewSchema = z.object({
  player: playerSchema,
  at: epochMsSchema,
  amount: minorUnitsSchema.positive(),
});

export const leaderboardLineSchema = z.object({
  player: playerSchema,
  /** The room stack now (room chips), or the net of the night so far (wallets). */
  stack: minorUnitsSchema,
  /** Stack now less everything granted: what the player won or lost at the table. */
  net: minorUnitsSchema,
  /** Everything granted to the player tonight: the starting stack, top-ups and adjustments. */
  granted: minorUnitsSchema,
});
export type LeaderboardLine = z.infer<typeof leaderboardLineSchema>;

/** P9.9: the evening part of the snapshot (`evening`), as this viewer may see it. */
export const eveningViewSchema = z.object({
  settings: eveningSettingsSchema,
  /** The host's queue: present for the host only (null for everyone else). */
  queue: z.array(seatRequestViewSchema).nullable(),
  /** The host's pending top-ups: present for the host only. */
  topUps: z.array(topUpRequestViewSchema).nullable(),
  /** How many ask to sit and how many wait; everyone may know the counts. */
  counts: z.object({ requests: z.number().int().nonnegative(), waiting: z.number().int() }),
  /** The viewer's own standing. */
  you: z.object({
    /** Asked to sit and not yet answered. */
    request: z.object({ at: epochMsSchema, seat: seatSchema.nullable() }).nullable(),
    /** 1 for first in line; null when not waiting. */
    waitlistPosition: z.number().int().positive().nullable(),
    /** A seat offered to the viewer until `until`. */
    offer: z.object({ seat: seatSchema, until: epochMsSchema }).nullable(),
    /** A top-up asked and not yet answered. */
    topUp: z.object({ amount: minorUnitsSchema.positive(), at: epochMsSchema }).nullable(),
    topUpsTaken: z.number().int().nonnegative(),
    /** The host's last answer to the viewer's request to sit, when it was no. */
    declined: z.object({ reason: z.string(), at: epochMsSchema }).nullable(),
    /** The host's last no to a top-up the viewer asked. */
    topUpDeclined: z.object({ reason: z.string(), at: epochMsSchema }).nullable(),
  }),
  /** Seats sitting out, with when their seat is freed if nobody comes back. */
  sittingOut: z.array(z.object({ seat: seatSchema, freedAt: epochMsSchema })),
  /** Room chips: each player's stack, seated or not (a stack stays while its player stands). */
  leaderboard: z.array(leaderboardLineSchema),
  /** P9.12: how far the night has come to its finish line. */
  progress: z.object({
    rounds: z.number().int().nonnegative(),
    shoes: z.number().int().nonnegative(),
  }),
  /** P9.12: once the night has ended: first, second, third. */
  podium: z.array(leaderboardLineSchema).max(3).nullable(),
});
export type EveningView = z.infer<typeof eveningViewSchema>;

// ── Events (P9.9) ──
const base = { tableId: z.string(), version: z.number().int().positive(), at: epochMsSchema };
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ ...base, type: z.literal(type), ...shape });

/**
 * Every request, approval, decline and waitlist move, as everyone may know it: what happened
 * and the counts, never who (the queue is the host's). The host and the player concerned get
 * their own `evening.you` (P9.9) with the same table version.
 */
export const seatRequestEvent = event('evening.seat-request', {
  change: z.enum(['asked', 'cancelled', 'approved', 'declined', 'auto-approved']),
  requests: z.number().int().nonnegative(),
});
export const waitlistEvent = event('evening.waitlist', {
  change: z.enum(['joined', 'left', 'offered', 'offer-expired', 'seated']),
  /** With `offered`: the seat offered and until when. */
  seat: seatSchema.nullable(),
  until: epochMsSchema.nullable(),
  waiting: z.number().int().nonnegative(),
});
export const sitOutEvent = event('evening.sit-out', {
  seat: seatSchema,
  playerId: playerIdSchema,
  out: z.boolean(),
  /** `player`: asked; `auto`: N rounds without a bet (P9.10). */
  by: z.enum(['player', 'auto']),
  /** When the seat is freed if they do not come back; null with `out: false`. */
  freedAt: epochMsSchema.nullable(),
});
/** P9.11: a room stack moved outside play: a grant, a top-up or an adjustment. */
export const stackEvent = event('evening.stack', {
  playerId: playerIdSchema,
  seat: seatSchema.nullable(),
  kind: z.enum(['grant', 'top-up', 'adjust', 'top-up-asked', 'top-up-declined']),
  amount: minorUnitsSchema,
  stack: minorUnitsSchema,
  /** Who approved it: the host's id, or `rule` for a room rule. */
  approvedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
/** P9.12: the night is over: the podium; `room.closed` follows as in P9.6. */
export const nightEndedEvent = event('evening.ended', {
  reason: z.enum(['rounds', 'shoes', 'time', 'host', 'idle']),
  podium: z.array(leaderboardLineSchema).max(3),
});

export const EVENING_EVENTS = [
  seatRequestEvent,
  waitlistEvent,
  sitOutEvent,
  stackEvent,
  nightEndedEvent,
] as const;

/**
 * P9.9: sent on `table.private` to the host and to the player a change concerns: their own
 * evening view as of `version` (the queue for the host; position, offer, answers for a player).
 */
export const eveningYouMessage = z.object({
  tableId: z.string(),
  type: z.literal('evening.you'),
  version: z.number().int().nonnegative(),
  evening: eveningViewSchema,
});
export type EveningYou = z.infer<typeof eveningYouMessage>;
