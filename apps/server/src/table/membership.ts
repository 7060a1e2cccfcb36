import { seatOf } from './seats.js';
import type { TableState } from './state.js';

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

  constructor(joinedBefore: Iterable<string> = []) {
    this.joinedBefore = new Set(joinedBefore);
  }

  watch(playerId: string): void {
    this.watchers.add(playerId);
  }

  unwatch(playerId: string): void {
    this.watchers.delete(playerId);
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
    const seated = new Set(state.seats.map((s) => s.player.id));
    return [...this.watchers].filter((id) => !seated.has(id)).length;
  }

  /** T9.4: whom a restarted table should remember as joined: stored with its state. */
  remembered(): string[] {
    return [...this.watchers, ...this.joinedBefore];
  }
}
