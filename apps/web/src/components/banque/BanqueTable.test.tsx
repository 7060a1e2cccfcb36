import type { SeatView } from '@banco/protocol';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BanqueCoup, BanqueModel, BankerValues } from '../../banque/model';
import { expectedChips } from '../../banque/words';
import { BanqueFelt } from './BanqueFelt';
import { BanquePanel, type BanqueActions } from './BanquePanel';

const NAMES: Record<number, string> = {
  1: 'Ana',
  2: 'Ben',
  3: 'Cleo',
  4: 'Dev',
  7: 'Eve',
  8: 'Fay',
};
const name = (n: number) => NAMES[n] ?? `Seat ${n}`;

const seats: SeatView[] = Object.entries(NAMES).map(([n, player]) => ({
  seat: Number(n),
  player: { id: `p${n}`, name: player },
  balance: 100_000,
  betting: 'open',
  awayUntil: null,
}));

function coup(over: Partial<BanqueCoup> = {}): BanqueCoup {
  return {
    coup: 3,
    bank: 40_000,
    cards: { right: [null, null], left: [null, null], banker: [null, null] },
    stakes: [
      { seat: 2, on: 'right', amount: 40_000, banco: true },
      { seat: 7, on: 'cheval', amount: 10_000, banco: false },
    ],
    story: [{ kind: 'dealt' }],
    results: { right: null, left: null },
    bankerNet: null,
    cagnotte: 0,
    nets: null,
    ...over,
  };
}

function model(over: Partial<BanqueModel> = {}): BanqueModel {
  return {
    banker: 1,
    bank: { now: 40_000, start: 50_000, cagnotte: 120, coups: 2 },
    sides: {
      right: { tableau: 'right', seats: [2, 3, 4], holder: 2 },
      left: { tableau: 'left', seats: [7, 8, 9], holder: 7 },
    },
    stage: { kind: 'banker-choice', deadline: null },
    coup: coup(),
    live: true,
    previous: null,
    house: { cagnottePercent: 1.25, decks: 6, watchersCover: true },
    ...over,
  };
}

const VALUES: BankerValues = {
  coup: 3,
  draw: { right: 1234.5, left: -500, cheval: 0, total: 734.5 },
  stand: { right: -2000, left: 900.25, cheval: 0, total: -1099.75 },
  rule: 'draw',
};

function actions(): BanqueActions {
  return {
    bid: vi.fn(),
    post: vi.fn(),
    decline: vi.fn(),
    stake: vi.fn(),
    banco: vi.fn(),
    bancoShared: vi.fn(),
    noStake: vi.fn(),
    holderChoose: vi.fn(),
    bankerChoose: vi.fn(),
    topUp: vi.fn(),
    retire: vi.fn(),
  };
}

const panel = (
  m: BanqueModel,
  you: number | null,
  extra: Partial<Parameters<typeof BanquePanel>[0]> = {},
) => {
  const a = actions();
  render(
    <BanquePanel
      model={m}
      you={you}
      yourSide={null}
      balance={100_000}
      values={null}
      holderTotal={null}
      clockOffset={0}
      name={name}
      actions={a}
      {...extra}
    />,
  );
  return a;
};

