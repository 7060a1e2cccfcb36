import type {
  Ack,
  AckError,
  CommandName,
  CommandPayload,
  RoomState,
  TableSnapshot,
} from '@banco/protocol';
import { senderToLookUp } from '../core/chat.js';
import { EVENING_WAKE, eveningWakeAt } from '../core/evening/wake.js';
import { eveningReads } from './evening-reads.js';
import type { Reply, TableCommand, TableInput } from '../core/inputs.js';
import { reduce, type Reduced } from '../core/reducer.js';
import { roomView } from '../core/room-life.js';
import { seatAt, seatOf } from '../core/seats.js';
import type { TableState } from '../core/state.js';
import { roundInPlay, shoeInPlay } from '../core/stored-state.js';
import type { TableActorDeps } from './actor-deps.js';
import type { Admission } from './admission.js';
import { ConfirmBatch } from './confirm-batch.js';
import { Crowd } from './crowd.js';
import { EffectLoop } from './effect-loop.js';
import { TableLife } from './lifecycle.js';
import { SerialQueue } from './queue.js';
import { TableReads } from './reads.js';
import { CLOSING, NO_ANSWER, ROOM_CLOSED } from './replies.js';
import { startingState } from './starting-state.js';
import { SAVE_BACKOFF, StateSaver } from './state-saver.js';
import { TableTimers } from './table-timers.js';
import type { HeldSeat, TablePort } from './table-port.js';
import type { TableSteps } from './table-steps.js';
import type { TableGame } from '../core/game.js';
import type { Step } from '../core/step.js';

export type { TableActorDeps, TableObserver } from './actor-deps.js';
export { ROOM_IDLE_MS } from './crowd.js';
export { REPLAY_EVENTS } from './reads.js';

/**
 * Runs one table: every command, timer and database answer goes through one queue, so the
 * reducer sees them strictly one at a time (T2.0). Its parts: the effect loop carries out what
 * the reducer asks (effect-loop.ts), the crowd keeps who is here and who may come in
 * (crowd.ts), the reads answer joins, snapshots and resyncs (reads.ts).
 */
