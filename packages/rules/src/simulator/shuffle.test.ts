import { expectUniform } from '../testing/uniform.js';
import { describe, expect, it } from 'vitest';
import { rngBelow, seedRng } from './prng.js';
import { reachableCards, shuffleFront, unshuffledShoe } from './shuffle.js';

describe('R11.2 R10.1 the simulated shoe', () => {
  it('holds every card once per deck, in card index order', () => {
    const shoe = unshuffledShoe(2);
    expect(shoe).toHaveLength(104);
    expect(Array.from(shoe.subarray(0, 52))).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(Array.from(shoe.subarray(52))).toEqual(Array.from({ length: 52 }, (_, i) => i));
  });
});

describe('R10.5 R10.6 R10.7 reachableCards', () => {
  it('covers the last round in front of the cut card plus, with plus-one, one more', () => {
    expect(reachableCards(416, { cut: 16, lastHand: 'plus-one' })).toBe(416 - 16 + 11);
    expect(reachableCards(416, { cut: 16, lastHand: 'finish-current' })).toBe(416 - 16 + 5);
    expect(reachableCards(52, { cut: 11, lastHand: 'plus-one' })).toBe(52);
    expect(reachableCards(52, { cut: 5, lastHand: 'finish-current' })).toBe(52);
  });
});

describe('R11.5 shuffleFront, a Fisher–Yates stopped early', () => {
  it('swaps position i with i + rngBelow(N − i), consuming the generator exactly like it', () => {
    for (const [decks, count] of [
      [8, 411],
      [8, 416],
      [1, 3],
      [2, 104],
    ] as const) {
      const fast = unshuffledShoe(decks);
      const plain = unshuffledShoe(decks);
      const fastRng = seedRng(decks * 1000 + count);
      const plainRng = new Int32Array(fastRng);
      for (let shoe = 0; shoe < 200; shoe++) {
        shuffleFront(fast, count, fastRng);
        for (let i = 0; i < Math.min(count, plain.length - 1); i++) {
          const j = i + rngBelow(plainRng, plain.length - i);
          [plain[i], plain[j]] = [plain[j]!, plain[i]!];
        }
      }
      expect(fast).toEqual(plain);
      expect(fastRng).toEqual(plainRng);
    }
  });

  it('R11.4 rejects a word exactly as rngBelow does (a state whose next word is 0)', () => {
    // With a = b = d = 0 the next sfc32 word is 0, and 0 × 416 falls in the rejected stretch.
    const fastRng = Int32Array.from([0, 0, 0x2545f491, 0]);
    const plainRng = new Int32Array(fastRng);
    const fast = unshuffledShoe(8);
    const plain = unshuffledShoe(8);
    shuffleFront(fast, 1, fastRng);
    const j = rngBelow(plainRng, plain.length);
    [plain[0], plain[j]] = [plain[j]!, plain[0]!];
    expect(fast).toEqual(plain);
    expect(fastRng).toEqual(plainRng);
    // Both skipped the zero word: the counter moved twice.
    expect(fastRng[3]).toBe(2);
  });

  it('only permutes: every card is still there', () => {
    const shoe = unshuffledShoe(8);
    const rng = seedRng(1);
    for (let round = 0; round < 20; round++) shuffleFront(shoe, 300 + round, rng);
    const counts = new Array<number>(52).fill(0);
    for (const card of shoe) counts[card]!++;
    expect(counts).toEqual(new Array<number>(52).fill(8));
  });

  it('makes all 120 orders of five cards equally likely, reusing the buffer each time', () => {
    const cards = Uint8Array.from([0, 1, 2, 3, 4]);
    const rng = seedRng(2);
    const seen = new Map<string, number>();
    for (let i = 0; i < 120 * 1000; i++) {
      shuffleFront(cards, cards.length, rng);
      const key = cards.join();
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(120);
    expectUniform([...seen.values()]);
  });

  it('makes every ordered pair equally likely in front when stopped after two positions', () => {
    const cards = Uint8Array.from([0, 1, 2, 3, 4, 5]);
    const rng = seedRng(3);
    const seen = new Map<string, number>();
    for (let i = 0; i < 30 * 2000; i++) {
      shuffleFront(cards, 2, rng);
      const key = `${cards[0]},${cards[1]}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(30);
    expectUniform([...seen.values()]);
  });
});
