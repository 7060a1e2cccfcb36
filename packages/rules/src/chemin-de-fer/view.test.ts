import { describe, expect, it } from 'vitest';
import { bancoCoup, step } from '../testing/chemin-de-fer.js';
import { visibleCards } from './view.js';

describe('R14.5 who sees which card', () => {
  const waiting = bancoCoup(['AH', 'AC', '2H', '2C', '9S', '5D']); // banker 1 on 3 v 9; seat 2 holds the punto

  it('R14.5 while the coup runs, each hand sees its own two cards and everyone the third cards', () => {
    expect(waiting.phase).toBe('banker-choice');
    expect(visibleCards(waiting, 1)).toEqual({ punto: [null, null, '9S'], banker: ['AC', '2C'] });
    expect(visibleCards(waiting, 2)).toEqual({ punto: ['AH', '2H', '9S'], banker: [null, null] });
    for (const other of [3, null]) {
      expect(visibleCards(waiting, other)).toEqual({
        punto: [null, null, '9S'],
        banker: [null, null],
      });
    }
  });

  it('R14.5 once the coup is settled every card is face up', () => {
    const over = step(waiting, { type: 'choose', seat: 1, option: 'draw' });
    expect(visibleCards(over, null)).toEqual({
      punto: ['AH', '2H', '9S'],
      banker: ['AC', '2C', '5D'],
    });
  });

  it('R14.5 R14.4 a natural turns both hands over at once', () => {
    const natural = bancoCoup(['9H', '2C', 'KH', '3D']);
    expect(visibleCards(natural, 3)).toEqual({ punto: ['9H', 'KH'], banker: ['2C', '3D'] });
  });
});
