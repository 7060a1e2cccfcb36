import { roomTableSettings, type RoomSettingsInput } from '@banco/protocol';
import { roundStatus } from '@banco/rules';
import { giveHost } from './host-presence.js';
import { applyNextSettings, updateRoom } from './room-life.js';
import { shuffleShoe, startNextRound } from './shoe-flow.js';
import { vacateSeat } from './seating.js';
import { seatOf } from './seats.js';
import type { Step } from './step.js';
import { hostRoom } from './host-room.js';
import { forgetRemovedPlayer } from './evening/removed.js';

export { hostRoom } from './host-room.js';

/** T11.1: a locked room lets nobody new in or down; who is in stays. */
export function lockRoom(step: Step, playerId: string, locked: boolean): void {
  const room = hostRoom(step, playerId);
  if (!room) return;
  step.succeed();
  if (room.locked !== locked) updateRoom(step, { locked });
}

/**
 * T11.2: the player loses their seat (their confirmed bets stand and settle as usual), leaves
 * the table, and may not come back while the room is open.
 */
export function kickPlayer(step: Step, playerId: string, target: string): void {
  const room = hostRoom(step, playerId);
  if (!room) return;
  if (target === playerId) {
    return step.refuse('INVALID_PAYLOAD', 'the host cannot remove themselves; hand over first');
  }
  step.succeed();
  if (room.kicked.includes(target)) return;
  step.update({ room: { ...room, kicked: [...room.kicked, target] } });
  const seat = seatOf(step.state, target);
  step.emit({ type: 'player.kicked', playerId: target, seat: seat?.seat ?? null });
  forgetRemovedPlayer(step, target);
  if (seat) vacateSeat(step, seat, 'kicked');
  step.effect({ type: 'eject', playerId: target });
}

/**
 * T11.3: settings the host changes take effect with the next shoe: at once when no shoe is in
 * play, otherwise when the cut card has ended this one.
 */
export function changeSettings(step: Step, playerId: string, input: RoomSettingsInput): void {
  const room = hostRoom(step, playerId);
  if (!room) return;
  // The input passed the room schema at the gateway (P8.2); the table's pace stays its own.
  const settings = roomTableSettings(input, step.state.settings);
  const highest = Math.max(0, ...step.state.seats.map((s) => s.seat));
  if (settings.seats < highest) {
    return step.refuse('INVALID_SETTING', `seats: seat ${highest} is taken`, 'seats');
  }
  // T10.8: the room's chips are its ledger accounts, made as it opened: they stay for the night.
  if ((settings.evening?.chips ?? 'wallet') !== (step.state.settings.evening?.chips ?? 'wallet')) {
    const message = 'evening.chips: a room keeps the chips it opened with';
    return step.refuse('INVALID_SETTING', message, 'evening.chips');
  }
  step.succeed();
  updateRoom(step, { nextSettings: settings });
  const shoe = step.state.shoe;
  const noShoeInPlay = shoe === null || roundStatus(shoe.state) === 'finished';
  if (step.state.phase.kind === 'waiting' && noShoeInPlay) applyNextSettings(step);
}

/** T11.4: a paused room opens no new round once the one in play is over; resuming opens one. */
export function pauseRoom(step: Step, playerId: string, paused: boolean): void {
  const room = hostRoom(step, playerId);
  if (!room) return;
  step.succeed();
  if (room.paused === paused) return;
  updateRoom(step, { paused });
  if (!paused && step.state.phase.kind === 'waiting') startNextRound(step);
}

/** T11.5: the host hands the room to a seated player. */
export function transferHost(step: Step, playerId: string, target: string): void {
  const room = hostRoom(step, playerId);
  if (!room) return;
  const seat = seatOf(step.state, target);
  if (!seat) return step.refuse('NOT_SEATED', 'the host passes only to a seated player');
  step.succeed();
  if (target !== room.hostPlayerId) giveHost(step, seat);
}

/** P11.7: the host lets watchers write in the chat, or only seated players again. */
export function setWatchersWrite(step: Step, playerId: string, watchersWrite: boolean): void {
  const room = hostRoom(step, playerId);
  if (!room) return;
  step.succeed();
  if (room.watchersWrite !== watchersWrite) updateRoom(step, { watchersWrite });
}

/** P11.7: a muted player still reads the chat and plays; they may not write in it. */
export function mutePlayer(step: Step, playerId: string, target: string, muted: boolean): void {
  const room = hostRoom(step, playerId);
  if (!room) return;
  if (target === playerId) {
    return step.refuse('INVALID_PAYLOAD', 'the host cannot mute themselves');
  }
  step.succeed();
  if (room.muted.includes(target) === muted) return;
  updateRoom(step, {
    muted: muted ? [...room.muted, target] : room.muted.filter((id) => id !== target),
  });
}

/** T11.7: the host closes the room. */
export function closeRoom(step: Step, playerId: string): void {
  if (!hostRoom(step, playerId)) return;
  step.succeed();
  beginClose(step, 'host');
}

/** T11.8: nobody has been connected for the idle time. */
export function closeIdleRoom(step: Step): void {
  const { room } = step.state;
  if (room && !room.closing) beginClose(step, 'idle');
}

/**
 * T11.7: the round in play finishes and settles first (the game says how: one with nothing at
 * stake is dropped). Then the room closes (startNextRound).
 */
export function beginClose(step: Step, reason: 'host' | 'idle'): void {
  updateRoom(step, { closing: reason, paused: false });
  const { phase } = step.state;
  if (phase.kind === 'waiting') return startNextRound(step);
  if (phase.kind === 'seeding') return shuffleShoe(step);
  // The database answer leads to startNextRound, which closes.
  if (phase.kind === 'shuffling') return;
  step.game.roomClosing(step);
}
