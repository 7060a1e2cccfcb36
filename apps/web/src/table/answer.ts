import type { Spot } from '@banco/rules';
import type { RefusalCode } from '../lib/words';

/** The server's answer to a command, as the page reads it. */
export type Answer =
  { ok: true } | { ok: false; code: RefusalCode; message: string; spot?: Spot | undefined };

/** One confirmed stake on one spot. */
export interface Bet {
  spot: string;
  amount: number;
}
