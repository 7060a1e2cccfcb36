import type { Ack, CommandName, TableEvent } from '@banco/protocol';
import type { TestClient } from './test-banco.js';

/** How often a bot asks again after RATE_LIMITED before it gives up and says so. */
const RATE_LIMIT_TRIES = 8;

/**
 * What every game's player in the bot games shares: its own account of its balance, one answer
 * per thing asked of it, commands asked again after RATE_LIMITED, and a stop. A game's bot adds
 * only what it answers and how it settles its account; this file names no game.
 */
export abstract class TableBot<
  Counts extends { rateLimited: number },
  Seat extends number | null = number,
> {
  abstract readonly counts: Counts;
  /** The balance by this bot's own arithmetic: start, plus each coup's result. */
  expected: number;
  protected stopped = false;
  private readonly done = new Set<string>();

  constructor(
    readonly client: TestClient,
    readonly tableId: string,
    /** Null for a watcher's bot (a game that lets watchers play). */
    readonly seat: Seat,
    start: number,
    protected readonly random: () => number,
    /** True once the game has played enough: the bot then asks nothing more. */
    private readonly over: () => boolean,
  ) {
    this.expected = start;
    // T8.2: a wallet below the table minimum is topped up by the house as the next coup opens;
    // a bot that went that low counts the top-up as the ledger does.
    this.onTableEvent((event) => {
      if (event.type === 'balance.refilled' && event.playerId === client.playerId) {
        this.expected += event.amount;
      }
    });
  }

  get finished(): boolean {
    return this.over();
  }

  stop(): void {
    this.stopped = true;
  }

  /** This table's events, and no other's. */
  protected onTableEvent(handle: (event: TableEvent) => void): void {
    this.client.socket.on('table.event', (event: TableEvent) => {
      if (event.tableId === this.tableId) handle(event);
    });
  }

  /**
   * Sends a command for this table as a patient player would: an answer of RATE_LIMITED (P1.6:
   * at most 20 a second) is asked again after a pause. On a fast machine six bots play a coup in
   * a few milliseconds and a busy seat goes past the budget; a move dropped there stalled the game.
   */
  protected async ask<N extends CommandName>(name: N, payload: object): Promise<Ack<N>> {
    for (let attempt = 1; ; attempt++) {
      const ack = await this.client.send(name, { tableId: this.tableId, ...payload });
      if (ack.ok || ack.code !== 'RATE_LIMITED') return ack;
      this.counts.rateLimited += 1;
      if (attempt === RATE_LIMIT_TRIES) {
        throw new Error(`Bot${this.seat}: ${name} still RATE_LIMITED after ${attempt} tries`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }

  /**
   * A move the server did not answer because it is gone (its socket closed under the command)
   * is let go, as a page would ask again once back (`cutOff` counts it); any other failure still
   * fails the game.
   */
  protected guard(move: Promise<void>): void {
    move.catch((error: unknown) => {
      if (!this.client.wentAway(error)) throw error;
      this.cutOff();
    });
  }

  /** A move lost to a server that went away. */
  protected cutOff(): void {}

  /** True the first time a key is asked: one answer per offer, call or choice. */
  protected once(key: string): boolean {
    if (this.done.has(key)) return false;
    this.done.add(key);
    return true;
  }

  /** Forgets an answer, so the thing it answered may be answered again. */
  protected forget(key: string): void {
    this.done.delete(key);
  }

  /** Whole chips from `lo` to `hi`, in minor units. */
  protected chips(lo: number, hi: number): number {
    return lo + Math.floor((this.random() * (hi - lo)) / 100) * 100;
  }

  /** The most this bot could put up, in whole chips, capped at `max`. */
  protected affordable(max: number): number {
    return Math.min(max, Math.floor(this.expected / 100) * 100);
  }
}
