import { shoe } from '../testing/road-shoes.js';
import { describe, expect, it } from 'vitest';
import { bigRoad } from './big-road.js';
import { derivedMark, derivedRoad, type DerivedRoad } from './derived-roads.js';

function road(letters: string, lookback: 1 | 2 | 3): DerivedRoad {
  return derivedRoad(bigRoad(shoe(letters)), lookback);
}

/** Colours in the order the marks were made: r = red, b = blue. */
function marks(derived: DerivedRoad): string {
  return derived.columns
    .flatMap((column) => column.marks)
    .map((mark) => (mark.colour === 'red' ? 'r' : 'b'))
    .join('');
}

/** The drawing as text, one string per row; fails loudly if two marks share a cell. */
function picture(derived: DerivedRoad): string[] {
  const grid = Array.from({ length: derived.rows }, () => Array<string>(derived.width).fill('.'));
  for (const mark of derived.columns.flatMap((column) => column.marks)) {
    const line = grid[mark.row]!;
    if (line[mark.col] !== '.') throw new Error(`two marks at ${mark.col},${mark.row}`);
    line[mark.col] = mark.colour === 'red' ? 'r' : 'b';
  }
  return grid.map((line) => line.join('').replace(/\.+$/, '')).filter((line) => line !== '');
}

/*
 * A worked shoe. Big road columns (1-based, as in RULES.md), with the two ties left out:
 *   c1 B×3, c2 P×1, c3 B×2, c4 P×2, c5 B×4, c6 P×1, c7 B×1, c8 P×3
 * Round indices: T0 B1 B2 B3 P4 T5 B6 B7 P8 P9 B10 B11 B12 B13 P14 B15 P16 P17 P18.
 * Every mark below was worked out by hand from R12.9–R12.11.
 */
const WORKED = 'T BBB P T BB PP BBBB P B PPP';

describe('R12.8–R12.12 derived roads on a worked shoe', () => {
  it('R12.8 R12.9 R12.10 R12.11 Big Eye Boy (k = 1)', () => {
    // c2 ends after one row, so the first mark is c3 r1 (R12.9).
    // c3r1 1≠3 b | c3r2 p=1 r=2 b | c4r1 2≠1 b | c4r2 p=2 r | c5r1 2=2 r | c5r2 p=2 r
    // c5r3 b | c5r4 r | c6r1 4≠2 b | c7r1 1≠4 b | c8r1 1=1 r | c8r2 p=1 b | c8r3 r
    const bigEyeBoy = road(WORKED, 1);
    expect(bigEyeBoy.name).toBe('bigEyeBoy');
    expect(bigEyeBoy.lookback).toBe(1);
    expect(marks(bigEyeBoy)).toBe('bbbrrrbrbbrbr');
    expect(bigEyeBoy.columns.flatMap((c) => c.marks).map((m) => m.round)).toEqual([
      6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
    ]);
    expect(picture(bigEyeBoy)).toEqual(['brbrbrbr', 'br..b', 'br']);
  });

  it('R12.8 R12.9 R12.10 R12.11 Small Road (k = 2)', () => {
    // c3 has a second row, so the first mark is c3 r2 (R12.9).
    // c3r2 p=3 r | c4r1 2≠3 b | c4r2 p=1 b | c5r1 2≠1 b | c5r2 p=2 r | c5r3 b | c5r4 r
    // c6r1 4≠2 b | c7r1 1≠2 b | c8r1 1≠4 b | c8r2 p=1 b | c8r3 r
    const smallRoad = road(WORKED, 2);
    expect(smallRoad.name).toBe('smallRoad');
    expect(marks(smallRoad)).toBe('rbbbrbrbbbbr');
    expect(smallRoad.columns[0]!.marks[0]!.round).toBe(7);
    expect(picture(smallRoad)).toEqual(['rbrbrbr', '.b...b', '.b...b', '.....b']);
  });

  it('R12.8 R12.9 R12.10 R12.11 Cockroach Pig (k = 3)', () => {
    // c4 has a second row, so the first mark is c4 r2 (R12.9).
    // c4r2 p=3 r | c5r1 2≠3 b | c5r2 p=1 b | c5r3 r | c5r4 r | c6r1 4≠1 b | c7r1 1≠2 b
    // c8r1 1≠2 b | c8r2 p=4 r | c8r3 r
    const cockroachPig = road(WORKED, 3);
    expect(cockroachPig.name).toBe('cockroachPig');
    expect(marks(cockroachPig)).toBe('rbbrrbbbrr');
    expect(cockroachPig.columns.map((c) => c.colour)).toEqual([
      'red',
      'blue',
      'red',
      'blue',
      'red',
    ]);
    expect(cockroachPig.columns[0]!.marks[0]!.round).toBe(9);
    expect(picture(cockroachPig)).toEqual(['rbrbr', '.brbr', '...b']);
  });
});