export class TableActor implements TablePort, TableSteps {
  private state: TableState;
  private readonly life = new TableLife();
  private readonly queue = new SerialQueue();
  private readonly clock: () => number;
  /** Effects (and saves) that keep failing, by type: the table is degraded while any is here. */
  private readonly failing = new Map<string, string>();
  private readonly timers: TableTimers;
  private readonly saver: StateSaver;
  private readonly crowd: Crowd;
  private readonly reads: TableReads;
  private readonly loop: EffectLoop;
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
    readonly game: TableGame<Step>,
  ) {
    this.state = initial;
    this.clock = deps.clock ?? Date.now;
    this.timers = new TableTimers(this.clock);
    const { table, ledger, log, outbox, roomIdleMs } = deps;
    const { life, timers, clock, failing } = this;
    this.saver = new StateSaver(
      {
        tableId: table.id,
        ledger,
        game,
        failing,
        ...(log ? { log } : {}),
        backoff: {
          firstMs: deps.retryMs ?? SAVE_BACKOFF.firstMs,
          maxMs: deps.retryMaxMs ?? SAVE_BACKOFF.maxMs,
        },
        // The latest state, in the queue like every save.
        retry: () =>
          void this.enqueue(() =>
            this.saver.saveIfDue(this.state, () => this.crowd.remembered()),
          ).catch((error: unknown) =>
            log?.error({ err: error, table: table.id }, 'table state retry failed'),
          ),
        stopping: () => life.stopping,
        saves: (tableId, saving) => deps.observer?.stateSaves?.(tableId, saving),
      },
      restored?.floor,
    );
    this.crowd = new Crowd({
      table: this,
      life,
      timers,
      clock,
      ...(roomIdleMs !== undefined ? { roomIdleMs } : {}),
      ...(log ? { log } : {}),
      ...(restored ? { joinedBefore: restored.joinedBefore } : {}),
    });
    const crowd = this.crowd;
    this.reads = new TableReads({ table: this, crowd, outbox, ledger, clock });
    this.loop = new EffectLoop(deps, {
      table: this,
      life,
      timers,
      crowd,
      reads: this.reads,
      failing,
    });
    this.confirms = new ConfirmBatch(this.queue, (group) => this.loop.confirmGroup(group));
    // Away seats (a restored table's, T1.6) are freed when their hold ends.
    for (const seat of initial.seats) {
      if (seat.awayUntil !== undefined) this.loop.hold(seat.player.id, seat.awayUntil);
    }
    // T11.6: the host's hold, armed for a table that starts without them.
    const room = initial.room;
    if (room?.hostAwayUntil != null && !room.closed) {
      this.loop.hold(room.hostPlayerId, room.hostAwayUntil);
    }
    // T11.13, T11.14, T11.16: the evening's wake-up (an offer, a sit-out, the finish time).
    const wake = eveningWakeAt(initial);
    if (wake !== null) this.loop.hold(EVENING_WAKE, wake);
    this.crowd.armIdleClose();
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
  /** The reducer's current state (the table's parts read it; tests and diagnostics too). */
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
    return this.crowd.spectators();
  }

  admission(playerId: string): Promise<Admission> {
    return Promise.resolve(this.crowd.admission(playerId));
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

  presence(playerId: string, connected: boolean): void {
    this.crowd.presence(playerId, connected);
  }

  snapshot(playerId: string): Promise<TableSnapshot> {
    return Promise.resolve(this.reads.snapshot(playerId));
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
    // A closed room's join and resync are answered like an unknown table's (the reads say so).
    'table.join': (playerId) => (this.serverStopping() ? CLOSING : this.reads.join(playerId)),
    // Watchers are counted by live connections: the gateway's presence call keeps the set.
    'table.leave': () => ({ ok: true }),
    'table.snapshot': (playerId) => ({ ok: true, snapshot: this.reads.snapshot(playerId) }),
    'table.resync': (playerId, { since }) =>
      this.serverStopping() ? CLOSING : this.reads.resync(playerId, since),
    'bets.confirm': (playerId, payload) =>
      this.life.roomClosed ? ROOM_CLOSED : this.confirms.add(playerId, payload),
  };

  /** T11.7: closed in the state or in the lifecycle, whichever came first. */
  private roomHasClosed(): boolean {
    return this.life.roomClosed || this.state.room?.closed === true;
  }

  /** T9.7: the server itself is stopping (a room that closed is not). */
  private serverStopping(): boolean {
    return this.life.stopping && !this.roomHasClosed();
  }

  /**
   * T9.7, T11.7: a stopping table's refusal. A room stopped because it closed says so: the
   * server is not stopping, and the player should not come back.
   */
  stopRefusal(): AckError {
    return this.roomHasClosed() ? ROOM_CLOSED : CLOSING;
  }

  /** A command the reducer answers, in the queue. */
  private queued(playerId: string, command: TableCommand): Reply | Promise<Reply> {
    if (this.life.roomClosed) return ROOM_CLOSED;
    return this.enqueue(() => this.handle(playerId, command));
  }

  private async handle(playerId: string, command: TableCommand): Promise<Reply> {
    if (this.life.stopping) return this.stopRefusal();
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
    const evening = await eveningReads(this.state, this.deps.ledger, playerId, command);
    // A command the game takes from a watcher reads their wallet, as seat.take does.
    const watcher =
      !seatOf(this.state, playerId) && this.game.watcherPlays?.(this.state, command)
        ? await this.seatingOf(playerId)
        : undefined;
    const reply = await this.run({
      type: 'command',
      now: this.clock(),
      playerId,
      command,
      seating,
      ...(watcher ? { watcher } : {}),
      ...(sender ? { sender } : {}),
      ...(evening ? { evening } : {}),
    });
    return reply ?? NO_ANSWER;
  }

  /** T1.1–T1.3 checked ahead: whether a seat.take could succeed against the table as it is. */
  private couldSit(playerId: string, seat: number): boolean {
    const { state } = this;
    return seat <= state.settings.seats && !seatOf(state, playerId) && !seatAt(state, seat);
  }

  private async seatingOf(playerId: string) {
    const player = await this.deps.ledger.playerInfo(playerId);
    if (!player) return undefined;
    return { player, balance: await this.deps.ledger.balanceOf(playerId) };
  }

  enqueue<T>(job: () => Promise<T>): Promise<T> {
    return this.queue.enqueue(job);
  }

  /** Reduces one input and stores the state when due (T9.1): the reducer's one call. */
  async step(input: TableInput): Promise<Reduced> {
    const reduced = reduce(this.state, input, this.game);
    this.state = reduced.state;
    await this.saver.saveIfDue(this.state, () => this.crowd.remembered());
    return reduced;
  }

  run(input: TableInput): Promise<Reply | undefined> {
    return this.loop.run(input);
  }

  fire(input: TableInput, failed: string): void {
    this.loop.fire(input, failed);
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
    if (!this.life.stopping) {
      this.life.beginStopping();
      await this.enqueue(() => this.run({ type: 'shutdown', now: this.clock() })).catch(
        (error: unknown) =>
          this.deps.log?.error({ err: error, table: this.id }, 'table shutdown failed'),
      );
    }
    await this.close();
  }

  async close(): Promise<void> {
    this.life.stop();
    this.timers.stop();
    await this.queue.drained();
    this.deps.outbox.release?.();
  }
}
