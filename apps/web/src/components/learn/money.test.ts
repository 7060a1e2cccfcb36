import { describe, expect, it } from 'vitest';
import { parseChips } from './money';

describe('parseChips', () => {
  it('reads whole and decimal amounts as minor units without floats', () => {
    expect(parseChips('110')).toBe(11000);
    expect(parseChips(' 109.50 ')).toBe(10950);
    expect(parseChips('109.5')).toBe(10950);
    expect(parseChips('109,5')).toBe(10950);
    expect(parseChips('1,000')).toBe(100000);
    expect(parseChips('0.07')).toBe(7);
    expect(parseChips('0')).toBe(0);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'ten', '-5', '1.234', '1e3', '10 chips', '.5', '1,00,0']) {
      expect(parseChips(text)).toBeNull();
    }
  });
});
