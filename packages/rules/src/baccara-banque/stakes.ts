/**
 * R22.3–R22.7: who stakes what against the bank. Calls are gathered while the stakes are open
 * and resolved together when they close, so the order messages happen to arrive in never
 * decides who plays: the turn round the table does (R22.3), after the claims to a banco
 * (R22.4). Watchers come after every seated punter, in the order they called (R22.6).
 */
import { err, ok, type Result } from '../result.js';
import { bancoOrder, sideOf, stakingOrder, TABLEAUX, type Seat, type Tableau } from './sides.js';

/** Where a stake lies: on one tableau, or "à cheval" across the line between them (R22.5). */
export const STAKE_SPOTS = ['right', 'left', 'cheval'] as const;
export type StakeSpot = (typeof STAKE_SPOTS)[number];

/** R22.4: a banco on one tableau, or half the bank on each. */
export const BANCO_SPOTS = ['right', 'left', 'halves'] as const;
export type BancoSpot = (typeof BANCO_SPOTS)[number];

export const STAKE_CALL_KINDS = ['stake', 'banco', 'banco-shared', 'none'] as const;

export type StakeCall =
  | { readonly kind: 'stake'; readonly on: StakeSpot; readonly amount: number }
  | { readonly kind: 'banco'; readonly on: BancoSpot }
  /** R22.4: half the bank on the caller's own tableau, with a punter of the other side. */
  | { readonly kind: 'banco-shared' }
  | { readonly kind: 'none' };

/** Who staked: a seated punter, or a watcher (seat null) where the room allows it. */
export interface Staker {
  readonly player: string;
  readonly seat: Seat | null;
}

export interface PlayerCall extends Staker {
  readonly call: StakeCall;
}

export interface Stake extends Staker {
  readonly on: StakeSpot;
  /** Accepted minor units, positive. */
  readonly amount: number;
}

export type CoverKind = 'banco' | 'banco-shared' | 'stakes';

export interface CoverResult {
  readonly kind: CoverKind;
  /** Accepted stakes in staking order (R22.3); what a settlement pays in turn (R24.3). */
  readonly stakes: readonly Stake[];
  /** R22.7: what each tableau has on it, à cheval stakes counted on both. */
  readonly onTableau: Readonly<Record<Tableau, number>>;
  /** R22.7: what each caller offered and was not taken, to go back before the deal. */
  readonly returned: readonly (Staker & { readonly amount: number })[];
}

/** What a call puts up against a bank of `bank`. */
export function offered(call: StakeCall, bank: number): number {
  switch (call.kind) {
    case 'stake':
      return call.amount;
    case 'banco':
      return bank;
    case 'banco-shared':
      return Math.ceil(bank / 2);
    case 'none':
      return 0;
  }
}

/** R22.3: a call is checked the moment it is made, so a bad one never reaches the cover. */
export function checkCall(call: StakeCall, caller: Staker, bank: number): Result<StakeCall> {
  switch (call.kind) {
    case 'stake':
      if (!STAKE_SPOTS.includes(call.on)) {
        return err('INVALID_SPOT', `a stake lies on right, left or cheval, got ${String(call.on)}`);
      }
      if (!Number.isSafeInteger(call.amount) || call.amount <= 0 || call.amount > bank) {
        return err(
          'INVALID_STAKE',
          `a stake is a whole number of minor units from 1 to the bank (${bank}), got ${String(call.amount)}`,
        );
      }
      return ok(call);
    case 'banco':
    case 'banco-shared':
      // R22.6: watchers only stake what the seated leave uncovered.
      if (caller.seat === null || sideOf(caller.seat) === null) {
        return err('BANCO_SEATED_ONLY', 'only a punter seated on a side may call banco');
      }
      if (call.kind === 'banco' && !BANCO_SPOTS.includes(call.on)) {
        return err('INVALID_SPOT', `a banco is on right, left or halves, got ${String(call.on)}`);
      }
      return ok(call);
    case 'none':
      return ok(call);
    default:
      return err('INVALID_CALL', 'a call is a stake, a banco, a shared banco or none');
  }
}

const halves = (bank: number) => ({ big: Math.ceil(bank / 2), small: Math.floor(bank / 2) });

