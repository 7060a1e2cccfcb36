import type { CommandName, resyncYouSchema } from '../commands.js';
import type { CoverCall } from '../chemin-de-fer.js';
import type { CheminCards } from '../chemin-de-fer-view.js';
import type { EveningYou } from '../evening.js';
import type { CardsPeek, TableEvent } from '../events.js';
import { TABLE_EVENT, TABLE_PRIVATE } from '../handshake.js';
import { TableVersions } from '../resync.js';
import type { TableSnapshot } from '../snapshot.js';
import type { CommandInput } from '../socket-events.js';
import type { ProtocolSocket, Refusal, SendResult, SocketStatus } from './protocol-socket.js';
import { realTimers, type Timers } from './timers.js';
import type { z } from 'zod';

export type ResyncYou = z.infer<typeof resyncYouSchema>;

/** Where the client puts what it learns, in version order and never stepping back (P2.13). */
export interface TableSink {
  /** The table as a whole: replace what you hold. */
  snapshot(snapshot: TableSnapshot): void;
  /** The next event after what you hold: apply it. */
  event(event: TableEvent): void;
  peek?(peek: CardsPeek): void;
  /** C5.3: at a Chemin de Fer table, this player's own face-down cards. */
  cheminCards?(cards: CheminCards): void;
  /** P9.9: this player's own evening view (the host's queue, a player's position, answers). */
  evening?(you: EveningYou): void;
  /** After a resync: your seat, balance and bets as the table has them. */
  you?(you: ResyncYou): void;
  /** The connection's state; `refusal` says why the table or the server turned it away. */
  status?(status: TableClientStatus, refusal: Refusal | null): void;
}

export type TableClientStatus = SocketStatus;

export interface TableClientOptions {
  socket: ProtocolSocket;
  tableId: string;
  sink: TableSink;
  /** An ack names the version its command reached; if that event is not here by then, resync. */
  missingEventMs?: number;
  /** Before asking again when a resync left a gap open. */
  retryMs?: number;
  timers?: Timers;
}

/** Refusals of a join after which there is nothing to come back to. */
const FINAL_REFUSALS = new Set(['KICKED', 'ROOM_CLOSED', 'ROOM_LOCKED', 'UNKNOWN_TABLE']);

/**
 * One table over a protocol socket: joins on the first connection, and on every later one asks
 * `table.resync { since }` for only what it missed. Events reach the sink in version order;
 * one past a gap waits in a buffer while a resync fills the gap (P1.2, P2.13); a snapshot older
 * than what the sink holds is dropped unless a gap was seen; and an ack whose version's event
 * never comes leads to a resync too.
 */
export class TableClient {
  readonly versions = new TableVersions();
  private buffer: TableEvent[] = [];
  private resyncing = false;
  private again = false;
  private closed = false;
  private joined = false;
  /** False until the first snapshot: that one is taken whatever its version (a new table's is 0). */
  private holding = false;
  private readonly pending = new Set<unknown>();
  private readonly timers: Timers;
  private readonly offs: (() => void)[] = [];

  constructor(private readonly options: TableClientOptions) {
    this.timers = options.timers ?? realTimers;
    const { socket } = options;
    this.offs.push(
      socket.onConnect(() => void this.enter()),
      socket.onStatus((status, refusal) => options.sink.status?.(status, refusal)),
      socket.on(TABLE_EVENT, (event) => this.receive(event)),
      socket.on(TABLE_PRIVATE, (message) => {
        if (message.tableId !== options.tableId) return;
        if (message.type === 'cards.peek') options.sink.peek?.(message);
        else if (message.type === 'evening.you') options.sink.evening?.(message);
        else options.sink.cheminCards?.(message);
      }),
    );
    if (socket.connected) void this.enter();
  }

  get tableId(): string {
    return this.options.tableId;
  }

  /** Sends a command; a success whose event does not follow in time makes the client resync. */
  async send<N extends CommandName>(name: N, payload: CommandInput<N>): Promise<SendResult<N>> {
    const ack = await this.options.socket.send(name, payload);
    if (ack.ok && 'version' in ack && typeof ack.version === 'number') {
      const expected = ack.version;
      if (expected > this.versions.version) this.expect(expected);
    }
    return ack;
  }

  // C2: the Chemin de Fer commands, each a `send` with this table's id.

  /** C2.1: put up the bank offered to this seat (a fresh amount, or the riding bank whole). */
  postBank(coup: number, amount: number): Promise<SendResult<'chemin.bank.post'>> {
    return this.send('chemin.bank.post', { tableId: this.tableId, coup, amount });
  }

  /** C2.2: this punter's one call on the open bank. */
  cover(coup: number, call: CoverCall): Promise<SendResult<'chemin.cover'>> {
    return this.send('chemin.cover', { tableId: this.tableId, coup, call });
  }

