import type { ShoeReply } from '@banco/protocol';
import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { linkedRoundOf, useFocusLinkedRow } from './linked-round';
import { ShoeRounds } from './ShoeRounds';

/** Shoe 2 of a room: round 1 Player, round 2 called off, round 3 Banker. */
const record: ShoeReply = {
  id: 'shoe-2',
  tableId: 'r_room',
  number: 2,
  commitment: 'c',
  clientSeed: null,
  decks: 8,
  cut: 14,
  lastHand: 'plus-one',
  game: 'punto-banco',
  burnShown: null,
  startedAt: '2026-12-07T20:00:00.000Z',
  endedAt: null,
  serverSeed: null,
  rounds: [
    { number: 1, cards: ['9S', '2H', 'KC', '4D'], outcome: 'player', voided: false },
    { number: 2, cards: [], outcome: null, voided: true },
    { number: 3, cards: ['KS', '9H', 'QC', 'KD'], outcome: 'banker', voided: false },
  ],
  verification: null,
};

function Linked({ round, night = null }: { round: number | null; night?: number | null }) {
  const within = useRef<HTMLDivElement>(null);
  useFocusLinkedRow(within, round, true);
  return (
    <div ref={within}>
      <ShoeRounds record={record} linked={round} night={night} />
    </div>
  );
}

describe('a round linked from the recap (P8.11)', () => {
  it('reads the shoe and the round from the link, and nothing from a round that is no number', () => {
    expect(linkedRoundOf('?table=r_1&shoe=s_9&round=3&night=7')).toEqual({
      shoeId: 's_9',
      round: 3,
      night: 7,
    });
    expect(linkedRoundOf('?table=r_1&round=x3&night=2')).toEqual({
      shoeId: null,
      round: null,
      night: null,
    });
    expect(linkedRoundOf('?table=r_1&shoe=&round=0')).toEqual({
      shoeId: null,
      round: null,
      night: null,
    });
  });

  it('marks the round’s row, moves focus onto it and says so in words', () => {
    render(<Linked round={3} />);
    const row = document.getElementById('round-3')!;
    expect(row.getAttribute('aria-current')).toBe('location');
    expect(row.className).toContain('rounds__linked');
    expect(document.activeElement).toBe(row);
    expect(screen.getByTestId('linked-round').textContent).toBe(
      'Round 3 of shoe 2: Banker won. Its row is highlighted below.',
    );
    expect(document.getElementById('round-1')!.getAttribute('aria-current')).toBeNull();
  });

  it('names the round as the recap counted it too, and says why a called-off one has no row', () => {
    render(<Linked round={2} night={9} />);
    expect(screen.getByTestId('linked-round').textContent).toMatch(
      /^Round 9 of the night, round 2 of shoe 2 was called off/,
    );
    expect(document.querySelector('[aria-current]')).toBeNull();
  });
});
