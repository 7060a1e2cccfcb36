/**
 * The fair shuffle, version 1 (R11). Everything here must stay bit-for-bit stable: anyone
 * holding a revealed server seed re-runs these exact steps to check a shoe, so a change to
 * the algorithm needs a new version number, never an edit in place.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { cardCode, CARDS_PER_DECK, type CardCode, type CardIndex } from './cards.js';
import { err, ok, type Result } from './result.js';

export const FAIR_SHUFFLE_VERSION = 1;

export const MIN_DECKS = 1;
export const MAX_DECKS = 8;

export interface FairShoeInput {
  /** 64 lowercase hex characters, kept secret until the shoe ends. */
  readonly serverSeed: string;
  /** 1–64 printable ASCII characters, chosen outside the server's control. */
  readonly clientSeed: string;
  /** Integer ≥ 1; a new shoe at the same table takes the next number. */
  readonly shoeNumber: number;
}

/** Hands out the next unsigned 32-bit word each time it is called. */
export type WordSource = () => number;

const TWO_POW_32 = 2 ** 32;
const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
const CLIENT_SEED_PATTERN = /^[\x20-\x7e]{1,64}$/;

/** R11.6 */
export function validateFairShoeInput(input: FairShoeInput): Result<FairShoeInput> {
  const { serverSeed, clientSeed, shoeNumber } = input;
  if (typeof serverSeed !== 'string' || !SERVER_SEED_PATTERN.test(serverSeed)) {
    return err(
      'INVALID_SERVER_SEED',
      'the server seed must be exactly 64 lowercase hex characters',
    );
  }
  if (typeof clientSeed !== 'string' || !CLIENT_SEED_PATTERN.test(clientSeed)) {
    return err(
      'INVALID_CLIENT_SEED',
      'the client seed must be 1 to 64 printable ASCII characters (space to ~)',
    );
  }
  if (!Number.isSafeInteger(shoeNumber) || shoeNumber < 1) {
    return err('INVALID_SHOE_NUMBER', `the shoe number must be an integer ≥ 1, got ${shoeNumber}`);
  }
  return ok({ serverSeed, clientSeed, shoeNumber });
}

/** R10.1 */
export function validateDecks(decks: number): Result<number> {
  return Number.isInteger(decks) && decks >= MIN_DECKS && decks <= MAX_DECKS
    ? ok(decks)
    : err('INVALID_DECKS', `a shoe holds ${MIN_DECKS} to ${MAX_DECKS} decks, got ${decks}`);
}

/**
 * R11.1: the seed is hashed as the text the table will later reveal (its UTF-8 bytes), not
 * as the 32 bytes its hex spells, so a player can check it with any SHA-256 tool.
 */
export function commitmentOf(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** What a player may send in towards a client seed: the same alphabet as a client seed. */
export function validateSeedContribution(contribution: string): Result<string> {
  return typeof contribution === 'string' && CLIENT_SEED_PATTERN.test(contribution)
    ? ok(contribution)
    : err('INVALID_CONTRIBUTION', 'a seed contribution is 1 to 64 printable ASCII characters');
}

/**
 * R11.7: the client seed from the commitment and the players' contributions, in the order the
 * table received them. With no contribution it depends on the commitment alone.
 */
export function clientSeedFrom(
  commitment: string,
  contributions: readonly string[],
): Result<string> {
  const bad = contributions.find((c) => !validateSeedContribution(c).ok);
  if (bad !== undefined) return validateSeedContribution(bad);
  return ok(bytesToHex(sha256(utf8ToBytes([commitment, ...contributions].join('\n')))));
}

/** R11.3: block k of the random stream, 32 bytes. */
export function randomBlock(input: FairShoeInput, k: number): Uint8Array {
  const message = `${input.clientSeed}:${input.shoeNumber}:${k}`;
  return hmac(sha256, utf8ToBytes(input.serverSeed), utf8ToBytes(message));
}

/** R11.3: the endless word stream, eight big-endian words per block, blocks in order. */
export function randomWords(input: FairShoeInput): WordSource {
  let k = 0;
  let block: Uint8Array = new Uint8Array(0);
  let offset = 0;
  return () => {
    if (offset >= block.length) {
      block = randomBlock(input, k++);
      offset = 0;
    }
    const b = block;
    const o = offset;
    offset += 4;
    // `>>> 0` keeps the word unsigned once the top bit is set.
    return ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
  };
}

/**
 * R11.4: a uniform integer in [0, n). Taking x mod n straight away would favour the small
 * results whenever n does not divide 2^32, so words in the incomplete last stretch are thrown
 * away. `n` comes from the shuffle loop, never from a user: a bad one is a programming error.
 */
export function uniformBelow(n: number, nextWord: WordSource): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) {
    throw new RangeError(`uniformBelow needs an integer n in [1, 2^32], got ${n}`);
  }
  const limit = TWO_POW_32 - (TWO_POW_32 % n);
  for (;;) {
    const word = nextWord();
    if (word < limit) return word % n;
  }
}

/** R11.5: Fisher–Yates from the back, on a copy. */
export function shuffleWith<T>(items: readonly T[], nextWord: WordSource): T[] {
  const shuffled = items.slice();
  for (let i = shuffled.length - 1; i >= 1; i--) {
    const j = uniformBelow(i + 1, nextWord);
    const held = shuffled[i]!;
    shuffled[i] = shuffled[j]!;
    shuffled[j] = held;
  }
  return shuffled;
}

/** R11.2: deck after deck, each S, H, D, C and A up to K, which is card index order. */
export function unshuffledIndices(decks: number): CardIndex[] {
  return Array.from({ length: decks * CARDS_PER_DECK }, (_, i) => i % CARDS_PER_DECK);
}

export type FairShuffleInput = FairShoeInput & { readonly decks: number };

/** R11: the shoe's card indices, index 0 first out. The fast form for simulators. */
export function fairShuffleIndices(input: FairShuffleInput): Result<CardIndex[]> {
  const checked = validateFairShoeInput(input);
  if (!checked.ok) return checked;
  const decks = validateDecks(input.decks);
  if (!decks.ok) return decks;
  return ok(shuffleWith(unshuffledIndices(decks.value), randomWords(checked.value)));
}

/** R11: the shoe as card codes, index 0 first out. */
export function fairShuffle(input: FairShuffleInput): Result<CardCode[]> {
  const indices = fairShuffleIndices(input);
  return indices.ok ? ok(indices.value.map(cardCode)) : indices;
}
