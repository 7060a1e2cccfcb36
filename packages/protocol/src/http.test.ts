import { describe, expect, it } from 'vitest';
import {
  createGuestBody,
  normalizeName,
  passwordProblem,
  textRefusal,
  usernameSchema,
  visibleLength,
} from './index.js';

const nameOf = (name: string) => {
  const parsed = createGuestBody.safeParse({ name });
  return parsed.success ? parsed.data.name : null;
};

describe('guest names are normalised (P0.1)', () => {
  it('P0.1: NFC, trimmed, inner whitespace made one space', () => {
    expect(nameOf('  Ann ')).toBe('Ann');
    expect(nameOf('e\u0301mile')).toBe('\u00e9mile');
    expect(nameOf('Bob\n\t  Smith')).toBe('Bob Smith');
  });

  it('P0.1: drops zero-width and bidi-override characters', () => {
    expect(nameOf('\u202Egro.evil')).toBe('gro.evil');
    expect(nameOf('a\u200Bb\u200C\u200D\uFEFF\u2066c\u2069')).toBe('abc');
    expect(normalizeName('x\u00ADy\u2028z')).toBe('xy z');
  });

  it('P0.1 P3.3: refuses a NUL, another control character or a lone surrogate (INVALID_TEXT)', () => {
    for (const name of ['A\u0000nn', 'A\u0007nn', 'Ann\u009b', 'A\ud800nn', '\udc00']) {
      const parsed = createGuestBody.safeParse({ name });
      expect(parsed.success, JSON.stringify(name)).toBe(false);
      expect(parsed.error && textRefusal(parsed.error.issues)).toMatchObject({
        code: 'INVALID_TEXT',
      });
    }
    // A pair of surrogates is one character, and welcome.
    expect(nameOf('Ann \u{1F3B2}')).toBe('Ann \u{1F3B2}');
  });

  it('P0.1: 1 to 20 visible characters, counted as a reader sees them', () => {
    expect(nameOf('\u200B\u202E   ')).toBeNull();
    expect(nameOf('')).toBeNull();
    expect(nameOf('x'.repeat(20))).toBe('x'.repeat(20));
    expect(nameOf('x'.repeat(21))).toBeNull();
    // Twenty dice are twenty characters, though forty UTF-16 units.
    expect(nameOf('\u{1F3B2}'.repeat(20))).toHaveLength(40);
    expect(visibleLength('\u{1F3B2}'.repeat(20))).toBe(20);
    // A pile of combining marks on a few letters is bounded too.
    expect(nameOf(`a${'\u0301'.repeat(80)}`)).toBeNull();
  });
});

describe('account fields (P10.2)', () => {
  it('folds a username to lower case and holds it to 3–20 of a–z 0–9 _', () => {
    expect(usernameSchema.parse(' Ann_1 ')).toBe('ann_1');
    for (const bad of ['ab', 'a'.repeat(21), 'ann smith', 'änn', 'ann-1', '']) {
      expect(usernameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses a password under 10 characters or equal to the username', () => {
    expect(passwordProblem('123456789', 'ann')).toMatch(/10 characters/);
    expect(passwordProblem('ann_smith_1', 'ANN_SMITH_1')).toMatch(/username/);
    expect(passwordProblem('correct horse', 'ann')).toBeNull();
    // Ten code points, not UTF-16 units.
    expect(passwordProblem('🎲'.repeat(9), 'ann')).not.toBeNull();
    expect(passwordProblem('🎲'.repeat(10), 'ann')).toBeNull();
  });
});
