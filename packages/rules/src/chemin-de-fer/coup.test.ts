import { describe, expect, it } from 'vitest';
import type { CardCode } from '../cards.js';
import { burnShoe, createShoe, roundStatus } from '../shoe.js';
import { bancoCoup, FREE_ROOM, stackedShoe, step } from '../testing/chemin-de-fer.js';
import { unwrap } from '../testing/unwrap.js';
import { nextBank, isOver } from './after-coup.js';
import { openBank } from './bank.js';
import { finishByRule, postBank, stepCoup, type CoupState, type CoupStep } from './coup.js';

const seats = [1, 2, 3];
const BY_RULE = { ...FREE_ROOM, choices: 'by-rule' } as const;
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

function settled(state: CoupState) {
  if (state.phase !== 'settled') throw new Error(`expected settled, got ${state.phase}`);
  return state;
}

const choices = (state: CoupState) =>
  state.phase === 'covering' || state.phase === 'not-dealt'
    ? []
    : state.story.filter(
        (s): s is Extract<CoupStep, { kind: 'draw' | 'stand' }> =>
          s.kind === 'draw' || s.kind === 'stand',
      );

function posted(cards: readonly CardCode[], bancoSuivi: number | null = null, rules = FREE_ROOM) {
  return unwrap(
    postBank({
      rules,
      shoe: stackedShoe(cards),
      offer: openBank(seats),
      seats,
      banker: 1,
      bank: 1000,
      bancoSuivi,
    }),
  );
}

describe('R14 the deal', () => {
  it('R14.3 cards go punto, banker, punto, banker', () => {
    const state = bancoCoup(['9H', '2C', 'KH', '3D']);
    const dealt =
      state.phase === 'settled' ? state.story.find((s) => s.kind === 'dealt') : undefined;
    expect(dealt).toEqual({ kind: 'dealt', punto: ['9H', 'KH'], banker: ['2C', '3D'] });
  });

  it('R14.4 a natural is turned at once and nobody draws', () => {
    const state = settled(bancoCoup(['9H', '2C', 'KH', '3D', '5S']));
    expect(state.story.filter((s) => s.kind === 'natural')).toEqual([
      { kind: 'natural', hand: 'punto', total: 9 },
    ]);
    expect(choices(state)).toEqual([]);
    expect([state.punto.length, state.bankerCards.length]).toEqual([2, 2]);
    expect(state.settlement.outcome).toBe('player');
    // Only four cards left the shoe: AS shown, QS burned, then the coup's four.
    expect(state.shoe.next).toBe(6);
  });

  it('R14.3 once a card has left the shoe the coup cannot be called off; before, it can', () => {
    const waiting = bancoCoup(['2H', '4C', '3H', 'KD']);
    expect(waiting.phase).toBe('punto-choice');
    expect(code(stepCoup(waiting, { type: 'call-off' }))).toBe('COUP_DEALT');
    const open = posted(['2H', '4C', '3H', 'KD']);
    const off = step(open, { type: 'call-off' });
    expect(off.phase === 'not-dealt' && off.reason).toBe('called-off');
    expect(off.shoe).toBe(open.shoe);
  });

  it('R14.2 the coup the stop card comes out in is played out and is the last; none starts behind it', () => {
    // 9S shown burns nine (R10.3); 18 cards with the stop card 7 from the back: it sits in
    // front of card 11, the coup's second.
    const cards: CardCode[] = [
      '9S',
      ...Array<CardCode>(9).fill('QD'),
      '2H',
      '4C',
      '3H',
      'KD',
      'KS',
      'KC',
      'KH',
      'KD',
    ];
    const shoe = unwrap(
      burnShoe(unwrap(createShoe(cards, { cut: 7, lastHand: 'finish-current' }))),
    ).state;
    const open = unwrap(
      postBank({
        rules: BY_RULE,
        shoe,
        offer: openBank(seats),
        seats,
        banker: 1,
        bank: 1000,
        bancoSuivi: null,
      }),
    );
    const over = settled(
      step(step(open, { type: 'call', seat: 2, call: { kind: 'banco' } }), { type: 'close-cover' }),
    );
    expect(over.lastCoup).toBe(true);
    expect(roundStatus(over.shoe)).toBe('finished');
    const again = postBank({
      rules: BY_RULE,
      shoe: over.shoe,
      offer: openBank(seats),
      seats,
      banker: 1,
      bank: 1000,
      bancoSuivi: null,
    });
    expect(code(again)).toBe('SHOE_FINISHED');
    // A coup well in front of the stop card is not the last.
    expect(settled(bancoCoup(['9H', '2C', 'KH', '3D'], BY_RULE)).lastCoup).toBe(false);
  });
});

