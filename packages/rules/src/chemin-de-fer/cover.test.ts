import { describe, expect, it } from 'vitest';
import { checkCall, resolveCover, type SeatCall } from './cover.js';

const punters = [3, 4, 5, 1]; // banker at seat 2: seat order from his right, wrapping
const calls = (...list: [number, SeatCall['call']][]): SeatCall[] =>
  list.map(([seat, call]) => ({ seat, call }));

describe('R15 covering the bank', () => {
  it('R15.2 a stake is a whole number from 1 to the bank', () => {
    expect(checkCall({ kind: 'stake', amount: 500 }, 1000).ok).toBe(true);
    for (const amount of [0, -5, 1.5, 1001, Number.NaN]) {
      const r = checkCall({ kind: 'stake', amount }, 1000);
      expect(r.ok ? 'ok' : r.error.code).toBe('INVALID_STAKE');
    }
  });

  it('R15.3 Banco! covers the whole bank alone; the first banco caller in seat order takes it', () => {
    // Seat 1 called first in time but sits after seat 5 from the banker's right.
    const r = resolveCover(
      1000,
      punters,
      calls([1, { kind: 'banco' }], [4, { kind: 'stake', amount: 300 }], [5, { kind: 'banco' }]),
      null,
    );
    expect(r).toEqual({
      kind: 'banco',
      covers: [{ seat: 5, amount: 1000 }],
      covered: 1000,
      uncovered: 0,
      puntoSeat: 5,
    });
  });

  it('R15.3 the banco suivi has the first claim over any other banco', () => {
    const r = resolveCover(1000, punters, calls([3, { kind: 'banco' }], [1, { kind: 'banco' }]), 1);
    expect(r.covers).toEqual([{ seat: 1, amount: 1000 }]);
    // A claim not used gives nothing: the banco suivi who stays quiet leaves the others theirs.
    expect(resolveCover(1000, punters, calls([3, { kind: 'banco' }]), 1).puntoSeat).toBe(3);
  });

  it('R15.4 avec la table covers half, rounded up; stakes fill the other half in seat order', () => {
    const r = resolveCover(
      1001,
      punters,
      calls(
        [1, { kind: 'avec-la-table' }],
        [3, { kind: 'stake', amount: 200 }],
        [4, { kind: 'stake', amount: 900 }],
        [5, { kind: 'stake', amount: 100 }],
      ),
      null,
    );
    expect(r.kind).toBe('avec-la-table');
    expect(r.covers).toEqual([
      { seat: 3, amount: 200 },
      { seat: 4, amount: 300 },
      { seat: 1, amount: 501 },
    ]);
    expect(r.covered).toBe(1001);
    expect(r.puntoSeat).toBe(1);
  });

  it('R15.4 a second avec la table is a stake of half', () => {
    const r = resolveCover(
      1000,
      punters,
      calls([3, { kind: 'avec-la-table' }], [4, { kind: 'avec-la-table' }]),
      null,
    );
    expect(r.covers).toEqual([
      { seat: 3, amount: 500 },
      { seat: 4, amount: 500 },
    ]);
    expect(r.puntoSeat).toBe(3);
  });

  it('R15.5 stakes fill the bank in seat order; the overflow is cut; the rest goes back to the banker', () => {
    const full = resolveCover(
      1000,
      punters,
      calls(
        [1, { kind: 'stake', amount: 900 }],
        [3, { kind: 'stake', amount: 400 }],
        [5, { kind: 'stake', amount: 700 }],
      ),
      null,
    );
    expect(full.covers).toEqual([
      { seat: 3, amount: 400 },
      { seat: 5, amount: 600 },
    ]);
    expect(full.uncovered).toBe(0);
    const part = resolveCover(
      1000,
      punters,
      calls([4, { kind: 'stake', amount: 250 }], [5, { kind: 'none' }]),
      null,
    );
    expect(part).toEqual({
      kind: 'stakes',
      covers: [{ seat: 4, amount: 250 }],
      covered: 250,
      uncovered: 750,
      puntoSeat: 4,
    });
    const none = resolveCover(1000, punters, calls([4, { kind: 'none' }]), null);
    expect([none.covered, none.uncovered, none.puntoSeat]).toEqual([0, 1000, null]);
  });

  it('R15.6 the largest accepted stake plays the punto hand; the first in seat order among equals', () => {
    const r = resolveCover(
      1000,
      punters,
      calls(
        [1, { kind: 'stake', amount: 300 }],
        [4, { kind: 'stake', amount: 300 }],
        [5, { kind: 'stake', amount: 200 }],
      ),
      null,
    );
    expect(r.puntoSeat).toBe(4);
    const cut = resolveCover(
      1000,
      punters,
      calls([3, { kind: 'stake', amount: 700 }], [4, { kind: 'stake', amount: 1000 }]),
      null,
    );
    // Seat 4 offered more but only 300 of it was taken.
    expect(cut.puntoSeat).toBe(3);
  });
});
