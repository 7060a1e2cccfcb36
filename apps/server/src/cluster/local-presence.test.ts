import { describe, expect, it } from 'vitest';
import { LocalPresence } from './local-presence.js';

describe('one count of who is connected here (T1.5, T13.9)', () => {
  it("T1.5: a player's first socket at a table arrives and their last departs; the others are not news", () => {
    const here = new LocalPresence();
    expect(here.arrive('main', 'ann')).toBe(true);
    expect(here.arrive('main', 'ann')).toBe(false);
    expect(here.arrive('main-2', 'ann')).toBe(true);
    expect(here.arrive('main', 'bob')).toBe(true);
    expect(here.playersAt('main')).toEqual(['ann', 'bob']);
    expect(here.count('main')).toBe(2);
    expect(here.depart('main', 'ann')).toBe(false);
    expect(here.has('main', 'ann')).toBe(true);
    expect(here.depart('main', 'ann')).toBe(true);
    expect(here.has('main', 'ann')).toBe(false);
    expect(here.tables()).toEqual([
      ['main', ['bob']],
      ['main-2', ['ann']],
    ]);
    expect(here.depart('main', 'bob')).toBe(true);
    expect(here.count('main')).toBe(0);
    expect(here.tables()).toEqual([['main-2', ['ann']]]);
  });
});