describe('R12.9 where a derived road starts', () => {
  it('R12.9 column k + 1 reaches row 2: the first mark is that entry', () => {
    // Big Eye Boy: c2 r2 with p = len(c1) = 2 → red, made by round 3.
    expect(marks(road('BB P', 1))).toBe('');
    const bigEyeBoy = road('BB PP', 1);
    expect(marks(bigEyeBoy)).toBe('r');
    expect(bigEyeBoy.columns[0]!.marks[0]).toEqual({ colour: 'red', round: 3, col: 0, row: 0 });
    // Small Road: c3 r2 with p = len(c1) = 1 → r = p + 1 → blue.
    expect(marks(road('B P B', 2))).toBe('');
    expect(marks(road('B P BB', 2))).toBe('b');
  });

  it('R12.9 column k + 1 ends after one row: the first mark opens column k + 2', () => {
    // Big Eye Boy: c3 r1 compares c2 (1) with c1 (2) → blue.
    expect(marks(road('BB P B', 1))).toBe('b');
    // Cockroach Pig: c5 r1 compares c4 (1) with c1 (1) → red; nothing before it.
    expect(marks(road('P B P B', 3))).toBe('');
    const cockroachPig = road('P B P B P', 3);
    expect(marks(cockroachPig)).toBe('r');
    expect(cockroachPig.columns[0]!.marks[0]!.round).toBe(4);
  });

  it('R12.1 R12.9 no results, or only the first column, make no marks', () => {
    for (const lookback of [1, 2, 3] as const) {
      expect(road('', lookback).columns).toEqual([]);
      expect(road('TT BBBBBBB T', lookback).columns).toEqual([]);
    }
  });
});

describe('R12.8 R12.12 derived roads read logical columns and draw like the big road', () => {
  it('R12.8 a dragon tail on the big road does not change the lengths compared', () => {
    // Bankers 7, Players 6, Banker 1. Drawn, columns 0 and 1 both hold six cells, but the
    // logical lengths are 7 and 6. c2 r2..r6 sit within p = 7 → five reds; c3 r1 compares
    // 6 with 7 → blue, where the drawing would have suggested equal lengths.
    expect(marks(road('BBBBBBB PPPPPP B', 1))).toBe('rrrrrb');
  });

  it('R12.12 a long red run on a derived road bends into its own dragon tail', () => {
    // Twelve alternating results: twelve columns of one. Every Big Eye Boy mark compares
    // 1 with 1 → red, from c3 on: ten reds, six down then four along the bottom.
    const alternating = 'PBPBPBPBPBPB';
    expect(picture(road(alternating, 1))).toEqual(['r', 'r', 'r', 'r', 'r', 'rrrrr']);
    expect(picture(road(alternating, 2))).toEqual(['r', 'r', 'r', 'r', 'r', 'rrrr']);
    expect(picture(road(alternating, 3))).toEqual(['r', 'r', 'r', 'r', 'r', 'rrr']);
    const bigEyeBoy = road(alternating, 1);
    expect(bigEyeBoy.columns).toHaveLength(1);
    expect(bigEyeBoy.width).toBe(5);
  });
});

describe('R12.9–R12.11 derivedMark on its own', () => {
  it('R12.10 R12.11 colours from column lengths (0-based position in, 1-based rules)', () => {
    const lengths = [3, 1, 2];
    expect(derivedMark(lengths, 0, 2, 1)).toBeNull();
    expect(derivedMark(lengths, 1, 0, 1)).toBeNull();
    expect(derivedMark(lengths, 2, 0, 1)).toBe('blue'); // 1 ≠ 3
    expect(derivedMark(lengths, 2, 1, 1)).toBe('blue'); // r = 2 = p + 1, p = 1
    expect(derivedMark(lengths, 2, 2, 1)).toBe('red'); // r = 3 > p + 1
    expect(derivedMark(lengths, 2, 1, 2)).toBe('red'); // r = 2 ≤ p = 3
    expect(derivedMark(lengths, 3, 0, 1)).toBe('blue'); // 2 ≠ 1
    expect(derivedMark([2, 1, 2], 3, 0, 2)).toBe('red'); // 2 = 2
    expect(derivedMark([2, 1, 2], 3, 0, 3)).toBeNull(); // c3 r1 is before the Cockroach Pig
  });
});
