import { randomBytes } from 'node:crypto';
import type {
  Ack,
  CommandName,
  CommandPayload,
  ErrorCode,
  Stake,
  TableSettings,
  TableSnapshot,
} from '@banco/protocol';
import { commitmentOf, type CardCode, type ShoeState } from '@banco/rules';
import type { TableCommand, TableInput, Reply } from './inputs.js';
import { EventLog } from './event-log.js';
import { followLastRound, type LastRound } from './last-round.js';
import { initialTableState } from './initial-state.js';
import { reduce, type Reduced } from './reducer.js';
import { STARTING_BALANCE } from './settings.js';
import { seatAt, seatOf } from './seats.js';
import { snapshotOf } from './snapshot.js';
import type { Effect, TableState } from './state.js';
import type { EscrowOutcome } from '../db/ledger.js';
import type { TableLedger } from './table-ledger.js';
import type { TableOutbox, TablePort } from './table-port.js';
import { hostAwayFromStart, roomRefusal } from './host-presence.js';
import { restoreSeatsAway } from './presence.js';
import { durableKey, fromStored, roundInPlay, shoeInPlay, toStored } from './stored-state.js';
import { peekFor } from './turning.js';
import { prepareOdds } from './views.js';

export interface TableObserver {
  roundSettled?(tableId: string, seconds: number): void;
  betsPlaced?(tableId: string, bets: readonly Stake[]): void;
}

export interface TableActorDeps {
  table: {
    id: string;
    name: string;
    settings: TableSettings;
    /** TEST ONLY (config TEST_SCRIPTED_SHOE): every shoe is this card order, not a shuffle. */
    scriptedShoe?: readonly CardCode[];
    /** Who opened a private room (T10.1, T11); null or absent for a public table. */
    hostPlayerId?: string | null;
  };
  ledger: TableLedger;
  outbox: TableOutbox;
  clock?: () => number;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
  observer?: TableObserver;
  /** How long to wait before the first retry of a database effect that failed (ms). */
  retryMs?: number;
  /** The longest wait between two retries (ms); each wait doubles up to it. */
  retryMaxMs?: number;
  /** Tries in all before the table gives up on an effect (T9.8). */
  retryAttempts?: number;
  /**
   * Test-only (the crash suite's mid-settlement kill): every settlement waits this long first,
   * after logging that it does. Never set in production.
   */
  testHoldSettlementMs?: number;
  /** T11.7: called once a closing room has settled its round, ended its shoe and said so. */
  onClosed?: (tableId: string) => void;
  /** T11.8: a room with no connection at all for this long closes (ROOM_IDLE_MINUTES). */
  roomIdleMs?: number;
}

const RETRIED_EFFECTS: ReadonlySet<Effect['type']> = new Set([
  'new-shoe',
  'open-round',
  'settle',
  'record-shuffle',
  'end-shoe',
  'record-seat',
  'void-round',
]);

/** T9.7: the answer to every command but table.snapshot and table.leave while the table stops. */
const CLOSING = {
  ok: false,
  code: 'TABLE_CLOSING',
  message: 'the server is stopping; come back soon',
} as const satisfies Reply;

/** T11.8: ROOM_IDLE_MINUTES' default. */
export const ROOM_IDLE_MS = 30 * 60_000;

/** P2.13: how many recent events a table keeps for reconnecting clients (a few rounds' worth). */
export const REPLAY_EVENTS = 512;
const ROOM_CLOSED = {
  ok: false,
  code: 'ROOM_CLOSED',
  message: 'this room is closed',
} as const satisfies Reply;
const RETRY_DEFAULTS = { firstMs: 1_000, maxMs: 30_000, attempts: 6 } as const;

/** Ledger refusals a player can cause; anything else is the server's fault. */
const LEDGER_CODES: readonly ErrorCode[] = ['INSUFFICIENT_BALANCE', 'ALREADY_CONFIRMED'];

const NO_ANSWER = {
  ok: false,
  code: 'INTERNAL',
  message: 'the table gave no answer',
} as const satisfies Reply;

