import type { BaccaraBanqueView, BanqueCards, TableEvent } from '@banco/protocol';
import { ownSettlement } from './banque-settlement.js';
import { TableBot } from './table-bot.js';
import type { TestClient } from './test-banco.js';

type Updated = Extract<TableEvent, { type: 'banque.updated' }>;

export interface BanqueBotCounts {
  bids: number;
  posted: number;
  declined: number;
  tookOver: number;
  toppedUp: number;
  retired: number;
  stakes: number;
  bancos: number;
  chevals: number;
  puntoChoices: number;
  bankerChoices: number;
  /** R22.6: a watcher's stakes the table took in the watchers' turn. */
  watcherStakes: number;
  /** Settled coups this bot saw; those whose settlement differed from its own arithmetic. */
  settled: number;
  mismatches: number;
  rateLimited: number;
}

/**
 * A Baccara Banque player for the bot game (docs/protocol.md, "Bots"): it answers every
 * `banque.updated` that asks it something (the auction, the bank offered to its seat, a dry bank
 * of its own, the stakes, a choice of its own) with a random legal move, and keeps its own
 * account of its balance from each settled coup's revealed cards (`ownSettlement`), to compare
 * with the ledger's. A bot without a seat (`seat` null) is a watcher: where the room lets watchers
 * cover (R22.6) it makes one plain stake in each watchers' turn, and asks nothing else.
 */
export class BanqueBot extends TableBot<BanqueBotCounts, number | null> {
  readonly counts: BanqueBotCounts = {
    bids: 0,
    posted: 0,
    declined: 0,
    tookOver: 0,
    toppedUp: 0,
    retired: 0,
    stakes: 0,
    bancos: 0,
    chevals: 0,
    puntoChoices: 0,
    bankerChoices: 0,
    watcherStakes: 0,
    settled: 0,
    mismatches: 0,
    rateLimited: 0,
  };
  /** False until `go`: a bot acts only once every bot has sat down (the first auction's bids). */
  private ready = false;
  private latest: Updated | null = null;
  /** The banker's values for the coup he is choosing in, from his private cards (B5.3). */
  private window: BanqueCards['window'] = null;

  constructor(
    client: TestClient,
    tableId: string,
    seat: number | null,
    start: number,
    random: () => number,
    private readonly limits: { readonly min: number; readonly max: number },
    private readonly cagnotteBp: number,
    /** True once the game has played enough: the bot then asks nothing more. */
    over: () => boolean,
  ) {
    super(client, tableId, seat, start, random, over);
    this.onTableEvent((event: TableEvent) => {
      // T8.2: a wallet below the table's minimum is topped up as a coup opens.
      if (event.type === 'balance.refilled' && event.playerId === client.playerId) {
        this.expected += event.amount;
      }
      if (event.type !== 'banque.updated') return;
      this.latest = event;
      this.guard(this.on(event));
    });
    client.socket.on('table.private', (message: { type: string } & Partial<BanqueCards>) => {
      if (message.type === 'banque.cards' && message.window) this.window = message.window;
    });
  }

  /** Starts answering, from the last view the bot was sent. */
  go(): void {
    this.ready = true;
    if (this.latest) this.guard(this.on({ ...this.latest, what: 'stakes-opened' }));
  }