  /** C2.3: the punto's choice on 5. */
  choosePunto(coup: number, option: 'draw' | 'stand'): Promise<SendResult<'chemin.punto.choose'>> {
    return this.send('chemin.punto.choose', { tableId: this.tableId, coup, option });
  }

  /** C2.4: the banker's choice at 3 against a 9 or 5 against a 4. */
  chooseBanker(
    coup: number,
    option: 'draw' | 'stand',
  ): Promise<SendResult<'chemin.banker.choose'>> {
    return this.send('chemin.banker.choose', { tableId: this.tableId, coup, option });
  }

  /** C2.5: la banque passe. */
  passBank(): Promise<SendResult<'chemin.bank.pass'>> {
    return this.send('chemin.bank.pass', { tableId: this.tableId });
  }

  /** C2.6: refuse the fresh bank offered to this seat. */
  declineBank(): Promise<SendResult<'chemin.bank.decline'>> {
    return this.send('chemin.bank.decline', { tableId: this.tableId });
  }

  /** Asks for what was missed since the version held (a gap, a missing event, a reconnect). */
  async resync(): Promise<void> {
    if (this.closed) return;
    if (this.resyncing) {
      this.again = true;
      return;
    }
    this.resyncing = true;
    try {
      const { tableId, socket, sink } = this.options;
      const ack = await socket.send('table.resync', { tableId, since: this.versions.version });
      if (this.closed) return;
      if (!ack.ok) {
        this.refused(ack.code, ack.message);
        return;
      }
      if (ack.snapshot && (this.versions.snapshot(ack.snapshot.version) || !this.holding)) {
        sink.snapshot(ack.snapshot);
        this.holding = true;
      }
      for (const event of ack.events ?? []) this.offer(event);
      sink.you?.(ack.you);
      this.drain();
    } finally {
      this.resyncing = false;
    }
    if (this.again || this.versions.gap) {
      this.again = false;
      this.later(() => void this.resync(), this.options.retryMs ?? 300);
    }
  }

  close(): void {
    this.closed = true;
    for (const off of this.offs) off();
    for (const handle of this.pending) this.timers.clearTimeout(handle);
    this.pending.clear();
  }

  /** On a connection: the first time join and take the snapshot; after that, resync. */
  private async enter(): Promise<void> {
    if (this.closed) return;
    if (this.joined) return this.resync();
    const { tableId, socket, sink } = this.options;
    this.resyncing = true;
    try {
      const ack = await socket.send('table.join', { tableId });
      if (this.closed) return;
      if (!ack.ok) {
        this.refused(ack.code, ack.message);
        return;
      }
      this.joined = true;
      if (this.versions.snapshot(ack.snapshot.version) || !this.holding)
        sink.snapshot(ack.snapshot);
      this.holding = true;
      this.drain();
    } finally {
      this.resyncing = false;
    }
    if (this.versions.gap) await this.resync();
  }

  private receive(event: TableEvent): void {
    if (this.closed || event.tableId !== this.options.tableId) return;
    if (this.resyncing || !this.joined) {
      // P2.13 step 1: what arrives while an answer is awaited waits for it.
      this.buffer.push(event);
      return;
    }
    if (this.offer(event) === 'gap') void this.resync();
  }

  /** Applies the event if it is next; keeps it for later if versions are missing before it. */
  private offer(event: TableEvent): 'apply' | 'skip' | 'gap' {
    const verdict = this.versions.event(event.version);
    if (verdict === 'apply') {
      this.options.sink.event(event);
      this.drain();
    } else if (verdict === 'gap' && !this.buffer.some((e) => e.version === event.version)) {
      this.buffer.push(event);
    }
    return verdict;
  }

  /** Applies buffered events that are now next in line; drops those already covered. */
  private drain(): void {
    this.buffer.sort((a, b) => a.version - b.version);
    while (this.buffer.length > 0) {
      const first = this.buffer[0]!;
      if (first.version <= this.versions.version) {
        this.buffer.shift();
        continue;
      }
      if (first.version !== this.versions.version + 1) {
        this.versions.event(first.version);
        return;
      }
      this.buffer.shift();
      this.versions.event(first.version);
      this.options.sink.event(first);
    }
  }

  private expect(version: number): void {
    this.later(() => {
      if (this.versions.version < version) void this.resync();
    }, this.options.missingEventMs ?? 1_500);
  }

  private refused(code: string, message: string): void {
    if (FINAL_REFUSALS.has(code)) {
      this.options.sink.status?.('refused', { code, message });
      return;
    }
    // Not at the table any more (a restart, P7.2), or busy: come in again shortly.
    if (code === 'NOT_AT_TABLE') this.joined = false;
    this.later(() => void this.enter(), this.options.retryMs ?? 300);
  }

  private later(run: () => void, ms: number): void {
    const handle = this.timers.setTimeout(() => {
      this.pending.delete(handle);
      if (!this.closed) run();
    }, ms);
    this.pending.add(handle);
  }
}
