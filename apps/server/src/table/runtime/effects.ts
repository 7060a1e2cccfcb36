import { randomBytes } from 'node:crypto';
import type { TableEvent, TableSettings } from '@banco/protocol';
import { commitmentOf } from '@banco/rules';
import type { TableActorDeps } from './actor-deps.js';
import { escrowAll } from './escrow-all.js';
import type { EscrowAnswer, TableInput } from '../core/inputs.js';
import type { Escrow } from '../core/state.js';
import { gameFor } from '../games/registry.js';
import { STARTING_BALANCE } from '../core/settings.js';
import type { Effect } from '../core/state.js';

/** What the effects change on the actor that runs them. */
export interface EffectHost {
  /** The settings a new shoe is made with (T11.3: a room's may have changed since it started). */
  settings(): TableSettings;
  /** P2.13: every broadcast is kept for clients that reconnect. */
  remember(event: TableEvent): void;
  schedule(token: number, at: number): void;
  hold(playerId: string, at: number): void;
  /** T11.2: a kicked player is nobody this table knows any more. */
  forget(playerId: string): void;
  /** T11.7: the room has closed. */
  roomClosed(): void;
}

/**
 * Carries out the reducer's effects, one at a time: sends, timers, and the ledger's work. An
 * effect may answer with a new input for the reducer. Retries are the caller's (effect-retry).
 */
export class EffectRunner {
  private readonly clock: () => number;

  constructor(
    private readonly deps: TableActorDeps,
    private readonly host: EffectHost,
  ) {
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

  async execute(effect: Effect): Promise<TableInput | undefined> {
    const { ledger, outbox, table } = this.deps;
    switch (effect.type) {
      case 'broadcast':
        this.host.remember(effect.event);
        outbox.broadcast(effect.event);
        return undefined;
      case 'private':
        outbox.sendPrivate(effect.playerId, effect.message);
        return undefined;
      case 'schedule':
        this.host.schedule(effect.token, effect.at);
        return undefined;
      case 'hold':
        this.host.hold(effect.playerId, effect.at);
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
      case 'escrow-all': {
        const answers = await this.escrowAll(effect.escrows);
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
      case 'eject':
        this.host.forget(effect.playerId);
        outbox.eject(effect.playerId);
        return undefined;
      case 'room-closed':
        this.host.roomClosed();
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
    const settings = this.host.settings();
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
