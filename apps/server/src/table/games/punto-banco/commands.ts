import type { TableCommand } from '../../core/inputs.js';
import { hostRoom } from '../../core/host-controls.js';
import { seatOf } from '../../core/seats.js';
import type { Phase } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import { confirmBets, declareNoBet } from './betting.js';
import { closeBetting, closeBettingIfDecided, dealCards, nextRound } from './round-flow.js';
import { acceptShoe, passShoe, refuseShoe } from './shoe-passing.js';
import { puntoOf } from './state.js';
import { revealStep } from './turning.js';

/** T2–T5, T11.9, T12.3: the commands of a Punto Banco round. */
export function runPuntoCommand(step: Step, playerId: string, command: TableCommand): void {
  switch (command.name) {
    case 'bets.confirm':
      return confirmBets(step, playerId, command.payload);
    case 'bets.none':
      if (declareNoBet(step, playerId, command.payload)) closeBettingIfDecided(step);
      return;
    case 'shoe.pass':
      return passShoe(step, playerId);
    case 'shoe.accept':
      return acceptShoe(step, playerId);
    case 'shoe.refuse':
      return refuseShoe(step, playerId);
    case 'shoe.deal':
      return deal(step, playerId, command.payload.round);
    case 'cards.reveal':
      return reveal(step, playerId, command.payload.round);
    case 'bets.close':
      return closeBetsNow(step, playerId);
    case 'round.next':
      return nextRound(step, playerId);
    default:
      return step.refuse('WRONG_PHASE', `${command.name} is not played at a Punto Banco table`);
  }
}

/** The phase a dealing or turning command needs, for the round in play; refuses otherwise. */
function phaseInPlay<K extends 'dealing' | 'turning'>(
  step: Step,
  kind: K,
  round: number,
): Extract<Phase, { kind: K }> | null {
  const { phase } = step.state;
  if (phase.kind !== kind) {
    step.refuse('WRONG_PHASE', `the table is ${phase.kind}, not ${kind}`);
    return null;
  }
  const inPlay = phase as Extract<Phase, { kind: K }>;
  if ((phase as Extract<Phase, { kind: 'dealing' | 'turning' }>).round.seq !== round) {
    step.refuse('STALE_ROUND', `round ${round} is not in play`);
    return null;
  }
  return inPlay;
}

/** T2.4: the holder deals when bets have closed. */
function deal(step: Step, playerId: string, round: number): void {
  const phase = phaseInPlay(step, 'dealing', round);
  if (!phase) return;
  const seat = seatOf(step.state, playerId);
  if (!seat || seat.seat !== puntoOf(step.state).holder) {
    return step.refuse('NOT_SHOE_HOLDER', 'only the shoe holder deals');
  }
  step.succeed();
  dealCards(step, phase.round, seat.seat);
}

/** T5.3: the turner shows the cards before the window runs out. */
function reveal(step: Step, playerId: string, round: number): void {
  const phase = phaseInPlay(step, 'turning', round);
  if (!phase) return;
  const seat = seatOf(step.state, playerId);
  if (!seat || seat.seat !== phase.turner) {
    return step.refuse('NOT_TURNER', 'these cards are not yours to turn');
  }
  step.succeed();
  revealStep(step, phase.round, seat.seat);
}

/** T11.9: the host closes betting now, timed or not. */
function closeBetsNow(step: Step, playerId: string): void {
  if (!hostRoom(step, playerId)) return;
  if (step.state.phase.kind !== 'betting') {
    return step.refuse('WRONG_PHASE', `bets are not open (the table is ${step.state.phase.kind})`);
  }
  step.succeed();
  closeBetting(step);
}