/** A bets.confirm waiting in the queue with the others that arrived while the table was busy. */
interface WaitingConfirm {
  playerId: string;
  payload: CommandPayload<'bets.confirm'>;
  answer(reply: Reply): void;
  fail(error: unknown): void;
}

/**
 * Runs one table: every command, timer and database answer goes through one queue, so the
 * reducer sees them strictly one at a time (T2.0), and carries out the reducer's effects.
 */
export class TableActor implements TablePort {
  private state: TableState;
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  /** T1.6: one wake-up per away seat, to free it when its hold runs out. */
  private readonly holds = new Map<string, NodeJS.Timeout>();
  /** Players with at least one live connection at this table (the gateway counts sockets). */
  private readonly watchers = new Set<string>();
  private readonly clock: () => number;
  private closed = false;
  /** P2.13: recent broadcasts, replayed to clients that reconnect. */
  private readonly log = new EventLog(REPLAY_EVENTS);
  private snapshotCache: { state: TableState; base: TableSnapshot } | null = null;
  /** T1.8: the watcher count the table last announced. */
  private announcedSpectators = 0;
  /** P1.8: how the last round ended, for snapshots. */
  private lastRound: LastRound | null = null;
  /** The shoe state whose odds are already being worked out (prepareOddsSoon). */
  private oddsPreparedFor: ShoeState | null = null;
  /** T9.7: set when the server starts stopping; commands are refused from then on. */
  private closing = false;
  /**
   * The confirms that will run together when the queue reaches them (group commit), or null
   * when anything else was queued after them: inputs still run in arrival order.
   */
  private gathering: WaitingConfirm[] | null = null;
  /** The version floor stored with the last save (T9.1). */
  private savedFloor = 0;
  private savedKey = '';
  /** Effects (and saves) that keep failing, by type: the table is degraded while any is here. */
  private readonly failing = new Map<string, string>();
  /**
   * T9.4: players who had joined before a restart. Their new sockets may ask for a snapshot
   * without joining again.
   */
  private readonly joinedBefore = new Set<string>();
  /** T11.1: everyone who has joined this room: a locked room still lets them back in. */
  private readonly members = new Set<string>();
  /** T11.8: armed while nobody at all is connected to this room. */
  private idleTimer: NodeJS.Timeout | null = null;
  /** T11.7: the room is closed: joins are answered like an unknown table's. */
  private roomClosed = false;

  /**
   * T9.1: a table with a stored state resumes it (seats, shoe, version, the round in play);
   * otherwise it starts empty, numbering rounds and shoes on from the ledger's.
   */
  static async start(deps: TableActorDeps): Promise<TableActor> {
    const { ledger, table } = deps;
    const host = table.hostPlayerId ? await ledger.playerInfo(table.hostPlayerId) : null;
    const fresh = initialTableState({ ...table, hostName: host?.name });
    const now = (deps.clock ?? Date.now)();
    const [stored, nextSeq, nextShoe] = await Promise.all([
      ledger.loadTableState(table.id),
      ledger.nextRoundSeq(table.id),
      ledger.nextShoeNumber(table.id),
    ]);
    const restored = stored ? fromStored(stored, fresh) : null;
    if (stored && !restored) {
      deps.log?.error({ table: table.id }, 'stored table state unreadable: starting afresh');
    }
    if (!restored) {
      // T11.6: nobody is connected yet, the host included.
      const initial = hostAwayFromStart(fresh, now);
      return new TableActor(deps, {
        ...initial,
        version: stored?.version ?? 0,
        roundSeq: nextSeq - 1,
        lastShoeNumber: nextShoe - 1,
      });
    }
    const { state, watchers } = restored;
    // Counters never go back, even if the stored state is older than the ledger's rows.
    const between = state.phase.kind === 'waiting' || state.phase.kind === 'result';
    const balances = await ledger.balancesOf(state.seats.map((s) => s.player.id));
    const actor = new TableActor(deps, {
      ...state,
      roundSeq: between ? Math.max(state.roundSeq, nextSeq - 1) : state.roundSeq,
      lastShoeNumber:
        state.phase.kind === 'shuffling'
          ? state.lastShoeNumber
          : Math.max(state.lastShoeNumber, nextShoe - 1),
      seats: state.seats.map((s) => ({ ...s, balance: balances.get(s.player.id) ?? s.balance })),
    });
    actor.savedFloor = stored!.version;
    for (const id of watchers) actor.joinedBefore.add(id);
    actor.markRestoredSeatsAway();
    void actor
      .enqueue(() => actor.run({ type: 'resume', now: actor.clock() }))
      .catch((error) => deps.log?.error({ err: error, table: table.id }, 'table could not resume'));
    return actor;
  }

