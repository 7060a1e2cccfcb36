import {
  ACKS,
  PROTOCOL_VERSION,
  TABLE_EVENT,
  TABLE_PRIVATE,
  createGuestReply,
  tableEventSchema,
  type Ack,
  type CommandName,
  type TableEvent,
} from '@banco/protocol';
import { io, type Socket } from 'socket.io-client';

/** A resync's answer in a few words, for a timeout's message. */
function resyncAnswer(ack: Ack<'table.resync'> | null, upTo: number): string {
  if (!ack) return 'no answer';
  if (!ack.ok) return ack.code;
  if (!ack.events) return `snapshot@${ack.snapshot?.version}`;
  const events = ack.events.map((e) => `${e.type}@${e.version}`).join(' ');
  return `${events || 'no events'} (to v${upTo})`;
}

/**
 * Answers to a confirm that a person would meet with "try again": the table between owners
 * (TABLE_CLOSING), the database out of reach for a moment (INTERNAL), too many commands at once
 * (RATE_LIMITED), or no answer at all. Any other refusal is the table's decision and final.
 */
export const TRY_AGAIN: ReadonlySet<string> = new Set([
  'TABLE_CLOSING',
  'INTERNAL',
  'RATE_LIMITED',
  'NO_ANSWER',
]);
const CONFIRM_TRIES = 10;

/** The seats heard confirming a bet, by round: for a test that waits on a round all bet in. */
export function roundBettors(): {
  note(event: TableEvent): void;
  count(round: number): number;
  seats(round: number): ReadonlySet<number>;
} {
  const seats = new Map<number, Set<number>>();
  return {
    note(event) {
      if (event.type === 'bets.confirmed') {
        seats.set(event.round, (seats.get(event.round) ?? new Set<number>()).add(event.seat));
      }
    },
    count: (round) => seats.get(round)?.size ?? 0,
    seats: (round) => seats.get(round) ?? new Set<number>(),
  };
}

/**
 * A seated player for the cluster tests: a real socket.io client with its own reconnection on
 * (what the web client does), which after every reconnect asks for the table again without
 * joining (T9.4), and bets, deals and turns as soon as the table lets it, while acting.
 */
export class ClusterBot {
  acting = false;
  readonly seen: TableEvent[] = [];
  /** Versions in the order they arrived, across reconnects. */
  readonly versions: number[] = [];
  disconnects = 0;
  /** Version gaps seen (each answered by a table.resync). */
  gaps = 0;
  /** Events a resync gave back, after a gap or a reconnect, in the order it gave them. */
  readonly replayed: TableEvent[] = [];
  /**
   * What each catch-up's resync answered: its events, a snapshot (the table's log did not reach
   * back that far), or a refusal.
   */
  readonly resyncs: string[] = [];
  /** Seat and version each time the table was asked for after a reconnect. */
  readonly rejoins: { seat: number | null; version: number; before: number }[] = [];
  /** Each refused confirm, `round code`, in the order they came: for a test's figures. */
  readonly refusedConfirms: string[] = [];
  /** The last round whose betting this bot heard open, and close (live or by a resync). */
  private openedRound = 0;
  private closedRound = 0;
  /** The highest version seen when the connection last dropped. */
  private droppedAt = 0;
  private readonly socket: Socket;
  private readonly waiters: {
    test: (e: TableEvent) => boolean;
    resolve: (e: TableEvent) => void;
  }[] = [];
  private readonly rejoinWaiters: (() => void)[] = [];

