import type { RoadsView } from '@banco/protocol';
import { allRoads, askRoads, type RoadResult } from '@banco/rules';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Scoreboard from './Scoreboard';

const win = (outcome: RoadResult['outcome'], pairs: Partial<RoadResult> = {}): RoadResult => ({
  outcome,
  playerPair: false,
  bankerPair: false,
  ...pairs,
});

/** Built by hand: a tie before any win, B B, a tie, seven P (a dragon tail), B, P P, B. */
const SHOE: RoadResult[] = [
  win('tie'),
  win('banker', { bankerPair: true }),
  win('banker'),
  win('tie'),
  ...Array.from({ length: 7 }, (_, i) => win('player', { playerPair: i === 0 })),
  win('banker'),
  win('player'),
  win('player'),
  win('banker'),
];

const roadsOf = (results: RoadResult[]) =>
  JSON.parse(JSON.stringify(allRoads(results))) as RoadsView;

const cells = (testId: string, selector: string) =>
  [...screen.getByTestId(testId).querySelectorAll(selector)].map((g) => ({
    col: Number(g.getAttribute('data-col')),
    row: Number(g.getAttribute('data-row')),
  }));

describe('the scoreboard draws the rules package’s roads (R12)', () => {
  it('R12.2: the bead plate has one bead a round, ties included, six to a column, with pair dots', () => {
    render(<Scoreboard roads={roadsOf(SHOE)} naturals={null} />);
    const beads = [...screen.getByTestId('bead-plate').querySelectorAll('g.bead')];
    expect(beads.map((b) => b.getAttribute('data-outcome'))).toEqual(SHOE.map((r) => r.outcome));
    expect(cells('bead-plate', 'g.bead').slice(5, 8)).toEqual([
      { col: 0, row: 5 },
      { col: 1, row: 0 },
      { col: 1, row: 1 },
    ]);
    expect(beads[1]!.querySelector('.road__pair--banker')).not.toBeNull();
    expect(beads[4]!.querySelector('.road__pair--player')).not.toBeNull();
    expect(beads[2]!.querySelectorAll('.road__pair')).toHaveLength(0);
  });

  it('R12.3–R12.7: the big road carries ties as slashes and turns a seventh win right (dragon tail)', () => {
    render(<Scoreboard roads={roadsOf(SHOE)} naturals={null} />);
    const big = [...screen.getByTestId('big-road').querySelectorAll('g.big')];
    expect(big.map((g) => g.getAttribute('data-side'))).toEqual([
      'banker',
      'banker',
      ...Array(7).fill('player'),
      'banker',
      'player',
      'player',
      'banker',
    ]);
    // The opening tie moves onto the first circle; the second tie sits on the second Banker.
    expect(big.map((g) => g.getAttribute('data-ties'))).toEqual([
      '1',
      '1',
      ...Array<null>(11).fill(null),
    ]);
    expect(big[0]!.querySelector('.big__tie')).not.toBeNull();
    // Column 1 runs down six rows, then the seventh Player win turns right along row 5.
    expect(cells('big-road', 'g.big').slice(2, 9)).toEqual([
      { col: 1, row: 0 },
      { col: 1, row: 1 },
      { col: 1, row: 2 },
      { col: 1, row: 3 },
      { col: 1, row: 4 },
      { col: 1, row: 5 },
      { col: 2, row: 5 },
    ]);
    // The next column still opens at the top, right of the last opening (logical column 2).
    expect(cells('big-road', 'g.big')[9]).toEqual({ col: 2, row: 0 });
  });

  it('R12.8–R12.12: each derived road shows the marks the rules package laid out, in its own style', () => {
    const roads = roadsOf(SHOE);
    render(<Scoreboard roads={roads} naturals={null} />);
    for (const [name, style] of [
      ['bigEyeBoy', 'ring'],
      ['smallRoad', 'dot'],
      ['cockroachPig', 'slash'],
    ] as const) {
      const marks = [...screen.getByTestId(`road-${name}`).querySelectorAll('g.mark')];
      const expected = roads[name].columns.flatMap((c) => c.marks);
      expect(expected.length).toBeGreaterThan(0);
      expect(marks.map((m) => m.getAttribute('data-colour'))).toEqual(
        expected.map((m) => m.colour),
      );
      expect(cells(`road-${name}`, 'g.mark')).toEqual(
        expected.map(({ col, row }) => ({ col, row })),
      );
      expect(marks.every((m) => m.classList.contains(`mark--${style}`))).toBe(true);
    }
  });

  it('R12.13: the ask row is the rules package’s ask road, and asking draws the new marks on the roads', () => {
    const roads = roadsOf(SHOE);
    render(<Scoreboard roads={roads} naturals={null} />);
    const asked = askRoads(SHOE);
    const table = screen.getByTestId('ask-roads');
    for (const side of ['banker', 'player'] as const) {
      const row = screen.getByTestId(`ask-${side}`).closest('tr')!;
      for (const name of ['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const) {
        expect(row.querySelector(`td[data-road="${name}"]`)!.getAttribute('data-colour')).toBe(
          asked[side][name] ?? 'none',
        );
      }
    }
    expect(table).toBeTruthy();
    fireEvent.click(screen.getByTestId('ask-player'));
    const fresh = screen.getByTestId('big-road').querySelector('.road__ask')!;
    // A Player win after a Banker win opens a new column at the top.
    expect(fresh.getAttribute('data-side')).toBe('player');
    expect(fresh.getAttribute('data-row')).toBe('0');
    const eye = screen.getByTestId('road-bigEyeBoy').querySelector('.road__ask');
    expect(eye?.getAttribute('data-colour')).toBe(asked.player.bigEyeBoy);
    fireEvent.click(screen.getByTestId('ask-player'));
    expect(screen.getByTestId('big-road').querySelector('.road__ask')).toBeNull();
  });

  it('says the counts in words for screen readers, and that roads predict nothing', () => {
    render(<Scoreboard roads={roadsOf(SHOE)} naturals={3} />);
    expect(screen.getByTestId('road-summary').textContent).toBe(
      '15 rounds in this shoe: Banker 4, Player 9, Tie 2. Banker has won the last round. ' +
        'Longest runs: Banker 2, Player 7. Pairs: Player 1, Banker 1. Rounds with a natural: 3.',
    );
    expect(screen.getByText(/cannot tell you what comes next/)).toBeTruthy();
    // The derived roads' jargon, said in plain words beside them.
    expect(screen.getByTestId('derived-explained').textContent).toMatch(
      /do not show who won.*Red means yes, the pattern repeats; blue means no, it breaks/s,
    );
    expect(screen.getByRole('img', { name: /^Bead plate/ })).toBeTruthy();
  });

  it('after a Tie the summary says the last round was a Tie, not another win for the streak', () => {
    render(<Scoreboard roads={roadsOf([...SHOE, win('tie')])} naturals={null} />);
    const words = screen.getByTestId('road-summary').textContent;
    expect(words).toContain('The last round was a Tie; before it, Banker had won the round.');
    expect(words).not.toContain('Banker has won the last round');
    render(<Scoreboard roads={roadsOf([win('tie')])} naturals={null} />);
    expect(screen.getAllByTestId('road-summary')[1]!.textContent).toContain(
      '1 round in this shoe: Banker 0, Player 0, Tie 1. The last round was a Tie.',
    );
  });

  it('an empty shoe draws empty roads', () => {
    render(<Scoreboard roads={roadsOf([])} naturals={null} />);
    expect(screen.getByTestId('road-summary').textContent).toBe('No rounds yet in this shoe.');
    expect(screen.getByTestId('big-road').querySelectorAll('g.big')).toHaveLength(0);
  });
});
