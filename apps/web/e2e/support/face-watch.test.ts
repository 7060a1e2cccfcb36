import { describe, expect, it } from 'vitest';
import { firstSight, namesCard } from './face-watch.js';

describe('namesCard', () => {
  it.each([
    ['a data attribute', 'data-face="9H"', '9H'],
    ['glyphs split by markup', '<span class="face__corner">10<br>♠</span>', '10S'],
    ['words', 'aria-label="king of diamonds"', 'KD'],
    ['number words', 'nine of hearts', '9H'],
    ['digits and words', 'aria-valuetext="9 of hearts"', '9H'],
  ])('finds a face in %s', (_, text, code) => {
    expect(namesCard(text, code)).toBe(true);
  });

  it.each([
    ['a face-down card', 'data-face="down" aria-label="card, face down"', '9H'],
    ['another card of the same suit', '<span>8<br>♥</span>', '9H'],
    ['a ten when looking for a zero-less rank', '<span>10<br>♠</span>', '0S'],
    ['hex in a commitment', 'commitment 9h4c0d', '9H'],
    ['a pip with scores only', 'data-outcome="player" title="Player 9, Banker 5"', '9H'],
  ])('finds nothing in %s', (_, text, code) => {
    expect(namesCard(text, code)).toBe(false);
  });
});

describe('firstSight', () => {
  it('is the first record at or after the given time that names the card', () => {
    const log = [
      { t: 1, text: 'data-face="9H"' },
      { t: 5, text: 'data-face="down"' },
      { t: 7, text: '<b>9<br>♥</b>' },
    ];
    expect(firstSight(log, '9H', 0)).toBe(1);
    expect(firstSight(log, '9H', 2)).toBe(7);
    expect(firstSight(log, '9H', 8)).toBeNull();
  });
});
