import { z } from 'zod';
import { minorUnitsSchema, playerSchema } from './primitives.js';

/** POST /api/guests */
export const createGuestBody = z.strictObject({ name: z.string().trim().min(1).max(32) });
export const createGuestReply = z.object({
  player: playerSchema,
  /** Shown once: the socket handshake and HTTP calls present it. */
  token: z.string(),
  balance: minorUnitsSchema,
});
