import {
  pendingCell,
  publicCoupView,
  type CheminCards,
  type CheminDeFerView,
  type CoupView,
} from '@banco/protocol';
import { burnShoe, cheminDeFer, createShoe, type CardCode } from '@banco/rules';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { coupWords, offerWords, share } from '../../chemin/words';
import { CheminFelt, CheminPanel, type CheminActions, type CheminTableProps } from './CheminTable';

const RULES: cheminDeFer.CoupRules = {
  cagnottePercent: 5,
  choices: 'free',
  limits: { min: 1_000, max: 100_000 },
};
const SEATS = [1, 2, 3, 4];
const NAMES: Record<number, string> = { 1: 'Ana', 2: 'Ben', 3: 'Cleo', 4: 'Dev' };

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** AS shown, QS burned, then the coup's cards in dealing order, then kings. */
function shoeOf(cards: readonly CardCode[]) {
  const all: CardCode[] = ['AS', 'QS', ...cards, ...Array<CardCode>(20).fill('KH')];
  return unwrap(burnShoe(unwrap(createShoe(all, { cut: 7, lastHand: 'finish-current' })))).state;
}

function posted(cards: readonly CardCode[], bank = 10_000) {
  return unwrap(
    cheminDeFer.postBank({
      rules: RULES,
      shoe: shoeOf(cards),
      offer: cheminDeFer.openBank(SEATS),
      seats: SEATS,
      banker: 1,
      bank,
      bancoSuivi: null,
    }),
  );
}

const step = (state: cheminDeFer.CoupState, event: cheminDeFer.CoupEvent) =>
  unwrap(cheminDeFer.stepCoup(state, event));

const coupView = (state: cheminDeFer.CoupState, deadline: number | null = null): CoupView =>
  publicCoupView(state, {
    coup: 7,
    bankerId: 'p_ana',
    coverClosesAt: null,
    choiceDeadline: deadline,
  });

function tableView(coup: CoupView | null, extra: Partial<CheminDeFerView> = {}): CheminDeFerView {
  return {
    offer: { kind: 'fresh', seat: 1, declined: [] },
    offerUntil: null,
    coup,
    last: null,
    bancoSuivi: null,
    nextCoup: 7,
    ...extra,
  };
}

function actions() {
  return {
    post: vi.fn<CheminActions['post']>(),
    decline: vi.fn<CheminActions['decline']>(),
    pass: vi.fn<CheminActions['pass']>(),
    cover: vi.fn<CheminActions['cover']>(),
    choose: vi.fn<CheminActions['choose']>(),
  };
}

function show(view: CheminDeFerView, you: number | null, cards: CheminCards | null = null) {
  const acts = actions();
  const props: CheminTableProps = {
    view,
    cards,
    you,
    balance: 100_000,
    limits: RULES.limits,
    clockOffset: 0,
    name: (n) => NAMES[n] ?? `Seat ${n}`,
    actions: acts,
  };
  render(
    <>
      <CheminFelt {...props} />
      <CheminPanel {...props} />
    </>,
  );
  return acts;
}

/** Own cards as the table sends them privately (C5.3), odds from the rules module (R18.1). */
function ownCards(state: cheminDeFer.CoupState, hand: 'punto' | 'banker'): CheminCards {
  if (state.phase === 'covering' || state.phase === 'not-dealt') throw new Error('not dealt');
  const odds = cheminDeFer.pendingChoiceOdds(state);
  return {
    tableId: 't',
    type: 'chemin.cards',
    coup: 7,
    hand,
    cards: [...(hand === 'punto' ? state.punto : state.bankerCards).slice(0, 2)],
    odds: odds.ok ? odds.value : null,
    cell: pendingCell(state)?.cell ?? null,
  };
}

// Punto 2H 3C (5), banker KH 6D (6): the punto's choice on 5.
const PUNTO_FIVE: CardCode[] = ['2H', 'KH', '3C', '6D', '4S'];
// Punto 2H 2C (4) draws 9S, banker AD 2D (3): the banker's free choice at 3 against a 9.
const BANKER_THREE_V_NINE: CardCode[] = ['2H', 'AD', '2C', '2D', '9S', 'KH'];

