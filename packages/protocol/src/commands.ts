import { z } from 'zod';
import { chatRawTextSchema, chatReactionSchema } from './chat.js';
import { CHEMIN_DE_FER_COMMANDS } from './chemin-de-fer.js';
import { errorCodeSchema } from './errors.js';
import { EVENING_COMMANDS, type EveningCommandName } from './evening.js';
import {
  minorUnitsSchema,
  playerIdSchema,
  roundSeqSchema,
  seatSchema,
  seedContributionSchema,
  spotSchema,
  tableIdSchema,
} from './primitives.js';
import { tableEventSchema } from './events.js';
import { roomSettingsInputSchema } from './rooms.js';
import { tableSnapshotSchema } from './snapshot.js';

/**
 * Client → server commands. Each is a socket.io event whose name is the key in COMMANDS, with
 * one payload object and an acknowledgement callback (P1.1). Unknown keys are refused, so a
 * typo never passes silently.
 */
const atTable = { tableId: tableIdSchema };
const inRound = { ...atTable, round: roundSeqSchema };

export const joinTableCommand = z.strictObject({ ...atTable });
export const leaveTableCommand = z.strictObject({ ...atTable });
export const snapshotCommand = z.strictObject({ ...atTable });
/** P2.13: a reconnecting client joins again with the last table version it applied. */
export const resyncCommand = z.strictObject({
  ...atTable,
  since: z.number().int().nonnegative(),
});
export const takeSeatCommand = z.strictObject({ ...atTable, seat: seatSchema });
export const leaveSeatCommand = z.strictObject({ ...atTable, seat: seatSchema });

/** Whole chips in minor units are checked by the server (FRACTIONAL_CHIPS), not here. */
export const betDraftSchema = z
  .array(z.strictObject({ spot: spotSchema, amount: minorUnitsSchema }))
  .min(1)
  .max(8);
export const confirmBetsCommand = z.strictObject({
  ...inRound,
  /** The seat the bets are placed from; it must be the sender's. */
  seat: seatSchema,
  /** Made by the client; resending the same id with the same bets is answered again, once. */
  confirmId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  bets: betDraftSchema,
});
export const noBetCommand = z.strictObject({ ...inRound, seat: seatSchema });
export const dealCommand = z.strictObject({ ...inRound });
export const revealCommand = z.strictObject({ ...inRound });
export const passShoeCommand = z.strictObject({ ...atTable });
export const acceptShoeCommand = z.strictObject({ ...atTable });
export const refuseShoeCommand = z.strictObject({ ...atTable });
/** R11.7: a contribution towards the client seed of the shoe being prepared. */
export const seedShoeCommand = z.strictObject({ ...atTable, seed: seedContributionSchema });

// P9: host controls of a private room. Anyone but the host is refused with NOT_HOST.
export const lockRoomCommand = z.strictObject({ ...atTable, locked: z.boolean() });
export const kickCommand = z.strictObject({ ...atTable, playerId: playerIdSchema });
/** The whole settings object; it takes effect when the next shoe starts. */
/** P9.3: the same settings a host opens a room with (P8.2), checked the same way. */
export const roomSettingsCommand = z.strictObject({
  ...atTable,
  settings: roomSettingsInputSchema,
});
export const pauseRoomCommand = z.strictObject({ ...atTable, paused: z.boolean() });
export const closeBetsCommand = z.strictObject({ ...atTable });
export const transferHostCommand = z.strictObject({ ...atTable, playerId: playerIdSchema });
export const closeRoomCommand = z.strictObject({ ...atTable });
/** P11.7: whether watchers (players without a seat) may write in the room's chat. */
export const roomChatCommand = z.strictObject({ ...atTable, watchersWrite: z.boolean() });
/** P11.7: a muted player reads the chat but may not write in it. */
export const muteCommand = z.strictObject({
  ...atTable,
  playerId: playerIdSchema,
  muted: z.boolean(),
});

/** P11.1: a chat line, as text or as one of the quick reactions (P11.5). */
export const chatSendCommand = z.union([
  z.strictObject({ ...atTable, text: chatRawTextSchema }),
  z.strictObject({ ...atTable, reaction: chatReactionSchema }),
]);
/** P12.2: at a self-paced table, a seated player opens the next round after a result. */
export const nextRoundCommand = z.strictObject({ ...atTable });

export const COMMANDS = {
  'table.join': joinTableCommand,
  'table.leave': leaveTableCommand,
  'table.snapshot': snapshotCommand,
  'table.resync': resyncCommand,
  'seat.take': takeSeatCommand,
  'seat.leave': leaveSeatCommand,
  'bets.confirm': confirmBetsCommand,
  'bets.none': noBetCommand,
  'shoe.deal': dealCommand,
  'shoe.pass': passShoeCommand,
  'shoe.accept': acceptShoeCommand,
  'shoe.refuse': refuseShoeCommand,
  'cards.reveal': revealCommand,
  'shoe.seed': seedShoeCommand,
  'room.lock': lockRoomCommand,
  'room.kick': kickCommand,
  'room.settings': roomSettingsCommand,
  'room.pause': pauseRoomCommand,
  'bets.close': closeBetsCommand,
  'room.host': transferHostCommand,
  'room.close': closeRoomCommand,
  'room.chat': roomChatCommand,
  'room.mute': muteCommand,
  'chat.send': chatSendCommand,
  'round.next': nextRoundCommand,
  // C2: Chemin de Fer tables only; a Punto Banco table refuses them WRONG_PHASE.
  ...CHEMIN_DE_FER_COMMANDS,
  ...EVENING_COMMANDS,
} as const;
export type CommandName = keyof typeof COMMANDS;
export type CommandPayload<N extends CommandName> = z.infer<(typeof COMMANDS)[N]>;
export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

