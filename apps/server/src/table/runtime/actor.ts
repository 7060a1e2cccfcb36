import type {
  Ack,
  AckError,
  CommandName,
  CommandPayload,
  RoomState,
  TableSnapshot,
} from '@banco/protocol';
import type { TableActorDeps } from './actor-deps.js';
import { senderToLookUp } from '../core/chat.js';
import { ConfirmBatch } from './confirm-batch.js';
import { EffectRetry, RETRY_DEFAULTS } from './effect-retry.js';
import { EffectRunner } from './effects.js';
import { EventLog } from './event-log.js';
import { followLastRound, type LastRound } from './last-round.js';
import { roomRefusal } from '../core/host-presence.js';
import type { Reply, TableCommand, TableInput } from '../core/inputs.js';
import {
  armsTimers,
  beginStopping,
  isStopping,
  OPEN,
  roomClosed,
  roomIsClosed,
  stopped,
  type Lifecycle,
} from './lifecycle.js';
import { Membership } from './membership.js';
import { SerialQueue } from './queue.js';
import { reduce, type Reduced } from '../core/reducer.js';
import { CLOSING, NO_ANSWER, ROOM_CLOSED } from './replies.js';
import { seatAt, seatOf } from '../core/seats.js';
import { snapshotOf } from '../core/snapshot.js';
import { startingState } from './starting-state.js';
import { StateSaver } from './state-saver.js';
import type { TableState } from '../core/state.js';
import { roundInPlay, shoeInPlay } from '../core/stored-state.js';
import { TableTimers } from './table-timers.js';
import type { HeldSeat, TablePort } from './table-port.js';
import { roomView } from '../core/room-life.js';
import type { TableGame } from '../core/game.js';
import type { Step } from '../core/step.js';

export type { TableActorDeps, TableObserver } from './actor-deps.js';

/** T11.8: ROOM_IDLE_MINUTES' default. */
export const ROOM_IDLE_MS = 30 * 60_000;

/** P2.13: how many recent events a table keeps for reconnecting clients (a few rounds' worth). */
export const REPLAY_EVENTS = 512;

/**
 * Runs one table: every command, timer and database answer goes through one queue, so the
 * reducer sees them strictly one at a time (T2.0), and carries out the reducer's effects.
 */
export class TableActor implements TablePort {
  private state: TableState;
  private life: Lifecycle = OPEN;
  private readonly queue = new SerialQueue();
  private readonly timers: TableTimers;
  private readonly members: Membership;
  private readonly clock: () => number;
  /** P2.13: recent broadcasts, replayed to clients that reconnect. */
  private readonly log = new EventLog(REPLAY_EVENTS);
  private snapshotCache: { state: TableState; base: TableSnapshot } | null = null;
  /** T1.8: the watcher count the table last announced. */
  private announcedSpectators = 0;
  /** T1.8: an announcement of the count waits in the queue. */
  private watchersDue = false;
  /** P1.8: how the last round ended, for snapshots. */
  private lastRound: LastRound | null = null;
  /** What the game is already working out ahead (workAheadSoon). */
  private workedAheadFor: object | null = null;
  /** Effects (and saves) that keep failing, by type: the table is degraded while any is here. */
  private readonly failing = new Map<string, string>();
  private readonly saver: StateSaver;
  private readonly effects: EffectRunner;
  private readonly retry: EffectRetry;
  private readonly confirms: ConfirmBatch;

  static async start(deps: TableActorDeps): Promise<TableActor> {
    const { state, restored, game } = await startingState(deps);
    const actor = new TableActor(deps, state, restored, game);
    if (restored) {
      void actor
        .enqueue(() => actor.run({ type: 'resume', now: actor.clock() }))
        .catch((error: unknown) =>
          deps.log?.error({ err: error, table: deps.table.id }, 'table could not resume'),
        );
    }
    return actor;
  }

