import type { CommandPayload, Stake } from '@banco/protocol';
import {
  SPOTS,
  checkBet,
  stakeProblem,
  type RuleSet,
  type Spot,
  type StakeProblem,
} from '@banco/rules';
import type { Reply } from '../../core/inputs.js';
import { playsThisRound, seatAt, seatOf } from '../../core/seats.js';
import type { TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { RoundState, SeatBets } from './state.js';

type BettingPhase = Extract<TableState['phase'], { kind: 'betting' }>;

/** Checks phase, round and seat for a betting command; refuses on the step when they fail. */
function bettingSeat(
  step: Step,
  playerId: string,
  payload: { round: number; seat: number },
): { phase: BettingPhase; seat: number } | null {
  const { state } = step;
  const { phase } = state;
  if (phase.kind !== 'betting') {
    step.refuse('WRONG_PHASE', `bets are not open (the table is ${phase.kind})`);
    return null;
  }
  if (payload.round !== phase.round.seq) {
    step.refuse(
      'STALE_ROUND',
      `round ${payload.round} is not the round open for bets (${phase.round.seq})`,
    );
    return null;
  }
  const mine = seatOf(state, playerId);
  if (!mine) {
    step.refuse('NOT_SEATED', 'only seated players bet; take a seat first');
    return null;
  }
  if (mine.seat !== payload.seat) {
    const other = seatAt(state, payload.seat);
    step.refuse(
      other ? 'NOT_YOUR_SEAT' : 'NOT_SEATED',
      other ? `seat ${payload.seat} is someone else's` : `seat ${payload.seat} is empty`,
    );
    return null;
  }
  return { phase, seat: mine.seat };
}

const sameStakes = (a: readonly Stake[], b: readonly Stake[]) =>
  a.length === b.length && a.every((s, i) => s.spot === b[i]?.spot && s.amount === b[i]?.amount);

function stakeWords(problem: StakeProblem, spot: Spot, limit: { min: number; max: number }) {
  switch (problem) {
    case 'FRACTIONAL_CHIPS':
      return `${spot}: bets are whole chips (multiples of 100)`;
    case 'UNDER_MIN':
      return `${spot}: the minimum is ${limit.min / 100} chips`;
    case 'OVER_MAX':
      return `${spot}: the maximum is ${limit.max / 100} chips`;
  }
}

/** T3.2–T3.6: everything the server checks before a stake may leave the wallet. */
export function checkDraft(
  state: TableState,
  balance: number,
  bets: readonly Stake[],
): Extract<Reply, { ok: false }> | null {
  const refuse = (code: Extract<Reply, { ok: false }>['code'], message: string, spot?: Spot) =>
    spot === undefined
      ? ({ ok: false, code, message } as const)
      : ({ ok: false, code, message, spot } as const);
  const spots = new Set(bets.map((b) => b.spot));
  if (spots.size !== bets.length) return refuse('INVALID_PAYLOAD', 'each spot may appear once');
  const rules = state.settings.rules as RuleSet;
  for (const [i, bet] of bets.entries()) {
    const limit = state.settings.limits[bet.spot];
    const checked = checkBet({ id: String(i), spot: bet.spot, amount: bet.amount }, rules);
    if (!checked.ok && checked.error.code === 'SPOT_DISABLED') {
      return refuse('SPOT_DISABLED', checked.error.message, bet.spot);
    }
    if (!limit) return refuse('SPOT_DISABLED', `this table does not offer ${bet.spot}`, bet.spot);
    if (!checked.ok) return refuse('INVALID_PAYLOAD', checked.error.message);
    const problem = stakeProblem(bet.amount, limit);
    if (problem) return refuse(problem, stakeWords(problem, bet.spot, limit), bet.spot);
  }
  const total = bets.reduce((sum, bet) => sum + bet.amount, 0);
  if (total > balance) {
    return refuse(
      'INSUFFICIENT_BALANCE',
      `the bets total ${total / 100} chips; you have ${balance / 100}`,
    );
  }
  return null;
}

/**
 * T3.1, T3.7: one confirm carries the whole draft. A replay of the same id and bets is answered
 * again without moving a chip; anything else after a decision is refused.
 */
export function confirmBets(
  step: Step,
  playerId: string,
  payload: CommandPayload<'bets.confirm'>,
): void {
  if (replayConfirm(step, playerId, payload)) return;
  const found = bettingSeat(step, playerId, payload);
  if (!found) return;
  const { round } = found.phase;
  const earlier = round.bets.find((b) => b.playerId === playerId);
  if (earlier) {
    if (earlier.confirmId !== payload.confirmId) {
      return step.refuse('ALREADY_CONFIRMED', 'your bets for this round are confirmed and final');
    }
    if (!sameStakes(earlier.bets, payload.bets)) {
      return step.refuse('DUPLICATE_CONFIRM_ID', 'this confirm id was used for different bets');
    }
    const seat = seatOf(step.state, playerId)!;
    return step.succeed({ bets: stakesOf(earlier), balance: seat.balance, replayed: true });
  }
  if (round.noBet.includes(found.seat)) {
    return step.refuse('ALREADY_CONFIRMED', 'you declared no bet for this round');
  }
  const seat = seatOf(step.state, playerId)!;
  const refusal = checkDraft(step.state, seat.balance, payload.bets);
  if (refusal) return step.refuseWith(refusal);
  step.effect({
    type: 'escrow',
    roundId: round.roundId,
    seat: found.seat,
    playerId,
    confirmId: payload.confirmId,
    bets: payload.bets,
  });
}

/**
 * T3.7: a confirm resent after a lost ack is answered again for as long as its round is in
 * play, even once betting has closed, so a client never mistakes standing bets for refused ones.
 */
function replayConfirm(
  step: Step,
  playerId: string,
  payload: CommandPayload<'bets.confirm'>,
): boolean {
  const { phase } = step.state;
  if (!('round' in phase) || phase.kind === 'betting' || phase.round.seq !== payload.round) {
    return false;
  }
  const earlier = phase.round.bets.find(
    (b) => b.playerId === playerId && b.confirmId === payload.confirmId,
  );
  if (!earlier || !sameStakes(earlier.bets, payload.bets)) return false;
  const balance = seatOf(step.state, playerId)?.balance ?? 0;
  step.succeed({ bets: stakesOf(earlier), balance, replayed: true });
  return true;
}

const stakesOf = (bets: SeatBets): Stake[] =>
  bets.bets.map(({ spot, amount }) => ({ spot, amount }));

/**
 * The rules' own string for each spot. One that came parsed out of a message or a row is a
 * string of its own each bet, and the replay log keeps some 18 rounds of a table's confirms and
 * settlements, which carry it (docs/performance-log.md, "The heap the major GC marks").
 */
const SPOT_STRINGS = new Map<string, Spot>(SPOTS.map((spot) => [spot, spot]));
const withOwnSpot = <B extends { readonly spot: Spot }>(bet: B): B => {
  const spot = SPOT_STRINGS.get(bet.spot);
  // Equal strings compare equal whoever made them: the copy is made whenever the spot is known.
  return spot === undefined ? bet : Object.assign({}, bet, { spot });
};

/** The ledger took the stakes: the bets are on the layout (T3.8). */
export function recordBets(
  step: Step,
  escrowed: {
    seat: number;
    playerId: string;
    confirmId: string;
    bets: SeatBets['bets'];
    balance: number;
  },
): BettingPhase | null {
  const { phase } = step.state;
  if (phase.kind !== 'betting') return null;
  const seatBets: SeatBets = {
    seat: escrowed.seat,
    playerId: escrowed.playerId,
    confirmId: escrowed.confirmId,
    bets: escrowed.bets.map(withOwnSpot),
  };
  const round: RoundState = { ...phase.round, bets: [...phase.round.bets, seatBets] };
  const seats = step.state.seats.map((s) =>
    s.player.id === escrowed.playerId ? { ...s, balance: escrowed.balance } : s,
  );
  const next = { ...phase, round };
  step.update({ phase: next, seats });
  const stakes = stakesOf(seatBets);
  step.emit({
    type: 'bets.confirmed',
    round: round.seq,
    seat: escrowed.seat,
    bets: stakes,
    balance: escrowed.balance,
  });
  step.succeed({ bets: stakes, balance: escrowed.balance, replayed: false });
  return next;
}

export function declareNoBet(
  step: Step,
  playerId: string,
  payload: CommandPayload<'bets.none'>,
): BettingPhase | null {
  const found = bettingSeat(step, playerId, payload);
  if (!found) return null;
  const { phase, seat } = found;
  if (phase.round.bets.some((b) => b.playerId === playerId)) {
    step.refuse('ALREADY_CONFIRMED', 'your bets for this round are confirmed and final');
    return null;
  }
  if (phase.round.noBet.includes(seat)) {
    step.succeed();
    return null;
  }
  const next = { ...phase, round: { ...phase.round, noBet: [...phase.round.noBet, seat] } };
  step.update({ phase: next });
  step.emit({ type: 'bets.none', round: phase.round.seq, seat });
  step.succeed();
  return next;
}

/**
 * T2.3: betting closes early once every seated player has confirmed or declared no bet; an away
 * seat without bets counts as no bet (T1.5), so absent players never hold a round up.
 */
export function everyoneDecided(state: TableState, round: RoundState): boolean {
  return (
    state.seats.length > 0 &&
    state.seats.every(
      (s) =>
        round.noBet.includes(s.seat) ||
        round.bets.some((b) => b.playerId === s.player.id) ||
        !playsThisRound(s),
    )
  );
}
