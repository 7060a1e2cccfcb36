import { seatOf } from '../core/seats.js';
import type { TableState } from '../core/state.js';

/**
 * Who is at a table besides its seats: players with a live connection, players who had joined
 * before a restart (T9.4), and everyone a private room has let in (T11.1).
 */
export class Membership {
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

  constructor(joinedBefore: Iterable<string> = []) {
    this.joinedBefore = new Set(joinedBefore);
  }

  watch(playerId: string): void {
    if (this.watchers.has(playerId)) return;
    this.watchers.add(playerId);
    this.watcherChanges++;
  }

  unwatch(playerId: string): void {
    if (this.watchers.delete(playerId)) this.watcherChanges++;
  }

  /** Players connected right now. */
  get connected(): number {
    return this.watchers.size;
  }

  /** T11.1: a join the room accepted. */
  admit(playerId: string): void {
    this.members.add(playerId);
  }

  isMember(playerId: string): boolean {
    return this.members.has(playerId);
  }

  /** T9.4: seated here, or joined before a restart. */
  knows(state: TableState, playerId: string): boolean {
    return this.joinedBefore.has(playerId) || seatOf(state, playerId) !== undefined;
  }

  /** T11.2: a kicked player is nobody this table knows any more. */
  forget(playerId: string): void {
    this.joinedBefore.delete(playerId);
    this.members.delete(playerId);
  }

  /** Connected players without a seat. */
  spectators(state: TableState): number {
    // The state is immutable: the same seats list and no watcher change give the same count.
    const last = this.counted;
    if (last?.seats === state.seats && last.watchers === this.watcherChanges) {
      return last.spectators;
    }
    const seated = new Set(state.seats.map((s) => s.player.id));
    let spectators = 0;
    for (const id of this.watchers) if (!seated.has(id)) spectators++;
    this.counted = { seats: state.seats, watchers: this.watcherChanges, spectators };
    return spectators;
  }

  /** T9.4: whom a restarted table should remember as joined: stored with its state. */
  remembered(): string[] {
    return [...this.watchers, ...this.joinedBefore];
  }
}