describe('R15 posting and covering, in the coup', () => {
  it('R15.2 calls are checked as they come; a refusal leaves the coup as it was', () => {
    const open = posted(['9H', '2C', 'KH', '3D']);
    const before = JSON.stringify(open);
    expect(code(stepCoup(open, { type: 'call', seat: 1, call: { kind: 'banco' } }))).toBe(
      'BANKER_CANNOT_COVER',
    );
    expect(code(stepCoup(open, { type: 'call', seat: 8, call: { kind: 'banco' } }))).toBe(
      'NOT_A_PUNTER',
    );
    expect(
      code(stepCoup(open, { type: 'call', seat: 2, call: { kind: 'stake', amount: 1001 } })),
    ).toBe('INVALID_STAKE');
    const once = step(open, { type: 'call', seat: 2, call: { kind: 'stake', amount: 10 } });
    expect(code(stepCoup(once, { type: 'call', seat: 2, call: { kind: 'banco' } }))).toBe(
      'ALREADY_CALLED',
    );
    expect(JSON.stringify(open)).toBe(before);
    const dealt = step(once, { type: 'close-cover' });
    expect(code(stepCoup(dealt, { type: 'call', seat: 3, call: { kind: 'banco' } }))).toBe(
      'COVER_CLOSED',
    );
    expect(code(stepCoup(dealt, { type: 'close-cover' }))).toBe('COVER_CLOSED');
  });

  it('R15.1 a bank is posted by the seat offered it, within limits, on a shoe ready to deal', () => {
    const base = {
      rules: FREE_ROOM,
      shoe: stackedShoe(['9H', '2C', 'KH', '3D']),
      offer: openBank(seats),
      seats,
      bancoSuivi: null,
    };
    expect(code(postBank({ ...base, banker: 2, bank: 1000 }))).toBe('NOT_YOUR_BANK');
    expect(code(postBank({ ...base, banker: 1, bank: 50 }))).toBe('BANK_OUT_OF_LIMITS');
    expect(code(postBank({ ...base, banker: 1, bank: 1000, seats: [1] }))).toBe('NO_PUNTERS');
    expect(
      code(
        postBank({ ...base, banker: 1, bank: 1000, rules: { ...FREE_ROOM, cagnottePercent: 6 } }),
      ),
    ).toBe('INVALID_CAGNOTTE');
    const unburned = unwrap(
      createShoe(['AS', 'QS', ...Array<CardCode>(20).fill('KH')], {
        cut: 7,
        lastHand: 'finish-current',
      }),
    );
    expect(code(postBank({ ...base, shoe: unburned, banker: 1, bank: 1000 }))).toBe('BURN_NEEDED');
  });

  it('R15.5 nothing covered: no card is dealt and the next coup starts as this one did', () => {
    const open = posted(['9H', '2C', 'KH', '3D'], 3);
    const over = step(
      step(step(open, { type: 'call', seat: 2, call: { kind: 'none' } }), {
        type: 'call',
        seat: 3,
        call: { kind: 'none' },
      }),
      { type: 'close-cover' },
    );
    expect(over.phase === 'not-dealt' && over.reason).toBe('uncovered');
    expect(over.shoe).toBe(open.shoe);
    expect(isOver(over) && nextBank(over, seats)).toEqual({ offer: open.offer, bancoSuivi: 3 });
  });
});