  private constructor(
    url: string,
    readonly playerId: string,
    readonly name: string,
    token: string,
    readonly seat: number,
    readonly spot: 'banker' | 'player',
    readonly tableId: string,
  ) {
    this.socket = io(url, {
      transports: ['websocket'],
      auth: { token, protocolVersion: PROTOCOL_VERSION },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    this.socket.on(TABLE_EVENT, (raw: unknown) => {
      const event = tableEventSchema.parse(raw);
      const last = this.versions.at(-1) ?? 0;
      // P2.13: a gap in the versions (events lost, e.g. while Redis restarted): resync.
      if (last > 0 && event.version > last + 1) {
        this.gaps += 1;
        void this.catchUp(last, event.version);
      }
      this.seen.push(event);
      this.versions.push(event.version);
      this.noteBetting(event);
      this.answerWaiters(event);
      if (this.acting) this.act(event);
    });
    this.socket.on(TABLE_PRIVATE, (peek: { round: number }) => {
      if (this.acting) this.fire('cards.reveal', { tableId: this.tableId, round: peek.round });
    });
    this.socket.on('disconnect', () => {
      this.disconnects += 1;
      this.droppedAt = Math.max(0, ...this.versions);
    });
    // Every connect after the first is a reconnect (the manager's own 'reconnect' event does not
    // fire for every path back, e.g. after a transport close).
    let connects = 0;
    this.socket.on('connect', () => {
      connects += 1;
      if (connects > 1) void this.rejoin();
    });
  }

  static async create(
    url: string,
    name: string,
    seat: number,
    spot: 'banker' | 'player',
    tableId = 'main',
  ): Promise<ClusterBot> {
    // Through the proxy a node may still be coming up (HAProxy answers 503 meanwhile).
    let response: Response | undefined;
    for (let i = 0; i < 50 && !response?.ok; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      response = await fetch(`${url}/api/guests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    }
    const guest = createGuestReply.parse(await response!.json());
    const bot = new ClusterBot(url, guest.player.id, name, guest.token, seat, spot, tableId);
    await new Promise<void>((resolve, reject) => {
      bot.socket.once('connect', () => resolve());
      bot.socket.once('connect_error', reject);
    });
    return bot;
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  async send<N extends CommandName>(name: N, payload: unknown): Promise<Ack<N>> {
    const raw: unknown = await this.socket.timeout(10_000).emitWithAck(name, payload);
    return ACKS[name].parse(raw) as Ack<N>;
  }

  async sit(): Promise<void> {
    const joined = await this.send('table.join', { tableId: this.tableId });
    if (!joined.ok) throw new Error(`${this.name}: join refused: ${joined.code}`);
    const sat = await this.send('seat.take', { tableId: this.tableId, seat: this.seat });
    if (!sat.ok) throw new Error(`${this.name}: seat refused: ${sat.code}`);
  }

  /** The next event (from now on) that matches. */
  next(test: (e: TableEvent) => boolean, timeoutMs = 20_000): Promise<TableEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `${this.name}: no matching event in ${timeoutMs} ms (last versions ${this.versions.slice(-4).join(', ')}; gaps ${this.gaps}; disconnects ${this.disconnects}; resyncs: ${this.resyncs.join(', ') || 'none'})`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        test,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  /** Resolves at the next successful return to the table after a reconnect. */
  rejoined(): Promise<void> {
    return new Promise((resolve) => this.rejoinWaiters.push(resolve));
  }

  /** P7.2, T9.4: back at the table after a reconnect, asked again until it answers. */
  private async rejoin(): Promise<void> {
    for (let i = 0; i < 100 && this.socket.connected; i++) {
      const ack = await this.send('table.snapshot', { tableId: this.tableId }).catch(() => null);
      if (ack?.ok) {
        this.rejoins.push({
          seat: ack.snapshot.you.seat,
          version: ack.snapshot.version,
          before: this.droppedAt,
        });
        this.versions.push(ack.snapshot.version);
        // What happened while the socket was away is in the snapshot's state; the events
        // themselves come by a resync, as a real client asks for them (P2.13).
        if (this.droppedAt > 0 && ack.snapshot.version > this.droppedAt) {
          void this.catchUp(this.droppedAt, ack.snapshot.version + 1);
        }
        for (const resolve of this.rejoinWaiters.splice(0)) resolve();
        if (this.acting && ack.snapshot.phase.kind === 'betting') {
          this.confirm(ack.snapshot.phase.round);
        }
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Bets on `round`, asking again, as a person would, while the answer says "try again" and the
   * round's betting is open (one confirm id: the table takes it once, T3.5).
   */
  confirm(round: number): void {
    void this.confirmUntilAnswered(round);
  }

  private async confirmUntilAnswered(round: number): Promise<void> {
    const payload = {
      tableId: this.tableId,
      round,
      seat: this.seat,
      confirmId: `${this.name}-${round}`,
      bets: [{ spot: this.spot, amount: 1_000 }],
    };
    for (let attempt = 1; attempt <= CONFIRM_TRIES; attempt++) {
      const ack = await this.send('bets.confirm', payload).catch(() => null);
      if (ack?.ok) return;
      const code = ack ? ack.code : 'NO_ANSWER';
      this.refusedConfirms.push(`${round} ${code}`);
      if (!TRY_AGAIN.has(code) || !this.acting || this.closedRound >= round) return;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }

  /**
   * Acting from now on, and at once in a betting window already open for a round after `after`:
   * a test that lets its players act after the table moved may hear that round open first.
   */
  joinIn(after = 0): void {
    this.acting = true;
    if (this.openedRound > Math.max(this.closedRound, after)) this.confirm(this.openedRound);
  }

  private noteBetting(event: TableEvent): void {
    if (event.type === 'betting.opened') this.openedRound = Math.max(this.openedRound, event.round);
    if (event.type === 'betting.closed') this.closedRound = Math.max(this.closedRound, event.round);
  }

  private act(event: TableEvent): void {
    if (event.type === 'betting.opened' && event.round > this.closedRound) {
      this.confirm(event.round);
    }
    if (event.type === 'dealing.started' && event.dealer === this.seat) {
      this.fire('shoe.deal', { tableId: this.tableId, round: event.round });
    }
  }

  private answerWaiters(event: TableEvent): void {
    for (const w of [...this.waiters]) {
      if (w.test(event)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  }

  /**
   * P2.13: the events missed before `upTo`, as the resync answers them, count as heard by the
   * waiters (a word published while this node was not yet listening, e.g. the claimer's void
   * before the old owner fenced itself off). They are kept apart from `seen` and `versions`,
   * which stay the live arrival order the tests check.
   */
  private async catchUp(since: number, upTo: number): Promise<void> {
    // A refusal (the node still closing the table it was fenced off from, a move in flight) is
    // asked again, as the table client does while a gap stays open; a snapshot is an answer.
    let ack: Ack<'table.resync'> | null = null;
    for (let attempt = 0; attempt < 25 && this.socket.connected; attempt++) {
      ack = await this.send('table.resync', { tableId: this.tableId, since }).catch(() => null);
      this.resyncs.push(`v${since}: ${resyncAnswer(ack, upTo)}`);
      if (ack?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!ack?.ok || !ack.events) return;
    const missed = ack.events.filter((e) => e.version > since && e.version < upTo);
    for (const event of missed) this.noteBetting(event);
    for (const event of missed) {
      this.replayed.push(event);
      this.answerWaiters(event);
      // What a page does with the events a resync gives back: a window still open is bet in.
      if (this.acting) this.act(event);
    }
  }

  /** A node may die under a command: its answer does not matter here. */
  private fire(name: string, payload: unknown): void {
    this.socket.timeout(5_000).emit(name, payload, () => undefined);
  }

  close(): void {
    this.socket.close();
  }
}
