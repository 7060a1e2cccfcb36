// Kept apart from chat.ts's schemas so a page can read these numbers without loading zod.

/** P11.2: a message's longest text, in characters (Unicode code points, after P11.3). */
export const CHAT_MAX_CHARS = 200;
/** P11.6: how many of a table's latest messages a snapshot carries (and a restart keeps). */
export const CHAT_HISTORY = 50;
/** P11.4: each player's allowance: a burst of `burst` messages, then one per `everyMs`. */
export const CHAT_RATE = { burst: 5, everyMs: 2_000 } as const;

/**
 * P11.5: the quick reactions, a fixed set sent by name. The server never takes free text as a
 * reaction, so what a reaction shows is always one of these.
 */
export const CHAT_REACTIONS = {
  clap: { emoji: '👏', words: 'Applause' },
  luck: { emoji: '🍀', words: 'Good luck' },
  wow: { emoji: '😮', words: 'Wow' },
  laugh: { emoji: '😂', words: 'Laughing' },
  fire: { emoji: '🔥', words: 'On fire' },
  nice: { emoji: '🎉', words: 'Nice hand!' },
  unlucky: { emoji: '😬', words: 'Unlucky' },
} as const;
export type ChatReaction = keyof typeof CHAT_REACTIONS;
