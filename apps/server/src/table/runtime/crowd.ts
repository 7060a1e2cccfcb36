import type { AckError } from '@banco/protocol';
import { roomRefusal } from '../core/host-presence.js';
import { sameSeating, seatOf } from '../core/seats.js';
import type { TableState } from '../core/state.js';
import { joinFirst, type Admission } from './admission.js';
import type { TableLife } from './lifecycle.js';
import type { TableSteps } from './table-steps.js';
import type { TableTimers } from './table-timers.js';

/** T11.8: ROOM_IDLE_MINUTES' default. */
export const ROOM_IDLE_MS = 30 * 60_000;

export interface CrowdDeps {
  table: TableSteps;
  life: TableLife;
  timers: TableTimers;
  clock: () => number;
  /** T11.8: a room with no connection at all for this long closes. */
  roomIdleMs?: number;
  log?: { error(obj: unknown, msg?: string): void };
  /** T9.4: who had joined before a restart (stored with the state). */
  joinedBefore?: Iterable<string>;
}

/**
 * Who is at a table besides its seats, and who may come in: players with a live connection
 * (watchers, T1.8), players who had joined before a restart (T9.4), everyone a private room has
 * let in (T11.1); the watcher count the table announces, and a room's idle close (T11.8).
 */
export class Crowd {
  /** Players with at least one live connection here (the gateway counts their sockets). */
  private readonly watchers = new Set<string>();
  /** T9.4: their new sockets may ask for a snapshot without joining again. */
  private readonly joinedBefore: Set<string>;
  /** T11.1: a locked room still lets them back in. */
  private readonly members = new Set<string>();
  /** The last count of spectators and what it was counted from (the table asks every input). */
  private counted: { seats: TableState['seats']; watchers: number; spectators: number } | null =
    null;
  /** Bumped by every change to `watchers`, so a count can tell it is still current. */
  private watcherChanges = 0;
  /** T1.8: the watcher count the table last announced. */
  private announced = 0;
  /** T1.8: an announcement of the count waits in the queue. */
  private announcing = false;

  constructor(private readonly deps: CrowdDeps) {
    this.joinedBefore = new Set(deps.joinedBefore);
  }

  private get state(): TableState {
    return this.deps.table.current;
  }

  /** T1.5–T1.7: the gateway reports a player's first connection arriving or last one leaving. */
  presence(playerId: string, connected: boolean): void {
    if (connected) this.watch(playerId);
    else this.unwatch(playerId);
    // A closed room tells nobody anything more (T11.7).
    if (this.deps.life.roomClosed) return;
    this.announceWatchers();
    const { table, clock } = this.deps;
    void table
      .enqueue(() =>
        table.run({ type: connected ? 'player-back' : 'player-away', now: clock(), playerId }),
      )
      .catch((error: unknown) =>
        this.deps.log?.error(
          { err: error, table: this.state.tableId, playerId },
          'presence failed',
        ),
      );
  }

  /** A live connection of the player at this table (T11.8: the room is not idle). */
  watch(playerId: string): void {
    if (!this.watchers.has(playerId)) {
      this.watchers.add(playerId);
      this.watcherChanges++;
    }
    this.deps.timers.cancelIdle();
  }

  private unwatch(playerId: string): void {
    if (this.watchers.delete(playerId)) this.watcherChanges++;
    this.armIdleClose();
  }

  /** T11.8: with nobody connected, the room closes itself after the idle time. */
  armIdleClose(): void {
    const { timers, life, table, clock } = this.deps;
    if (!this.state.room || this.watchers.size > 0 || !life.armsTimers) return;
    timers.idleAfter(this.deps.roomIdleMs ?? ROOM_IDLE_MS, () => {
      if (this.watchers.size > 0) return;
      table.fire({ type: 'room-idle', now: clock() }, 'idle close failed');
    });
  }

  /**
   * A join the room accepts: the player is connected and, in a private room, let in from now
   * on (T11.1); else why not.
   */
  enter(playerId: string): AckError | null {
    const refused = this.entry(playerId);
    if (refused) return refused;
    this.watch(playerId);
    this.announceWatchers();
    if (this.state.room) this.members.add(playerId);
    return null;
  }

  /**
   * T11.1, T11.2, T11.7: whether a room lets this player join: not once it is closed (answered
   * like an unknown table), not if kicked, and when locked only if it had them already.
   */
  entry(playerId: string): AckError | null {
    const { state } = this;
    // The state says closed as soon as the close is reduced; the lifecycle follows only once the
    // shoe's seed is published, and a join in between must not hear that the room is closing.
    if (this.deps.life.roomClosed || state.room?.closed) {
      return { ok: false, code: 'UNKNOWN_TABLE', message: `no table ${state.tableId}` };
    }
    // Not the live connections: the gateway reports a joining socket's presence before its
    // join is judged, so a newcomer is already connected here; only an accepted join counts.
    const known = this.members.has(playerId) || this.knows(playerId);
    const refused = roomRefusal(state, playerId, known);
    return refused ? { ok: false, ...refused } : null;
  }

  /** T9.4: a player this table remembers (seated, or joined before a restart) may act at once. */
  admission(playerId: string): Admission {
    const refused = this.entry(playerId);
    if (refused || this.knows(playerId)) return refused;
    return joinFirst(this.state.tableId);
  }

  /** T9.4: seated here, or joined before a restart. */
  private knows(playerId: string): boolean {
    return this.joinedBefore.has(playerId) || seatOf(this.state, playerId) !== undefined;
  }

  /** T11.2: a kicked player is nobody this table knows any more. */
  forget(playerId: string): void {
    this.joinedBefore.delete(playerId);
    this.members.delete(playerId);
  }

  /** Connected players without a seat. */
  spectators(): number {
    const { seats } = this.state;
    // The same players seated and no watcher change give the same count. Every input asks, and
    // each bet brings a new seats list (its balance) with nobody moved.
    const last = this.counted;
    if (last && last.watchers === this.watcherChanges && sameSeating(last.seats, seats)) {
      last.seats = seats;
      return last.spectators;
    }
    const seated = new Set(seats.map((s) => s.player.id));
    let spectators = 0;
    for (const id of this.watchers) if (!seated.has(id)) spectators++;
    this.counted = { seats, watchers: this.watcherChanges, spectators };
    return spectators;
  }

  /** T9.4: whom a restarted table should remember as joined: stored with its state. */
  remembered(): string[] {
    return [...this.watchers, ...this.joinedBefore];
  }

  /** T1.8: tells the table when the count of watchers without a seat has changed. */
  announceWatchers(): void {
    if (this.announcing || !this.watchersChanged()) return;
    this.announcing = true;
    const { table, clock } = this.deps;
    // The count is read when the announcement's turn in the queue comes, not now: whoever came
    // or went meanwhile is in it, and a page that joined in between never hears an older count.
    void table
      .enqueue(async () => {
        this.announcing = false;
        if (!this.watchersChanged()) return;
        const spectators = this.spectators();
        this.announced = spectators;
        await table.run({ type: 'watchers', now: clock(), spectators });
      })
      .catch((error: unknown) =>
        this.deps.log?.error({ err: error, table: this.state.tableId }, 'watchers failed'),
      );
  }

  private watchersChanged(): boolean {
    const { life } = this.deps;
    if (life.stopping || life.roomClosed) return false;
    return this.spectators() !== this.announced;
  }
}
