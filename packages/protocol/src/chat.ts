import { z } from 'zod';
import { CHAT_MAX_CHARS } from './chat-limits.js';
import { freeText, textIntake, type INVALID_TEXT } from './free-text.js';
import { epochMsSchema, playerIdSchema, seatSchema } from './primitives.js';

export * from './chat-limits.js';

/**
 * P11.5: the quick reactions, a fixed set sent by name. The server never takes free text as a
 * reaction, so what a reaction shows is always one of these.
 */
export const CHAT_REACTIONS = {
  clap: { emoji: '👏', words: 'Bravo' },
  luck: { emoji: '🍀', words: 'Good luck' },
  wow: { emoji: '😮', words: 'Wow' },
  laugh: { emoji: '😂', words: 'Ha ha' },
  fire: { emoji: '🔥', words: 'On fire' },
  nice: { emoji: '🎉', words: 'Nice hand' },
  unlucky: { emoji: '😬', words: 'Unlucky' },
} as const;
export type ChatReaction = keyof typeof CHAT_REACTIONS;
export const chatReactionSchema = z.enum(Object.keys(CHAT_REACTIONS) as [ChatReaction]);

/**
 * A bound on the raw text a command may carry, well above CHAT_MAX_CHARS: the exact limit is
 * checked after normalising (chatText), so a long message is told CHAT_TOO_LONG, not
 * INVALID_PAYLOAD. What no table may keep is refused here (INVALID_TEXT, P3.3).
 */
export const chatRawTextSchema = freeText(CHAT_MAX_CHARS * 8);

const sender = {
  /** The table's own message counter: 1, 2, … in the order the table took them. */
  id: z.number().int().positive(),
  at: epochMsSchema,
  playerId: playerIdSchema,
  name: z.string().min(1).max(64),
  /** The sender's seat when they wrote; null for a watcher. */
  seat: seatSchema.nullable(),
};

/** P11.1: one chat line as the table keeps and sends it: plain text, never markup. */
export const chatMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    ...sender,
    kind: z.literal('text'),
    text: z
      .string()
      .min(1)
      .max(CHAT_MAX_CHARS * 4),
  }),
  z.object({ ...sender, kind: z.literal('reaction'), reaction: chatReactionSchema }),
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

// Line breaks and tabs become spaces (textIntake refused every other control character);
// bidirectional overrides and isolates are dropped, so no message can flip the text around it.
const CONTROL = /\p{Cc}+/gu;
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f]/gu;
const SPACES = /\s+/gu;

export type ChatTextCheck =
  | { ok: true; text: string }
  | { ok: false; code: 'CHAT_EMPTY' | 'CHAT_TOO_LONG' | typeof INVALID_TEXT; message: string };

/**
 * P11.3: the text a message carries: taken in (P3.3: NFC, no lone surrogate, no control
 * character but breaks and tabs), one line, spaces collapsed, trimmed, at most CHAT_MAX_CHARS
 * code points. The server and the chat box use this same check.
 */
export function chatText(raw: string): ChatTextCheck {
  const taken = textIntake(raw);
  if (!taken.ok) return taken;
  const text = taken.text.replace(BIDI, '').replace(CONTROL, ' ').replace(SPACES, ' ').trim();
  const length = [...text].length;
  if (length === 0) return { ok: false, code: 'CHAT_EMPTY', message: 'the message is empty' };
  if (length > CHAT_MAX_CHARS) {
    return {
      ok: false,
      code: 'CHAT_TOO_LONG',
      message: `a message has at most ${CHAT_MAX_CHARS} characters; this one has ${length}`,
    };
  }
  return { ok: true, text };
}
