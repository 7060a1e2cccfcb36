import { cheminDeFer, validateShoeConfig } from '@banco/rules';
import { z } from 'zod';
import { guestNameSchema } from './http.js';
import { MAX_SEATS, sideSpotSchema } from './primitives.js';
import { tableSettingsSchema, tableSummarySchema, type TableSettings } from './settings.js';

import { chips } from './room-limits.js';
import { cheminDeFerSettingsSchema, roomKindSchema, type RoomKind } from './chemin-de-fer.js';
import { eveningSettingsSchema } from './evening.js';

export { CHIP, MAX_ROOM_LIMIT } from './room-limits.js';

/**
 * P8.2: what a host chooses for a private room. Durations are in seconds here (the form's
 * unit); the table keeps milliseconds (roomTableSettings).
 */
export const roomSettingsInputSchema = z
  .strictObject({
    decks: z.number().int().min(1).max(8),
    ruleSet: z.enum(['standard', 'no-commission', 'even-money']),
    tiePays: z.union([z.literal(8), z.literal(9)]),
    sideBets: z.array(sideSpotSchema).max(5),
    limits: z.strictObject({
      /** Player and Banker; also every other spot's minimum. */
      min: chips,
      max: chips,
      tie: z.strictObject({ max: chips }),
      /** Each side bet's maximum (ignored when none is offered). */
      side: z.strictObject({ max: chips }),
    }),
    seats: z.number().int().min(2).max(MAX_SEATS),
    /** Ignored when untimedBetting. */
    bettingSeconds: z.number().int().min(5).max(60),
    untimedBetting: z.boolean(),
    cardTurning: z.boolean(),
    /** Cards behind the cut card (R10.4, R10.7). */
    cut: z.number().int(),
    lastHand: z.enum(['plus-one', 'finish-current']),
    seatHoldSeconds: z.number().int().min(10).max(600),
    /** C1.1: absent means a Punto Banco room, as every room was before Chemin de Fer. */
    kind: roomKindSchema.optional(),
    /** C1.2: a Chemin de Fer room's own settings; present exactly when kind is chemin-de-fer. */
    cheminDeFer: cheminDeFerSettingsSchema.optional(),
    /** P8.7: the host's evening; absent is a room as before. */
    evening: eveningSettingsSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const { limits, sideBets } = input;
    if (limits.max < limits.min) issue(['limits', 'max'], 'the maximum is below the minimum');
    if (limits.tie.max < limits.min) {
      issue(['limits', 'tie', 'max'], 'the Tie maximum is below the minimum');
    }
    if (sideBets.length > 0 && limits.side.max < limits.min) {
      issue(['limits', 'side', 'max'], 'the side-bet maximum is below the minimum');
    }
    if (new Set(sideBets).size !== sideBets.length)
      issue(['sideBets'], 'a side bet is listed twice');
    if (sideBets.includes('super6') && input.ruleSet !== 'no-commission') {
      issue(['sideBets'], 'Super 6 is offered only under no-commission rules (R9.9)');
    }
    if (roomKindOf(input) === 'chemin-de-fer' && input.cheminDeFer === undefined) {
      issue(['cheminDeFer'], 'a Chemin de Fer room needs its settings (C1.2)');
    }
    if (roomKindOf(input) === 'punto-banco' && input.cheminDeFer !== undefined) {
      issue(['cheminDeFer'], 'only a Chemin de Fer room takes these settings (C1.2)');
    }
    const shoe = validateShoeConfig({
      decks: input.decks,
      cut: input.cut,
      lastHand: input.lastHand,
    });
    if (!shoe.ok) {
      const field = shoe.error.code === 'INVALID_LAST_HAND' ? 'lastHand' : 'cut';
      issue([shoe.error.code === 'INVALID_DECKS' ? 'decks' : field], shoe.error.message);
    }
  });
export type RoomSettingsInput = z.infer<typeof roomSettingsInputSchema>;

/** C1.1: the kind of table a room's settings open. */
export function roomKindOf(input: { kind?: RoomKind | undefined }): RoomKind {
  return input.kind ?? 'punto-banco';
}

/** A room's name follows a player's name rules (P0.1): 1–20 visible characters. */
export const roomNameSchema = guestNameSchema;

/** POST /api/rooms */
export const createRoomBody = z.strictObject({
  name: roomNameSchema,
  settings: roomSettingsInputSchema,
});
export type CreateRoomBody = z.infer<typeof createRoomBody>;

/** The phase lengths a server runs its tables at (all but the betting window, a room setting). */
export type TablePace = Pick<
  TableSettings,
  'seedMs' | 'lastBetsMs' | 'dealMs' | 'revealMs' | 'resultMs'