function onTableauOf(stakes: readonly Stake[]): Record<Tableau, number> {
  const sum = (t: Tableau) =>
    stakes.reduce((s, k) => s + (k.on === t || k.on === 'cheval' ? k.amount : 0), 0);
  return { right: sum('right'), left: sum('left') };
}

function returnedOf(
  calls: readonly PlayerCall[],
  stakes: readonly Stake[],
  bank: number,
): CoverResult['returned'] {
  return calls
    .map((c) => {
      const taken = stakes
        .filter((s) => s.player === c.player)
        .reduce((sum, s) => sum + s.amount, 0);
      return { player: c.player, seat: c.seat, amount: offered(c.call, bank) - taken };
    })
    .filter((r) => r.amount > 0);
}

/** Seated calls in the turn of R22.3, then watchers' in the order they came (R22.6). */
function inTurn(calls: readonly PlayerCall[], banker: Seat): PlayerCall[] {
  const seated = calls.filter((c) => c.seat !== null && sideOf(c.seat) !== null);
  const order = stakingOrder(
    seated.map((c) => c.seat!),
    banker,
  );
  return [
    ...order.map((seat) => seated.find((c) => c.seat === seat)!),
    ...calls.filter((c) => !seated.includes(c)),
  ];
}

/**
 * R22.4–R22.7. `calls` hold at most one call per player, in the order they came; `banker` is the
 * banker's seat; `seated` the seated punters, whose places set the claims to a banco (the
 * callers' seats when not given).
 */
export function resolveStakes(
  bank: number,
  banker: Seat,
  calls: readonly PlayerCall[],
  seated: readonly Seat[] = [],
): CoverResult {
  const result = (kind: CoverKind, stakes: Stake[]): CoverResult => ({
    kind,
    stakes,
    onTableau: onTableauOf(stakes),
    returned: returnedOf(calls, stakes, bank),
  });
  const callers = calls.filter((c) => c.seat !== null && sideOf(c.seat) !== null);
  const places = [...seated, ...callers.map((c) => c.seat!)];
  const claims = bancoOrder(places, banker).flatMap((seat) =>
    callers.filter((c) => c.seat === seat),
  );

  // R22.4: a whole banco first, by the first claim.
  const banco = claims.find((c) => c.call.kind === 'banco');
  if (banco !== undefined && banco.call.kind === 'banco') {
    const who = { player: banco.player, seat: banco.seat };
    const { big, small } = halves(bank);
    const stakes: Stake[] =
      banco.call.on === 'halves'
        ? [
            { ...who, on: 'right', amount: big },
            ...(small > 0 ? [{ ...who, on: 'left' as const, amount: small }] : []),
          ]
        : [{ ...who, on: banco.call.on, amount: bank }];
    return result('banco', stakes);
  }

  // R22.4: a shared banco needs a punter of each side; each takes half on his own tableau.
  const sharers = TABLEAUX.map((t) =>
    claims.find((c) => c.call.kind === 'banco-shared' && sideOf(c.seat!) === t),
  );
  const [right, left] = sharers;
  if (right !== undefined && left !== undefined) {
    const { big, small } = halves(bank);
    const stakes: Stake[] = [
      { player: right.player, seat: right.seat, on: 'right', amount: big },
      ...(small > 0
        ? [{ player: left.player, seat: left.seat, on: 'left' as const, amount: small }]
        : []),
    ];
    return result('banco-shared', stakes);
  }

  // R22.5, R22.7: each tableau takes stakes up to the bank, in turn; à cheval takes room on both.
  const room: Record<Tableau, number> = { right: bank, left: bank };
  const stakes: Stake[] = [];
  for (const c of inTurn(calls, banker)) {
    let on: StakeSpot;
    let amount: number;
    if (c.call.kind === 'stake') {
      on = c.call.on;
      amount = c.call.amount;
    } else if (c.call.kind === 'banco-shared') {
      // A shared banco with nobody to share it is a stake of half on the caller's own tableau.
      on = sideOf(c.seat!)!;
      amount = halves(bank).big;
    } else continue;
    const free = on === 'cheval' ? Math.min(room.right, room.left) : room[on];
    const take = Math.min(amount, free);
    if (take <= 0) continue;
    if (on === 'cheval') {
      room.right -= take;
      room.left -= take;
    } else room[on] -= take;
    stakes.push({ player: c.player, seat: c.seat, on, amount: take });
  }
  return result('stakes', stakes);
}