  private constructor(
    private readonly deps: TableActorDeps,
    initial: TableState,
  ) {
    this.state = initial;
    this.clock = deps.clock ?? Date.now;
    // A table restored with away seats (restoreSeatsAway) frees them when their hold ends.
    for (const seat of initial.seats) {
      if (seat.awayUntil !== undefined) this.hold(seat.player.id, seat.awayUntil);
    }
    this.holdHost();
    this.armIdleClose();
  }

  /**
   * T1.6: restored seats belong to players with no socket yet. Each is held as away from now
   * (a deadline stored before the restart is kept), and freed if its player is not back in time.
   */
  private markRestoredSeatsAway(): void {
    const now = this.clock();
    this.state = hostAwayFromStart(restoreSeatsAway(this.state, now), now);
    for (const seat of this.state.seats) this.hold(seat.player.id, seat.awayUntil!);
    this.holdHost();
  }

  /** T11.6: the host's hold, armed for a table that starts without them. */
  private holdHost(): void {
    const room = this.state.room;
    if (room?.hostAwayUntil != null && !room.closed)
      this.hold(room.hostPlayerId, room.hostAwayUntil);
  }

  /** A live connection of the player at this table (T11.8: the room is not idle). */
  private watch(playerId: string): void {
    this.watchers.add(playerId);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private unwatch(playerId: string): void {
    this.watchers.delete(playerId);
    this.armIdleClose();
  }

  /** T11.8: with nobody connected, the room closes itself after the idle time. */
  private armIdleClose(): void {
    if (!this.state.room || this.watchers.size > 0 || this.closed || this.roomClosed) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.watchers.size > 0) return;
      void this.enqueue(() => this.run({ type: 'room-idle', now: this.clock() })).catch((error) =>
        this.deps.log?.error({ err: error, table: this.id }, 'idle close failed'),
      );
    }, this.deps.roomIdleMs ?? ROOM_IDLE_MS);
    this.idleTimer.unref();
  }

  /**
   * T11.1, T11.2, T11.7: whether a room lets this player join: not once it is closed (answered
   * like an unknown table), not if kicked, and when locked only if it had them already.
   */
  entryRefusal(playerId: string): Extract<Reply, { ok: false }> | null {
    if (this.roomClosed) {
      return { ok: false, code: 'UNKNOWN_TABLE', message: `no table ${this.id}` };
    }
    // Not `watchers`: the gateway reports a joining socket's presence before its join is
    // judged, so a newcomer is already watching here; only an earlier, accepted join counts.
    const known = this.members.has(playerId) || this.knows(playerId);
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

  seatedCount(): number {
    return this.state.seats.length;
  }

  spectatorCount(): number {
    const seated = new Set(this.state.seats.map((s) => s.player.id));
    return [...this.watchers].filter((id) => !seated.has(id)).length;
  }

  /** T9.4: a player this table remembers: seated, or joined before a restart. */
  knows(playerId: string): boolean {
    return (
      this.joinedBefore.has(playerId) || this.state.seats.some((s) => s.player.id === playerId)
    );
  }

  /** T9.8: what keeps failing at this table; empty when it is healthy. */
  problems(): string[] {
    return [...this.failing.values()];
  }

  /** The round this table is playing (for the startup sweep), or null. */
  roundInPlay(): number | null {
    return roundInPlay(this.state);
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
    if (this.roomClosed) return;
    this.announceWatchers();
    void this.enqueue(() =>
      this.run({ type: connected ? 'player-back' : 'player-away', now: this.clock(), playerId }),
    ).catch((error) =>
      this.deps.log?.error({ err: error, table: this.deps.table.id, playerId }, 'presence failed'),
    );
  }

  /**
   * Table commands run in the queue. Joins and snapshots only read the state, so they are
   * answered at once: however many arrive, they never make the table wait.
   */
  async command<N extends CommandName>(
    playerId: string,
    name: N,
    payload: CommandPayload<N>,
  ): Promise<Ack<N>> {
    switch (name) {
      case 'table.join': {
        if (this.closing) return CLOSING as Ack<N>;
        const refused = this.entryRefusal(playerId);
        if (refused) return refused as Ack<N>;
        this.watch(playerId);
        this.announceWatchers();
        if (this.state.room) this.members.add(playerId);
        return { ok: true, snapshot: this.snapshotFor(playerId) } as Ack<N>;
      }
      case 'table.leave':
        // Watchers are counted by live connections: the gateway's presence call keeps the set.
        return { ok: true } as Ack<N>;
      case 'table.snapshot':
        return { ok: true, snapshot: this.snapshotFor(playerId) } as Ack<N>;
      case 'table.resync': {
        if (this.closing) return CLOSING as Ack<N>;
        const refused = this.entryRefusal(playerId);
        if (refused) return refused as Ack<N>;
        // Queued behind the player's return (the gateway reported it first), so they are back.
        return this.enqueue(
          async () => (await this.resync(playerId, (payload as { since: number }).since)) as Ack<N>,
        );
      }
      case 'bets.confirm':
        if (this.roomClosed) return ROOM_CLOSED as Ack<N>;
        return this.confirm(playerId, payload as CommandPayload<'bets.confirm'>) as Promise<Ack<N>>;
      default:
        if (this.roomClosed) return ROOM_CLOSED as Ack<N>;
        return this.enqueue(async () => (await this.handle(playerId, name, payload)) as Ack<N>);
    }
  }

  /**
   * Group commit: confirms that arrive while the table is busy (typically waiting for the
   * ledger) join one place in the queue, and their stakes are escrowed in one round trip.
   */
  private confirm(playerId: string, payload: CommandPayload<'bets.confirm'>): Promise<Reply> {
    return new Promise((answer, fail) => {
      const waiting = { playerId, payload, answer, fail };
      if (this.gathering) {
        this.gathering.push(waiting);
        return;
      }
      const group = [waiting];
      void this.enqueue(() => {
        if (this.gathering === group) this.gathering = null;
        return this.runConfirms(group);
      });
      this.gathering = group;
    });
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
    if (!this.closing) {
      this.closing = true;
      await this.enqueue(() => this.run({ type: 'shutdown', now: this.clock() })).catch((error) =>
        this.deps.log?.error({ err: error, table: this.id }, 'table shutdown failed'),
      );
    }
    await this.close();
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stopTimers();
    await this.queue;
    this.deps.outbox.release?.();
  }

  private stopTimers(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const hold of this.holds.values()) clearTimeout(hold);
    this.holds.clear();
  }

  /**
   * One snapshot per table state, shared by every caller; only the viewer's own fields differ.
   * The state is immutable, so a new state is a new object and the cache cannot go stale.
   */
  private snapshotFor(playerId: string): TableSnapshot {
    const now = this.clock();
    if (this.snapshotCache?.state !== this.state) {
      const base = snapshotOf(this.state, { playerId, spectators: 0, now });
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
   * reaches back to its version; with its own seat, bets and balance either way. A peek is sent
   * again only to the turner it belongs to, and only while their turn lasts.
   */
  private async resync(playerId: string, since: number): Promise<Reply> {
    this.watch(playerId);
    this.announceWatchers();
    const state = this.state;
    const events = this.log.since(since, state.version);
    const snapshot = events ? null : this.snapshotFor(playerId);
    const seat = seatOf(state, playerId);
    const round = 'round' in state.phase ? state.phase.round : null;
    const bets = round?.bets.find((b) => b.playerId === playerId)?.bets ?? [];
    const peek = peekFor(state, playerId);
    if (peek) this.deps.outbox.sendPrivate(playerId, peek);
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
        bets: bets.map(({ spot, amount }) => ({ spot, amount })),
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
    this.gathering = null;
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async handle(playerId: string, name: CommandName, payload: unknown): Promise<Reply> {
    if (this.closing) return CLOSING;
    const command = { name, payload } as TableCommand;
    // Only a seat.take that can succeed reads the ledger: refusals cost the table nothing.
    const seat = name === 'seat.take' ? (payload as { seat: number }).seat : null;
    const seating =
      seat !== null && this.couldSit(playerId, seat) ? await this.seatingOf(playerId) : undefined;
    if (seat !== null && this.couldSit(playerId, seat) && !seating) {
      return { ok: false, code: 'UNAUTHORIZED', message: 'unknown player' };
    }
    const reply = await this.run({
      type: 'command',
      now: this.clock(),
      playerId,
      command,
      seating,
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
    const spectators = this.spectatorCount();
    if (spectators === this.announcedSpectators || this.closing || this.closed) return;
    if (this.roomClosed) return;
    this.announcedSpectators = spectators;
    void this.enqueue(() => this.run({ type: 'watchers', now: this.clock(), spectators })).catch(
      (error) => this.deps.log?.error({ err: error, table: this.id }, 'watchers failed'),
    );
  }

  private async reduceInput(input: TableInput): Promise<Reduced> {
    const reduced = reduce(this.state, input);
    this.state = reduced.state;
    await this.saveIfDue();
    return reduced;
  }

  /** Carries out a reduction's effects, then reduces their answers in turn, and theirs. */
  private async carryOut(first: Reduced): Promise<Reply | undefined> {
    const pending: TableInput[] = [];
    let reply = first.reply;
    let effects = first.effects;
    for (;;) {
      for (const effect of effects) {
        const answer = await this.executeOrRetry(effect);
        if (answer) pending.push(answer);
      }
      this.prepareOddsSoon();
      const input = pending.shift();
      if (!input) return reply;
      const reduced = await this.reduceInput(input);
      reply ??= reduced.reply;
      effects = reduced.effects;
    }
  }

  /**
   * Runs a group of confirms one at a time through the reducer, as if each were queued alone,
   * except that the escrows they ask for go to the ledger together, and each answer (escrowed or
   * refused, each player their own) comes back through the reducer in arrival order. A player's
   * second confirm in the group waits for the first one's answer: the reducer decides it knowing
   * the first (a replay or ALREADY_CONFIRMED), never the ledger twice in one statement.
   */
  private async runConfirms(group: readonly WaitingConfirm[]): Promise<void> {
    try {
      let rest = group;
      while (rest.length > 0) {
        const players = new Set<string>();
        const escrows: { waiting: WaitingConfirm; effect: EscrowEffect }[] = [];
        let taken = 0;
        for (const waiting of rest) {
          if (players.has(waiting.playerId)) break;
          players.add(waiting.playerId);
          taken += 1;
          const reply = await this.reduceConfirm(waiting);
          if ('escrow' in reply) escrows.push({ waiting, effect: reply.escrow });
          else waiting.answer(reply.done ?? NO_ANSWER);
        }
        rest = rest.slice(taken);
        const answers = await this.escrowAll(escrows.map((e) => e.effect));
        for (const [i, { waiting }] of escrows.entries()) {
          waiting.answer((await this.run(answers[i]!)) ?? NO_ANSWER);
        }
      }
    } catch (error) {
      // Answered confirms ignore this; the others learn that the table failed them.
      for (const waiting of group) waiting.fail(error);
    }
  }

  /** A confirm reduced: the escrow it waits for, or its answer. */
  private async reduceConfirm(
    waiting: WaitingConfirm,
  ): Promise<{ escrow: EscrowEffect } | { done: Reply | undefined }> {
    if (this.closing) return { done: CLOSING };
    const reduced = await this.reduceInput({
      type: 'command',
      now: this.clock(),
      playerId: waiting.playerId,
      command: { name: 'bets.confirm', payload: waiting.payload },
    });
    const [effect, ...others] = reduced.effects;
    if (effect?.type === 'escrow' && others.length === 0) return { escrow: effect };
    return { done: await this.carryOut(reduced) };
  }

  /**
   * Once the cards are dealt, the next round's odds are worked out while the table waits for
   * its turners, so the result step finds them ready (views.prepareOdds). After the events
   * are out: the deal reaches the players first.
   */
  private prepareOddsSoon(): void {
    const round = 'round' in this.state.phase ? this.state.phase.round : null;
    if (!round?.shoeAfter || round.shoeAfter === this.oddsPreparedFor) return;
    this.oddsPreparedFor = round.shoeAfter;
    const state = this.state;
    setImmediate(() => prepareOdds(state));
  }

  /**
   * T9.1: the state is stored before anyone hears of a new phase, a new seat or a version past
   * the stored floor, so a restarted table resumes at least where every client thinks it is.
   * A failed save is reported (degraded) and tried again with the next input.
   */
  private async saveIfDue(): Promise<void> {
    const key = durableKey(this.state);
    if (key === this.savedKey && this.state.version < this.savedFloor) return;
    const row = toStored(this.state, [...this.watchers, ...this.joinedBefore]);
    try {
      await this.deps.ledger.saveTableState(this.id, row);
      this.savedFloor = row.version;
      this.savedKey = key;
      this.failing.delete('save-state');
    } catch (error) {
      this.failing.set('save-state', `the table state could not be stored: ${messageOf(error)}`);
      this.deps.log?.error({ err: error, table: this.id }, 'table state not stored');
    }
  }

  /**
   * T9.8: a database effect that fails is tried again later, in the table's queue, waiting
   * twice as long each time, up to a limit; the table waits in its phase meanwhile. Every one
   * of them is idempotent by a key (shoe number, round seq, bet ids, seat event version), so a
   * retry can never move a chip or write a row twice. When the last try fails the table is
   * degraded (/health), says so in the log, and the reducer voids what the effect left stuck.
   */
  private async executeOrRetry(effect: Effect, attempt = 1): Promise<TableInput | undefined> {
    try {
      const answer = await this.execute(effect);
      this.failing.delete(effect.type);
      return answer;
    } catch (error) {
      if (!RETRIED_EFFECTS.has(effect.type)) throw error;
      const retry = {
        firstMs: this.deps.retryMs ?? RETRY_DEFAULTS.firstMs,
        maxMs: this.deps.retryMaxMs ?? RETRY_DEFAULTS.maxMs,
        attempts: this.deps.retryAttempts ?? RETRY_DEFAULTS.attempts,
      };
      const context = { err: error, table: this.id, effect: effect.type, attempt };
      if (attempt >= retry.attempts) {
        this.failing.set(
          effect.type,
          `${effect.type} failed ${attempt} times; last: ${messageOf(error)}`,
        );
        this.deps.log?.error(context, 'database effect failed for good: giving up');
        return { type: 'effect-failed', now: this.clock(), effect: effect.type };
      }
      this.failing.set(effect.type, `${effect.type} failing (try ${attempt}): ${messageOf(error)}`);
      this.deps.log?.error(context, 'database effect failed: retrying');
      const delay = Math.min(retry.maxMs, retry.firstMs * 2 ** (attempt - 1));
      setTimeout(() => {
        // A stopping table retries nothing more: its shutdown redoes what must be (T9.7).
        if (this.closing) return;
        void this.enqueue(async () => {
          const answer = await this.executeOrRetry(effect, attempt + 1);
          if (answer) await this.run(answer);
        });
      }, delay).unref();
      return undefined;
    }
  }

  private async execute(effect: Effect): Promise<TableInput | undefined> {
    const { ledger, outbox, table } = this.deps;
    switch (effect.type) {
      case 'broadcast':
        this.log.push(effect.event);
        this.lastRound = followLastRound(this.lastRound, effect.event);
        outbox.broadcast(effect.event);
        return undefined;
      case 'private':
        outbox.sendPrivate(effect.playerId, effect.message);
        return undefined;
      case 'schedule':
        this.schedule(effect.token, effect.at);
        return undefined;
      case 'hold':
        this.hold(effect.playerId, effect.at);
        return undefined;
      case 'new-shoe':
        return this.newShoe(effect.number);
      case 'record-shuffle':
        await ledger.recordShuffle(effect.shoeId, effect.clientSeed, effect.shown);
        return undefined;
      case 'end-shoe':
        await ledger.endShoe(effect.shoeId);
        return undefined;
      case 'open-round': {
        const { roundId } = await ledger.openRound({
          tableId: table.id,
          shoeId: effect.shoeId,
          seq: effect.seq,
          number: effect.shoeRound,
          holderSeat: effect.holder,
        });
        const refills = [];
        for (const { seat, playerId } of effect.refills) {
          const done = await ledger.refill({ playerId, roundId, target: STARTING_BALANCE });
          refills.push({ seat, playerId, ...done });
        }
        return { type: 'round-opened', now: this.clock(), seq: effect.seq, roundId, refills };
      }
      case 'escrow': {
        const [answer] = await this.escrowAll([effect]);
        return answer;
      }
      case 'settle':
        return this.settle(effect);
      case 'record-seat':
        await ledger.recordSeat({
          tableId: table.id,
          seat: effect.seat,
          playerId: effect.playerId,
          kind: effect.kind,
          key: effect.key,
        });
        return undefined;
      case 'eject':
        // T11.2: a kicked player is nobody this table knows any more.
        this.joinedBefore.delete(effect.playerId);
        this.members.delete(effect.playerId);
        outbox.eject(effect.playerId);
        return undefined;
      case 'room-closed':
        this.roomClosed = true;
        this.stopTimers();
        this.deps.onClosed?.(table.id);
        return undefined;
      case 'void-round': {
        const { balances } = await ledger.voidRound({
          tableId: table.id,
          seq: effect.seq,
          ...(effect.cards ? { cards: effect.cards } : {}),
        });
        return {
          type: 'round-voided',
          now: this.clock(),
          seq: effect.seq,
          reason: effect.reason,
          balances,
        };
      }
      default: {
        const unknown: never = effect;
        throw new TypeError(`unknown effect ${JSON.stringify(unknown)}`);
      }
    }
  }

  /**
   * T7.1: the server seed is stored before its commitment is published, so a shoe's seed can
   * never be lost once players have seen the commitment.
   */
  private async newShoe(number: number): Promise<TableInput> {
    const { table, ledger } = this.deps;
    // T11.3: a room's settings may have changed since it started.
    const { decks, cut, lastHand, rules } = this.state.settings;
    const fresh = randomBytes(32).toString('hex');
    // T9.8: keyed by number; a retry gets the seed stored the first time, not this one.
    const stored = await ledger.createShoe({
      tableId: table.id,
      number,
      serverSeed: fresh,
      commitment: commitmentOf(fresh),
      settings: { decks, cut, lastHand, rules },
    });
    return {
      type: 'shoe-ready',
      now: this.clock(),
      shoe: {
        id: stored.shoeId,
        number,
        serverSeed: stored.serverSeed,
        commitment: stored.commitment,
        ...(table.scriptedShoe ? { scripted: table.scriptedShoe } : {}),
      },
    };
  }

  /**
   * The stakes of several confirms in one round trip; an answer for each, in order: escrowed,
   * or refused with its own code. A failure that is no confirm's own refuses them all, and
   * whatever it committed is refunded at settlement (T6.5).
   */
  private async escrowAll(effects: readonly EscrowEffect[]): Promise<TableInput[]> {
    if (effects.length === 0) return [];
    const { ledger, table, observer, log } = this.deps;
    let outcomes: EscrowOutcome[];
    try {
      outcomes = await ledger.escrowMany(
        effects.map((effect) => ({
          tableId: table.id,
          roundId: effect.roundId,
          playerId: effect.playerId,
          seat: effect.seat,
          confirmId: effect.confirmId,
          bets: [...effect.bets],
        })),
      );
    } catch (error) {
      log?.error({ err: error, table: table.id }, 'escrow failed');
      return effects.map(() => ({
        type: 'escrow-refused',
        now: this.clock(),
        code: 'INTERNAL',
        message: 'the bets could not be stored',
      }));
    }
    return effects.map((effect, i): TableInput => {
      const outcome = outcomes[i]!;
      if (outcome.ok) {
        observer?.betsPlaced?.(table.id, effect.bets);
        return {
          type: 'escrowed',
          now: this.clock(),
          seat: effect.seat,
          playerId: effect.playerId,
          confirmId: effect.confirmId,
          bets: outcome.bets.map((b) => ({
            id: b.id,
            spot: b.spot as Stake['spot'],
            amount: b.amount,
          })),
          balance: outcome.balance,
        };
      }
      const { code, message } = outcome.error;
      if (LEDGER_CODES.includes(code as ErrorCode)) {
        return { type: 'escrow-refused', now: this.clock(), code: code as ErrorCode, message };
      }
      log?.error({ err: outcome.error, table: table.id }, 'escrow failed');
      return {
        type: 'escrow-refused',
        now: this.clock(),
        code: 'INTERNAL',
        message: 'the bets could not be stored',
      };
    });
  }

  private async settle(
    effect: Extract<Effect, { type: 'settle' }>,
  ): Promise<TableInput | undefined> {
    const hold = this.deps.testHoldSettlementMs ?? 0;
    if (hold > 0) {
      this.deps.log?.info?.(
        { table: this.id, roundId: effect.roundId },
        'test hook: settlement held',
      );
      await new Promise((resolve) => setTimeout(resolve, hold));
    }
    const started = performance.now();
    const { result } = effect;
    const { balances } = await this.deps.ledger.settleRound({
      tableId: this.deps.table.id,
      roundId: effect.roundId,
      round: {
        cards: [...result.dealt],
        outcome: result.outcome,
        playerTotal: result.player.total,
        bankerTotal: result.banker.total,
        trace: result.trace,
      },
      settled: effect.settled.map(({ betId, playerId, result: r, stake, returned }) => ({
        betId,
        playerId,
        result: r,
        stake,
        returned,
      })),
    });
    this.deps.observer?.roundSettled?.(this.deps.table.id, (performance.now() - started) / 1000);
    return { type: 'settled', now: this.clock(), balances };
  }

  /** A stale wake-up is harmless: the reducer frees only a seat still away past its hold. */
  private hold(playerId: string, at: number): void {
    clearTimeout(this.holds.get(playerId));
    if (this.closed) return;
    const timer = setTimeout(
      () => {
        this.holds.delete(playerId);
        void this.enqueue(() =>
          this.run({ type: 'hold-expired', now: this.clock(), playerId }),
        ).catch((error) =>
          this.deps.log?.error({ err: error, table: this.deps.table.id }, 'seat hold failed'),
        );
      },
      Math.max(0, at - this.clock()),
    );
    this.holds.set(playerId, timer);
  }

  private schedule(token: number, at: number): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.closed) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        void this.enqueue(() => this.run({ type: 'timer', now: this.clock(), token })).catch(
          (error) =>
            this.deps.log?.error({ err: error, table: this.deps.table.id }, 'table timer failed'),
        );
      },
      Math.max(0, at - this.clock()),
    );
  }
}

type EscrowEffect = Extract<Effect, { type: 'escrow' }>;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