export const ackErrorSchema = z.object({
  ok: z.literal(false),
  code: errorCodeSchema,
  message: z.string(),
  /** With INVALID_SETTING: the setting refused, as a dotted path (`limits.tie.max`). */
  field: z.string().optional(),
  /** P2.6: with a refused `bets.confirm`, the spot whose bet was refused, when one was. */
  spot: spotSchema.optional(),
});
export type AckError = z.infer<typeof ackErrorSchema>;

const okAck = <S extends z.ZodRawShape>(shape: S) => z.object({ ok: z.literal(true), ...shape });
const withError = <S extends z.ZodType>(success: S) => z.union([success, ackErrorSchema]);

const versionAt = { version: z.number().int().nonnegative() };

const versionAck = withError(okAck(versionAt));
/** P9.7–P9.12: every evening command answers `{ ok: true, version }`; the views carry the rest. */
const EVENING_ACKS = Object.fromEntries(
  Object.keys(EVENING_COMMANDS).map((name) => [name, versionAck]),
) as { readonly [N in EveningCommandName]: typeof versionAck };

/** P2.13: what a resync tells the caller about themselves, whichever way the table came back. */
export const resyncYouSchema = z.object({
  playerId: z.string(),
  seat: seatSchema.nullable(),
  balance: minorUnitsSchema.nonnegative(),
  /** Bets confirmed from this seat in the round in play. */
  bets: z.array(z.object({ spot: spotSchema, amount: minorUnitsSchema })),
  away: z.boolean(),
});

/** The acknowledgement each command gets back (P1.1). */
export const ACKS = {
  'table.join': withError(okAck({ snapshot: tableSnapshotSchema })),
  'table.leave': withError(okAck({})),
  'table.snapshot': withError(okAck({ snapshot: tableSnapshotSchema })),
  /** Exactly one of `events` (every event after `since`, in order) and `snapshot` is set. */
  'table.resync': withError(
    okAck({
      ...versionAt,
      events: z.array(tableEventSchema).nullable(),
      snapshot: tableSnapshotSchema.nullable(),
      you: resyncYouSchema,
    }),
  ),
  'seat.take': withError(okAck({ ...versionAt, seat: seatSchema, balance: minorUnitsSchema })),
  'seat.leave': withError(okAck(versionAt)),
  'bets.confirm': withError(
    okAck({
      ...versionAt,
      bets: z.array(z.object({ spot: spotSchema, amount: minorUnitsSchema })),
      balance: minorUnitsSchema,
      /** True when this confirm id had already been accepted: nothing moved this time. */
      replayed: z.boolean(),
    }),
  ),
  'bets.none': withError(okAck(versionAt)),
  'shoe.deal': withError(okAck(versionAt)),
  'shoe.pass': withError(okAck(versionAt)),
  'shoe.accept': withError(okAck(versionAt)),
  'shoe.refuse': withError(okAck(versionAt)),
  'cards.reveal': withError(okAck(versionAt)),
  'shoe.seed': withError(okAck(versionAt)),
  'room.lock': withError(okAck(versionAt)),
  'room.kick': withError(okAck(versionAt)),
  'room.settings': withError(okAck(versionAt)),
  'room.pause': withError(okAck(versionAt)),
  'bets.close': withError(okAck(versionAt)),
  'room.host': withError(okAck(versionAt)),
  'room.close': withError(okAck(versionAt)),
  'room.chat': withError(okAck(versionAt)),
  'room.mute': withError(okAck(versionAt)),
  /** `id`: the message's number at the table (P11.1). */
  'chat.send': withError(okAck({ ...versionAt, id: z.number().int().positive() })),
  'round.next': withError(okAck(versionAt)),
  'chemin.bank.post': withError(okAck(versionAt)),
  'chemin.cover': withError(okAck(versionAt)),
  'chemin.punto.choose': withError(okAck(versionAt)),
  'chemin.banker.choose': withError(okAck(versionAt)),
  'chemin.bank.pass': withError(okAck(versionAt)),
  'chemin.bank.decline': withError(okAck(versionAt)),
  ...EVENING_ACKS,
} as const satisfies Record<CommandName, z.ZodType>;
/** The success half of a command's acknowledgement. */
export type AckOk<N extends CommandName> = Extract<z.infer<(typeof ACKS)[N]>, { ok: true }>;
/**
 * The acknowledgement of one command, success or refusal. Written as the union (it is the same
 * type as `z.infer` of its schema) so that a refusal is an `Ack<N>` for every `N`, a generic one
 * too.
 */
export type Ack<N extends CommandName> = AckOk<N> | AckError;
