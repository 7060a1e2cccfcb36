import { InvalidArgumentError } from 'commander';
import { UsageError } from './io.js';

/** Commander option parsers: whole numbers only, so `--decks 8.5` or `--shoe 1e3` are refused. */
export function integerIn(min: number, max: number, name: string) {
  return (raw: string): number => {
    if (!/^-?\d+$/.test(raw.trim())) {
      throw new InvalidArgumentError(`${name} must be a whole number, got "${raw}"`);
    }
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new InvalidArgumentError(`${name} must be between ${min} and ${max}, got ${raw}`);
    }
    return value;
  };
}

export function oneOf<T extends string>(choices: readonly T[], name: string) {
  return (raw: string): T => {
    if (!(choices as readonly string[]).includes(raw)) {
      throw new InvalidArgumentError(`${name} must be one of ${choices.join(', ')}, got "${raw}"`);
    }
    return raw as T;
  };
}

/**
 * `--remaining 32,32,…` or `--remaining "32 32 …"`: the counts of values 0..9 still in the shoe,
 * or of ranks A, 2 … 10, J, Q, K (R13.4), which is what a table's live odds give (P1.10).
 */
export function valueCountList(raw: string): number[] {
  const parts = raw.split(/[\s,]+/).filter(Boolean);
  if ((parts.length !== 10 && parts.length !== 13) || parts.some((p) => !/^\d+$/.test(p))) {
    throw new UsageError(
      `--remaining takes 10 whole numbers (cards of value 0, 1, …, 9) or 13 (ranks A, 2 … 10, J, Q, K), got "${raw}"`,
    );
  }
  return parts.map(Number);
}