>;

/** P8.2: the table settings a room's input stands for. */
export function roomTableSettings(input: RoomSettingsInput, pace: TablePace): TableSettings {
  const main = { min: input.limits.min, max: input.limits.max };
  const side = { min: input.limits.min, max: input.limits.side.max };
  const sideLimits = Object.fromEntries(input.sideBets.map((spot) => [spot, side]));
  // C1.4: a Chemin de Fer table deals its own shoe (R14.1, R14.2) whatever the form's Punto
  // Banco fields say.
  const chemin = roomKindOf(input) === 'chemin-de-fer' ? input.cheminDeFer : undefined;
  const shoe = chemin
    ? {
        decks: chemin.decks,
        cut: cheminDeFer.CHEMIN_DE_FER_SHOE.cut,
        lastHand: cheminDeFer.CHEMIN_DE_FER_SHOE.lastHand,
      }
    : { decks: input.decks, cut: input.cut, lastHand: input.lastHand };
  return tableSettingsSchema.parse({
    seats: input.seats,
    ...shoe,
    rules: { commission: input.ruleSet, tiePays: input.tiePays, sideBets: input.sideBets },
    limits: {
      player: main,
      banker: main,
      tie: { min: input.limits.min, max: input.limits.tie.max },
      ...sideLimits,
    },
    seedMs: pace.seedMs,
    bettingMs: input.bettingSeconds * 1000,
    untimedBetting: input.untimedBetting,
    cardTurning: input.cardTurning,
    lastBetsMs: pace.lastBetsMs,
    dealMs: pace.dealMs,
    revealMs: pace.revealMs,
    resultMs: pace.resultMs,
    seatHoldMs: input.seatHoldSeconds * 1000,
    ...(chemin ? { cheminDeFer: chemin } : {}),
    ...(input.evening ? { evening: input.evening } : {}),
  });
}

/**
 * P3: which setting an INVALID_SETTING refusal names: the dotted path inside `settings`
 * (`limits.tie.max`, `decks`), or `name`.
 */
export function settingField(issue: {
  path: readonly PropertyKey[];
  code?: string;
  keys?: readonly string[];
}): string {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys?.[0]) path.push(issue.keys[0]);
  if (path[0] === 'settings') path.shift();
  return path.length === 0 ? 'settings' : path.join('.');
}

/** GET /api/rooms/:roomId: a live table as its link shows it. */
export const roomSummarySchema = tableSummarySchema.extend({
  isPublic: z.boolean(),
  /** Null for a public table. */
  hostPlayerId: z.string().nullable(),
  hostName: z.string().nullable(),
  /** No new player may join or sit (a host control). */
  locked: z.boolean(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

/** P8.1: the share link, relative (the web app makes it absolute). */
export const roomLink = (roomId: string): string => `/table/?id=${encodeURIComponent(roomId)}`;

export const createRoomReply = z.object({ room: roomSummarySchema, link: z.string() });
export type CreateRoomReply = z.infer<typeof createRoomReply>;

/** P8.3: an invite code: 8 characters with no 0/O, 1/I/L to misread. */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
export const inviteCodeSchema = z
  .string()
  .max(32)
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[${INVITE_ALPHABET}]{${INVITE_CODE_LENGTH}}$`)));

/** POST /api/rooms/:roomId/invites */
export const createInviteBody = z.strictObject({
  /** From 1 minute to 7 days. */
  ttlMinutes: z.number().int().min(1).max(10_080),
  /** P8.7: whoever comes in by this code sits without asking the host (host-approves rooms). */
  autoApprove: z.boolean().optional(),
});
export const createInviteReply = z.object({ code: z.string(), expiresAt: z.iso.datetime() });
export type CreateInviteReply = z.infer<typeof createInviteReply>;

/** GET /api/invites/:code */
export const inviteReply = z.object({ roomId: z.string(), link: z.string() });
export type InviteReply = z.infer<typeof inviteReply>;

const ruleSetEdges = z.object({ player: z.number(), banker: z.number() });

/** GET /api/house-edges: R13.6 per deck count, fractions of a unit staked. */
export const houseEdgesReply = z.array(
  z.object({
    decks: z.number().int().min(1).max(8),
    ruleSets: z.object({
      standard: ruleSetEdges,
      'no-commission': ruleSetEdges,
      'even-money': ruleSetEdges,
    }),
    tie: z.object({ 8: z.number(), 9: z.number() }),
    playerPair: z.number(),
    bankerPair: z.number(),
    dragonPlayer: z.number(),
    dragonBanker: z.number(),
    super6: z.number(),
  }),
);
export type HouseEdgesReply = z.infer<typeof houseEdgesReply>;
