/**
 * P11's numbers on their own, with no schema beside them: a page can import these (through
 * `@banco/protocol/chat-limits`) without loading zod and every schema in its first paint.
 */

/** P11.2: a message's longest text, in characters (Unicode code points, after P11.3). */
export const CHAT_MAX_CHARS = 200;
/** P11.6: how many of a table's latest messages a snapshot carries (and a restart keeps). */
export const CHAT_HISTORY = 50;
/** P11.4: each player's allowance: a burst of `burst` messages, then one per `everyMs`. */
export const CHAT_RATE = { burst: 5, everyMs: 2_000 } as const;