  private constructor(
    private readonly deps: TableActorDeps,
    initial: TableState,
    restored: { floor: number; joinedBefore: readonly string[] } | null,
    /** The game the table plays, chosen from its settings as it started. */
    private readonly game: TableGame<Step>,
  ) {
    this.state = initial;
    this.clock = deps.clock ?? Date.now;
    this.timers = new TableTimers(this.clock);
    this.members = new Membership(restored?.joinedBefore);
    const { table, ledger, log } = deps;
    this.saver = new StateSaver(
      { tableId: table.id, ledger, game, failing: this.failing, ...(log ? { log } : {}) },
      restored?.floor,
    );
    this.effects = new EffectRunner(deps, {
      settings: () => this.state.settings,
      remember: (event) => {
        this.log.push(event);
        this.lastRound = followLastRound(this.lastRound, event);
      },
      schedule: (token, at) => this.schedule(token, at),
      hold: (playerId, at) => this.hold(playerId, at),
      forget: (playerId) => this.members.forget(playerId),
      roomClosed: () => {
        this.life = roomClosed(this.life);
        this.timers.stop();
      },
    });
    this.retry = new EffectRetry({
      tableId: table.id,
      policy: {
        firstMs: deps.retryMs ?? RETRY_DEFAULTS.firstMs,
        maxMs: deps.retryMaxMs ?? RETRY_DEFAULTS.maxMs,
        attempts: deps.retryAttempts ?? RETRY_DEFAULTS.attempts,
      },
      clock: this.clock,
      execute: (effect) => this.effects.execute(effect),
      failing: this.failing,
      later: (job) =>
        void this.enqueue(async () => {
          const answer = await job();
          if (answer) await this.run(answer);
        }).catch((error: unknown) =>
          log?.error({ err: error, table: table.id }, 'database effect retry failed'),
        ),
      stopping: () => isStopping(this.life),
      ...(log ? { log } : {}),
    });
    this.confirms = new ConfirmBatch(this.queue, {
      refusal: () => (isStopping(this.life) ? CLOSING : null),
      reduce: (input) => this.reduceInput(input),
      carryOut: (reduced) => this.carryOut(reduced),
      run: (input) => this.run(input),
      escrowAll: (effects) => this.effects.escrowAll(effects),
      clock: this.clock,
    });
    // Away seats (a restored table's, T1.6) are freed when their hold ends.
    for (const seat of initial.seats) {
      if (seat.awayUntil !== undefined) this.hold(seat.player.id, seat.awayUntil);
    }
    this.holdHost();
    this.armIdleClose();
  }

  /** T11.6: the host's hold, armed for a table that starts without them. */
  private holdHost(): void {
    const room = this.state.room;
    if (room?.hostAwayUntil != null && !room.closed) {
      this.hold(room.hostPlayerId, room.hostAwayUntil);
    }
  }

  /** A live connection of the player at this table (T11.8: the room is not idle). */
  private watch(playerId: string): void {
    this.members.watch(playerId);
    this.timers.cancelIdle();
  }

  private unwatch(playerId: string): void {
    this.members.unwatch(playerId);
    this.armIdleClose();
  }

  /** T11.8: with nobody connected, the room closes itself after the idle time. */
  private armIdleClose(): void {
    if (!this.state.room || this.members.connected > 0 || !armsTimers(this.life)) return;
    this.timers.idleAfter(this.deps.roomIdleMs ?? ROOM_IDLE_MS, () => {
      if (this.members.connected > 0) return;
      this.fire({ type: 'room-idle', now: this.clock() }, 'idle close failed');
    });
  }

  /**
   * T11.1, T11.2, T11.7: whether a room lets this player join: not once it is closed (answered
   * like an unknown table), not if kicked, and when locked only if it had them already.
   */
  entryRefusal(playerId: string): AckError | null {
    // The state says closed as soon as the close is reduced; the lifecycle follows only once the
    // shoe's seed is published, and a join in between must not hear that the room is closing.
    if (roomIsClosed(this.life) || this.state.room?.closed) {
      return { ok: false, code: 'UNKNOWN_TABLE', message: `no table ${this.id}` };
    }
    // Not the live connections: the gateway reports a joining socket's presence before its
    // join is judged, so a newcomer is already connected here; only an accepted join counts.
    const known = this.members.isMember(playerId) || this.knows(playerId);
    const refused = roomRefusal(this.state, playerId, known);
    return refused ? { ok: false, ...refused } : null;
  }

