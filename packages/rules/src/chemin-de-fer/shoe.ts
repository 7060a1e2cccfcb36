/**
 * R14.1 / R14.2: the Chemin de Fer shoe is the Punto Banco shoe (R10, R11) with other settings:
 * six decks, and the stop card 7 cards from the back under the finish-current rule, so the coup
 * it comes out in is the last and none starts behind it.
 */
import { createFairShoe, type FairShoeRequest } from '../fair-shoe.js';
import type { Result } from '../result.js';
import type { ShoeConfig } from '../shoe-config.js';
import type { ShoeState } from '../shoe.js';

export const CHEMIN_DE_FER_SHOE: ShoeConfig = { decks: 6, cut: 7, lastHand: 'finish-current' };

/** A table's shoe: the fair shuffle of R11 with the Chemin de Fer stop card; decks may vary. */
export function createCheminDeFerShoe(
  request: Omit<FairShoeRequest, 'cut' | 'lastHand'>,
): Result<ShoeState> {
  return createFairShoe({
    ...request,
    ...CHEMIN_DE_FER_SHOE,
    decks: request.decks ?? CHEMIN_DE_FER_SHOE.decks,
  });
}