describe('R16 choices in the coup', () => {
  it('R16.1 R16.5 the punto on 5 chooses, and only the seat playing the punto hand may', () => {
    const waiting = bancoCoup(['2H', '4C', '3H', 'KD', '3S']);
    expect(waiting.phase).toBe('punto-choice');
    expect(code(stepCoup(waiting, { type: 'choose', seat: 1, option: 'stand' }))).toBe(
      'NOT_YOUR_CHOICE',
    );
    expect(code(stepCoup(waiting, { type: 'choose', seat: 3, option: 'stand' }))).toBe(
      'NOT_YOUR_CHOICE',
    );
    const over = settled(step(waiting, { type: 'choose', seat: 2, option: 'stand' }));
    // R16.2: the punto stood, so the banker's 4 draws: 3S makes 7 against 5.
    expect(choices(over)).toEqual([
      { kind: 'stand', hand: 'punto', total: 5, cell: 'punto-5', by: 'choice', rule: 'R16.1' },
      { kind: 'draw', hand: 'banker', total: 4, card: '3S', by: 'table', rule: 'R16.2' },
    ]);
    expect(over.settlement.outcome).toBe('banker');
  });

  it('R16.3 R16.5 the banker on 3 against a 9 chooses, and only the banker may', () => {
    const waiting = bancoCoup(['AH', 'AC', '2H', '2C', '9S', '5D']);
    expect(waiting.phase).toBe('banker-choice');
    expect(code(stepCoup(waiting, { type: 'choose', seat: 2, option: 'stand' }))).toBe(
      'NOT_YOUR_CHOICE',
    );
    const stood = settled(step(waiting, { type: 'choose', seat: 1, option: 'stand' }));
    expect(choices(stood).at(-1)).toEqual({
      kind: 'stand',
      hand: 'banker',
      total: 3,
      puntoThird: 9,
      cell: 'banker-3-vs-9',
      by: 'choice',
      rule: 'R16.3',
    });
    expect([stood.settlement.outcome, stood.shoe.next]).toEqual(['banker', 7]);
  });

  it('R16.4 a choice window that runs out is answered by the rule: the banker draws on 5 against a 4', () => {
    const waiting = bancoCoup(['AH', '2C', 'KH', '3C', '4S', '4D']);
    expect(waiting.phase).toBe('banker-choice');
    const over = settled(step(waiting, { type: 'by-rule' }));
    expect(choices(over).at(-1)).toEqual({
      kind: 'draw',
      hand: 'banker',
      total: 5,
      puntoThird: 4,
      card: '4D',
      cell: 'banker-5-vs-4',
      by: 'rule',
      rule: 'R16.3',
    });
    expect(code(stepCoup(over, { type: 'by-rule' }))).toBe('NO_CHOICE_PENDING');
  });

  it('R16.4 in a room that plays by the rule nobody is asked: the punto draws on 5', () => {
    const over = settled(bancoCoup(['2H', '4C', '3H', 'KD', 'KS'], BY_RULE));
    expect(choices(over)[0]).toEqual({
      kind: 'draw',
      hand: 'punto',
      total: 5,
      card: 'KS',
      cell: 'punto-5',
      by: 'rule',
      rule: 'R16.1',
    });
  });

  it('R16.4 a dealt coup left waiting is finished by the rule (crash recovery)', () => {
    const over = unwrap(finishByRule(bancoCoup(['2H', '4C', '3H', 'KD', 'KS'])));
    expect(over.phase).toBe('settled');
    expect(choices(over)[0]).toMatchObject({ hand: 'punto', kind: 'draw', by: 'rule' });
  });
});

describe('R17 after the coup', () => {
  it('R17.3 R17.6 a winning banker rides the whole bank, less the cagnotte; a lost banco gets the first claim', () => {
    const over = settled(
      step(bancoCoup(['2H', '4C', '3H', 'KD', '3S']), { type: 'choose', seat: 2, option: 'stand' }),
    );
    expect([over.settlement.cagnotte, over.settlement.banker]).toEqual([50, 1950]);
    // The bank rides in whole chips: the 0.50 the cagnotte left stays in the banker's wallet.
    expect(nextBank(over, seats)).toEqual({
      offer: { kind: 'ride', seat: 1, amount: 1900 },
      bancoSuivi: 2,
    });
  });

  it('R17.6 the banco suivi takes the banco before a punter earlier in seat order', () => {
    const open = posted(['9H', '2C', 'KH', '3D'], 3);
    const both = step(step(open, { type: 'call', seat: 2, call: { kind: 'banco' } }), {
      type: 'call',
      seat: 3,
      call: { kind: 'banco' },
    });
    const over = settled(step(both, { type: 'close-cover' }));
    expect(over.cover.puntoSeat).toBe(3);
    // The punto won: the bank goes on to the next seat and the claim lapses.
    expect(nextBank(over, seats)).toEqual({
      offer: { kind: 'fresh', seat: 2, declined: [] },
      bancoSuivi: null,
    });
  });

  it('R17.4 a losing banker hands the bank to the next seat', () => {
    const over = settled(bancoCoup(['9H', '2C', 'KH', '3D']));
    expect(nextBank(over, [1, 3]).offer).toEqual({ kind: 'fresh', seat: 3, declined: [] });
  });

  it('R17.5 a tie is a push and the bank stays exactly as it was', () => {
    const open = posted(['8H', '8C', 'KH', 'KC'], 3);
    const over = settled(
      step(step(open, { type: 'call', seat: 2, call: { kind: 'stake', amount: 400 } }), {
        type: 'close-cover',
      }),
    );
    expect(over.settlement).toMatchObject({
      outcome: 'tie',
      banker: 400,
      punters: [{ seat: 2, amount: 400 }],
      cagnotte: 0,
    });
    expect(nextBank(over, seats)).toEqual({ offer: open.offer, bancoSuivi: 3 });
  });
});