  get id() {
    return this.state.tableId;
  }
  get name() {
    return this.state.name;
  }
  get settings() {
    return this.state.settings;
  }
  /** For tests and diagnostics: the reducer's current state. */
  get current(): TableState {
    return this.state;
  }

  roomState(): Promise<RoomState | null> {
    return Promise.resolve(roomView(this.state.room));
  }

  seatedCount(): number {
    return this.state.seats.length;
  }

  seatsHeld(): HeldSeat[] {
    return this.state.seats.map((s) => ({
      playerId: s.player.id,
      seat: s.seat,
      away: s.awayUntil !== undefined,
    }));
  }

  seatOf(playerId: string): { seat: number; away: boolean } | null {
    const mine = seatOf(this.state, playerId);
    return mine ? { seat: mine.seat, away: mine.awayUntil !== undefined } : null;
  }

  spectatorCount(): number {
    return this.members.spectators(this.state);
  }

  /** T9.4: a player this table remembers: seated, or joined before a restart. */
  knows(playerId: string): boolean {
    return this.members.knows(this.state, playerId);
  }

  /** T9.8: what keeps failing at this table; empty when it is healthy. */
  problems(): string[] {
    return [...this.failing.values()];
  }

  /** The round this table is playing (for the startup sweep), or null. */
  roundInPlay(): number | null {
    return roundInPlay(this.state, this.game);
  }

  /** The shoe this table is playing or seeding, or null. */
  shoeInPlay(): string | null {
    return shoeInPlay(this.state);
  }

  /** T1.5–T1.7: the gateway reports a player's first connection arriving or last one leaving. */
  presence(playerId: string, connected: boolean): void {
    if (connected) this.watch(playerId);
    else this.unwatch(playerId);
    // A closed room tells nobody anything more (T11.7).
    if (roomIsClosed(this.life)) return;
    this.announceWatchers();
    void this.enqueue(() =>
      this.run({ type: connected ? 'player-back' : 'player-away', now: this.clock(), playerId }),
    ).catch((error: unknown) =>
      this.deps.log?.error({ err: error, table: this.deps.table.id, playerId }, 'presence failed'),
    );
  }

  /**
   * Runs a command. The overload is where an answer's type is trusted to be its command's ack:
   * TypeScript cannot follow `N` through the inputs whose reduction answers a command (a
   * confirm's answer comes with its escrow). Every answer is parsed with the protocol's ACKS by
   * the client in the integration tests.
   */
  command<N extends CommandName>(
    playerId: string,
    name: N,
    payload: CommandPayload<N>,
  ): Promise<Ack<N>>;
  async command<N extends CommandName>(
    playerId: string,
    name: N,
    payload: CommandPayload<N>,
  ): Promise<Reply> {
    const answer = this.answers[name] as
      ((playerId: string, payload: CommandPayload<N>) => Reply | Promise<Reply>) | undefined;
    if (answer) return answer(playerId, payload);
    return this.queued(playerId, { name, payload } as TableCommand);
  }

  /**
   * The commands not simply reduced in the queue. Joins and snapshots only read the state, so
   * they are answered at once: however many arrive, they never make the table wait. Confirms
   * are gathered (group commit). Every other command, the core's and its game's, is reduced in
   * the queue.
   */
  private readonly answers: {
    [N in CommandName]?: (playerId: string, payload: CommandPayload<N>) => Reply | Promise<Reply>;
  } = {
    'table.join': (playerId) => this.join(playerId),
    // Watchers are counted by live connections: the gateway's presence call keeps the set.
    'table.leave': () => ({ ok: true }),
    'table.snapshot': (playerId) => ({ ok: true, snapshot: this.snapshotFor(playerId) }),
    'table.resync': (playerId, { since }) => this.resyncQueued(playerId, since),
    'bets.confirm': (playerId, payload) =>
      roomIsClosed(this.life) ? ROOM_CLOSED : this.confirms.add(playerId, payload),
  };

  private join(playerId: string): Ack<'table.join'> {
    if (isStopping(this.life)) return CLOSING;
    const refused = this.entryRefusal(playerId);
    if (refused) return refused;
    this.watch(playerId);
    this.announceWatchers();
    if (this.state.room) this.members.admit(playerId);
    this.sendOwnFaces(playerId);
    return { ok: true, snapshot: this.snapshotFor(playerId) };
  }

