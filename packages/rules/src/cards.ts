import { err, ok, type Result } from './result.js';

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export type Suit = (typeof SUITS)[number];
export type Rank = (typeof RANKS)[number];
/** A card as the product writes it: rank then suit, e.g. `AS`, `10H`, `KD`. */
export type CardCode = `${Rank}${Suit}`;

/**
 * Hot paths (shuffle, simulator, odds) work on card indices 0..51 instead of strings:
 * index = suitIndex * 13 + rankIndex, which is also the unshuffled order of one deck (R11.2).
 */
export type CardIndex = number;

export const CARDS_PER_DECK = 52;

/** Baccarat value of each rank index (R1.2): A = 1, 2–9 face, 10/J/Q/K = 0. */
export const RANK_VALUES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0];
/** Burn value of each rank index (R10.3): like the baccarat value, but 10/J/Q/K count 10. */
export const RANK_BURN_VALUES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10];

const CODES: readonly CardCode[] = SUITS.flatMap((suit) =>
  RANKS.map((rank): CardCode => `${rank}${suit}`),
);
const INDEX_BY_CODE = new Map<string, CardIndex>(CODES.map((code, index) => [code, index]));

/** Baccarat value by card index (R1.2), for inner loops. */
export const CARD_VALUES: Uint8Array = Uint8Array.from(CODES, (_, i) => RANK_VALUES[i % 13]!);

export function cardCode(index: CardIndex): CardCode {
  const code = CODES[index];
  if (code === undefined) throw new RangeError(`card index out of range: ${index}`);
  return code;
}

export function parseCard(code: string): Result<CardIndex> {
  const index = INDEX_BY_CODE.get(code);
  return index === undefined
    ? err('INVALID_CARD', `"${code}" is not a card code (rank A,2-10,J,Q,K then suit S,H,D,C)`)
    : ok(index);
}

export function isCardCode(code: string): code is CardCode {
  return INDEX_BY_CODE.has(code);
}

export function rankOf(code: CardCode): Rank {
  return code.slice(0, -1) as Rank;
}

export function suitOf(code: CardCode): Suit {
  return code.slice(-1) as Suit;
}

/** R1.2 */
export function cardValue(code: CardCode): number {
  return RANK_VALUES[RANKS.indexOf(rankOf(code))]!;
}

/** R10.3 */
export function burnValue(code: CardCode): number {
  return RANK_BURN_VALUES[RANKS.indexOf(rankOf(code))]!;
}

/** R2.1: a hand is worth the last digit of the sum of its card values. */
export function handTotal(cards: readonly CardCode[]): number {
  let sum = 0;
  for (const card of cards) sum += cardValue(card);
  return sum % 10;
}
