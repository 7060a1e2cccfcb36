/**
 * One round resolved from card values with no allocation, for simulators and benchmarks.
 * The readable reference is resolveRound (round.ts); the tests hold this one to it over every
 * sequence of six card values.
 */
import { BANKER_DRAWS } from '../tableau.js';

/*
 * The result is one small integer so that a hot loop keeps it in a register:
 *   bits 0–1   outcome (FAST_PLAYER_WINS, FAST_BANKER_WINS, FAST_TIE)
 *   bits 2–5   Player's final total
 *   bits 6–9   Banker's final total
 *   bits 10–12 cards used, 4 to 6 (R3.2)
 *   bit 13     Player has a natural, bit 14 Banker has a natural (R4.1)
 *   bit 15     Player drew a third card, bit 16 Banker drew one
 */
export const FAST_PLAYER_WINS = 0;
export const FAST_BANKER_WINS = 1;
export const FAST_TIE = 2;

export const FAST_OUTCOME_MASK = 0b11;
export const FAST_PLAYER_TOTAL_SHIFT = 2;
export const FAST_BANKER_TOTAL_SHIFT = 6;
export const FAST_CARDS_USED_SHIFT = 10;
export const FAST_PLAYER_NATURAL = 1 << 13;
export const FAST_BANKER_NATURAL = 1 << 14;
export const FAST_PLAYER_DREW = 1 << 15;
export const FAST_BANKER_DREW = 1 << 16;

/** Banker's column in BANKER_DRAWS when Player stood (R6). */
const PLAYER_STOOD = 10;

/**
 * R2.1 as a lookup: sums of two values run to 18. A table read costs no branch, whereas
 * `if (sum >= 10) sum -= 10` is a coin flip the processor often guesses wrong.
 */
const LAST_DIGIT = Uint8Array.from({ length: 19 }, (_, sum) => sum % 10);

/**
 * Resolves the round whose first card is values[start] (values 0–9, R1.2), dealt in the
 * order of R3.1. Reads only the cards the tableau asks for, so a caller that knows the
 * shoe holds enough of them never reads past its end.
 */
export function resolveFast(values: Uint8Array, start: number): number {
  let player = LAST_DIGIT[values[start]! + values[start + 2]!]!;
  let banker = LAST_DIGIT[values[start + 1]! + values[start + 3]!]!;

  let flags = 0;
  let used = 4;
  if (player >= 8 || banker >= 8) {
    // R4.2: a natural on either side ends the drawing.
    flags = (player >= 8 ? FAST_PLAYER_NATURAL : 0) | (banker >= 8 ? FAST_BANKER_NATURAL : 0);
  } else {
    let bankerColumn = PLAYER_STOOD;
    if (player <= 5) {
      // R5.1; R7.1: Banker then looks at the value of this card, not at Player's total.
      const third = values[start + 4]!;
      player = LAST_DIGIT[player + third]!;
      bankerColumn = third;
      flags = FAST_PLAYER_DREW;
      used = 5;
    }
    if (BANKER_DRAWS[banker * 11 + bankerColumn] === 1) {
      banker = LAST_DIGIT[banker + values[start + used]!]!;
      flags |= FAST_BANKER_DREW;
      used++;
    }
  }

  // R8.1
  const outcome =
    player > banker ? FAST_PLAYER_WINS : banker > player ? FAST_BANKER_WINS : FAST_TIE;
  return (
    outcome |
    (player << FAST_PLAYER_TOTAL_SHIFT) |
    (banker << FAST_BANKER_TOTAL_SHIFT) |
    (used << FAST_CARDS_USED_SHIFT) |
    flags
  );
}

export function fastOutcome(packed: number): number {
  return packed & FAST_OUTCOME_MASK;
}

export function fastPlayerTotal(packed: number): number {
  return (packed >>> FAST_PLAYER_TOTAL_SHIFT) & 0xf;
}

export function fastBankerTotal(packed: number): number {
  return (packed >>> FAST_BANKER_TOTAL_SHIFT) & 0xf;
}

export function fastCardsUsed(packed: number): number {
  return (packed >>> FAST_CARDS_USED_SHIFT) & 0b111;
}
