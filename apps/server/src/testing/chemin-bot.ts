import type { CheminDeFerView, TableEvent } from '@banco/protocol';
import { TableBot } from './table-bot.js';
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

/**
 * A Chemin de Fer player for the bot game: it answers every `chemin.updated` that asks it
 * something (the bank offered to its seat, a bank to cover, a choice of its own) with a random
 * legal move, and keeps its own account of its balance from the settlements it sees, to compare
 * with the ledger's.
 */
export class CheminBot extends TableBot<CheminBotCounts> {
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
  private view: CheminDeFerView | null = null;

  /** `expected` is the balance by the bot's own arithmetic (T15.6). */
  constructor(
    client: TestClient,
    tableId: string,
    seat: number,
    start: number,
    random: () => number,
    /** True once the game has played its coups: the bot then asks nothing more. */
    over: () => boolean,
  ) {
    super(client, tableId, seat, start, random, over);
    this.onTableEvent((event: TableEvent) => {
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

  protected override cutOff(): void {
    this.counts.cutOff += 1;
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
      const ack = await this.ask(name, { coup: coup.coup, option });
      if (ack.ok) this.counts.chose += 1;
    }
  }

  private async offer(view: CheminDeFerView): Promise<void> {
    const { offer } = view;
    if (offer.kind === 'vacant' || offer.seat !== this.seat) return;
    const key = `offer:${view.nextCoup}:${offer.kind}:${offer.kind === 'fresh' ? offer.declined.length : 0}`;
    if (this.finished || !this.once(key)) return;
    // One answer per offer; a bank refused for want of punters is tried again (seat.taken).
    const answered = (ok: boolean, why?: { ok: boolean; code?: string }) => {
      if (why && !why.ok && why.code === 'NO_PUNTERS') {
        this.forget(key);
        setTimeout(() => this.view && this.guard(this.offer(this.view)), 50);
      }
      return ok;
    };
    if (offer.kind === 'ride') {
      if (this.random() < 0.3) {
        const ack = await this.ask('chemin.bank.pass', {});
        if (answered(ack.ok)) this.counts.passed += 1;
        return;
      }
      const ack = await this.ask('chemin.bank.post', { coup: view.nextCoup, amount: offer.amount });
      if (answered(ack.ok, ack)) this.counts.posted += 1;
      return;
    }
    const { min, max } = BANK;
    const top = this.affordable(max);
    if (top < min || (this.random() < 0.15 && offer.declined.length < 3)) {
      const ack = await this.ask('chemin.bank.decline', {});
      if (answered(ack.ok)) this.counts.declined += 1;
      return;
    }
    const amount = this.chips(min, top);
    const ack = await this.ask('chemin.bank.post', { coup: view.nextCoup, amount });
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
    const ack = await this.ask('chemin.cover', { coup, call });
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
