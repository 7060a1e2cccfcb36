import { describe, expect, it } from 'vitest';
import { eveningOf } from '../testing/evening';
import { finishWords, standingWords, topUpWords } from './words';

const you = (part: Parameters<typeof eveningOf>[0] extends infer O ? O : never) =>
  eveningOf(part).you;

describe('the evening in words (P9.7–P9.12)', () => {
  it('P9.8 says a place in line as people say it', () => {
    const place = (n: number) => standingWords(you({ you: { waitlistPosition: n } }));
    expect(place(1)).toBe('You are next in line: the next seat that frees is offered to you.');
    expect(place(2)).toBe('You are 2nd in line for a seat.');
    expect(place(3)).toBe('You are 3rd in line for a seat.');
    expect(place(11)).toBe('You are 11th in line for a seat.');
    expect(place(22)).toBe('You are 22nd in line for a seat.');
  });

  it('P9.8 a seat offered comes first, before anything else the player is waiting for', () => {
    const offered = you({ you: { offer: { seat: 4, until: 1 }, waitlistPosition: 1 } });
    expect(standingWords(offered)).toMatch(/^Seat 4 is free for you/);
    expect(standingWords(you({}))).toBeNull();
  });

  it('P9.11 a top-up waiting, and the host’s no in their words', () => {
    expect(topUpWords(you({ you: { topUp: { amount: 250_000, at: 1 } } }))).toBe(
      'You asked for 2,500 chips. Waiting for the host…',
    );
    expect(topUpWords(you({ you: { topUpDeclined: { reason: 'Last round', at: 1 } } }))).toBe(
      'The host said no to your top-up: “Last round”',
    );
  });

  it('P9.12 how far the night is from its finish line', () => {
    const progress = (rounds: number) => ({ rounds, shoes: 0 });
    expect(finishWords({ kind: 'rounds', count: 4 }, progress(0))).toBe(
      '4 rounds tonight: the first is about to be dealt.',
    );
    expect(finishWords({ kind: 'rounds', count: 4 }, progress(2))).toBe('Round 2 of 4.');
    expect(finishWords(null, progress(9))).toMatch(/^No finish line/);
  });
});
