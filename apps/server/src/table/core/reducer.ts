import { confirmBets, declareNoBet, recordBets } from '../games/punto-banco/betting.js';
import type { Reply, TableInput } from './inputs.js';
import {
  bettingClock,
  closeBettingIfDecided,
  contributeSeed,
  dealCards,
  nextRound,
  onRoundOpened,
  onSettled,
  onShoeReady,
  shuffleShoe,
  startNextRound,
} from '../games/punto-banco/round-flow.js';
import {
  changeSettings,
  closeBetsNow,
  closeIdleRoom,
  closeRoom,
  kickPlayer,
  lockRoom,
  mutePlayer,
  pauseRoom,
  setWatchersWrite,
  transferHost,
} from './host-controls.js';
import { sendChat } from './chat.js';
import { holdExpired, playerAway, playerBack } from './presence.js';
import { onEffectFailed, onRoundVoided, resume, shutDown } from './recovery.js';
import { leaveSeat, takeSeat } from './seating.js';
import { seatOf } from './seats.js';
import { acceptShoe, passShoe, refuseShoe } from '../games/punto-banco/shoe-passing.js';
import type { Effect, Phase, TableState } from './state.js';
import { Step } from './step.js';
import { revealStep } from '../games/punto-banco/turning.js';
import { runCheminCommand } from '../games/chemin-de-fer/commands.js';
import { cheminClock, routeChemin } from '../games/chemin-de-fer/coup-flow.js';

export interface Reduced {
  readonly state: TableState;
  readonly effects: readonly Effect[];
  readonly reply: Reply | undefined;
}

/** The table's round machine: a pure function of the state and one input (T2). */
export function reduce(state: TableState, input: TableInput): Reduced {
  const step = new Step(state, input.now);
  // T15: a Chemin de Fer table's ledger answers drive its own coup.
  if (routeChemin(step, input)) return step.result();
  switch (input.type) {
    case 'command':
      runCommand(step, input);
      break;
    case 'timer':
      if (state.timer?.token === input.token) onTimer(step);
      break;
    case 'shoe-ready':
      onShoeReady(step, input);
      break;
    case 'round-opened':
      onRoundOpened(step, input);
      break;
    case 'escrowed':
      if (recordBets(step, input)) closeBettingIfDecided(step);
      break;
    case 'escrow-refused':
      step.refuse(input.code, input.message);
      break;
    case 'settled':
      onSettled(step, input);
      break;
    case 'player-away':
      playerAway(step, input.playerId);
      break;
    case 'player-back':
      playerBack(step, input.playerId);
      break;
    case 'hold-expired':
      holdExpired(step, input.playerId);
      break;
    case 'resume':
      resume(step);
      break;
    case 'shutdown':
      shutDown(step);
      break;
    case 'effect-failed':
      onEffectFailed(step, input);
      break;
    case 'round-voided':
      onRoundVoided(step, input);
      break;
    case 'room-idle':
      closeIdleRoom(step);
      break;
    case 'watchers':
      step.emit({ type: 'table.watchers', spectators: input.spectators });
      break;
    default: {
      const unknown: never = input;
      throw new TypeError(`unknown table input ${JSON.stringify(unknown)}`);
    }
  }
  return step.result();
}

function runCommand(step: Step, input: Extract<TableInput, { type: 'command' }>): void {
  const { playerId, command, seating } = input;
  switch (command.name) {
    case 'seat.take':
      return takeSeat(step, playerId, command.payload, seating);
    case 'seat.leave':
      return leaveSeat(step, playerId, command.payload);
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
    case 'shoe.seed':
      return contributeSeed(step, playerId, command.payload.seed);
    case 'room.lock':
      return lockRoom(step, playerId, command.payload.locked);
    case 'room.kick':
      return kickPlayer(step, playerId, command.payload.playerId);
    case 'room.settings':
      return changeSettings(step, playerId, command.payload.settings);
    case 'room.pause':
      return pauseRoom(step, playerId, command.payload.paused);
    case 'bets.close':
      return closeBetsNow(step, playerId);
    case 'room.host':
      return transferHost(step, playerId, command.payload.playerId);
    case 'room.close':
      return closeRoom(step, playerId);
    case 'room.chat':
      return setWatchersWrite(step, playerId, command.payload.watchersWrite);
    case 'room.mute':
      return mutePlayer(step, playerId, command.payload.playerId, command.payload.muted);
    case 'chat.send':
      return sendChat(step, playerId, command.payload, input.sender);
    case 'round.next':
      return nextRound(step, playerId);
    case 'chemin.bank.post':
    case 'chemin.cover':
    case 'chemin.punto.choose':
    case 'chemin.banker.choose':
    case 'chemin.bank.pass':
    case 'chemin.bank.decline':
      return runCheminCommand(step, playerId, command);
    default: {
      const unknown: never = command;
      throw new TypeError(`unknown command ${JSON.stringify(unknown)}`);
    }
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
  if (!seat || seat.seat !== step.state.holder) {
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

function onTimer(step: Step): void {
  const { phase } = step.state;
  step.cancelWakeUp();
  switch (phase.kind) {
    case 'betting':
      return bettingClock(step);
    case 'dealing':
      return dealCards(step, phase.round, null);
    case 'turning':
      return revealStep(step, phase.round, null);
    case 'result':
      return startNextRound(step);
    case 'seeding':
      return shuffleShoe(step);
    case 'chemin':
      return cheminClock(step);
    case 'waiting':
    case 'shuffling':
    case 'opening':
    case 'settling':
      return;
    default: {
      const unknown: never = phase;
      throw new TypeError(`unknown phase ${JSON.stringify(unknown)}`);
    }
  }
}
