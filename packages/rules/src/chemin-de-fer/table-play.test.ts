import { describe, expect, it } from 'vitest';
import { handTotal } from '../cards.js';
import { burnShoe, roundStatus, type ShoeState } from '../shoe.js';
import { CHIP_UNIT } from '../paytable.js';
import { unwrap } from '../testing/unwrap.js';
import { nextBank, type NextBank } from './after-coup.js';
import { declineBank, openBank, passBank } from './bank.js';
import { postBank, stepCoup, type CoupRules, type CoupState } from './coup.js';
import { offered, type CoverCall } from './cover.js';
import { cagnotteOf } from './settle.js';
import { createCheminDeFerShoe } from './shoe.js';

/** A small deterministic generator, so the game replays the same way every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const rules: CoupRules = { cagnottePercent: 5, choices: 'free', limits: { min: 100, max: 20_000 } };
const seats = [1, 2, 3, 4, 5, 6];
const START = 1_000_000;

describe('R15 R16 R17 six players through several shoes', () => {
  it('R17.7 R17.3 R17.4 R15.6 200 coups with every call, choice, pass and decline: no chip made or lost', () => {
    const rand = lcg(21);
    const balance = new Map(seats.map((s) => [s, START]));
    const move = (seat: number, amount: number) => balance.set(seat, balance.get(seat)! + amount);
    let house = 0;
    let shoeNumber = 1;
    const fresh = (): ShoeState =>
      unwrap(
        burnShoe(
          unwrap(
            createCheminDeFerShoe({
              serverSeed: 'c'.repeat(64),
              clientSeed: 'bots',
              shoeNumber: shoeNumber++,
            }),
          ),
        ),
      ).state;
    let shoe = fresh();
    let next: NextBank = { offer: openBank(seats), bancoSuivi: null };
    let lastBanker = 1;
    const seen = {
      coups: 0,
      passes: 0,
      declines: 0,
      vacant: 0,
      rides: 0,
      suivi: 0,
      choices: new Set<string>(),
      kinds: new Set<string>(),
    };

    while (seen.coups < 200) {
      if (roundStatus(shoe) === 'finished') shoe = fresh();
      const offer = next.offer;
      if (offer.kind === 'vacant') {
        seen.vacant++;
        next = { offer: openBank(seats, lastBanker), bancoSuivi: null };
        continue;
      }
      if (offer.kind === 'fresh' && rand(8) === 0) {
        seen.declines++;
        next = { offer: unwrap(declineBank(offer, seats, offer.seat)), bancoSuivi: null };
        continue;
      }
      if (offer.kind === 'ride' && rand(4) === 0) {
        seen.passes++;
        next = { offer: unwrap(passBank(offer, seats, offer.seat)), bancoSuivi: null };
        continue;
      }
      if (offer.kind === 'ride') seen.rides++;
      const bank = offer.kind === 'ride' ? offer.amount : 100 * (1 + rand(50));
      const banker = offer.seat;
      lastBanker = banker;
      let state: CoupState = unwrap(
        postBank({ rules, shoe, offer, seats, banker, bank, bancoSuivi: next.bancoSuivi }),
      );
      move(banker, -bank);
      const escrow = new Map<number, number>();
      for (const seat of state.punters) {
        const roll = rand(20);
        const call: CoverCall =
          roll < 3 || (seat === next.bancoSuivi && roll < 12)
            ? { kind: 'banco' }
            : roll < 5
              ? { kind: 'avec-la-table' }
              : roll < 13
                ? { kind: 'stake', amount: 1 + rand(bank) }
                : { kind: 'none' };
        state = unwrap(stepCoup(state, { type: 'call', seat, call }));
        escrow.set(seat, offered(call, bank));
        move(seat, -offered(call, bank));
      }
      state = unwrap(stepCoup(state, { type: 'close-cover' }));
      if (state.phase === 'covering') throw new Error('the cover did not close');
      if (state.phase === 'not-dealt') {
        move(banker, bank);
        for (const [seat, amount] of escrow) move(seat, amount);
      } else {
        if (
          next.bancoSuivi !== null &&
          state.cover.puntoSeat === next.bancoSuivi &&
          state.cover.kind === 'banco'
        )
          seen.suivi++;
        seen.kinds.add(state.cover.kind);
        move(banker, state.cover.uncovered);
        for (const [seat, amount] of escrow) {
          move(seat, amount - (state.cover.covers.find((c) => c.seat === seat)?.amount ?? 0));
        }
        while (state.phase === 'punto-choice' || state.phase === 'banker-choice') {
          const chooser: number = state.phase === 'punto-choice' ? state.cover.puntoSeat! : banker;
          const roll = rand(5);
          state = unwrap(
            stepCoup(
              state,
              roll === 0
                ? { type: 'by-rule' }
                : { type: 'choose', seat: chooser, option: roll < 3 ? 'draw' : 'stand' },
            ),
          );
        }
        if (state.phase !== 'settled') throw new Error(state.phase);
        for (const s of state.story)
          if (s.kind !== 'covered' && 'cell' in s && s.cell) seen.choices.add(`${s.cell} ${s.by}`);
        // Our own settlement from the cards, independent of settle.ts.
        const punto = handTotal(state.punto);
        const bankerTotal = handTotal(state.bankerCards);
        const covered = state.cover.covered;
        const net =
          bankerTotal > punto
            ? covered - cagnotteOf(covered, 5)
            : bankerTotal < punto
              ? -covered
              : 0;
        expect(state.settlement.bankerNet).toBe(net);
        move(banker, state.settlement.banker);
        for (const p of state.settlement.punters) move(p.seat, p.amount);
        house += state.settlement.cagnotte;
        shoe = state.shoe;
        seen.coups++;
      }
      const after = nextBank(state, seats);
      if (state.phase === 'settled' && state.settlement.outcome === 'banker') {
        // R17.3: the bank rides whole, winnings after the cagnotte included, in whole chips, up
        // to the maximum.
        const won = 2 * state.cover.covered - state.settlement.cagnotte;
        expect(after.offer).toEqual({
          kind: 'ride',
          seat: banker,
          amount: Math.min(won - (won % CHIP_UNIT), rules.limits.max),
        });
      }
      if (state.phase === 'settled' && state.settlement.outcome === 'player') {
        expect(after.offer).toMatchObject({
          kind: 'fresh',
          seat: seats[(seats.indexOf(banker) + 1) % seats.length],
        });
      }
      next = after;
      const total = [...balance.values()].reduce((a, b) => a + b, 0) + house;
      expect(total).toBe(START * seats.length);
    }
    expect(house).toBeGreaterThan(0);
    expect(seen.passes).toBeGreaterThan(0);
    expect(seen.declines).toBeGreaterThan(0);
    expect(seen.rides).toBeGreaterThan(0);
    expect(seen.suivi).toBeGreaterThan(0);
    expect(shoeNumber).toBeGreaterThan(2);
    expect([...seen.kinds].sort()).toEqual(['avec-la-table', 'banco', 'stakes']);
    // Every choice cell was met and chosen; a window running out was seen at least at the punto's 5
    // (the banker's cells are rare: coup.test.ts runs their by-rule answers one by one).
    expect([...seen.choices]).toEqual(
      expect.arrayContaining([
        'banker-3-vs-9 choice',
        'banker-5-vs-4 choice',
        'punto-5 choice',
        'punto-5 rule',
      ]),
    );
  });
});
