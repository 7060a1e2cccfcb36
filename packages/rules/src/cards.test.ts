import { describe, expect, it } from 'vitest';
import {
  CARD_VALUES,
  burnValue,
  cardCode,
  cardValue,
  handTotal,
  isCardCode,
  parseCard,
  rankOf,
  suitOf,
} from './cards.js';

describe('R1 cards', () => {
  it('R1.1 writes rank then suit and round-trips all 52 codes', () => {
    const codes = Array.from({ length: 52 }, (_, i) => cardCode(i));
    expect(new Set(codes).size).toBe(52);
    expect(codes.slice(0, 3)).toEqual(['AS', '2S', '3S']);
    expect(codes[9]).toBe('10S');
    expect(codes[12]).toBe('KS');
    expect(codes[13]).toBe('AH');
    expect(codes[51]).toBe('KC');
    for (const [i, code] of codes.entries())
      expect(parseCard(code)).toEqual({ ok: true, value: i });
    expect(rankOf('10H')).toBe('10');
    expect(suitOf('10H')).toBe('H');
  });

  it('R1.1 refuses codes that are not cards', () => {
    for (const bad of ['', '1S', '11H', 'AX', 'as', 'T', '10', 'KDD', ' AS']) {
      const parsed = parseCard(bad);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe('INVALID_CARD');
      expect(isCardCode(bad)).toBe(false);
    }
  });

  it('R1.2 ace is 1, two to nine face value, tens and pictures 0, whatever the suit', () => {
    const expected: Record<string, number> = {
      A: 1,
      2: 2,
      3: 3,
      4: 4,
      5: 5,
      6: 6,
      7: 7,
      8: 8,
      9: 9,
      10: 0,
      J: 0,
      Q: 0,
      K: 0,
    };
    for (const suit of ['S', 'H', 'D', 'C']) {
      for (const [rank, value] of Object.entries(expected)) {
        expect(cardValue(`${rank}${suit}` as never)).toBe(value);
      }
    }
    for (let i = 0; i < 52; i++) expect(CARD_VALUES[i]).toBe(cardValue(cardCode(i)));
  });

  it('R10.3 burn values count tens and pictures as 10', () => {
    expect(['AD', '5C', '9H', '10S', 'JD', 'QC', 'KH'].map((c) => burnValue(c as never))).toEqual([
      1, 5, 9, 10, 10, 10, 10,
    ]);
  });

  it('R2.1 a total keeps only the last digit of the sum', () => {
    expect(handTotal(['7C', '8H'])).toBe(5);
    expect(handTotal(['KS', 'QD'])).toBe(0);
    expect(handTotal(['9S', '9H', '9D'])).toBe(7);
    expect(handTotal(['4S', '4H'])).toBe(8);
    expect(handTotal(['AS', '10H', 'JC'])).toBe(1);
  });
});
