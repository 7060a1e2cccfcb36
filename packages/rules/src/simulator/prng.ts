/**
 * A small, fast, seeded generator for simulations only. Table shoes never use it: they are
 * shuffled by the fair shuffle (R10.2, R11), whose every step a player can check.
 *
 * The generator is Chris Doty-Humphrey's sfc32 (four 32-bit words, a counter guarantees a
 * period of at least 2^32, passes PractRand at the sizes we use). Its state lives in an
 * Int32Array rather than in object fields: V8 keeps values above 2^30 in fields as boxed
 * doubles, which would allocate on every step, while typed-array slots never do.
 */

/** The generator's four state words: a, b, c and the counter d. */
export type Rng = Int32Array;

const TWO_POW_32 = 4294967296;
/** Below this bound `word * bound` stays under 2^53, so a plain double multiply is exact. */
const EXACT_PRODUCT_BOUND = 2 ** 21;
/** sfc32's own recommendation: discard a few outputs so nearby seeds drift apart. */
const WARM_UP_STEPS = 12;

/** splitmix32's finaliser: spreads one seed word over all bits. */
function mix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
  z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
  return z ^ (z >>> 15);
}

/**
 * Any safe integer is a seed, and distinct seeds give distinct starting states: the low and
 * high halves of the seed are mixed separately into different words.
 */
export function seedRng(seed: number): Rng {
  const low = seed >>> 0;
  const high = Math.floor(seed / TWO_POW_32) | 0;
  const rng = new Int32Array(4);
  rng[0] = mix32(low);
  rng[1] = mix32(high ^ 0x6a09e667);
  rng[2] = mix32(low ^ mix32(high));
  rng[3] = 1;
  for (let i = 0; i < WARM_UP_STEPS; i++) rngNext(rng);
  return rng;
}

/** The next unsigned 32-bit word. */
export function rngNext(rng: Rng): number {
  const a = rng[0]!;
  const b = rng[1]!;
  const c = rng[2]!;
  const d = rng[3]!;
  const t = (((a + b) | 0) + d) | 0;
  rng[3] = (d + 1) | 0;
  rng[0] = b ^ (b >>> 9);
  rng[1] = (c + (c << 3)) | 0;
  rng[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

/** The high 32 bits of word × bound, exact for every bound up to 2^32. */
function highWordOfProduct(word: number, bound: number): number {
  if (bound <= EXACT_PRODUCT_BOUND) return Math.floor((word * bound) / TWO_POW_32);
  // Split the word into 16-bit halves so that every partial product fits in 53 bits.
  const wordHigh = word >>> 16;
  const wordLow = word & 0xffff;
  const carry = Math.floor((wordLow * bound) / 65536);
  return Math.floor((wordHigh * bound + carry) / 65536);
}

/**
 * A uniform integer in [0, bound), for an integer bound in [1, 2^32]; the caller (a shuffle
 * loop) guarantees the bound. Lemire's method (2019): the high word of word × bound is the
 * result, and the few words whose low half falls under 2^32 mod bound are drawn again,
 * which removes the bias a plain multiply or modulo would leave. The modulo that computes
 * the threshold only runs in the rare case (probability bound / 2^32) that it might matter.
 */
export function rngBelow(rng: Rng, bound: number): number {
  let word = rngNext(rng);
  let low = Math.imul(word, bound) >>> 0;
  if (low < bound) {
    const threshold = TWO_POW_32 % bound;
    while (low < threshold) {
      word = rngNext(rng);
      low = Math.imul(word, bound) >>> 0;
    }
  }
  return highWordOfProduct(word, bound);
}
