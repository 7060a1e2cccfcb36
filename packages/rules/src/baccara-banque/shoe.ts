/**
 * R20.1 / R20.2: the Baccara Banque shoe is the table shoe (R10, R11) with the game's settings:
 * 3 decks for a limited bank, 6 for an open one, and the stop card 10 cards from the back under
 * the finish-current rule, so the coup it comes out in is the shoe's last. Ten cards behind it
 * are enough: a coup takes at most nine (R10.7 asks five of finish-current).
 */
import { createFairShoe, type FairShoeRequest } from '../fair-shoe.js';
import { err, type Result } from '../result.js';
import type { ShoeConfig } from '../shoe-config.js';
import type { ShoeState } from '../shoe.js';

/** R20.1: a limited bank deals three packs, an open bank six. */
export const BACCARA_BANQUE_DECKS = [3, 6] as const;
export type BaccaraBanqueDecks = (typeof BACCARA_BANQUE_DECKS)[number];

/** R20.2 */
export const BACCARA_BANQUE_CUT = 10;

export function baccaraBanqueShoeConfig(decks: BaccaraBanqueDecks): ShoeConfig {
  return { decks, cut: BACCARA_BANQUE_CUT, lastHand: 'finish-current' };
}

/** A table's shoe: the fair shuffle of R11 with the Baccara Banque stop card. */
export function createBaccaraBanqueShoe(
  request: Omit<FairShoeRequest, 'cut' | 'lastHand' | 'decks'> & { readonly decks: number },
): Result<ShoeState> {
  if (!BACCARA_BANQUE_DECKS.includes(request.decks as BaccaraBanqueDecks)) {
    return err(
      'INVALID_DECKS',
      `a Baccara Banque shoe holds 3 decks (limited bank) or 6 (open bank), got ${String(request.decks)}`,
    );
  }
  return createFairShoe({
    ...request,
    ...baccaraBanqueShoeConfig(request.decks as BaccaraBanqueDecks),
  });
}
