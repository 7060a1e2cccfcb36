/**
 * The simulator's shuffle: Fisher–Yates with the fast generator, in place, over card
 * indices, stopping once every card a shoe can deal has been placed.
 */
import { CARDS_PER_DECK, type CardIndex } from '../cards.js';
import { MIN_CUT, type CutCardRule } from '../shoe-config.js';
import { rngBelow, type Rng } from './prng.js';

/** The largest shoe R10.1 allows; the fast shuffle path has thresholds up to this bound. */
const MAX_TABLED_BOUND = 8 * CARDS_PER_DECK;
/** Lemire's rejection threshold 2^32 mod bound, by bound (slot 0 unused). */
const REJECT_BELOW = Uint16Array.from({ length: MAX_TABLED_BOUND + 1 }, (_, bound) =>
  bound === 0 ? 0 : 2 ** 32 % bound,
);

/** Deck after deck in card index order (R11.2): the cards a simulated shoe holds. */
export function unshuffledShoe(decks: number): Uint8Array {
  const cards = new Uint8Array(decks * CARDS_PER_DECK);
  for (let i = 0; i < cards.length; i++) cards[i] = i % CARDS_PER_DECK;
  return cards;
}

/**
 * How many cards from the front a shoe of `cardCount` cards can ever deal under `rule`
 * (burn included). The last round that starts in front of the cut card can run up to five
 * cards past it; plus-one then deals at most six more. MIN_CUT (R10.7) is exactly that
 * margin, and the burn (at most 11 cards) always ends in front of the cut card.
 */
export function reachableCards(cardCount: number, rule: CutCardRule): number {
  return Math.min(cardCount, cardCount - rule.cut + MIN_CUT[rule.lastHand]);
}

/**
 * Fisher–Yates run from the front and stopped after `count` positions: step i swaps into
 * position i a card drawn uniformly from positions i..N−1, i.e. from the cards not placed
 * yet. After `count` steps the front `count` cards are a uniform ordered draw without
 * replacement from the whole shoe, which is exactly how the first `count` cards of a full
 * uniform shuffle are distributed. The cards behind stay in an arbitrary order, which is
 * harmless because no rule ever deals them (see reachableCards).
 *
 * The buffer is reused from shoe to shoe without being reset: Fisher–Yates gives a uniform
 * result from any starting order, so the previous shoe's leftovers bias nothing.
 */
export function shuffleFront(cards: Uint8Array, count: number, rng: Rng): void {
  const cardCount = cards.length;
  // Once N − 1 cards are placed the last one has nowhere else to go.
  const steps = Math.min(count, cardCount - 1);
  if (cardCount > MAX_TABLED_BOUND) {
    for (let i = 0; i < steps; i++) swap(cards, i, i + rngBelow(rng, cardCount - i));
    return;
  }
  // The hot path is rngNext and rngBelow written out over local copies of the state words,
  // which then stay in registers instead of going through the typed array twice per card.
  // It must draw exactly what rngBelow would; a test holds it to that.
  let a = rng[0]!;
  let b = rng[1]!;
  let c = rng[2]!;
  let d = rng[3]!;
  for (let i = 0; i < steps; i++) {
    const bound = cardCount - i;
    // Taking the threshold from a table, rather than computing it on the rare first hit,
    // keeps the rejection loop free of code the JIT has never seen run: such code would
    // throw away the optimised shuffle the first time a word is rejected.
    const rejectBelow = REJECT_BELOW[bound]!;
    let word: number;
    do {
      word = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + word) | 0;
    } while (Math.imul(word, bound) >>> 0 < rejectBelow);
    // floor(word × bound / 2^32) in 32-bit integer steps, exact for bounds below 2^16:
    // the high and low 16-bit halves of the word are multiplied separately.
    const high = ((word >>> 16) * bound + (((word & 0xffff) * bound) >>> 16)) >>> 16;
    swap(cards, i, i + high);
  }
  rng[0] = a;
  rng[1] = b;
  rng[2] = c;
  rng[3] = d;
}

function swap(cards: Uint8Array, i: number, j: number): void {
  const held: CardIndex = cards[i]!;
  cards[i] = cards[j]!;
  cards[j] = held;
}
