import type { ShoeReply } from '@banco/protocol';
import type { CardCode, cheminDeFer } from '@banco/rules';
import { render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { shoeGameOf } from '../shoes/shoe-games';
import CheminShoeRounds from './CheminShoeRounds';

type Round = ShoeReply['rounds'][number];
/** A story as the rules module writes it (R14–R17's CoupStep), sent as JSON (P5.1, C6.3). */
const story = (steps: cheminDeFer.CoupStep[]) =>
  JSON.parse(JSON.stringify(steps)) as Round['story'];
/** A coup covered by a Banco!, dealt `punto` and `banker` (two cards each), then `played`. */
function coup(
  number: number,
  hands: { punto: string[]; banker: string[] },
  outcome: 'player' | 'banker',
  played: cheminDeFer.CoupStep[],
): Round {
  const thirds = played.flatMap((s) =>
    'card' in s && s.card ? [{ hand: s.hand, card: s.card }] : [],
  );
  const of = (hand: 'punto' | 'banker') => [
    ...hands[hand],
    ...thirds.filter((t) => t.hand === hand).map((t) => t.card),
  ];
  const cover = { kind: 'banco', covers: [{ seat: 2, amount: 20_000 }], covered: 20_000 } as const;
  return {
    number,
    cards: [...of('punto'), ...of('banker')],
    outcome,
    voided: false,
    story: story([
      { kind: 'covered', cover: { ...cover, uncovered: 0, puntoSeat: 2 } },
      { kind: 'dealt', ...(hands as { punto: CardCode[]; banker: CardCode[] }) },
      ...played,
    ]),
  };
}

const rounds: Round[] = [
  // Punto 2H 3D: 5, a free cell (R16.1), he stands; the banker's 5 draws on a standing punto
  // (R16.2, fixed): 4D, 9. Punto Banco's table would have had the punto draw on 5.
  coup(1, { punto: ['2H', '3D'], banker: ['KC', '5S'] }, 'banker', [
    { kind: 'stand', hand: 'punto', total: 5, cell: 'punto-5', by: 'choice', rule: 'R16.1' },
    { kind: 'draw', hand: 'banker', total: 5, card: '4D', by: 'table', rule: 'R16.2' },
    { kind: 'result', outcome: 'banker', punto: 5, banker: 9 },
  ]),
  // Punto 2C 2D: 4 draws 4S (fixed), 8; the banker's 5 against a 4 is his cell: he stands.
  coup(2, { punto: ['2C', '2D'], banker: ['KD', '5C'] }, 'player', [
    { kind: 'draw', hand: 'punto', total: 4, card: '4S', by: 'table', rule: 'R16.1' },
    {
      kind: 'stand',
      hand: 'banker',
      total: 5,
      puntoThird: 4,
      cell: 'banker-5-vs-4',
      by: 'choice',
      rule: 'R16.3',
    },
    { kind: 'result', outcome: 'player', punto: 8, banker: 5 },
  ]),
  // The punto's 5 left to the rule (R16.4): he draws; the banker, 3 against a 9, likewise.
  coup(3, { punto: ['3H', '2S'], banker: ['AD', '2D'] }, 'banker', [
    {
      kind: 'draw',
      hand: 'punto',
      total: 5,
      card: '9C',
      cell: 'punto-5',
      by: 'rule',
      rule: 'R16.1',
    },
    {
      kind: 'draw',
      hand: 'banker',
      total: 3,
      puntoThird: 9,
      card: '5H',
      cell: 'banker-3-vs-9',
      by: 'rule',
      rule: 'R16.3',
    },
    { kind: 'result', outcome: 'banker', punto: 4, banker: 8 },
  ]),
  coup(4, { punto: ['4H', '5D'], banker: ['2S', '3C'] }, 'player', [
    { kind: 'natural', hand: 'punto', total: 9 },
    { kind: 'result', outcome: 'player', punto: 9, banker: 5 },
  ]),
  { number: 5, cards: [], outcome: null, voided: true, story: null },
];

const record: ShoeReply = {
  id: 'shoe-1',
  tableId: 'r_chemin',
  number: 1,
  commitment: 'c',
  clientSeed: 'd',
  decks: 6,
  cut: 7,
  lastHand: 'finish-current',
  game: 'chemin-de-fer',
  burnShown: 'AS',
  startedAt: '2026-12-07T20:00:00.000Z',
  endedAt: '2026-12-07T21:00:00.000Z',
  serverSeed: 'e',
  rounds,
  verification: null,
};

const play = (n: number) =>
  within(screen.getByTestId(`chemin-coup-${n}`)).getByTestId('coup-play').textContent;
const result = (n: number) =>
  within(screen.getByTestId(`chemin-coup-${n}`)).getByTestId('coup-result').textContent;

describe('/shoes speaks Chemin de Fer (C6.1, C6.3)', () => {
  it('R16 each coup shows the punto and the banker, who drew or stood, and who decided', () => {
    render(<CheminShoeRounds record={record} linked={2} />);
    const first = screen.getByTestId('chemin-coup-1');
    expect(within(first).getByTestId('coup-punto').textContent).toMatch(/^\S+ \S+ \(5\)$/);
    expect(within(first).getByTestId('coup-banker').textContent).toMatch(/^\S+ \S+ \S+ \(9\)$/);
    expect(play(1)).toBe(
      "Punto stood on 5 by the punto's own choice. Banker drew on 5 by the drawing table",
    );
    expect(result(1)).toBe('Banker wins, 9 to 5');
    expect(play(2)).toBe(
      "Punto drew on 4 by the drawing table. Banker stood on 5 against a third card of 4 by the banker's own choice",
    );
    expect(result(2)).toBe('Punto wins, 8 to 5');
    expect(play(3)).toBe(
      'Punto drew on 5 by the rule, no choice made. Banker drew on 3 against a third card of 9 by the rule, no choice made',
    );
    expect(
      within(screen.getByTestId('chemin-coup-3')).getByTestId('coup-punto').textContent,
    ).toMatch(/\(4\)$/);
    expect(play(4)).toBe('Punto: natural 9');
    expect(result(4)).toBe('Punto wins, 9 to 5');
    expect(result(5)).toBe('Not dealt: every stake went back');
    expect(screen.getByTestId('chemin-coup-5').textContent).toContain('No card dealt');
    // Never Punto Banco's rows, whose fixed table has the punto draw on 5.
    expect(screen.queryByRole('columnheader', { name: 'Player' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Punto' })).toBeTruthy();
    const linked = screen.getByTestId('chemin-coup-2');
    expect(linked.getAttribute('aria-current')).toBe('location');
    expect(screen.getByTestId('linked-round').textContent).toBe(
      'Coup 2 of shoe 1: Punto wins, 8 to 5. Its row is highlighted below.',
    );
  });

  it('P5.1 a shoe in play has no story: its cards, not who chose, and a word on when', () => {
    const inPlay: ShoeReply = {
      ...record,
      serverSeed: null,
      endedAt: null,
      rounds: rounds.map((r) => ({ ...r, story: null })),
    };
    render(<CheminShoeRounds record={inPlay} linked={9} />);
    expect(screen.getByTestId('chemin-coup-1').textContent).toContain('Dealt');
    expect(play(1)).toBe('—');
    expect(result(1)).toBe('Banker wins');
    expect(screen.getByText(/published with the shoe’s seed/)).toBeTruthy();
    expect(screen.getByTestId('linked-round').textContent).toBe('Shoe 1 has no coup 9 to show.');
  });

  it("C6.1 a Chemin de Fer shoe's rows are its own, loaded with it; its re-run stays its own", async () => {
    const { Rounds, Check } = shoeGameOf('chemin-de-fer');
    render(
      <Suspense fallback={null}>
        <Rounds record={record} />
      </Suspense>,
    );
    expect(await screen.findByTestId('chemin-coups')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Bead plate/ })).toBeNull();
    expect(Check).toBeDefined();
  });
});