  private sendOwnFaces(playerId: string): void {
    for (const message of this.game.ownFaces(this.state, playerId)) {
      this.deps.outbox.sendPrivate(playerId, message);
    }
  }

  private resyncQueued(playerId: string, since: number): Ack<'table.resync'> | Promise<Reply> {
    if (isStopping(this.life)) return CLOSING;
    const refused = this.entryRefusal(playerId);
    if (refused) return refused;
    // Queued behind the player's return (the gateway reported it first), so they are back.
    return this.enqueue(() => this.resync(playerId, since));
  }

  /** A command the reducer answers, in the queue. */
  private queued(playerId: string, command: TableCommand): Reply | Promise<Reply> {
    if (roomIsClosed(this.life)) return ROOM_CLOSED;
    return this.enqueue(() => this.handle(playerId, command));
  }

  snapshot(playerId: string): Promise<TableSnapshot> {
    return Promise.resolve(this.snapshotFor(playerId));
  }

  /** Resolves once everything queued so far has run. */
  idle(): Promise<void> {
    return this.enqueue(async () => undefined);
  }

  /**
   * T9.7: stops taking commands, tells the table why, voids a round in betting or has the house
   * finish one past it, and stores the state; then closes.
   */
  async shutdown(): Promise<void> {
    if (!isStopping(this.life)) {
      this.life = beginStopping(this.life);
      await this.enqueue(() => this.run({ type: 'shutdown', now: this.clock() })).catch(
        (error: unknown) =>
          this.deps.log?.error({ err: error, table: this.id }, 'table shutdown failed'),
      );
    }
    await this.close();
  }

  async close(): Promise<void> {
    this.life = stopped(this.life);
    this.timers.stop();
    await this.queue.drained();
    this.deps.outbox.release?.();
  }

  /**
   * One snapshot per table state, shared by every caller; only the viewer's own fields differ.
   * The state is immutable, so a new state is a new object and the cache cannot go stale.
   */
  private snapshotFor(playerId: string): TableSnapshot {
    const now = this.clock();
    if (this.snapshotCache?.state !== this.state) {
      const base = snapshotOf(this.state, { playerId, spectators: 0, now }, this.game);
      this.snapshotCache = { state: this.state, base };
    }
    const mine = seatOf(this.state, playerId);
    return {
      ...this.snapshotCache.base,
      serverTime: now,
      spectators: this.spectatorCount(),
      you: { playerId, seat: mine?.seat ?? null },
      lastRound: this.lastRound,
    };
  }