describe('the Chemin de Fer table', () => {
  it('R15.2 a punter calls in words he understands: Banco!, avec la table, a stake, no call', () => {
    const acts = show(tableView(coupView(posted(PUNTO_FIVE))), 2);
    expect(screen.getByTestId('bank-amount').textContent).toBe('100');
    expect(screen.getByTestId('covered').textContent).toMatch(/^0 of 100 covered/);
    fireEvent.click(screen.getByRole('button', { name: /Banco! cover all 100/ }));
    expect(acts.cover).toHaveBeenLastCalledWith(7, { kind: 'banco' });
    fireEvent.click(screen.getByRole('button', { name: /Avec la table half: 50/ }));
    expect(acts.cover).toHaveBeenLastCalledWith(7, { kind: 'avec-la-table' });
    fireEvent.change(screen.getByLabelText('A stake of'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cover 30' }));
    expect(acts.cover).toHaveBeenLastCalledWith(7, { kind: 'stake', amount: 3_000 });
    fireEvent.click(screen.getByRole('button', { name: 'No call' }));
    expect(acts.cover).toHaveBeenLastCalledWith(7, { kind: 'none' });
  });

  it('R15.4 the banker sees how much is covered and by whom, and whose call it is', () => {
    const state = step(posted(PUNTO_FIVE), {
      type: 'call',
      seat: 2,
      call: { kind: 'stake', amount: 4_000 },
    });
    show(tableView(coupView(state)), 1);
    expect(screen.getByTestId('covered').textContent).toBe('40 of 100 covered · 60 still open');
    expect(screen.getByTestId('call-2').textContent).toBe('Ben: a stake of 40');
    expect(screen.getByTestId('cover-waiting').textContent).toBe(
      'Your bank is open. Waiting for Cleo’s call.',
    );
    expect(screen.queryByTestId('call-banco')).toBeNull();
  });

  it('R16.2, R18.1 the punto on 5 sees his own cards and the exact odds of each option', () => {
    const banco = step(posted(PUNTO_FIVE), { type: 'call', seat: 2, call: { kind: 'banco' } });
    const dealt = step(banco, { type: 'close-cover' });
    expect(dealt.phase).toBe('punto-choice');
    const cards = ownCards(dealt, 'punto');
    const acts = show(tableView(coupView(dealt, Date.now() + 20_000)), 2, cards);
    const punto = within(screen.getByTestId('hand-punto'));
    expect(punto.getAllByTestId('card').map((c) => c.dataset.face)).toEqual(['2H', '3C']);
    expect(screen.getByTestId('total-punto').textContent).toBe('Total 5');
    // The banker's cards stay face down for the punto.
    const banker = within(screen.getByTestId('hand-banker'));
    expect(banker.getAllByTestId('card').map((c) => c.dataset.face)).toEqual(['down', 'down']);
    const odds = cards.odds!;
    const draw = within(screen.getByTestId('odds-draw')).getAllByRole('cell');
    expect(draw.map((c) => c.textContent)).toEqual([
      share(odds.draw.win, odds.denominator),
      share(odds.draw.lose, odds.denominator),
      share(odds.draw.tie, odds.denominator),
    ]);
    expect(odds.draw.win + odds.draw.lose + odds.draw.tie).toBe(odds.denominator);
    expect(screen.getByTestId('your-choice').textContent).toMatch(/on 5\? The rule would draw/);
    fireEvent.click(screen.getByRole('button', { name: 'Stand' }));
    expect(acts.choose).toHaveBeenCalledWith('punto', 7, 'stand');
  });

  it('R14.5 everyone else sees that a choice is being made, never the hidden cards', () => {
    const banco = step(posted(PUNTO_FIVE), { type: 'call', seat: 2, call: { kind: 'banco' } });
    const dealt = step(banco, { type: 'close-cover' });
    show(tableView(coupView(dealt, Date.now() + 20_000)), 3);
    expect(screen.getByTestId('choosing').textContent).toBe(
      'Ben (punto) is choosing whether to draw…',
    );
    expect(screen.getAllByTestId('card').map((c) => c.dataset.face)).toEqual([
      'down',
      'down',
      'down',
      'down',
    ]);
    expect(screen.queryByTestId('choice-odds')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stand' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/Total \d/);
  });

  it('R16.3 the banker at 3 against a 9 gets his own choice, with its odds', () => {
    const avec = step(posted(BANKER_THREE_V_NINE), {
      type: 'call',
      seat: 2,
      call: { kind: 'avec-la-table' },
    });
    const closed = step(step(avec, { type: 'call', seat: 3, call: { kind: 'none' } }), {
      type: 'close-cover',
    });
    expect(closed.phase).toBe('banker-choice');
    const acts = show(tableView(coupView(closed)), 1, ownCards(closed, 'banker'));
    expect(screen.getByTestId('your-choice').textContent).toMatch(
      /on 3 against a third card of 9\? The rule would draw/,
    );
    expect(screen.getByTestId('choice-odds')).toBeTruthy();
    // A free choice: against the rule, the banker stands.
    fireEvent.click(screen.getByRole('button', { name: 'Stand' }));
    expect(acts.choose).toHaveBeenCalledWith('banker', 7, 'stand');
  });

  it('R17.2 the coup settled: its story in words, the cagnotte taken', () => {
    const banco = step(posted(PUNTO_FIVE), { type: 'call', seat: 2, call: { kind: 'banco' } });
    const settled = step(step(banco, { type: 'close-cover' }), {
      type: 'choose',
      seat: 2,
      option: 'stand',
    });
    expect(settled.phase).toBe('settled');
    show(
      tableView(null, {
        last: coupView(settled),
        offer: { kind: 'ride', seat: 1, amount: 19_500 },
      }),
      3,
    );
    const story = screen.getByTestId('coup-story').textContent ?? '';
    expect(story).toMatch(/Ana puts up a bank of 100/);
    expect(story).toMatch(/Banco! Ben 100 covers the whole bank/);
    expect(story).toMatch(/The punto stands on 5 by choice/);
    expect(story).toMatch(/The banker wins, 6 to 5\. The house takes its cagnotte: 5\./);
    expect(screen.getByTestId('offer').textContent).toBe(
      'Ana won: the bank of 195 rides, unless it passes.',
    );
  });

  it('R17.3 a banker who won may let it ride or pass it; R15.1 a fresh bank may be declined', () => {
    const ride = show(tableView(null, { offer: { kind: 'ride', seat: 1, amount: 19_500 } }), 1);
    fireEvent.click(screen.getByRole('button', { name: /Let it ride: 195/ }));
    expect(ride.post).toHaveBeenCalledWith(7, 19_500);
    fireEvent.click(screen.getByRole('button', { name: /Pass the bank/ }));
    expect(ride.pass).toHaveBeenCalled();
  });

  it('R15.1 the seat offered a fresh bank puts one up or declines it', () => {
    const fresh = show(tableView(null, { offer: { kind: 'fresh', seat: 2, declined: [1] } }), 2);
    expect(screen.getByTestId('offer').textContent).toBe(
      'The bank is offered to you (Ana declined it): put one up or decline it.',
    );
    fireEvent.change(screen.getByLabelText('Your bank'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Put up the bank' }));
    expect(fresh.post).toHaveBeenCalledWith(7, 25_000);
    fireEvent.click(screen.getByRole('button', { name: 'Decline the bank' }));
    expect(fresh.decline).toHaveBeenCalled();
  });
});

/** Defects found by playing from outside (issue 42, 7–9): each fails on the page before its fix. */
describe('the Chemin de Fer table tells a newcomer what happens', () => {
  const panelProps = (
    view: CheminDeFerView,
    you: number,
    extra: Partial<CheminTableProps>,
  ): CheminTableProps => ({
    view,
    cards: null,
    you,
    balance: 100_000,
    limits: RULES.limits,
    clockOffset: 0,
    name: (n: number) => NAMES[n] ?? `Seat ${n}`,
    actions: actions(),
    ...extra,
  });
  const settledOn = (cards: CardCode[], calls: cheminDeFer.CoupEvent[]) =>
    calls.reduce(step, posted(cards));

  it('T15.2 a riding bank left unanswered passes on, and its countdown says so', () => {
    show(
      tableView(null, {
        offer: { kind: 'ride', seat: 1, amount: 19_500 },
        offerUntil: Date.now() + 10_000,
      }),
      1,
    );
    const clock = screen.getByTestId('offer-clock').textContent ?? '';
    expect(clock).toMatch(/Then the bank passes to the next seat/);
    expect(clock).not.toMatch(/rides/);
  });

  it('between shoes the bank waits for the new shoe: said, and nothing to press', () => {
    const props = panelProps(
      tableView(null, { offer: { kind: 'ride', seat: 1, amount: 19_500 } }),
      1,
      { shuffling: true },
    );
    const { unmount } = render(<CheminPanel {...props} />);
    expect(screen.getByTestId('shuffling').textContent).toMatch(/new shoe is being shuffled/);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Let it ride/ }).disabled).toBe(
      true,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Pass the bank/ }).disabled).toBe(
      true,
    );
    unmount();
    render(<CheminPanel {...props} view={tableView(null)} you={1} />);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Put up the bank' }).disabled,
    ).toBe(true);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Decline the bank' }).disabled,
    ).toBe(true);
  });

  it('R16 the story names a drawn card in words and suit, as the card shows it', () => {
    const settled = settledOn(BANKER_THREE_V_NINE, [
      { type: 'call', seat: 2, call: { kind: 'banco' } },
      { type: 'close-cover' },
      { type: 'choose', seat: 1, option: 'stand' },
    ]);
    expect(settled.phase).toBe('settled');
    show(tableView(null, { last: coupView(settled) }), 3);
    const story = screen.getByTestId('coup-story').textContent ?? '';
    expect(story).toMatch(/The punto draws on 4[^.]*: the 9 of spades \(9♠\)\./);
    expect(story).not.toMatch(/9S/);
  });

  it('R17.2 the room’s cagnotte is stated at the table', () => {
    const props = panelProps(tableView(null), 3, { cagnottePercent: 5 });
    render(<CheminPanel {...props} />);
    expect(screen.getByTestId('cagnotte-rate').textContent).toBe(
      'The house takes a cagnotte of 5 % of what a bank wins.',
    );
  });

  it('R17.3 a banker who passed is told as passing, one who declined as declining', () => {
    const view = tableView(null, { offer: { kind: 'fresh', seat: 3, declined: [1, 2] } });
    expect(offerWords(view, (n) => NAMES[n]!, 4, 1)).toBe(
      'The bank is offered to Cleo (Ana passed it; Ben declined it).',
    );
    expect(offerWords(view, (n) => NAMES[n]!, 3, 1)).toBe(
      'The bank is offered to you (Ana passed it; Ben declined it): put one up or decline it.',
    );
  });

  it('R10.3 the burn card turned face up is shown, since the odds count it as seen', () => {
    const props = panelProps(tableView(null), 3, { burn: { shown: 'AS', burned: 1 } });
    render(<CheminPanel {...props} />);
    expect(screen.getByTestId('burn-card').textContent).toMatch(
      /burn card, face up: the ace of spades \(A♠\)\. The 1 burned under it stay unseen/,
    );
  });

  it('the coup’s result gets a banner, as a Punto Banco round’s does', () => {
    const settled = settledOn(PUNTO_FIVE, [
      { type: 'call', seat: 2, call: { kind: 'banco' } },
      { type: 'close-cover' },
      { type: 'choose', seat: 2, option: 'stand' },
    ]);
    show(tableView(null, { last: coupView(settled) }), 3);
    const banner = screen.getByTestId('result-banner');
    expect(banner.textContent).toBe('Banker wins 6 to 5');
    expect(banner.dataset.round).toBe('7');
    expect(banner.dataset.outcome).toBe('banker');
  });

  it('the top bar names the coup the story tells', () => {
    const settled = settledOn(PUNTO_FIVE, [
      { type: 'call', seat: 2, call: { kind: 'banco' } },
      { type: 'close-cover' },
      { type: 'choose', seat: 2, option: 'stand' },
    ]);
    const between = tableView(null, { last: coupView(settled), nextCoup: 8 });
    show(between, 3);
    expect(screen.getByRole('heading', { name: 'Coup 7' })).toBeTruthy();
    expect(coupWords(between)).toBe('coup 7 over');
    expect(coupWords(tableView(coupView(posted(PUNTO_FIVE))))).toBe('coup 7');
  });
});
