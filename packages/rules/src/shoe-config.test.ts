import { describe, expect, it } from 'vitest';
import { validateShoeConfig, type ShoeConfig } from './shoe-config.js';

const codeOf = (partial: Partial<ShoeConfig>) => {
  const result = validateShoeConfig(partial);
  return result.ok ? 'ok' : result.error.code;
};

describe('R10.1 R10.4 R10.5 shoe settings', () => {
  it('R10.1 R10.4 R10.5 default to 8 decks, a cut of 16 and plus-one', () => {
    expect(validateShoeConfig()).toEqual({
      ok: true,
      value: { decks: 8, cut: 16, lastHand: 'plus-one' },
    });
    expect(validateShoeConfig({ decks: 1, lastHand: 'finish-current' })).toEqual({
      ok: true,
      value: { decks: 1, cut: 16, lastHand: 'finish-current' },
    });
  });

  it('R10.1 a shoe holds 1 to 8 whole decks', () => {
    for (const bad of [0, 9, -1, 1.5]) expect(codeOf({ decks: bad })).toBe('INVALID_DECKS');
    for (const good of [1, 8]) expect(codeOf({ decks: good })).toBe('ok');
  });

  it('R10.7 the cut leaves enough cards for the last-hand rule and at most half the shoe', () => {
    expect(codeOf({ cut: 10, lastHand: 'plus-one' })).toBe('INVALID_CUT');
    expect(codeOf({ cut: 11, lastHand: 'plus-one' })).toBe('ok');
    expect(codeOf({ cut: 4, lastHand: 'finish-current' })).toBe('INVALID_CUT');
    expect(codeOf({ cut: 5, lastHand: 'finish-current' })).toBe('ok');
    expect(codeOf({ decks: 8, cut: 208 })).toBe('ok');
    expect(codeOf({ decks: 8, cut: 209 })).toBe('INVALID_CUT');
    expect(codeOf({ decks: 1, cut: 26 })).toBe('ok');
    expect(codeOf({ decks: 1, cut: 27 })).toBe('INVALID_CUT');
    expect(codeOf({ cut: 16.5 })).toBe('INVALID_CUT');
  });

  it('R10.5 R10.6 only the two last-hand rules exist', () => {
    expect(codeOf({ lastHand: 'one-more' as ShoeConfig['lastHand'] })).toBe('INVALID_LAST_HAND');
  });
});
