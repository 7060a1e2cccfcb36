/**
 * Exact fractions over BigInt, so the equilibria of R18 come out as the published fractions
 * (9/11, 179/214) rather than as doubles that only look like them.
 */
export interface Rational {
  /** Carries the sign; the denominator is always positive and the pair in lowest terms. */
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(num: bigint | number, den: bigint | number = 1n): Rational {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('a fraction cannot have a zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { num: n / g, den: d / g } : { num: n, den: d };
}

export const ZERO = rational(0n);
export const ONE = rational(1n);

export const add = (a: Rational, b: Rational) =>
  rational(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Rational, b: Rational) =>
  rational(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Rational, b: Rational) => rational(a.num * b.num, a.den * b.den);
export const div = (a: Rational, b: Rational) => rational(a.num * b.den, a.den * b.num);
export const compare = (a: Rational, b: Rational) => {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
export const sign = (a: Rational) => (a.num < 0n ? -1 : a.num > 0n ? 1 : 0);

/** "179/214", or "3" for a whole number. */
export function formatRational(a: Rational): string {
  return a.den === 1n ? `${a.num}` : `${a.num}/${a.den}`;
}

/** Decimal digits cut (not rounded) after `digits` places, computed in BigInt: for display only. */
export function toDecimal(a: Rational, digits: number): string {
  const negative = a.num < 0n;
  const n = negative ? -a.num : a.num;
  const scale = 10n ** BigInt(digits);
  const scaled = (n * scale) / a.den;
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
}

/** Rounded to the nearest `digits` places (halves away from zero), as decimal text. */
export function roundDecimal(a: Rational, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const twice = (2n * (a.num < 0n ? -a.num : a.num) * scale + a.den) / (2n * a.den);
  const whole = twice / scale;
  const frac = (twice % scale).toString().padStart(digits, '0');
  return `${a.num < 0n && twice !== 0n ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
}
