import { describe, expect, it } from 'vitest';
import { bankerDecision as puntoBancoBanker } from '../../tableau.js';
import { equilibria, type Equilibrium } from './equilibrium.js';
import { gameCounts, type GameCounts, type OutcomeCounts } from './game-counts.js';
import { formatRational, rational, roundDecimal, type Rational } from './rational.js';

const SIX_DECKS = [96, 24, 24, 24, 24, 24, 24, 24, 24, 24];
const infinite = gameCounts({
  source: { kind: 'infinite' },
  puntoSees: 'total',
  bankerSees: 'total',
});
const sixDeck = gameCounts({
  source: { kind: 'shoe', values: SIX_DECKS },
  puntoSees: 'total',
  bankerSees: 'composition',
});

function only(counts: GameCounts, cagnottePercent: number): Equilibrium {
  const found = equilibria({ counts, cagnottePercent, freedom: 'parlor' });
  expect(found).toHaveLength(1);
  return found[0]!;
}

const num = (r: Rational) => Number(r.num) / Number(r.den);

/**
 * Checks an equilibrium without the solver's own reasoning: at the punto's strategy every banker
 * set plays a best reply (a mixed one only where he is indifferent), and each of the punto's 5s
 * plays a best reply to the banker's strategy (a mixed one only where its two options pay the
 * same). Floats suffice here: the margins involved are far above double rounding, and the exact
 * values are asserted elsewhere.
 */
function checkEquilibrium(
  counts: GameCounts,
  e: Equilibrium,
  cagnottePercent: number,
  free: (label: string) => boolean = () => true,
) {
  const x = counts.puntoInfo.map((label) => num(e.puntoDrawsBy.get(label)!));
  const keep = 1 - cagnottePercent / 100;
  const bankerPay = (c: OutcomeCounts) => keep * c.bankerWins - c.puntoWins;
  const puntoPay = (c: OutcomeCounts) => c.puntoWins - c.bankerWins;
  const classDraw = x.map(() => 0);
  const classStand = x.map(() => 0);
  const scale = counts.denominator * 1e-12;
  counts.bankerInfo.forEach((info, i) => {
    const row = counts.cells[i]!;
    const y = num(e.bankerDraws.get(info.label)!);
    const stood = info.puntoThird === null;
    // The punto's 5s lie in the "stood" sets when they stand and in the others when they draw.
    const optionValue = (o: 0 | 1) =>
      x.reduce(
        (v, xk, k) => v + (stood ? 1 - xk : xk) * bankerPay(row[k + 1]![o]),
        bankerPay(row[0]![o]),
      );
    const gain = optionValue(0) - optionValue(1);
    if (gain > scale && free(info.label)) expect(y, info.label).toBe(1);
    if (gain < -scale && free(info.label)) expect(y, info.label).toBe(0);
    if (y > 0 && y < 1) expect(Math.abs(gain), info.label).toBeLessThan(scale);
    x.forEach((_, k) => {
      const mixed = y * puntoPay(row[k + 1]![0]) + (1 - y) * puntoPay(row[k + 1]![1]);
      if (stood) classStand[k] = classStand[k]! + mixed;
      else classDraw[k] = classDraw[k]! + mixed;
    });
  });
  x.forEach((xk, k) => {
    const label = counts.puntoInfo[k]!;
    if (xk > 0 && xk < 1)
      expect(Math.abs(classDraw[k]! - classStand[k]!), label).toBeLessThan(scale);
    if (xk === 1) expect(classDraw[k]!, label).toBeGreaterThanOrEqual(classStand[k]! - scale);
    if (xk === 0) expect(classStand[k]!, label).toBeGreaterThanOrEqual(classDraw[k]! - scale);
  });
}

describe('R18.2 the infinite-deck parlor game (Kemeny and Snell)', () => {
  it('R18.2 counts every deal: 13^6 ways, four ranks in thirteen count 0', () => {
    expect(infinite.denominator).toBe(13 ** 6);
    expect(infinite.bankerInfo).toHaveLength(88);
    const sumOf = (c: OutcomeCounts) => c.bankerWins + c.puntoWins + c.ties;
    // Every deal with no natural is in exactly one drew-set per punto draw, once per banker option.
    const option = (o: 0 | 1) =>
      infinite.cells.reduce(
        (s, row, i) =>
          s +
          sumOf(row[0]![o]) +
          (infinite.bankerInfo[i]!.puntoThird === null ? 0 : sumOf(row[1]![o])),
        0,
      );
    expect(sumOf(infinite.natural) + option(0)).toBe(13 ** 6);
    expect(sumOf(infinite.natural) + option(1)).toBe(13 ** 6);
  });

  it('R18.2 no cagnotte: the punto draws on 5 with probability 9/11; the game is worth +1.28 % to the banker', () => {
    const e = only(infinite, 0);
    expect(formatRational(e.puntoDraws)).toBe('9/11');
    expect(roundDecimal(e.bankerValue, 4)).toBe('0.0128');
    // Zero-sum without a cagnotte: what one side wins the other loses.
    expect(e.puntoValue).toEqual(rational(-e.bankerValue.num, e.bankerValue.den));
    // The banker's one mixed cell: 6 after the punto stood.
    expect(e.bankerMixes).toEqual(['6 v stood']);
    checkEquilibrium(infinite, e, 0);
  });

  it('R18.2 with a 5 % cagnotte the punto draws on 5 with probability 179/214', () => {
    const e = only(infinite, 5);
    expect(formatRational(e.puntoDraws)).toBe('179/214');
    checkEquilibrium(infinite, e, 5);
  });
});

