import { z } from 'zod';
import { minorUnitsSchema, playerSchema } from './primitives.js';

/**
 * Characters a name never keeps: controls (NUL included), format characters (zero-width
 * spaces and joiners, bidi embeddings, overrides and isolates, the BOM, soft hyphens),
 * private-use characters and lone surrogates.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/gu;
/** Spaces, tabs and line breaks count as one space (not JS's \s: it takes in the BOM). */
const SPACES = /[\p{Zs}\t\n\v\f\r\u2028\u2029]+/gu;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** P0.1: NFC, invisible characters removed, runs of spaces made one, trimmed. */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(SPACES, ' ')
    .replace(INVISIBLE, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** What a reader sees as characters: grapheme clusters, not UTF-16 code units. */
export const visibleLength = (text: string): number => [...graphemes.segment(text)].length;

export const MAX_NAME_CHARACTERS = 20;

/** A player's name as it is stored and shown: 1–20 visible characters after normalising. */
export const guestNameSchema = z
  .string()
  .max(256)
  .transform(normalizeName)
  .pipe(
    z
      .string()
      .min(1, 'a name needs at least one visible character')
      // Bounds combining-mark pile-ups that stay within 20 graphemes.
      .max(64)
      .refine((name) => visibleLength(name) <= MAX_NAME_CHARACTERS, {
        error: `a name has at most ${MAX_NAME_CHARACTERS} characters`,
      }),
  );

/** POST /api/guests */
export const createGuestBody = z.strictObject({ name: guestNameSchema });
export const createGuestReply = z.object({
  player: playerSchema,
  /** Shown once: the socket handshake and HTTP calls present it. */
  token: z.string(),
  balance: minorUnitsSchema,
});
export type CreateGuestReply = z.infer<typeof createGuestReply>;
