import { randomBytes } from 'node:crypto';
import type { TableSettings } from '@banco/protocol';
import { commitmentOf } from '@banco/rules';
import type { TableActorDeps } from './actor-deps.js';
import { escrowAll } from './escrow-all.js';
import type { EscrowAnswer, TableInput } from '../core/inputs.js';
import type { Escrow } from '../core/state.js';
import { gameFor } from '../games/registry.js';
import { STARTING_BALANCE } from '../core/settings.js';
import type { Effect } from '../core/state.js';

/** Effects the table carries out itself (its messages, wake-ups and life: effect-loop.ts). */
const TABLE_EFFECTS = [
  'broadcast',
  'private',
  'schedule',
  'hold',
  'eject',
  'room-closed',
] as const satisfies readonly Effect['type'][];

export type TableEffect = Extract<Effect, { type: (typeof TABLE_EFFECTS)[number] }>;
/** Every other effect is the ledger's work. */
export type LedgerEffect = Exclude<Effect, TableEffect>;

const tableEffects: ReadonlySet<Effect['type']> = new Set(TABLE_EFFECTS);

export const isTableEffect = (effect: Effect): effect is TableEffect =>
  tableEffects.has(effect.type);

/**
 * Carries out the reducer's ledger effects, one at a time. An effect may answer with a new input
 * for the reducer. Retries, and the effects the table carries out itself, are the effect loop's.
 */
export class EffectRunner {
  private readonly clock: () => number;

  constructor(private readonly deps: TableActorDeps) {
    this.clock = deps.clock ?? Date.now;
  }

  /** Several confirms' stakes in one round trip (the confirm batch's, or one alone). */
  escrowAll(effects: readonly Escrow[]): Promise<EscrowAnswer[]> {
    const { ledger, table, observer, log } = this.deps;
    return escrowAll(
      {
        tableId: table.id,
        ledger,
        clock: this.clock,
        ...(log ? { log } : {}),
        betsPlaced: (tableId, bets) => observer?.betsPlaced?.(tableId, bets),
      },
      effects,
    );
  }

  /** `settings`: what a new shoe is made with (T11.3: a room's may have changed since it started). */
  async execute(effect: LedgerEffect, settings: TableSettings): Promise<TableInput | undefined> {
    const { ledger, table } = this.deps;
    switch (effect.type) {
      case 'new-shoe':
        return this.newShoe(effect.number, settings);
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
      case 'escrow-all': {
        const answers = await this.escrowAll(effect.escrows);
        await this.holdEscrow(effect.escrows.length);
        return { type: 'escrow-answers', now: this.clock(), answers };
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
      case 'room-chips':
        await this.holdForTest(this.deps.testHoldRoomChipsMs, 'room chips held', effect.entry);
        // T9.8, T11.17: keyed, so a retry (or a restart's replay) moves nothing twice.
        await ledger.roomChipsEntry(table.id, effect.entry);
        return { type: 'room-chips-recorded', now: this.clock(), key: effect.entry.key };
      default: {
        const unknown: never = effect;
        throw new TypeError(`unknown effect ${JSON.stringify(unknown)}`);
      }
    }
  }

  /** Test-only: waits `ms` first, after logging `what` (the crash suites kill in that wait). */
  private async holdForTest(ms: number | undefined, what: string, context: object): Promise<void> {
    if (!ms) return;
    this.deps.log?.info?.({ table: this.deps.table.id, ...context }, `test hook: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * T7.1: the server seed is stored before its commitment is published, so a shoe's seed can
   * never be lost once players have seen the commitment.
   */
  private async newShoe(number: number, settings: TableSettings): Promise<TableInput> {
    const { table, ledger } = this.deps;
    const { decks, cut, lastHand, rules } = settings;
    const fresh = randomBytes(32).toString('hex');
    // T9.8: keyed by number; a retry gets the seed stored the first time, not this one.
    const stored = await ledger.createShoe({
      tableId: table.id,
      number,
      serverSeed: fresh,
      commitment: commitmentOf(fresh),
      // T15.10: the shoe's record says which game it was dealt for.
      settings: {
        decks,
        cut,
        lastHand,
        rules,
        game: gameFor(settings).kind,
      },
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

  /** The test hook (TEST_HOLD_ESCROW_MS): the stakes are in escrow, no card is out yet. */
  private async holdEscrow(escrows: number): Promise<void> {
    const hold = this.deps.testHoldEscrowMs ?? 0;
    if (hold === 0) return;
    this.deps.log?.info?.({ table: this.deps.table.id, escrows }, 'test hook: escrow held');
    await new Promise((resolve) => setTimeout(resolve, hold));
  }

  private async settle(
    effect: Extract<Effect, { type: 'settle' }>,
  ): Promise<TableInput | undefined> {
    const { table, ledger, observer, log } = this.deps;
    const hold = this.deps.testHoldSettlementMs ?? 0;
    if (hold > 0) {
      log?.info?.(
        { table: table.id, roundId: effect.roundId, bets: effect.settled.length },
        'test hook: settlement held',
      );
      await new Promise((resolve) => setTimeout(resolve, hold));
    }
    const started = performance.now();
    const { round } = effect;
    // T6.2, T6.5, T15.6: one transaction for every game's round.
    const { balances } = await ledger.settleRound({
      tableId: table.id,
      roundId: effect.roundId,
      round: { ...round, cards: [...round.cards] },
      settled: effect.settled.map(({ betId, playerId, result: r, stake, returned }) => ({
        betId,
        playerId,
        result: r,
        stake,
        returned,
      })),
    });
    observer?.roundSettled?.(table.id, (performance.now() - started) / 1000);
    return { type: 'settled', now: this.clock(), balances };
  }
}
