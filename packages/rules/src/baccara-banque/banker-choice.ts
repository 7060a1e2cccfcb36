/**
 * R23.4–R23.6: the banker's choice as the coup asks it. The figures (exact expected chips of
 * drawing and of standing, from the cards he has not seen) are `bankerChoiceValues` in
 * banker-odds.ts; the coup never computes them itself, it asks the caller's `BankerRule` (R23.6),
 * so a table runs `exactBankerRule` and a test may pass a cheaper one of its own.
 */
import type { DrawOption } from '../coup-steps.js';
import { bankerChoiceValues } from './banker-odds.js';
import type { BankerPosition } from './banker-position.js';

/** A hand's two options where it may choose (R23.3, R23.4). */
export { DRAW_OPTIONS, type DrawOption } from '../coup-steps.js';

/**
 * R23.6: what the banker does when he does not choose (his window ran out, a by-rule room, a
 * table recovering), given what he could know at his choice (R23.4).
 */
export type BankerRule = (position: BankerPosition) => DrawOption;

/**
 * R23.6: the room's rule: the option of greater exact expectation to the banker, drawing when
 * they are equal. A position the coup builds always has values; were one ever refused, the
 * banker draws, as Punto Banco's banker does below 3.
 */
export const exactBankerRule: BankerRule = (position) => {
  const values = bankerChoiceValues(position);
  return values.ok ? values.value.best : 'draw';
};
