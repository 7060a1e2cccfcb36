import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardCode } from './cards.js';
import { unwrap } from './testing/unwrap.js';
import {
  clientSeedFrom,
  commitmentOf,
  fairShuffle,
  fairShuffleIndices,
  randomBlock,
  randomWords,
  shuffleWith,
  uniformBelow,
  unshuffledIndices,
  validateFairShoeInput,
  validateSeedContribution,
  type FairShoeInput,
  type WordSource,
} from './fairness.js';

const input: FairShoeInput = { serverSeed: 'a'.repeat(64), clientSeed: 'table-1', shoeNumber: 1 };
const seedFor = (i: number) => createHash('sha256').update(`fairness-test-${i}`).digest('hex');

/** A word source that replays `words` and records how many were taken. */
function forcedWords(words: readonly number[]): WordSource & { taken: () => number } {
  let next = 0;
  const source = () => {
    const word = words[next++];
    if (word === undefined) throw new Error('the forced word list ran out');
    return word;
  };
  return Object.assign(source, { taken: () => next });
}

/** The same shuffle written a second way, on Node's own HMAC, to check ours against. */
function referenceShuffle(seeds: FairShoeInput, decks: number): string[] {
  const words: number[] = [];
  for (let k = 0; words.length < 4000; k++) {
    const block = createHmac('sha256', seeds.serverSeed)
      .update(`${seeds.clientSeed}:${seeds.shoeNumber}:${k}`)
      .digest();
    for (let i = 0; i < 32; i += 4) words.push(block.readUInt32BE(i));
  }
  let w = 0;
  const uniform = (n: number) => {
    const limit = 2n ** 32n - (2n ** 32n % BigInt(n));
    for (;;) {
      const x = words[w++]!;
      if (BigInt(x) < limit) return x % n;
    }
  };
  const cards: string[] = [];
  for (let d = 0; d < decks; d++) {
    for (const suit of 'SHDC') {
      for (const rank of 'A 2 3 4 5 6 7 8 9 10 J Q K'.split(' ')) cards.push(rank + suit);
    }
  }
  for (let i = cards.length - 1; i >= 1; i--) {
    const j = uniform(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

describe('R11.1 commitment', () => {
  it('R11.1 is the SHA-256 of the seed text in lowercase hex', () => {
    for (const seed of [input.serverSeed, seedFor(1), seedFor(2)]) {
      expect(commitmentOf(seed)).toBe(createHash('sha256').update(seed, 'utf8').digest('hex'));
      expect(commitmentOf(seed)).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe('R11.2 unshuffled order', () => {
  it('R11.2 runs S, H, D, C, each A to K, deck after deck', () => {
    const ranks = 'A 2 3 4 5 6 7 8 9 10 J Q K'.split(' ');
    const oneDeck = [...'SHDC'].flatMap((suit) => ranks.map((rank) => rank + suit));
    expect(unshuffledIndices(2).map(cardCode)).toEqual([...oneDeck, ...oneDeck]);
  });

  it('R11.2 R11.5 is what comes out when every swap is a card with itself', () => {
    const deckOrder = unshuffledIndices(3);
    // uniform(i + 1) returns i when the word is i, so each swap leaves card i where it is.
    const words = deckOrder.map((_, k) => deckOrder.length - 1 - k).slice(0, -1);
    const source = forcedWords(words);
    expect(shuffleWith(deckOrder, source)).toEqual(deckOrder);
    expect(source.taken()).toBe(deckOrder.length - 1);
  });
});

describe('R11.3 random words', () => {
  it('R11.3 each block is HMAC-SHA256(server seed text, "client:shoe:k")', () => {
    for (const k of [0, 1, 7]) {
      const expected = createHmac('sha256', input.serverSeed).update(`table-1:1:${k}`).digest();
      expect(Buffer.from(randomBlock(input, k)).equals(expected)).toBe(true);
    }
  });

  it('R11.3 gives eight big-endian words per block, blocks in order', () => {
    const seeds = { serverSeed: seedFor(3), clientSeed: 'bot 42 ~', shoeNumber: 12 };
    const next = randomWords(seeds);
    for (let k = 0; k < 4; k++) {
      const block = createHmac('sha256', seeds.serverSeed)
        .update(`${seeds.clientSeed}:${seeds.shoeNumber}:${k}`)
        .digest();
      for (let i = 0; i < 8; i++) expect(next()).toBe(block.readUInt32BE(i * 4));
    }
  });
});

describe('R11.4 uniform integers by rejection', () => {
  const limitFor = (n: number) => Number(2n ** 32n - (2n ** 32n % BigInt(n)));

  it('R11.4 discards a word at or above the limit and uses the next', () => {
    const n = 416;
    const source = forcedWords([limitFor(n), 0xffffffff, 417]);
    expect(uniformBelow(n, source)).toBe(1);
    expect(source.taken()).toBe(3);
  });

  it('R11.4 keeps the word just below the limit', () => {
    for (const n of [3, 52, 416]) {
      const source = forcedWords([limitFor(n) - 1]);
      expect(uniformBelow(n, source)).toBe((limitFor(n) - 1) % n);
      expect(source.taken()).toBe(1);
    }
  });

  it('R11.4 never rejects when n divides 2^32', () => {
    expect(uniformBelow(4, forcedWords([0xffffffff]))).toBe(3);
  });
});

describe('R11.5 Fisher–Yates', () => {
  it('R11.5 swaps card i with card j from the back', () => {
    // i = 3, j = 0: d b c a; i = 2, j = 0: c b d a; i = 1, j = 0: b c d a.
    expect(shuffleWith(['a', 'b', 'c', 'd'], forcedWords([0, 0, 0]))).toEqual(['b', 'c', 'd', 'a']);
  });

  it('R11 matches an independent implementation for several seeds and deck counts', () => {
    for (const [i, decks] of [1, 2, 6, 8].entries()) {
      const seeds = { serverSeed: seedFor(10 + i), clientSeed: `client ${i}`, shoeNumber: i + 1 };
      const shuffled = fairShuffle({ ...seeds, decks });
      expect(shuffled).toEqual({ ok: true, value: referenceShuffle(seeds, decks) });
    }
  });

  it('R10.1 R11.5 a shuffled shoe holds every card exactly once per deck', () => {
    for (let decks = 1; decks <= 8; decks++) {
      const shuffled = fairShuffleIndices({ ...input, shoeNumber: decks, decks });
      if (!shuffled.ok) throw new Error(shuffled.error.message);
      const counts = new Array<number>(52).fill(0);
      for (const card of shuffled.value) counts[card]!++;
      expect(counts).toEqual(new Array<number>(52).fill(decks));
    }
  });
});

describe('R11.6 input checks', () => {
  const codeOf = (changes: Partial<FairShoeInput> & { decks?: number }) => {
    const result = fairShuffle({ ...input, decks: 8, ...changes });
    return result.ok ? 'ok' : result.error.code;
  };

  it('R11.6 the server seed must be 64 lowercase hex characters', () => {
    expect(codeOf({ serverSeed: 'A'.repeat(64) })).toBe('INVALID_SERVER_SEED');
    expect(codeOf({ serverSeed: 'a'.repeat(63) })).toBe('INVALID_SERVER_SEED');
    expect(codeOf({ serverSeed: 'a'.repeat(65) })).toBe('INVALID_SERVER_SEED');
    expect(codeOf({ serverSeed: 'g'.repeat(64) })).toBe('INVALID_SERVER_SEED');
    expect(codeOf({ serverSeed: seedFor(0) })).toBe('ok');
  });

  it('R11.6 the client seed must be 1 to 64 printable ASCII characters', () => {
    for (const bad of ['', 'x'.repeat(65), 'café', 'tab\there', 'del\x7f', 'new\nline']) {
      expect(codeOf({ clientSeed: bad })).toBe('INVALID_CLIENT_SEED');
    }
    for (const good of ['x', 'x'.repeat(64), ' ', '~!{}', 'table-1']) {
      expect(codeOf({ clientSeed: good })).toBe('ok');
    }
  });

  it('R11.6 the shoe number must be an integer ≥ 1', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(codeOf({ shoeNumber: bad })).toBe('INVALID_SHOE_NUMBER');
    }
    expect(validateFairShoeInput({ ...input, shoeNumber: 1 }).ok).toBe(true);
  });

  it('R10.1 the shuffle takes 1 to 8 decks', () => {
    for (const bad of [0, 9, 2.5]) expect(codeOf({ decks: bad })).toBe('INVALID_DECKS');
    expect(codeOf({ decks: 1 })).toBe('ok');
  });
});

describe('R11.7 client seed from the players', () => {
  const commitment = commitmentOf('a'.repeat(64));

  it('R11.7: is the SHA-256 of the commitment and the contributions, one per line', () => {
    const seed = unwrap(clientSeedFrom(commitment, ['lucky 7', 'x']));
    expect(seed).toBe(createHash('sha256').update(`${commitment}\nlucky 7\nx`).digest('hex'));
    expect(unwrap(clientSeedFrom(commitment, []))).toBe(
      createHash('sha256').update(commitment).digest('hex'),
    );
  });

  it('R11.7 R11.6: is itself a valid client seed, and changes with any contribution or order', () => {
    const a = unwrap(clientSeedFrom(commitment, ['one', 'two']));
    expect(
      validateFairShoeInput({ serverSeed: 'a'.repeat(64), clientSeed: a, shoeNumber: 1 }).ok,
    ).toBe(true);
    expect(unwrap(clientSeedFrom(commitment, ['two', 'one']))).not.toBe(a);
    expect(unwrap(clientSeedFrom(commitment, ['one', 'two!']))).not.toBe(a);
  });

  it('R11.7: refuses a contribution outside the client-seed alphabet', () => {
    for (const bad of ['', 'x'.repeat(65), 'line\nbreak', 'é']) {
      expect(validateSeedContribution(bad).ok).toBe(false);
      expect(clientSeedFrom(commitment, ['fine', bad])).toMatchObject({
        ok: false,
        error: { code: 'INVALID_CONTRIBUTION' },
      });
    }
  });
});
