import type { RoomState } from '@banco/protocol';
import { roundStatus } from '@banco/rules';
import { closeEvening } from './evening/close.js';
import { seatKey } from './seats.js';
import { endShoe } from './shoe-end.js';
import type { RoomControl } from './state.js';
import type { Step } from './step.js';

/** P9: what everyone may know of a room's host controls. */
export function roomView(room: RoomControl | null): RoomState | null {
  if (!room) return null;
  return {
    hostPlayerId: room.hostPlayerId,
    hostName: room.hostName,
    locked: room.locked,
    paused: room.paused,
    closing: room.closing !== null,
    nextSettings: room.nextSettings,
    watchersWrite: room.watchersWrite,
    muted: [...room.muted],
  };
}

/** Changes the room and tells the table, with the settings when they changed too. */
export function updateRoom(step: Step, patch: Partial<RoomControl>, settingsChanged = false): void {
  const room = { ...step.state.room!, ...patch };
  step.update({ room });
  step.emit({
    type: 'room.updated',
    room: roomView(room)!,
    ...(settingsChanged ? { settings: step.state.settings } : {}),
  });
}

/** T11.3: the host's next settings take effect as a new shoe starts. */
export function applyNextSettings(step: Step): void {
  const next = step.state.room?.nextSettings;
  if (!next) return;
  step.update({ settings: next });
  updateRoom(step, { nextSettings: null }, true);
}

/**
 * T11.7, T11.8: the round is settled (or there was none): the shoe in play ends and its seed is
 * published, the table hears the room is closed, and whoever keeps rooms is told.
 */
export function finishClose(step: Step): void {
  const room = step.state.room!;
  step.cancelWakeUp();
  const shoe = step.state.shoe;
  // A shoe the cut card finished was ended with its last round (T7.3).
  if (shoe && roundStatus(shoe.state) !== 'finished') endShoe(step, { announce: true });
  closeEvening(step);
  // Everyone still seated leaves with the room, so the seat history closes as it opened (T1.4).
  for (const { seat, player } of step.state.seats) {
    step.emit({ type: 'seat.left', seat, playerId: player.id, reason: 'left' });
    step.effect({
      type: 'record-seat',
      seat,
      playerId: player.id,
      kind: 'LEAVE',
      key: seatKey(step),
    });
  }
  step.update({ seats: [], phase: { kind: 'waiting' }, room: { ...room, closed: true } });
  step.emit({ type: 'room.closed', reason: room.closing ?? 'host' });
  step.effect({ type: 'room-closed' });
}
