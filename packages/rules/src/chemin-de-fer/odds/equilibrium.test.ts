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
 * Checks an equilibrium without the solver's own reasoning: at the punto's p every banker set
 * plays a best reply (a mixed one only where he is indifferent), and when the punto mixes his
 * two pure options pay him the same against the banker's strategy. Floats suffice here: the
 * margins involved are far above double rounding, and the exact values are asserted elsewhere.
 */
function checkEquilibrium(
  counts: GameCounts,
  e: Equilibrium,
  cagnottePercent: number,
  free: (label: string) => boolean = () => true,
) {
  const p = num(e.puntoDraws);
  const keep = 1 - cagnottePercent / 100;
  const bankerPay = (c: OutcomeCounts) => keep * c.bankerWins - c.puntoWins;
  const puntoPay = (c: OutcomeCounts) => c.puntoWins - c.bankerWins;
  let puntoIfDraw = puntoPay(counts.natural);
  let puntoIfStand = puntoPay(counts.natural);
  counts.bankerInfo.forEach((info, i) => {
    const row = counts.cells[i]!;
    const y = num(e.bankerDraws.get(info.label)!);
    const fiveWeight = info.puntoThird === null ? 1 - p : p;
    const optionValue = (o: 0 | 1) => bankerPay(row[0]![o]) + fiveWeight * bankerPay(row[1]![o]);
    const gain = optionValue(0) - optionValue(1);
    const scale = counts.denominator * 1e-12;
    if (gain > scale && free(info.label)) expect(y, info.label).toBe(1);
    if (gain < -scale && free(info.label)) expect(y, info.label).toBe(0);
    const mixed = (c: 0 | 1) => y * puntoPay(row[c]![0]) + (1 - y) * puntoPay(row[c]![1]);
    // The punto's 5s lie in the "stood" sets when he stands and in the others when he draws.
    puntoIfDraw += mixed(0) + (info.puntoThird === null ? 0 : mixed(1));
    puntoIfStand += mixed(0) + (info.puntoThird === null ? mixed(1) : 0);
  });
  if (p > 0 && p < 1)
    expect(Math.abs(puntoIfDraw - puntoIfStand) / counts.denominator).toBeLessThan(1e-12);
  if (p === 1) expect(puntoIfDraw).toBeGreaterThanOrEqual(puntoIfStand);
  if (p === 0) expect(puntoIfStand).toBeGreaterThanOrEqual(puntoIfDraw);
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
