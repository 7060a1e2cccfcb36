import { z } from 'zod';

/** Stakes are whole chips (T3.4): 100 minor units each. */
export const CHIP = 100;
/** P8.2: no limit above 10,000 chips (a new player holds 1,000). */
export const MAX_ROOM_LIMIT = 1_000_000;

/** A room limit: whole chips from 1 to MAX_ROOM_LIMIT minor units. */
export const chips = z
  .number()
  .int()
  .min(CHIP)
  .max(MAX_ROOM_LIMIT)
  .refine((amount) => amount % CHIP === 0, { error: 'limits are whole chips (multiples of 100)' });
