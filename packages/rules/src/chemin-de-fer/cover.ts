/**
 * R15: who covers the bank, and for how much. The calls are gathered first and resolved when the
 * cover closes, so the order in which messages happen to arrive never decides who plays: seat
 * order does, after the first claims the rules give (banco suivi, Banco!, avec la table).
 */
import { err, ok, type Result } from '../result.js';

export type Seat = number;

/** R15.2: the calls a punter can make, for schemas that must list them. */
export const COVER_CALL_KINDS = ['banco', 'avec-la-table', 'stake', 'none'] as const;

export type CoverCall =
  | { readonly kind: 'banco' }
  | { readonly kind: 'avec-la-table' }
  | { readonly kind: 'stake'; readonly amount: number }
  | { readonly kind: 'none' };

export interface SeatCall {
  readonly seat: Seat;
  readonly call: CoverCall;
}

export type CoverKind = 'banco' | 'avec-la-table' | 'stakes';

export interface Cover {
  readonly seat: Seat;
  /** Accepted minor units; never more than the punter offered. */
  readonly amount: number;
}

export interface CoverResult {
  readonly kind: CoverKind;
  /** Accepted stakes in seat order (R15.2), each positive. */
  readonly covers: readonly Cover[];
  readonly covered: number;
  /** R15.5: what goes back to the banker. */
  readonly uncovered: number;
  /** R15.6: who holds the punto hand; null when nothing is covered. */
  readonly puntoSeat: Seat | null;
}

/** R15.4: the avec la table caller's half, rounded up so that no other stake can be larger. */
export const avecLaTableShare = (bank: number) => Math.ceil(bank / 2);

/** What a call offers against a bank of `bank` (R15.3, R15.4): banco the whole of it. */
export function offered(call: CoverCall, bank: number): number {
  switch (call.kind) {
    case 'banco':
      return bank;
    case 'avec-la-table':
      return avecLaTableShare(bank);
    case 'stake':
      return call.amount;
    case 'none':
      return 0;
  }
}

/** R15.2: a call is checked the moment it is made, so a bad one never reaches the cover. */
export function checkCall(call: CoverCall, bank: number): Result<CoverCall> {
  if (call.kind !== 'stake') return ok(call);
  if (!Number.isSafeInteger(call.amount) || call.amount <= 0 || call.amount > bank) {
    return err(
      'INVALID_STAKE',
      `a stake is a whole number of minor units from 1 to the bank (${bank}), got ${String(call.amount)}`,
    );
  }
  return ok(call);
}

/**
 * R15.3–R15.6. `punters` are in seat order from the banker's right; `calls` hold at most one
 * call per punter; `bancoSuivi` is the punter with the first claim to a banco, if any.
 */
export function resolveCover(
  bank: number,
  punters: readonly Seat[],
  calls: readonly SeatCall[],
  bancoSuivi: Seat | null,
): CoverResult {
  const callOf = new Map(calls.map((c) => [c.seat, c.call]));
  const inOrder = punters.filter((seat) => callOf.has(seat));
  const calling = (kind: CoverCall['kind']) =>
    inOrder.filter((seat) => callOf.get(seat)!.kind === kind);

  const bancos = calling('banco');
  if (bancos.length > 0) {
    const seat = bancoSuivi !== null && bancos.includes(bancoSuivi) ? bancoSuivi : bancos[0]!;
    return {
      kind: 'banco',
      covers: [{ seat, amount: bank }],
      covered: bank,
      uncovered: 0,
      puntoSeat: seat,
    };
  }

  const avec = calling('avec-la-table')[0];
  let left = bank;
  const accepted = new Map<Seat, number>();
  if (avec !== undefined) {
    accepted.set(avec, avecLaTableShare(bank));
    left -= avecLaTableShare(bank);
  }
  for (const seat of inOrder) {
    if (seat === avec || left === 0) continue;
    const take = Math.min(offered(callOf.get(seat)!, bank), left);
    if (take > 0) {
      accepted.set(seat, take);
      left -= take;
    }
  }
  const covers = inOrder
    .filter((seat) => accepted.has(seat))
    .map((seat) => ({ seat, amount: accepted.get(seat)! }));
  const largest = covers.reduce<Cover | null>(
    (best, c) => (best === null || c.amount > best.amount ? c : best),
    null,
  );
  return {
    kind: avec !== undefined ? 'avec-la-table' : 'stakes',
    covers,
    covered: bank - left,
    uncovered: left,
    puntoSeat: avec ?? largest?.seat ?? null,
  };
}
