import { SIDE_SPOTS, SPOTS } from '@banco/rules';
import { z } from 'zod';

/** Seat numbers run 1…seats (at most 14). */
export const MAX_SEATS = 14;

/** Public tables are named (`main`, `main-2`); a private room's id is random base64url (P8.1). */
export const tableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
/**
 * The server makes every player id (a UUID); one a client names (a kick, a mute) is held to
 * their alphabet, so it can never carry text into a stored state (P3.3).
 */
export const playerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** The server makes every shoe id (a UUID); a client names one only to look it up. */
export const shoeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const seatSchema = z.number().int().min(1).max(MAX_SEATS);
/** The table's round counter (1, 2, …), not the round's number inside its shoe. */
export const roundSeqSchema = z.number().int().min(1);
/** Chips are integer minor units: 100 = 1 chip. */
export const minorUnitsSchema = z.number().int().safe();
export const epochMsSchema = z.number().int().nonnegative();

/** R11.7: what a player sends towards a shoe's client seed (the client-seed alphabet). */
export const seedContributionSchema = z.string().regex(/^[\x20-\x7e]{1,64}$/);

export const cardSchema = z.string().regex(/^(A|[2-9]|10|J|Q|K)[SHDC]$/);

/** The betting spots are the rules package's, so the two can never disagree. */
export const SPOT_NAMES = SPOTS;
export const spotSchema = z.enum(SPOTS);
export const SIDE_SPOT_NAMES = SIDE_SPOTS;
export const sideSpotSchema = z.enum(SIDE_SPOTS);
export const sideSchema = z.enum(['player', 'banker']);
export const outcomeSchema = z.enum(['player', 'banker', 'tie']);

export const playerSchema = z.object({ id: playerIdSchema, name: z.string().min(1).max(64) });
export type PlayerInfo = z.infer<typeof playerSchema>;

/** A seat's stake on one spot. */
export const stakeSchema = z.object({ spot: spotSchema, amount: minorUnitsSchema.positive() });
export type Stake = z.infer<typeof stakeSchema>;
