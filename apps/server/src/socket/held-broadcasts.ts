import { TABLE_EVENT, type TableEvent, type TableEventType } from '@banco/protocol';
import type { BancoServer, BancoSocket } from './typed-io.js';

/**
 * P1.7: a table's events that nobody has to act on at once wait a moment, so that the events
 * of a burst (bets landing together, cards turned in quick succession, a settlement) reach each
 * socket in one write instead of one write each. On a busy server a write to a socket is the
 * dearest thing the table does (each wakes a client), and a player watching others' chips land
 * loses nothing by seeing three of them together a few hundred milliseconds later.
 *
 * Every socket still receives every event once, in version order, with nothing skipped:
 * - an event someone must act on (EAGER) sends everything held, then itself, to the table;
 * - a socket whose command is answered is sent what is held first (events before the ack, P6),
 *   and so is a player about to get a private message (their turn's cards follow the turn);
 * - a snapshot covers what is held up to its version; the socket gets only what follows.
 */
export const EAGER_EVENTS: ReadonlySet<TableEventType> = new Set<TableEventType>([
  'betting.opened',
  'dealing.started',
  'shoe.offered',
  'round.result',
  'round.voided',
  'table.closing',
  'room.closed',
  'player.kicked',
  // T15: every Chemin de Fer change asks someone to act (the bank, a call, a choice).
  'chemin.updated',
  // T16: so does every Baccara Banque change (the auction, a stake, a choice, a top-up).
  'banque.updated',
]);

/** Others' bets: the events a betting window is full of, held longest. */
const BET_EVENTS: ReadonlySet<TableEventType> = new Set<TableEventType>([
  'bets.confirmed',
  'bets.none',
]);

export interface HoldTimes {
  /** How long an event may wait for others to go with it; 0 sends each at once. */
  holdMs: number;
  /** The same for others' bets. */
  betHoldMs: number;
}

interface Held {
  readonly event: TableEvent;
  /**
   * Sockets that already have it (sent ahead to them, or covered by their snapshot); made for
   * the first one: most events (every one sent at once) reach none ahead of the room.
   */
  served: Set<string> | null;
}

/**
 * P1.7: sockets whose join (or first command at the table) is waiting for its ack,
 * with what went out to the room meanwhile. A flush skips them: the ack's snapshot may cover an
 * event already (a duplicate if sent first), so each gets, once answered, only what its ack
 * does not cover (`finish`).
 */
export class JoiningSockets {
  private readonly at = new Map<string, Map<string, TableEvent[]>>();

  start(tableId: string, socketId: string): void {
    let sockets = this.at.get(tableId);
    if (!sockets) this.at.set(tableId, (sockets = new Map()));
    sockets.set(socketId, []);
  }

  /** The joining sockets at a table and what each missed; a flush adds to these lists. */
  of(tableId: string): ReadonlyMap<string, TableEvent[]> | undefined {
    return this.at.get(tableId);
  }

  /** The socket is answered: it is sent what went out meanwhile past `coveredUpTo`. */
  finish(tableId: string, socket: BancoSocket, coveredUpTo = 0): void {
    const sockets = this.at.get(tableId);
    const missed = sockets?.get(socket.id);
    if (!sockets || !missed) return;
    sockets.delete(socket.id);
    if (sockets.size === 0) this.at.delete(tableId);
    for (const event of missed) {
      if (event.version > coveredUpTo) socket.emit(TABLE_EVENT, event);
    }
  }
}

/** One table's held events, between its actor and its room. */
export class HeldBroadcasts {
  private held: Held[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushAt = Number.POSITIVE_INFINITY;
  /** The table's room on this node, made once: each is a new operator (and Set) in socket.io. */
  private toRoom: ReturnType<BancoServer['to']> | null = null;

  constructor(
    private readonly io: BancoServer,
    private readonly room: string,
    private readonly times: HoldTimes,
    /** The sockets at this table waiting for their join's ack (JoiningSockets.of). */
    private readonly joining: () => ReadonlyMap<string, TableEvent[]> | undefined = () => undefined,
  ) {}

  broadcast(event: TableEvent): void {
    const hold = EAGER_EVENTS.has(event.type)
      ? 0
      : BET_EVENTS.has(event.type)
        ? this.times.betHoldMs
        : this.times.holdMs;
    this.held.push({ event, served: null });
    if (hold <= 0) {
      this.flush();
      return;
    }
    const at = Date.now() + hold;
    if (at >= this.flushAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.flushAt = at;
    this.timer = setTimeout(() => this.flush(), hold);
  }

  /**
   * Sends one socket what it lacks of the held events, in order. A snapshot at `coveredUpTo`
   * already holds the events up to that version: the socket is counted as having them.
   */
  catchUp(socket: BancoSocket, coveredUpTo = 0): void {
    for (const held of this.held) {
      const served = (held.served ??= new Set());
      if (served.has(socket.id)) continue;
      served.add(socket.id);
      if (held.event.version > coveredUpTo) socket.emit(TABLE_EVENT, held.event);
    }
  }

  /** Everyone at the table gets everything held, each socket in one write. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushAt = Number.POSITIVE_INFINITY;
    const held = this.held;
    this.held = [];
    const joining = this.joining();
    // Local: with several nodes, the others replay the table's events to their own sockets
    // (T13.8); socket.io's Redis adapter must not send them a second copy.
    const room = (this.toRoom ??= this.io.local.to(this.room));
    for (const { event, served } of held) {
      const skipped = served ? [...served] : [];
      for (const [socketId, missed] of joining ?? []) {
        if (served?.has(socketId)) continue;
        missed.push(event);
        skipped.push(socketId);
      }
      // Socket ids are rooms too: `except` skips the sockets that have the event already.
      const to = skipped.length === 0 ? room : room.except(skipped);
      to.emit(TABLE_EVENT, event);
    }
  }

  get size(): number {
    return this.held.length;
  }
}
