import { describe, expect, it } from 'vitest';
import { beadPlate } from './bead-plate.js';
import { roadRows } from './grid.js';
import type { RoadResult } from './road-result.js';

const plain = (outcome: RoadResult['outcome']): RoadResult => ({
  outcome,
  playerPair: false,
  bankerPair: false,
});

describe('R12.2 bead plate', () => {
  const shoe: RoadResult[] = [
    { outcome: 'banker', playerPair: false, bankerPair: true, playerTotal: 3, bankerTotal: 7 },
    plain('player'),
    plain('tie'),
    plain('banker'),
    { outcome: 'player', playerPair: true, bankerPair: false },
    { outcome: 'tie', playerPair: true, bankerPair: true },
    plain('banker'),
    plain('player'),
  ];

  it('R12.2 one bead per round, ties included, six down then the next column', () => {
    const plate = beadPlate(shoe);
    expect(plate.rows).toBe(6);
    expect(plate.width).toBe(2);
    expect(plate.beads.map((b) => [b.col, b.row, b.round, b.outcome])).toEqual([
      [0, 0, 0, 'banker'],
      [0, 1, 1, 'player'],
      [0, 2, 2, 'tie'],
      [0, 3, 3, 'banker'],
      [0, 4, 4, 'player'],
      [0, 5, 5, 'tie'],
      [1, 0, 6, 'banker'],
      [1, 1, 7, 'player'],
    ]);
  });

  it('R12.2 each bead carries its own pair marks and any totals it was given', () => {
    const beads = beadPlate(shoe).beads;
    expect(beads[0]).toEqual({
      col: 0,
      row: 0,
      round: 0,
      outcome: 'banker',
      playerPair: false,
      bankerPair: true,
      playerTotal: 3,
      bankerTotal: 7,
    });
    expect(Object.keys(beads[1]!)).not.toContain('playerTotal');
    expect(beads.map((b) => [b.playerPair, b.bankerPair])).toEqual([
      [false, true],
      [false, false],
      [false, false],
      [false, false],
      [true, false],
      [true, true],
      [false, false],
      [false, false],
    ]);
  });

  it('R12.2 a shorter plate wraps sooner', () => {
    const three = roadRows(3);
    if (!three.ok) throw new Error(three.error.message);
    const plate = beadPlate(shoe, three.value);
    expect(plate.width).toBe(3);
    expect(plate.beads.map((b) => [b.col, b.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 0],
      [2, 1],
    ]);
  });

  it('R12.1 R12.2 an empty shoe has an empty plate', () => {
    expect(beadPlate([])).toEqual({ rows: 6, width: 0, beads: [] });
  });
});
