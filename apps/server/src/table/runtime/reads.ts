import type { Ack, TableEvent, TableSnapshot } from '@banco/protocol';
import type { Reply } from '../core/inputs.js';
import { seatOf } from '../core/seats.js';
import { roomChips } from '../core/evening/evening-state.js';
import { eveningPart, eveningView } from '../core/evening/view.js';
import { snapshotOf } from '../core/snapshot.js';
import type { TableState } from '../core/state.js';
import type { Crowd } from './crowd.js';
import { EventLog } from './event-log.js';
import { followLastRound, type LastRound } from './last-round.js';
import type { TableLedger } from './table-ledger.js';
import type { TableOutbox } from './table-port.js';
import type { TableSteps } from './table-steps.js';

/** P2.13: how many recent events a table keeps for reconnecting clients (a few rounds' worth). */
export const REPLAY_EVENTS = 512;

export interface ReadsDeps {
  table: TableSteps;
  crowd: Crowd;
  outbox: TableOutbox;
  ledger: Pick<TableLedger, 'balanceOf' | 'balancesOf'>;
  clock: () => number;
}

/**
 * What a table tells those who ask rather than what it broadcasts: a join's and a snapshot's
 * view (one cached per state), a reconnecting client's missed events (P2.13), and how the last
 * round ended (P1.8), followed from the broadcasts it remembers.
 */
export class TableReads {
  /** P2.13: recent broadcasts, replayed to clients that reconnect. */
  private readonly log = new EventLog(REPLAY_EVENTS);
  /** P1.8: how the last round ended, for snapshots. */
  private lastRound: LastRound | null = null;
  private cache: { state: TableState; base: TableSnapshot } | null = null;

  constructor(private readonly deps: ReadsDeps) {}

  /** P2.13, P1.8: every broadcast is kept for clients that reconnect. */
  remember(event: TableEvent): void {
    this.log.push(event);
    this.lastRound = followLastRound(this.lastRound, event);
  }

  /** T11.1: a join the room accepts is answered with the player's view; else why not. */
  join(playerId: string): Ack<'table.join'> {
    const refused = this.deps.crowd.enter(playerId);
    if (refused) return refused;
    this.sendOwnFaces(playerId);
    return { ok: true, snapshot: this.snapshot(playerId) };
  }

  /**
   * One snapshot per table state, shared by every caller; only the viewer's own fields differ.
   * The state is immutable, so a new state is a new object and the cache cannot go stale.
   */
  snapshot(playerId: string): TableSnapshot {
    const state = this.deps.table.current;
    const now = this.deps.clock();
    if (this.cache?.state !== state) {
      this.cache = {
        state,
        base: snapshotOf(state, { playerId, spectators: 0, now }, this.deps.table.game),
      };
    }
    const mine = seatOf(state, playerId);
    return {
      ...this.cache.base,
      serverTime: now,
      spectators: this.deps.crowd.spectators(),
      you: { playerId, seat: mine?.seat ?? null },
      lastRound: this.lastRound,
      // P9.9: the evening is the viewer's own (the queue is the host's alone).
      ...eveningPart(state, playerId),
    };
  }

  /** P2.13: a resync the room accepts waits its turn in the queue; else why not. */
  resync(playerId: string, since: number): Ack<'table.resync'> | Promise<Reply> {
    const refused = this.deps.crowd.entry(playerId);
    if (refused) return refused;
    // Queued behind the player's return (the gateway reported it first), so they are back.
    return this.deps.table.enqueue(() => this.resyncNow(playerId, since));
  }

  /**
   * P2.13: the events a reconnecting client missed, or a snapshot when the log no longer
   * reaches back to its version; with its own seat, bets and balance either way. Its own faces
   * (the game's: a turner's peek, a hand's face-down cards) are sent again to it alone, while
   * they last.
   */
  private async resyncNow(playerId: string, since: number): Promise<Ack<'table.resync'>> {
    const { crowd, table } = this.deps;
    crowd.watch(playerId);
    crowd.announceWatchers();
    const state = table.current;
    const events = this.log.since(since, state.version);
    const snapshot = events ? null : this.snapshot(playerId);
    const seat = seatOf(state, playerId);
    const bets = table.game.stakesOf(state, playerId);
    this.sendOwnFaces(playerId);
    const balance = seat ? seat.balance : await this.unseatedBalance(state, playerId);
    return {
      ok: true,
      version: state.version,
      events,
      snapshot,
      you: {
        playerId,
        seat: seat?.seat ?? null,
        balance,
        bets: [...bets],
        away: seat?.awayUntil !== undefined,
      },
    };
  }

  /**
   * P2.13, T10.8: the chips a player who holds no seat has at this table. A room that plays room
   * chips plays their room stack there (none yet: 0), never their wallet, which stays outside.
   */
  private async unseatedBalance(state: TableState, playerId: string): Promise<number> {
    if (!roomChips(state)) return this.deps.ledger.balanceOf(playerId);
    const stacks = await this.deps.ledger.balancesOf([playerId], state.tableId);
    return stacks.get(playerId) ?? 0;
  }

  private sendOwnFaces(playerId: string): void {
    const { table } = this.deps;
    for (const message of table.game.ownFaces(table.current, playerId)) {
      this.deps.outbox.sendPrivate(playerId, message);
    }
    // P9.9: a page that catches up by events gets its own evening view as it stands.
    const state = table.current;
    const evening = eveningView(state, playerId);
    if (evening) {
      const { tableId, version } = state;
      this.deps.outbox.sendPrivate(playerId, { type: 'evening.you', tableId, version, evening });
    }
  }
}