  private async on(event: Updated): Promise<void> {
    const { view } = event;
    if (event.what === 'settled' && view.last) this.account(view);
    if (!this.ready || this.stopped || this.finished) return;
    const { stage, tenure, coup } = view;
    if (this.seat === null) return this.watch(view);
    const mine = tenure?.banker === this.seat;
    if (stage.stage === 'auction' && this.once(`bid:${stage.closesAt}`)) {
      const top = this.affordable(this.limits.max);
      if (top < this.limits.min) return;
      const ack = await this.ask('banque.bid', { amount: this.chips(this.limits.min, top) });
      if (ack.ok) this.counts.bids += 1;
      return;
    }
    if (stage.stage === 'offer' && stage.seat === this.seat) {
      if (!this.once(`offer:${stage.until}:${stage.declined.length}`)) return;
      const top = this.affordable(this.limits.max);
      if (top < this.limits.min || this.random() < 0.3) {
        const ack = await this.ask('banque.bank.decline', {});
        if (ack.ok) this.counts.declined += 1;
        return;
      }
      const name = stage.kind === 'list' ? 'banque.bank.post' : 'banque.bank.take-over';
      const ack = await this.ask(name, { amount: this.chips(this.limits.min, top) });
      if (ack.ok) this.counts[stage.kind === 'list' ? 'posted' : 'tookOver'] += 1;
      return;
    }
    if (stage.stage === 'dry' && mine && this.once(`dry:${stage.until}`)) {
      if (this.expected >= this.limits.min && this.random() < 0.6) {
        const ack = await this.ask('banque.bank.top-up', { to: this.limits.min });
        if (ack.ok) this.counts.toppedUp += 1;
        return;
      }
      const ack = await this.ask('banque.bank.retire', {});
      if (ack.ok) this.counts.retired += 1;
      return;
    }
    if (!coup) return;
    if (coup.phase === 'staking') {
      if (mine && tenure.coups >= 2 && this.random() < 0.08 && this.once(`retire:${coup.coup}`)) {
        const ack = await this.ask('banque.bank.retire', {});
        if (ack.ok) this.counts.retired += 1;
        return;
      }
      if (coup.punters.includes(this.seat) && this.once(`stake:${coup.coup}`)) {
        await this.stake(coup.coup, coup.bank);
      }
      return;
    }
    const pending = coup.pending;
    if (pending?.seat !== this.seat || !this.once(`choose:${coup.coup}:${pending.hand}`)) return;
    if (pending.hand === 'banker') {
      // Mostly the option of greater value, from the window only he was sent.
      const best = this.window?.best ?? 'draw';
      const option = this.random() < 0.75 ? best : best === 'draw' ? 'stand' : 'draw';
      const ack = await this.ask('banque.banker.choose', { coup: coup.coup, option });
      if (ack.ok) this.counts.bankerChoices += 1;
      return;
    }
    const option = this.random() < 0.5 ? 'draw' : 'stand';
    const ack = await this.ask('banque.punto.choose', {
      coup: coup.coup,
      tableau: pending.hand,
      option,
    });
    if (ack.ok) this.counts.puntoChoices += 1;
  }

  /** R22.6, T16.13: a watcher's one plain stake in a watchers' turn, on what is left. */
  private async watch(view: BaccaraBanqueView): Promise<void> {
    const coup = view.coup;
    if (coup?.phase !== 'staking' || !coup.watchersTurn || !this.once(`watch:${coup.coup}`)) return;
    if (this.expected < 100) return;
    const r = this.random();
    const on = r < 0.45 ? 'right' : r < 0.9 ? 'left' : 'cheval';
    const ack = await this.ask('banque.stake', {
      coup: coup.coup,
      call: { kind: 'stake', on, amount: this.amount(coup.bank) },
    });
    if (ack.ok) this.counts.watcherStakes += 1;
  }

  private async stake(coup: number, bank: number): Promise<void> {
    const r = this.random();
    const wallet = this.expected;
    const side = this.seat! <= 6 ? 'right' : 'left';
    const call =
      r < 0.08 && wallet >= bank
        ? { kind: 'banco' as const, on: side }
        : r < 0.12 && wallet >= bank
          ? { kind: 'banco' as const, on: 'halves' as const }
          : r < 0.3 && wallet >= 100
            ? { kind: 'stake' as const, on: 'cheval' as const, amount: this.amount(bank) }
            : r < 0.85 && wallet >= 100
              ? {
                  kind: 'stake' as const,
                  on: this.random() < 0.8 ? side : side === 'right' ? 'left' : 'right',
                  amount: this.amount(bank),
                }
              : { kind: 'none' as const };
    const ack = await this.ask('banque.stake', { coup, call });
    if (!ack.ok) {
      // A call refused (its own arithmetic was short, say) is answered with none, as a player
      // would, so the stakes do not wait out their window for it.
      await this.ask('banque.stake', { coup, call: { kind: 'none' } });
      return;
    }
    this.counts.stakes += 1;
    if (call.kind === 'banco') this.counts.bancos += 1;
    if (call.kind === 'stake' && call.on === 'cheval') this.counts.chevals += 1;
  }

  private amount(bank: number): number {
    const top = Math.max(100, Math.min(this.expected, bank, 5_000));
    return Math.max(100, Math.floor((this.random() * top) / 100) * 100);
  }

  /** T16.8 by the bot's own arithmetic from the revealed cards, checked against the table's. */
  private account(view: BaccaraBanqueView): void {
    const last = view.last!;
    if (last.phase !== 'settled' || !last.settlement) return;
    this.counts.settled += 1;
    this.window = null;
    const own = ownSettlement(last, this.cagnotteBp);
    const told = last.settlement;
    if (
      own.bankAfter !== told.bankAfter ||
      own.cagnotte !== told.cagnotte ||
      own.gross !== told.bankerGross
    ) {
      this.counts.mismatches += 1;
    }
    if (last.banker === this.seat) {
      this.expected += own.bankAfter - last.bank;
      return;
    }
    const me = this.client.playerId;
    this.expected += (own.back.get(me) ?? 0) - (own.staked.get(me) ?? 0);
  }
}