describe('the Baccara Banque felt', () => {
  it('lays out the banker, both tableaux with their holders, and what is staked on each', () => {
    render(
      <BanqueFelt model={model()} seats={seats} you={3} own={null} name={name} onSit={null} />,
    );
    expect(screen.getByTestId('banque-banker').textContent).toContain('Banker · Ana');
    expect(screen.getByTestId('bank-amount').dataset.minor).toBe('40000');
    expect(screen.getByTestId('bank-run').textContent).toBe(
      'Started the shoe with 500: −100 over 2 coups; cagnotte so far 1.20.',
    );
    expect(screen.getByTestId('holder-right').textContent).toContain('held by Ben');
    expect(screen.getByTestId('holder-left').textContent).toContain('held by Eve');
    expect(screen.getByTestId('staked-right').dataset.minor).toBe('40000');
    // À cheval is listed under both tableaux but counted on neither.
    expect(screen.getByTestId('staked-left').dataset.minor).toBe('0');
    expect(within(screen.getByTestId('side-left')).getByText(/Eve: 100 à cheval/)).toBeTruthy();
    expect(screen.getByTestId('banque-covered').textContent).toContain('à cheval 100');
  });

  it('shows a holder his own face-down cards and nobody else’s', () => {
    const own = { coup: 3, hand: 'right' as const, cards: ['2H', '3D'] };
    const { rerender } = render(
      <BanqueFelt model={model()} seats={seats} you={2} own={own} name={name} onSit={null} />,
    );
    expect(screen.getByTestId('total-right').textContent).toBe('Total 5');
    expect(screen.getByTestId('total-left').textContent).toBe('face down');
    expect(screen.getByTestId('total-banker').textContent).toBe('face down');
    // Another coup's cards are not this one's.
    rerender(
      <BanqueFelt
        model={model()}
        seats={seats}
        you={2}
        own={{ ...own, coup: 2 }}
        name={name}
        onSit={null}
      />,
    );
    expect(screen.getByTestId('total-right').textContent).toBe('face down');
  });

  it('offers the free seats of each half to a visitor', () => {
    const sit = vi.fn();
    render(
      <BanqueFelt model={model()} seats={seats} you={null} own={null} name={name} onSit={sit} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sit here: seat 9' }));
    expect(sit).toHaveBeenCalledWith(9);
  });
});

describe('the Baccara Banque panel', () => {
  it('shows the banker the exact value of each option, per tableau and in all, and sends his choice', () => {
    const a = panel(model(), 1, { values: VALUES });
    const draw = screen.getByTestId('value-draw');
    expect(
      within(draw)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['+12.35', '−5.00', '±0.00', '+7.35']);
    expect(draw.getAttribute('aria-label')).toBe(
      'Drawing: +12.35 against the right, −5.00 against the left, +7.35 in all',
    );
    fireEvent.click(screen.getByTestId('banker-stand'));
    expect(a.bankerChoose).toHaveBeenCalledWith('stand');
  });

  it('tells everyone else only that the banker is deciding', () => {
    panel(model(), 2, { values: null });
    expect(screen.getByTestId('banque-stage').textContent).toBe(
      'The banker is deciding whether to draw…',
    );
    expect(screen.queryByTestId('banker-values')).toBeNull();
    expect(screen.queryByTestId('banker-draw')).toBeNull();
  });

  it('gives the holder of a side on 5 the choice, and the others the wait', () => {
    const m = model({ stage: { kind: 'holder-choice', tableau: 'left', seat: 7, deadline: null } });
    const a = panel(m, 7, { holderTotal: 5 });
    fireEvent.click(screen.getByTestId('holder-stand'));
    expect(a.holderChoose).toHaveBeenCalledWith('stand');
    cleanup();
    // R23.3: on any other total he is asked too, and the rule decides.
    const b = panel(m, 7, { holderTotal: 3 });
    expect(screen.queryByTestId('holder-stand')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Draw on 3' }));
    expect(b.holderChoose).toHaveBeenCalledWith('draw');
  });

  it('lets a punter call Banco on a tableau or à cheval, or stake an amount', () => {
    const m = model({
      stage: { kind: 'staking', mayCall: true, closesAt: null },
      coup: coup({ stakes: [] }),
    });
    const a = panel(m, 3, { yourSide: 'right' });
    expect(screen.getByTestId('your-call').textContent).toContain('400 of the bank is still open');
    fireEvent.click(screen.getByTestId('banco-halves'));
    expect(a.banco).toHaveBeenCalledWith('halves');
    fireEvent.click(screen.getByTestId('banco-shared'));
    expect(a.bancoShared).toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('Left tableau'));
    fireEvent.change(screen.getByLabelText('Chips'), { target: { value: '25' } });
    fireEvent.click(screen.getByTestId('stake'));
    expect(a.stake).toHaveBeenCalledWith('left', 2_500);
  });

  it('R22.6 lets a watcher cover what the seated left, in the watchers’ turn, with a plain stake only', () => {
    const waiting = model({
      stage: { kind: 'staking', mayCall: false, closesAt: null, watcher: { turn: false } },
      coup: coup({ stakes: [] }),
    });
    panel(waiting, null, { balance: null });
    expect(screen.getByTestId('banque-stage').textContent).toContain(
      'once every one of them has called',
    );
    expect(screen.queryByTestId('watcher-cover')).toBeNull();
    cleanup();

    const turn = model({
      stage: {
        kind: 'staking',
        mayCall: true,
        closesAt: null,
        watcher: { turn: true, open: { right: 30_000, left: 40_000 } },
      },
      coup: coup({ stakes: [{ seat: 2, on: 'right', amount: 10_000, banco: false }] }),
    });
    const a = panel(turn, null, { balance: null });
    expect(screen.getByTestId('banque-stage').textContent).toBe(
      'Watchers’ turn: 300 is still open on the right tableau and 400 on the left. You may cover part of it.',
    );
    // No Banco for a watcher, and no "no stake": his one call is a stake.
    expect(screen.queryByTestId('banco-right')).toBeNull();
    expect(screen.queryByTestId('no-stake')).toBeNull();
    fireEvent.click(screen.getByLabelText('Left tableau'));
    fireEvent.change(screen.getByLabelText('Chips'), { target: { value: '250' } });
    const cover = screen.getByRole('button', {
      name: /Cover 250.* on the left tableau as a watcher/,
    });
    fireEvent.click(cover);
    expect(a.stake).toHaveBeenCalledWith('left', 25_000);
  });

  it('runs an auction: a seat bids within the room’s limits', () => {
    const m = model({
      banker: null,
      bank: null,
      coup: null,
      stage: {
        kind: 'auction',
        bids: [{ seat: 4, amount: 60_000 }],
        closesAt: null,
        min: 20_000,
        max: 200_000,
      },
    });
    const a = panel(m, 2);
    expect(screen.getByTestId('banque-stage').textContent).toContain('Highest bid: 600 by Dev');
    fireEvent.change(screen.getByLabelText('Your bid for the bank'), { target: { value: '700' } });
    fireEvent.click(screen.getByTestId('bid'));
    expect(a.bid).toHaveBeenCalledWith(70_000);
    fireEvent.change(screen.getByLabelText('Your bid for the bank'), { target: { value: '5000' } });
    expect((screen.getByTestId('bid') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks the banker of an empty bank to top it up or retire, and offers the next a take-over', () => {
    const a = panel(
      model({ stage: { kind: 'bank-dry', min: 20_000, max: null, deadline: null } }),
      1,
    );
    fireEvent.click(screen.getByTestId('top-up'));
    expect(a.topUp).toHaveBeenCalledWith(20_000);
    fireEvent.click(screen.getByTestId('retire'));
    expect(a.retire).toHaveBeenCalled();
    cleanup();
    const offer = model({
      stage: { kind: 'offer', how: 'take-over', seat: 3, closesAt: null, min: 20_000, max: null },
    });
    const b = panel(offer, 3);
    expect(screen.getByTestId('banque-stage').textContent).toMatch(/take the bank over/);
    fireEvent.change(screen.getByLabelText('Your bank'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('post-bank'));
    expect(b.post).toHaveBeenCalledWith('take-over', 30_000);
  });

  it('tells the coup’s story in words, a lone natural paid while the other plays on', () => {
    const m = model({
      live: false,
      stage: { kind: 'between', mayRetire: true },
      coup: coup({
        story: [
          { kind: 'stake', stake: { seat: 2, on: 'right', amount: 40_000, banco: true } },
          { kind: 'dealt' },
          { kind: 'natural', hand: 'right', total: 8, paid: true },
          { kind: 'draw', hand: 'left', total: 5, card: '4S', by: 'choice' },
          { kind: 'stand', hand: 'banker', total: 5, by: 'choice' },
          {
            kind: 'result',
            tableau: 'left',
            outcome: 'banker',
            tableauTotal: 0,
            bankerTotal: 5,
          },
          { kind: 'cagnotte', amount: 50 },
        ],
        cagnotte: 50,
      }),
    });
    panel(m, 1);
    const lines = within(screen.getByTestId('coup-story'))
      .getAllByRole('listitem')
      .map((l) => l.textContent);
    expect(lines).toEqual([
      'Coup 3.',
      'Ben: Banco! 400 on the right tableau.',
      'Two cards each to the right tableau, the left tableau and the banker, face down.',
      'The right tableau turns over a natural 8: it is paid now, and the other tableau plays on.',
      'The left tableau draws on 5 by choice: the 4 of spades (4♠).',
      'The banker stands on 5 by choice.',
      'The banker beats the left tableau, 5 to 0.',
      'The house takes its cagnotte: 0.50.',
    ]);
    expect(screen.getByTestId('retire').textContent).toBe('Retire with 400');
  });
});

describe('expected chips', () => {
  it('are signed, to the hundredth of a chip', () => {
    expect(expectedChips(0.4)).toBe('±0.00');
    expect(expectedChips(-1)).toBe('−0.01');
    expect(expectedChips(123_456)).toBe('+1234.56');
  });
});
