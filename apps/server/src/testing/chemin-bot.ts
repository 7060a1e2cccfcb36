import type { Ack, CheminDeFerView, CommandName, TableEvent } from '@banco/protocol';
import type { TestClient } from './test-banco.js';

type Updated = Extract<TableEvent, { type: 'chemin.updated' }>;

export interface CheminBotCounts {
  posted: number;
  declined: number;
  passed: number;
  called: number;
  chose: number;
  settled: number;
  /** Commands the server answered RATE_LIMITED, each asked again after a pause. */
  rateLimited: number;
  /** Commands left unanswered because the server went away under them (a soak's stops). */
  cutOff: number;
}

/** How often a bot asks again after RATE_LIMITED before it gives up and says so. */
const RATE_LIMIT_TRIES = 8;

/**
 * A Chemin de Fer player for the bot game: it answers every `chemin.updated` that asks it
 * something (the bank offered to its seat, a bank to cover, a choice of its own) with a random
 * legal move, and keeps its own account of its balance from the settlements it sees, to compare
 * with the ledger's.
 */
export class CheminBot {
  readonly counts: CheminBotCounts = {
    posted: 0,
    declined: 0,
    passed: 0,
    called: 0,
    chose: 0,
    settled: 0,
    rateLimited: 0,
    cutOff: 0,
  };
  /** The balance by this bot's own arithmetic (T15.6): start, plus each coup's result. */
  expected: number;
  private readonly done = new Set<string>();
  private view: CheminDeFerView | null = null;
  private stopped = false;

  constructor(
    readonly client: TestClient,
    readonly tableId: string,
    readonly seat: number,
    start: number,
    private readonly random: () => number,
    /** True once the game has played its coups: the bot then asks nothing more. */
    private readonly over: () => boolean,
  ) {
    this.expected = start;
    client.socket.on('table.event', (event: TableEvent) => {
      if (event.tableId !== tableId) return;
      if (event.type === 'chemin.updated') {
        this.view = event.view;
        this.guard(this.on(event));
      }
      // A bank refused for want of punters is posted again once someone sits down.
      if (event.type === 'seat.taken' && this.view?.coup === null && !this.stopped) {
        this.guard(this.offer(this.view));
      }
    });
  }

  get finished(): boolean {
    return this.over();
  }

  stop(): void {
    this.stopped = true;
  }

  /**
   * Sends a command as a patient player would: an answer of RATE_LIMITED (P1.6: at most 20 a
   * second) is asked again after a pause. On a fast machine six bots play a coup in a few
   * milliseconds and a busy seat goes past the budget; a move dropped there stalled the game.
   */
  private async ask<N extends CommandName>(name: N, payload: unknown): Promise<Ack<N>> {
    for (let attempt = 1; ; attempt++) {
      const ack = await this.client.send(name, payload);
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
   * is counted, as a page would ask again once back; any other failure still fails the game.
   */
  private guard(move: Promise<void>): void {
    move.catch((error: unknown) => {
      if (!this.client.wentAway(error)) throw error;
      this.counts.cutOff += 1;
    });
  }

  private once(key: string): boolean {
    if (this.done.has(key)) return false;
    this.done.add(key);
    return true;
  }

  private async on(event: Updated): Promise<void> {
    const { view } = event;
    if (event.what === 'settled' && view.last) this.account(view);
    if (this.stopped || this.finished) return;
    const coup = view.coup;
    if (!coup) return this.offer(view);
    if (coup.phase === 'covering' && coup.punters.includes(this.seat)) {
      if (!coup.calls.some((c) => c.seat === this.seat) && this.once(`call:${coup.coup}`)) {
        await this.call(coup.coup, coup.bank);
      }
      return;
    }
    const pending = coup.pending;
    if (pending?.seat === this.seat && this.once(`choose:${coup.coup}:${pending.hand}`)) {
      const option = this.random() < 0.5 ? 'draw' : 'stand';
      const name = pending.hand === 'punto' ? 'chemin.punto.choose' : 'chemin.banker.choose';
      const ack = await this.ask(name, { tableId: this.tableId, coup: coup.coup, option });
      if (ack.ok) this.counts.chose += 1;
    }
  }

  private async offer(view: CheminDeFerView): Promise<void> {
    const { offer } = view;
    if (offer.kind === 'vacant' || offer.seat !== this.seat) return;
    const key = `offer:${view.nextCoup}:${offer.kind}:${offer.kind === 'fresh' ? offer.declined.length : 0}`;
    if (this.finished || !this.once(key)) return;
    const tableId = this.tableId;
    // One answer per offer; a bank refused for want of punters is tried again (seat.taken).
    const answered = (ok: boolean, why?: { ok: boolean; code?: string }) => {
      if (why && !why.ok && why.code === 'NO_PUNTERS') {
        this.done.delete(key);
        setTimeout(() => this.view && this.guard(this.offer(this.view)), 50);
      }
      return ok;
    };
    if (offer.kind === 'ride') {
      if (this.random() < 0.3) {
        const ack = await this.ask('chemin.bank.pass', { tableId });
        if (answered(ack.ok)) this.counts.passed += 1;
        return;
      }
      const ack = await this.ask('chemin.bank.post', {
        tableId,
        coup: view.nextCoup,
        amount: offer.amount,
      });
      if (answered(ack.ok, ack)) this.counts.posted += 1;
      return;
    }
    const { min, max } = BANK;
    const top = Math.min(max, Math.floor(this.expected / 100) * 100);
    if (top < min || (this.random() < 0.15 && offer.declined.length < 3)) {
      const ack = await this.ask('chemin.bank.decline', { tableId });
      if (answered(ack.ok)) this.counts.declined += 1;
      return;
    }
    const amount = min + Math.floor((this.random() * (top - min)) / 100) * 100;
    const ack = await this.ask('chemin.bank.post', {
      tableId,
      coup: view.nextCoup,
      amount,
    });
    if (answered(ack.ok, ack)) this.counts.posted += 1;
  }

  private async call(coup: number, bank: number): Promise<void> {
    const r = this.random();
    const wallet = this.expected;
    const call =
      r < 0.2 && wallet >= bank
        ? { kind: 'banco' as const }
        : r < 0.4 && wallet >= Math.ceil(bank / 2)
          ? { kind: 'avec-la-table' as const }
          : r < 0.85 && wallet >= 100
            ? {
                kind: 'stake' as const,
                amount: Math.max(
                  100,
                  Math.floor((this.random() * Math.min(wallet, bank)) / 100) * 100,
                ),
              }
            : { kind: 'none' as const };
    const ack = await this.ask('chemin.cover', { tableId: this.tableId, coup, call });
    if (ack.ok) this.counts.called += 1;
  }

  /** T15.6 by the bot's own arithmetic: what it held in the coup against what came back. */
  private account(view: CheminDeFerView): void {
    const last = view.last!;
    if (last.phase !== 'settled' || !last.cover || !last.settlement) return;
    this.counts.settled += 1;
    if (last.banker === this.seat) {
      this.expected += last.settlement.banker - last.cover.covered;
      return;
    }
    const held = last.cover.covers.find((c) => c.seat === this.seat)?.amount ?? 0;
    const back = last.settlement.punters.find((p) => p.seat === this.seat)?.amount ?? 0;
    this.expected += back - held;
  }
}

/** The bot game's bank limits, in minor units: 10 to 100 chips. */
export const BANK = { min: 1_000, max: 10_000 } as const;
