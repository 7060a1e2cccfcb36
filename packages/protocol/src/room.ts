import { z } from 'zod';
import { playerIdSchema } from './primitives.js';
import { tableSettingsSchema } from './settings.js';

/**
 * What everyone at a private room may know about its host controls (P9). Public tables have
 * no host: their snapshot's `room` is null.
 */
export const roomStateSchema = z.object({
  hostPlayerId: playerIdSchema,
  hostName: z.string().max(64),
  /** Nobody new may join as a player or sit (ROOM_LOCKED); who is in stays. */
  locked: z.boolean(),
  /** No new round opens once the current one is over, until the host resumes. */
  paused: z.boolean(),
  /** The host (or idleness) is closing the room: the round in play finishes, then it closes. */
  closing: z.boolean(),
  /** Settings the host chose, taking effect when the next shoe starts. */
  nextSettings: tableSettingsSchema.nullable(),
  /** P11.7: watchers may write in the chat too (seated players always may). */
  watchersWrite: z.boolean(),
  /** P11.7: players the host muted: they read the chat but may not write. */
  muted: z.array(playerIdSchema),
});
export type RoomState = z.infer<typeof roomStateSchema>;
