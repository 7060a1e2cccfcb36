import { TABLE_EVENT, TABLE_PRIVATE, type TableEvent, type TablePrivate } from '@banco/protocol';
import type { TestClient } from '../../src/testing/test-banco.js';

/**
 * A seated Punto Banco player for one life of the server: it bets one spot once a round, deals
 * when it holds the shoe and turns its cards at once, as the load bench's bots and the minimal
 * bot of docs/protocol.md do. Its client records every frame for the leak audit; a command the
 * server's stop cut off is counted, as a page would ask again once back.
 */
export class PuntoPlayer {
  /** Commands left unanswered because the server went away under them. */
  cutOff = 0;
  private stopped = false;

  constructor(
    readonly client: TestClient,
    readonly tableId: string,
    readonly seat: number,
    private readonly random: () => number,
  ) {
    client.socket.on(TABLE_EVENT, (event: TableEvent) => {
      if (event.tableId !== tableId || this.stopped) return;
      if (event.type === 'betting.opened') this.bet(event.round);
      if (event.type === 'dealing.started' && event.dealer === seat) {
        this.fire('shoe.deal', { tableId, round: event.round });
      }
    });
    client.socket.on(TABLE_PRIVATE, (message: TablePrivate) => {
      if (this.stopped || message.type !== 'cards.peek') return;
      this.fire('cards.reveal', { tableId, round: message.round });
    });
  }

  stop(): void {
    this.stopped = true;
  }

  /** One bet a round, on a spot and of an amount the seeded generator picks. */
  bet(round: number): void {
    const spot = this.random() < 0.5 ? 'player' : 'banker';
    const amount = 1_000 + 100 * Math.floor(this.random() * 40);
    this.fire('bets.confirm', {
      tableId: this.tableId,
      round,
      seat: this.seat,
      confirmId: `soak-${this.seat}-${round}`,
      bets: [{ spot, amount }],
    });
  }

  private fire(name: 'bets.confirm' | 'shoe.deal' | 'cards.reveal', payload: unknown): void {
    this.client.send(name, payload).catch((error: unknown) => {
      if (!this.client.wentAway(error)) throw error;
      this.cutOff += 1;
    });
  }
}