describe('R18.3 a finite six-deck shoe (Downton–Lockwood model, solved in full by Ethier and Gámez)', () => {
  it('R18.3 counts 312·311·…·307 deals and 44 × 11 banker information sets', () => {
    expect(sixDeck.denominator).toBe(312 * 311 * 310 * 309 * 308 * 307);
    expect(sixDeck.bankerInfo).toHaveLength(484);
  });

  it('R18.3 the equilibrium is unique and passes an independent best-reply check', () => {
    for (const pct of [0, 5]) checkEquilibrium(sixDeck, only(sixDeck, pct), pct);
  });

  it('R18.3 the punto draws on 5 a little less often than in the infinite deck; the banker still has about 1.3 %', () => {
    const e = only(sixDeck, 0);
    // Our own exact figures (see RULES.md R18.3), pinned so a change to the engine shows.
    expect(formatRational(e.puntoDraws)).toBe('477191/592524');
    expect(formatRational(e.bankerValue)).toBe('974653793197999/75340147272374985');
    expect(roundDecimal(e.bankerValue, 6)).toBe('0.012937');
    expect(e.bankerMixes).toEqual(['6 (0+6) v stood']);
    expect(num(e.puntoDraws)).toBeLessThan(9 / 11);
    const withCagnotte = only(sixDeck, 5);
    expect(formatRational(withCagnotte.puntoDraws)).toBe('2372272/2881749');
    // The banker's mix is set by the punto's indifference, which the cagnotte does not touch.
    expect(withCagnotte.puntoValue).toEqual(e.puntoValue);
  });
});

describe('R13.1 the game counts agree with the Punto Banco engine', () => {
  it('R13.1 R16.4 playing every cell by the rule reproduces the eight-deck Punto Banco counts', () => {
    const counts = gameCounts({
      source: { kind: 'shoe', values: [128, 32, 32, 32, 32, 32, 32, 32, 32, 32] },
      puntoSees: 'total',
      bankerSees: 'total',
    });
    const total = {
      bankerWins: counts.natural.bankerWins,
      puntoWins: counts.natural.puntoWins,
      ties: counts.natural.ties,
    };
    counts.bankerInfo.forEach((info, i) => {
      const option = puntoBancoBanker(info.bankerTotal, info.puntoThird).draws ? 0 : 1;
      // The rule draws on 5, so the 5s are only ever in the sets where a third card came.
      const classes = info.puntoThird === null ? [0] : [0, 1];
      for (const c of classes) {
        const cell = counts.cells[i]![c]![option];
        total.bankerWins += cell.bankerWins;
        total.puntoWins += cell.puntoWins;
        total.ties += cell.ties;
      }
    });
    expect(total).toEqual({
      bankerWins: 2_292_252_566_437_888,
      puntoWins: 2_230_518_282_592_256,
      ties: 475_627_426_473_216,
    });
  });
});

describe('R18.4 the casino game: the banker free only at 3 v 9 and 5 v 4', () => {
  it('R18.4 drawing everywhere is the equilibrium, worth about +1.23 % (infinite) and +1.24 % (six decks) to the banker', () => {
    const sixByTotal = gameCounts({
      source: { kind: 'shoe', values: SIX_DECKS },
      puntoSees: 'total',
      bankerSees: 'total',
    });
    const [inf] = equilibria({ counts: infinite, cagnottePercent: 0, freedom: 'table' });
    const [six] = equilibria({ counts: sixByTotal, cagnottePercent: 0, freedom: 'table' });
    expect(formatRational(inf!.bankerValue)).toBe('4560/371293');
    expect(roundDecimal(inf!.bankerValue, 4)).toBe('0.0123');
    expect(roundDecimal(six!.bankerValue, 4)).toBe('0.0124');
    // Elsewhere the table binds him, even where it is not his best reply (4 v 1 is one).
    checkEquilibrium(infinite, inf!, 0, (label) => label === '3 v 9' || label === '5 v 4');
  });
});

describe('R18.3 the punto sees his two cards too (the model Ethier and Gámez solved for every d)', () => {
  const counts = gameCounts({
    source: { kind: 'shoe', values: SIX_DECKS },
    puntoSees: 'composition',
    bankerSees: 'composition',
  });

  it(
    'R18.3 six decks: the punto draws with 0+5, 6+9 and 7+8, stands with 2+3, mixes with 1+4',
    { timeout: 120_000 },
    () => {
      expect(counts.puntoInfo).toEqual(['0+5', '1+4', '2+3', '6+9', '7+8']);
      const e = only(counts, 0);
      const drawn = Object.fromEntries(
        [...e.puntoDrawsBy].map(([label, r]) => [label, formatRational(r)]),
      );
      expect(drawn).toEqual({
        '0+5': '1',
        '1+4': '35003/74880',
        '2+3': '0',
        '6+9': '1',
        '7+8': '1',
      });
      expect(e.bankerMixes).toEqual(['6 (0+6) v stood']);
      expect(roundDecimal(e.bankerValue, 4)).toBe('0.0128');
      checkEquilibrium(counts, e, 0);
    },
  );
});