  /**
   * P2.13: the events a reconnecting client missed, or a snapshot when the log no longer
   * reaches back to its version; with its own seat, bets and balance either way. Its own faces
   * (the game's: a turner's peek, a hand's face-down cards) are sent again to it alone, while
   * they last.
   */
  private async resync(playerId: string, since: number): Promise<Ack<'table.resync'>> {
    this.watch(playerId);
    this.announceWatchers();
    const state = this.state;
    const events = this.log.since(since, state.version);
    const snapshot = events ? null : this.snapshotFor(playerId);
    const seat = seatOf(state, playerId);
    const bets = this.game.stakesOf(state, playerId);
    this.sendOwnFaces(playerId);
    const balance = seat ? seat.balance : await this.deps.ledger.balanceOf(playerId);
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

  /** T1.1–T1.3 checked ahead: whether a seat.take could succeed against the table as it is. */
  private couldSit(playerId: string, seat: number): boolean {
    const { state } = this;
    return seat <= state.settings.seats && !seatOf(state, playerId) && !seatAt(state, seat);
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    return this.queue.enqueue(job);
  }

  /** A wake-up's input, queued; a failure is logged, for nobody is waiting on it. */
  private fire(input: TableInput, failed: string): void {
    void this.enqueue(() => this.run(input)).catch((error: unknown) =>
      this.deps.log?.error({ err: error, table: this.deps.table.id }, failed),
    );
  }

  private async handle(playerId: string, command: TableCommand): Promise<Reply> {
    if (isStopping(this.life)) return CLOSING;
    // Only a seat.take that can succeed reads the ledger: refusals cost the table nothing.
    const seat = command.name === 'seat.take' ? command.payload.seat : null;
    const seating =
      seat !== null && this.couldSit(playerId, seat) ? await this.seatingOf(playerId) : undefined;
    if (seat !== null && this.couldSit(playerId, seat) && !seating) {
      return { ok: false, code: 'UNAUTHORIZED', message: 'unknown player' };
    }
    // P11.1: a watcher's chat line needs their name; only one the table would take reads it.
    const sender =
      command.name === 'chat.send' && senderToLookUp(this.state, playerId)
        ? await this.deps.ledger.playerInfo(playerId)
        : undefined;
    const reply = await this.run({
      type: 'command',
      now: this.clock(),
      playerId,
      command,
      seating,
      ...(sender ? { sender } : {}),
    });
    return reply ?? NO_ANSWER;
  }

  private async seatingOf(playerId: string) {
    const player = await this.deps.ledger.playerInfo(playerId);
    if (!player) return undefined;
    return { player, balance: await this.deps.ledger.balanceOf(playerId) };
  }

  /** Reduces an input, then carries out its effects; an effect may answer with a new input. */
  private async run(first: TableInput): Promise<Reply | undefined> {
    const reply = await this.carryOut(await this.reduceInput(first));
    // A seat taken or left changes who counts as a watcher.
    if (first.type !== 'watchers') this.announceWatchers();
    return reply;
  }

  /** T1.8: tells the table when the count of watchers without a seat has changed. */
  private announceWatchers(): void {
    if (this.watchersDue || !this.watchersChanged()) return;
    this.watchersDue = true;
    // The count is read when the announcement's turn in the queue comes, not now: whoever came
    // or went meanwhile is in it, and a page that joined in between never hears an older count.
    void this.enqueue(async () => {
      this.watchersDue = false;
      if (!this.watchersChanged()) return;
      const spectators = this.spectatorCount();
      this.announcedSpectators = spectators;
      await this.run({ type: 'watchers', now: this.clock(), spectators });
    }).catch((error: unknown) =>
      this.deps.log?.error({ err: error, table: this.deps.table.id }, 'watchers failed'),
    );
  }

  private watchersChanged(): boolean {
    if (isStopping(this.life) || roomIsClosed(this.life)) return false;
    return this.spectatorCount() !== this.announcedSpectators;
  }

  private async reduceInput(input: TableInput): Promise<Reduced> {
    const reduced = reduce(this.state, input, this.game);
    this.state = reduced.state;
    await this.saver.saveIfDue(this.state, () => this.members.remembered());
    return reduced;
  }

  /** Carries out a reduction's effects, then reduces their answers in turn, and theirs. */
  private async carryOut(first: Reduced): Promise<Reply | undefined> {
    const pending: TableInput[] = [];
    let reply = first.reply;
    let effects = first.effects;
    for (;;) {
      for (const effect of effects) {
        const answer = await this.retry.run(effect);
        if (answer) pending.push(answer);
      }
      this.workAheadSoon();
      const input = pending.shift();
      if (!input) return reply;
      const reduced = await this.reduceInput(input);
      reply ??= reduced.reply;
      effects = reduced.effects;
    }
  }

  /**
   * What the game can work out while the table waits (the next round's odds while the cards
   * are turned, so the result step finds them ready), once each. After the events are out:
   * the deal reaches the players first.
   */
  private workAheadSoon(): void {
    const ahead = this.game.workAhead(this.state);
    if (!ahead || ahead.key === this.workedAheadFor) return;
    this.workedAheadFor = ahead.key;
    setImmediate(ahead.run);
  }

  /** A stale wake-up is harmless: the reducer frees only a seat still away past its hold. */
  private hold(playerId: string, at: number): void {
    this.timers.cancelHold(playerId);
    if (!armsTimers(this.life)) return;
    this.timers.hold(playerId, at, () =>
      this.fire({ type: 'hold-expired', now: this.clock(), playerId }, 'seat hold failed'),
    );
  }

  private schedule(token: number, at: number): void {
    this.timers.cancelRound();
    if (!armsTimers(this.life)) return;
    this.timers.schedule(at, () =>
      this.fire({ type: 'timer', now: this.clock(), token }, 'table timer failed'),
    );
  }
}
