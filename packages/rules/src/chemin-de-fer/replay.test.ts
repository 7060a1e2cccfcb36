import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CardCode } from '../cards.js';
import { burnShoe } from '../shoe.js';
import { unwrap } from '../testing/unwrap.js';
import { openBank } from './bank.js';
import { postBank, stepCoup, type CoupState } from './coup.js';
import { replayCheminShoe, type StoredCoup } from './replay.js';
import { createCheminDeFerShoe } from './shoe.js';

const seeds = {
  serverSeed: createHash('sha256').update('chemin-de-fer-replay').digest('hex'),
  clientSeed: 'replay',
  shoeNumber: 2,
};
const seats = [1, 2, 3];
const rules = { cagnottePercent: 5, choices: 'free', limits: { min: 100, max: 1000 } } as const;

/**
 * A whole shoe played through the coup reducer as a table plays it, the choice cells answered
 * against the rule every other time; stored as the server stores a coup (punto's, then banker's).
 */
function playedShoe(): { coups: StoredCoup[]; choicesAgainstRule: number; thirds: number } {
  let shoe = unwrap(burnShoe(unwrap(createCheminDeFerShoe(seeds)))).state;
  const coups: StoredCoup[] = [];
  let asked = 0;
  let thirds = 0;
  for (let n = 1; ; n++) {
    const posted = postBank({
      rules,
      shoe,
      offer: openBank(seats),
      seats,
      banker: 1,
      bank: 500,
      bancoSuivi: null,
    });
    if (!posted.ok) {
      expect(posted.error.code).toBe('SHOE_FINISHED');
      break;
    }
    const called = unwrap(
      stepCoup(posted.value, { type: 'call', seat: 2, call: { kind: 'banco' } }),
    );
    let state: CoupState = unwrap(stepCoup(called, { type: 'close-cover' }));
    while (state.phase === 'punto-choice' || state.phase === 'banker-choice') {
      const seat = state.phase === 'punto-choice' ? 2 : 1;
      const option = asked++ % 2 === 0 ? 'stand' : 'draw';
      state = unwrap(stepCoup(state, { type: 'choose', seat, option }));
    }
    if (state.phase !== 'settled') throw new Error(`coup ${n} ended ${state.phase}`);
    if (state.punto.length + state.bankerCards.length > 4) thirds++;
    coups.push({
      number: n,
      cards: [...state.punto, ...state.bankerCards],
      outcome: state.settlement.outcome,
    });
    shoe = state.shoe;
  }
  return { coups, choicesAgainstRule: Math.ceil(asked / 2), thirds };
}

describe('R19 re-running a Chemin de Fer shoe', () => {
  const played = playedShoe();

  it('R19.1 R19.2 finds every coup of a played shoe, choices against the rule included', () => {
    expect(played.coups.length).toBeGreaterThan(50);
    expect(played.choicesAgainstRule).toBeGreaterThan(0);
    expect(played.thirds).toBeGreaterThan(0);
    // A coup not dealt is stored without cards and is passed over (R15.5).
    const withUndealt = [...played.coups, { number: 999, cards: [], outcome: null }];
    const replay = unwrap(replayCheminShoe(seeds, withUndealt));
    expect(replay.coups).toHaveLength(played.coups.length);
    expect(replay.coups.filter((c) => c.why !== null)).toEqual([]);
    for (const [i, coup] of replay.coups.entries()) {
      expect([...coup.punto, ...coup.banker]).toEqual(played.coups[i]!.cards);
      expect(coup.outcome).toBe(played.coups[i]!.outcome);
    }
  });

  it('R19.1 reports a coup whose cards are not the next of the shoe, and the rest still match', () => {
    const coups = played.coups.map((c) => ({ ...c, cards: [...c.cards] }));
    const third = coups[2]!;
    third.cards = [third.cards[1]!, third.cards[0]!, ...third.cards.slice(2)];
    if (third.cards[0] === third.cards[1]) third.cards[0] = third.cards[0] === 'AS' ? '2S' : 'AS';
    const replay = unwrap(replayCheminShoe(seeds, coups));
    expect(replay.coups.filter((c) => c.why !== null).map((c) => c.number)).toEqual([3]);
    expect(replay.coups[2]!.why).toMatch(/no legal deal/);
  });

  it('R19.1 refuses a third card the drawing table never deals (R16)', () => {
    const first = played.coups.find((c) => c.cards.length === 4)!;
    const index = played.coups.indexOf(first);
    // The same first four cards plus the next one of the shoe as a banker third: either it is
    // the shoe's next card (then only an illegal draw can explain it) or not, both are refused.
    const next = played.coups[index + 1]!.cards[0] as CardCode;
    const tampered = played.coups
      .slice(0, index + 1)
      .map((c) => (c === first ? { ...c, cards: [...c.cards, next] } : c));
    const replay = unwrap(replayCheminShoe(seeds, tampered));
    expect(replay.coups[index]!.why).toMatch(/no legal deal/);
  });

  it('R19.2 reports a stored result the cards do not give', () => {
    const coups = played.coups.map((c) =>
      c.number === 5
        ? { ...c, outcome: c.outcome === 'banker' ? ('player' as const) : ('banker' as const) }
        : c,
    );
    const replay = unwrap(replayCheminShoe(seeds, coups));
    expect(replay.coups.filter((c) => c.why !== null).map((c) => c.number)).toEqual([5]);
    expect(replay.coups[4]!.why).toMatch(/result/);
  });

  it('R19.1 another seed deals another shoe: the record no longer matches', () => {
    const replay = unwrap(replayCheminShoe({ ...seeds, clientSeed: 'other' }, played.coups));
    expect(replay.coups.filter((c) => c.why !== null).length).toBeGreaterThan(
      played.coups.length / 2,
    );
  });

  it('R19.1 bad seeds are an error value', () => {
    const replay = replayCheminShoe({ ...seeds, serverSeed: 'nope' }, played.coups);
    expect(replay.ok).toBe(false);
  });
});
