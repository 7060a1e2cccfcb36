import { z } from 'zod';
import { freeText } from './free-text.js';
import { minorUnitsSchema, playerSchema } from './primitives.js';

/**
 * Characters a name never keeps: format characters (zero-width spaces and joiners, bidi
 * embeddings, overrides and isolates, the BOM, soft hyphens) and private-use characters. The
 * intake (P3.3) has refused controls and lone surrogates already; a name made here otherwise
 * (a test's, a bot's) loses them too.
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
export const guestNameSchema = freeText(256)
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

/**
 * P10.2: a username is 3–20 of `a–z 0–9 _`; capitals are accepted and folded, so `Ann_1` and
 * `ann_1` are one username.
 */
export const usernameSchema = z
  .string()
  .max(64)
  .transform((raw) => raw.trim().toLowerCase())
  .pipe(
    z.string().regex(/^[a-z0-9_]{3,20}$/, 'a username is 3 to 20 letters, digits or underscores'),
  );

export const MIN_PASSWORD_CHARACTERS = 10;
/** Bounds the work one password costs to hash; no real passphrase is near it. */
export const MAX_PASSWORD_CHARACTERS = 256;

/**
 * P10.2: why a password is refused (WEAK_PASSWORD), or null when it is acceptable. The server
 * and the web form apply the same check.
 */
export function passwordProblem(password: string, username: string): string | null {
  const text = password.normalize('NFC');
  if ([...text].length < MIN_PASSWORD_CHARACTERS) {
    return `a password needs at least ${MIN_PASSWORD_CHARACTERS} characters`;
  }
  if (text.toLowerCase() === username.toLowerCase()) {
    return 'a password may not be the username';
  }
  return null;
}

const passwordField = z.string().min(1).max(MAX_PASSWORD_CHARACTERS);

/** POST /api/account/claim (bearer: the guest's session token) */
export const claimAccountBody = z.strictObject({
  username: usernameSchema,
  password: passwordField,
});
export const claimAccountReply = z.object({ player: playerSchema, username: z.string() });

/**
 * POST /api/session/login. The username is not held to the claim rules here: any name that is
 * not an account gets the same INVALID_CREDENTIALS as a wrong password.
 */
export const loginBody = z.strictObject({
  // Free text, though never stored: it is looked up, and Postgres takes no NUL (P3.3).
  username: freeText(64).pipe(
    z
      .string()
      .min(1)
      .transform((raw) => raw.trim().toLowerCase()),
  ),
  password: passwordField,
});

export const sessionKindSchema = z.enum(['guest', 'login']);
export type SessionKind = z.infer<typeof sessionKindSchema>;

/** GET /api/session: who the bearer token is, and until when it lasts. */
export const sessionReply = z.object({
  player: playerSchema,
  /** Null for a guest who has not claimed an account. */
  username: z.string().nullable(),
  kind: sessionKindSchema,
  expiresAt: z.iso.datetime(),
  balance: minorUnitsSchema,
  /** P10.6: the seats this player holds now, at any table, kept while they are away (T1.5). */
  seats: z
    .array(
      z.object({
        tableId: z.string(),
        tableName: z.string(),
        seat: z.number().int().positive(),
        away: z.boolean(),
      }),
    )
    .default([]),
});

export const loginReply = sessionReply.extend({
  /** Shown once, like a guest's: the socket handshake and HTTP calls present it. */
  token: z.string(),
  username: z.string(),
});

/**
 * The body of a route that takes nothing: no body, or `{}`. Any other body is refused (P3.2)
 * rather than ignored, so a client's mistake is heard. (Fastify hands a route `null` for a
 * request without a body, so null is nothing too.)
 */
export const noBody = z.strictObject({}).nullish();
/** POST /api/session/logout and /api/session/logout-all take no body (P3.2). */
export const logoutBody = noBody;

/** POST /api/session/logout and /api/session/logout-all */
export const logoutReply = z.object({
  /** Sessions ended by this call (0 when it was already over). */
  revoked: z.number().int().nonnegative(),
});
