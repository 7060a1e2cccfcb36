/**
 * Where a table actor is in its life, as one value: every "may this still happen" reads it.
 *
 * - `open`: playing.
 * - `room-closed` (T11.7): the room closed itself; it answers like an unknown table, tells nobody
 *   anything more and arms no timer, but still answers snapshots and can be stopped.
 * - `stopping` (T9.7): the server is stopping; commands are refused while the last round is
 *   finished or voided; timers still run until it is `stopped`.
 * - `stopped`: no timer is armed and nothing new is started; the queue runs out.
 *
 * A stopped table keeps whether its room had closed: it still answers joins like an unknown
 * table's.
 */
export type Lifecycle =
  | { readonly kind: 'open' }
  | { readonly kind: 'room-closed' }
  | { readonly kind: 'stopping' }
  | { readonly kind: 'stopped'; readonly roomClosed: boolean };

export const OPEN: Lifecycle = { kind: 'open' };

/** T11.7: the room is closed (answered like an unknown table). */
export function roomIsClosed(life: Lifecycle): boolean {
  switch (life.kind) {
    case 'open':
      return false;
    case 'room-closed':
      return true;
    case 'stopping':
      return false;
    case 'stopped':
      return life.roomClosed;
    default:
      return unreachable(life);
  }
}

/** T9.7: the server is stopping: commands are refused with TABLE_CLOSING, retries stop. */
export function isStopping(life: Lifecycle): boolean {
  switch (life.kind) {
    case 'open':
    case 'room-closed':
      return false;
    case 'stopping':
    case 'stopped':
      return true;
    default:
      return unreachable(life);
  }
}

/** Whether the table may still arm a timer (a round timer, a seat hold, an idle close). */
export function armsTimers(life: Lifecycle): boolean {
  switch (life.kind) {
    case 'open':
    case 'stopping':
      return true;
    case 'room-closed':
    case 'stopped':
      return false;
    default:
      return unreachable(life);
  }
}

/**
 * T9.7: the stop begins; a table already stopping stays as it is. A closed room's timers are
 * already stopped, so it is stopped at once (its shutdown still runs through the reducer).
 */
export function beginStopping(life: Lifecycle): Lifecycle {
  switch (life.kind) {
    case 'open':
      return { kind: 'stopping' };
    case 'room-closed':
      return { kind: 'stopped', roomClosed: true };
    case 'stopping':
    case 'stopped':
      return life;
    default:
      return unreachable(life);
  }
}

/** Timers stop for good. */
export function stopped(life: Lifecycle): Lifecycle {
  return life.kind === 'stopped' ? life : { kind: 'stopped', roomClosed: roomIsClosed(life) };
}

/** T11.7: the room has closed itself; its timers stop (a stop under way carries on). */
export function roomClosed(life: Lifecycle): Lifecycle {
  switch (life.kind) {
    case 'open':
    case 'room-closed':
      return { kind: 'room-closed' };
    case 'stopping':
    case 'stopped':
      return { kind: 'stopped', roomClosed: true };
    default:
      return unreachable(life);
  }
}

function unreachable(life: never): never {
  throw new TypeError(`unknown lifecycle ${JSON.stringify(life)}`);
}

/** One table's lifecycle, shared by its parts: each reads it; the actor and its effects move it. */
export class TableLife {
  private life: Lifecycle = OPEN;

  get stopping(): boolean {
    return isStopping(this.life);
  }
  get roomClosed(): boolean {
    return roomIsClosed(this.life);
  }
  get armsTimers(): boolean {
    return armsTimers(this.life);
  }

  closeRoom(): void {
    this.life = roomClosed(this.life);
  }
  beginStopping(): void {
    this.life = beginStopping(this.life);
  }
  stop(): void {
    this.life = stopped(this.life);
  }
}
