import type { TableGame } from './game.js';
import type { Reply, TableInput } from './inputs.js';
import {
  changeSettings,
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
import { runEveningCommand } from './evening/commands.js';
import { entryRecorded } from './evening/chips.js';
import { afterInput } from './evening/inputs.js';
import { holdExpired, playerAway, playerBack } from './presence.js';
import { onEffectFailed, onRoundVoided, resume, shutDown } from './recovery.js';
import { leaveSeat, takeSeat } from './seating.js';
import { contributeSeed, onShoeReady, shuffleShoe } from './shoe-flow.js';
import type { Effect, TableState } from './state.js';
import { Step } from './step.js';

export interface Reduced {
  readonly state: TableState;
  readonly effects: readonly Effect[];
  readonly reply: Reply | undefined;
}

/**
 * The table's round machine: a pure function of the state and one input (T2). The core runs
 * seats, presence, the room, the chat, the shoe's life and recovery; `game` everything else.
 */
export function reduce(state: TableState, input: TableInput, game: TableGame<Step>): Reduced {
  const step = new Step(state, input.now, game);
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
    case 'escrowed':
    case 'escrow-refused':
    case 'settled':
      game.ledger(step, input);
      break;
    case 'escrow-answers':
      for (const answer of input.answers) game.ledger(step, answer);
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
      if (!game.ledger(step, input)) onRoundVoided(step, input);
      break;
    case 'room-idle':
      closeIdleRoom(step);
      break;
    case 'room-chips-recorded':
      entryRecorded(step, input.key);
      break;
    case 'watchers':
      step.emit({ type: 'table.watchers', spectators: input.spectators });
      break;
    default: {
      const unknown: never = input;
      throw new TypeError(`unknown table input ${JSON.stringify(unknown)}`);
    }
  }
  afterInput(step, input);
  return step.result();
}

function runCommand(step: Step, input: Extract<TableInput, { type: 'command' }>): void {
  const { playerId, command, seating } = input;
  switch (command.name) {
    case 'seat.take':
      return takeSeat(step, playerId, command.payload, seating);
    case 'seat.leave':
      return leaveSeat(step, playerId, command.payload);
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
    default:
      if (runEveningCommand(step, playerId, command, input.evening)) return;
      return step.game.command(step, playerId, command, input.watcher);
  }
}

/** The table's one timer: the seeding window is the core's, every other deadline the game's. */
function onTimer(step: Step): void {
  step.cancelWakeUp();
  const { phase } = step.state;
  if (phase.kind === 'seeding') return shuffleShoe(step);
  if (phase.kind === 'waiting' || phase.kind === 'shuffling') return;
  step.game.timer(step);
}
