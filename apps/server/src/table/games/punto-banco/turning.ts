import type { CardsPeek } from '@banco/protocol';
import { handTotal, type CardCode, type Side } from '@banco/rules';
import { isPresent, isSeated, seatAt } from '../../core/seats.js';
import type { TableState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import { handPositions, layoutOf } from './layout.js';
import { puntoOf, type RevealStep, type RoundState } from './state.js';
import { settleRound } from './settle-round.js';

/**
 * T5.1: Player's cards go to the seated player with the largest total Player stake, never the
 * shoe holder (the lower seat on equal stakes); nobody on Player → the house turns them.
 */
export function playerTurner(state: TableState, round: RoundState): number | null {
  let best: { seat: number; stake: number } | null = null;
  for (const seatBets of round.bets) {
    if (seatBets.seat === puntoOf(state).holder && !puntoOf(state).houseDeals) continue;
    const seat = seatAt(state, seatBets.seat);
    if (!seat || seat.player.id !== seatBets.playerId) continue;
    const stake = seatBets.bets.find((b) => b.spot === 'player')?.amount ?? 0;
    if (stake === 0) continue;
    if (!best || stake > best.stake || (stake === best.stake && seatBets.seat < best.seat)) {
      best = { seat: seatBets.seat, stake };
    }
  }
  return best?.seat ?? null;
}

/** T5.2: the shoe holder turns Banker's cards; the house does when it deals. */
export function bankerTurner(state: TableState): number | null {
  const { houseDeals, holder } = puntoOf(state);
  return !houseDeals && isSeated(state, holder) ? holder : null;
}

export function turnerFor(state: TableState, round: RoundState, hand: Side): number | null {
  return hand === 'player' ? playerTurner(state, round) : bankerTurner(state);
}

/**
 * T5.3: hands the next reveal step to its turner, who alone sees the faces until the reveal;
 * a house step is revealed at once. When every step is out, the round goes to settlement.
 */
export function turnOrReveal(step: Step, round: RoundState): void {
  const next = round.steps[round.revealed];
  if (!next) return settleRound(step, round);
  if (!step.state.settings.cardTurning) return revealByTable(step, round, next);
  const chosen = turnerFor(step.state, round, next.hand);
  // T1.5: an away player's turn is the house's at once.
  const turner = isPresent(step.state, chosen) ? chosen : null;
  if (turner === null) return revealStep(step, round, null);
  const deadline = step.now + step.state.settings.revealMs;
  step.update({ phase: { kind: 'turning', round, turner, deadline } });
  step.emit({
    type: 'turn.started',
    round: round.seq,
    hand: next.hand,
    stage: next.stage,
    turner,
    deadline,
    layout: layoutOf(round),
  });
  const playerId = seatAt(step.state, turner)!.player.id;
  step.effect({ type: 'private', playerId, message: peekFor(step.state, playerId)! });
  step.wakeAt(deadline);
}

/**
 * T11.10: without card turning nobody turns: the table reveals each step by itself, `revealMs`
 * after the last, and nobody sees a face before everybody does.
 */
function revealByTable(step: Step, round: RoundState, next: RevealStep): void {
  const { revealMs } = step.state.settings;
  if (revealMs === 0) return revealStep(step, round, null);
  const deadline = step.now + revealMs;
  step.update({ phase: { kind: 'turning', round, turner: null, deadline } });
  step.emit({
    type: 'turn.started',
    round: round.seq,
    hand: next.hand,
    stage: next.stage,
    turner: null,
    deadline,
    layout: layoutOf(round),
  });
  step.wakeAt(deadline);
}

/** P1.5: the faces the current turner may look at, for them alone; null for anyone else. */
export function peekFor(state: TableState, playerId: string): CardsPeek | null {
  const { phase } = state;
  if (phase.kind !== 'turning' || phase.turner === null) return null;
  if (seatAt(state, phase.turner)?.player.id !== playerId) return null;
  const { round } = phase;
  const next = round.steps[round.revealed]!;
  return {
    tableId: state.tableId,
    type: 'cards.peek',
    round: round.seq,
    hand: next.hand,
    stage: next.stage,
    cards: next.positions.map((p) => round.result!.dealt[p]!),
    deadline: phase.deadline,
  };
}

/** Turns the current step's cards face up for everyone. */
export function revealStep(step: Step, round: RoundState, by: number | null): void {
  const current = round.steps[round.revealed]!;
  const revealed: RoundState = { ...round, revealed: round.revealed + 1 };
  const result = round.result!;
  const positions = handPositions(revealed)[current.hand].filter((p) =>
    revealed.steps.slice(0, revealed.revealed).some((s) => s.positions.includes(p)),
  );
  const cards = positions.map((p) => result.dealt[p]!) as CardCode[];
  const why =
    current.stage === 'third'
      ? result.trace.find((t) => t.hand === current.hand && t.action === 'draw')
      : undefined;
  step.cancelWakeUp();
  step.emit({
    type: 'cards.revealed',
    round: round.seq,
    hand: current.hand,
    by,
    cards,
    total: handTotal(cards),
    layout: layoutOf(revealed),
    ...(why ? { why: { ...why } } : {}),
  });
  turnOrReveal(step, revealed);
}
