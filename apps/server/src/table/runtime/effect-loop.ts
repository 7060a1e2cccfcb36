import type { Reply, TableInput } from '../core/inputs.js';
import type { Reduced } from '../core/reducer.js';
import type { Effect } from '../core/state.js';
import type { TableActorDeps } from './actor-deps.js';
import type { WaitingConfirm } from './confirm-batch.js';
import type { Crowd } from './crowd.js';
import { afterFailure, RETRIED_EFFECTS, retryPolicy, type RetryPolicy } from './effect-retry.js';
import { EffectRunner, isTableEffect, type TableEffect } from './effects.js';
import type { EscrowEffect } from './escrow-all.js';
import type { TableLife } from './lifecycle.js';
import type { TableReads } from './reads.js';
import { NO_ANSWER } from './replies.js';
import type { TableSteps } from './table-steps.js';
import type { TableTimers } from './table-timers.js';

export interface EffectLoopParts {
  table: TableSteps;
  life: TableLife;
  timers: TableTimers;
  crowd: Crowd;
  reads: TableReads;
  /** What keeps failing, by effect type: the table is degraded while any is here (/health). */
  failing: Map<string, string>;
}

/**
 * Carries out the reducer's effects and reduces their answers in turn, and theirs: the table's
 * own (messages, wake-ups, its life) here, the ledger's through the runner, retried while they
 * fail (T9.8), and a group of confirms' escrows in one round trip.
 */
export class EffectLoop {
  private readonly runner: EffectRunner;
  private readonly clock: () => number;
  private readonly policy: RetryPolicy;
  /** What the game is already working out ahead (workAheadSoon). */
  private workedAheadFor: object | null = null;

  constructor(
    private readonly deps: TableActorDeps,
    private readonly parts: EffectLoopParts,
  ) {
    this.runner = new EffectRunner(deps);
    this.clock = deps.clock ?? Date.now;
    this.policy = retryPolicy(deps);
  }

  /** Reduces an input, then carries out its effects; an effect may answer with a new input. */
  async run(first: TableInput): Promise<Reply | undefined> {
    const reply = await this.carryOut(await this.parts.table.step(first));
    // A seat taken or left changes who counts as a watcher.
    if (first.type !== 'watchers') this.parts.crowd.announceWatchers();
    return reply;
  }

  /** An input nobody waits on (a wake-up, a retry), queued; a failure is logged. */
  fire(input: TableInput, failed: string): void {
    this.later(() => this.run(input), failed);
  }

  private later(job: () => Promise<unknown>, failed: string): void {
    void this.parts.table
      .enqueue(job)
      .catch((error: unknown) =>
        this.deps.log?.error({ err: error, table: this.deps.table.id }, failed),
      );
  }

  /** Carries out a reduction's effects, then reduces their answers in turn, and theirs. */
  private async carryOut(first: Reduced): Promise<Reply | undefined> {
    const pending: TableInput[] = [];
    let reply = first.reply;
    let effects = first.effects;
    for (;;) {
      for (const effect of effects) {
        const answer = await this.attempt(effect);
        if (answer) pending.push(answer);
      }
      this.workAheadSoon();
      const input = pending.shift();
      if (!input) return reply;
      const reduced = await this.parts.table.step(input);
      reply ??= reduced.reply;
      effects = reduced.effects;
    }
  }

  /** One effect: the table's own here, the ledger's through the runner. */
  private async execute(effect: Effect): Promise<TableInput | undefined> {
    if (isTableEffect(effect)) return this.own(effect);
    return this.runner.execute(effect, this.parts.table.current.settings);
  }

  /** The effects the table carries out itself; none answers. */
  private own(effect: TableEffect): undefined {
    const { outbox } = this.deps;
    const { reads, crowd, life, timers } = this.parts;
    switch (effect.type) {
      case 'broadcast':
        reads.remember(effect.event);
        outbox.broadcast(effect.event);
        return undefined;
      case 'private':
        outbox.sendPrivate(effect.playerId, effect.message);
        return undefined;
      case 'schedule':
        this.schedule(effect.token, effect.at);
        return undefined;
      case 'hold':
        this.hold(effect.playerId, effect.at);
        return undefined;
      case 'eject':
        // T11.2: a kicked player is nobody this table knows any more.
        crowd.forget(effect.playerId);
        outbox.eject(effect.playerId);
        return undefined;
      case 'room-closed':
        // T11.7: the room has closed; it arms no timer from now on.
        life.closeRoom();
        timers.stop();
        this.deps.onClosed?.(this.deps.table.id);
        return undefined;
      default: {
        const unknown: never = effect;
        throw new TypeError(`unknown effect ${JSON.stringify(unknown)}`);
      }
    }
  }

  /**
   * Carries out one effect. T9.8: a database effect that fails is tried again later, in the
   * table's queue, waiting twice as long each time, up to a limit; the table waits in its phase
   * meanwhile. Every one of them is idempotent by a key (shoe number, round seq, bet ids, seat
   * event version), so a retry can never move a chip or write a row twice. When the last try
   * fails the table is degraded (/health), says so in the log, and the reducer voids what the
   * effect left stuck.
   */
  private async attempt(effect: Effect, attempt = 1): Promise<TableInput | undefined> {
    const { failing, life } = this.parts;
    try {
      const answer = await this.execute(effect);
      failing.delete(effect.type);
      return answer;
    } catch (error) {
      if (!RETRIED_EFFECTS.has(effect.type)) throw error;
      const { retryInMs, problem } = afterFailure(this.policy, effect.type, attempt, error);
      failing.set(effect.type, problem);
      const context = { err: error, table: this.deps.table.id, effect: effect.type, attempt };
      if (retryInMs === null) {
        this.deps.log?.error(context, 'database effect failed for good: giving up');
        return { type: 'effect-failed', now: this.clock(), effect: effect.type };
      }
      this.deps.log?.error(context, 'database effect failed: retrying');
      setTimeout(() => {
        // T9.7: a stopping table retries nothing more; its shutdown redoes what must be.
        if (life.stopping) return;
        this.later(async () => {
          const answer = await this.attempt(effect, attempt + 1);
          if (answer) await this.run(answer);
        }, 'database effect retry failed');
      }, retryInMs).unref();
      return undefined;
    }
  }

  /**
   * Runs a group of confirms one at a time through the reducer, as if each were queued alone,
   * except that the escrows they ask for go to the ledger together, and each answer (escrowed or
   * refused, each player their own) comes back through the reducer in arrival order. A player's
   * second confirm in the group waits for the first one's answer: the reducer decides it knowing
   * the first (a replay or ALREADY_CONFIRMED), never the ledger twice in one statement.
   */
  async confirmGroup(group: readonly WaitingConfirm[]): Promise<void> {
    try {
      let rest = group;
      while (rest.length > 0) {
        const players = new Set<string>();
        const escrows: { waiting: WaitingConfirm; effect: EscrowEffect }[] = [];
        let taken = 0;
        for (const waiting of rest) {
          if (players.has(waiting.playerId)) break;
          players.add(waiting.playerId);
          taken += 1;
          const reply = await this.reduceConfirm(waiting);
          if ('escrow' in reply) escrows.push({ waiting, effect: reply.escrow });
          else waiting.answer(reply.done ?? NO_ANSWER);
        }
        rest = rest.slice(taken);
        const answers = await this.runner.escrowAll(escrows.map((e) => e.effect));
        for (const [i, { waiting }] of escrows.entries()) {
          waiting.answer((await this.run(answers[i]!)) ?? NO_ANSWER);
        }
      }
    } catch (error) {
      // Answered confirms ignore this; the others learn that the table failed them.
      for (const waiting of group) waiting.fail(error);
    }
  }

  /** A confirm reduced: the escrow it waits for, or its answer. */
  private async reduceConfirm(
    waiting: WaitingConfirm,
  ): Promise<{ escrow: EscrowEffect } | { done: Reply | undefined }> {
    // T9.7, T11.7: a stopping table takes no more confirms (a closed room says so).
    if (this.parts.life.stopping) return { done: this.parts.table.stopRefusal() };
    const reduced = await this.parts.table.step({
      type: 'command',
      now: this.clock(),
      playerId: waiting.playerId,
      command: { name: 'bets.confirm', payload: waiting.payload },
    });
    const [effect, ...others] = reduced.effects;
    if (effect?.type === 'escrow' && others.length === 0) return { escrow: effect };
    return { done: await this.carryOut(reduced) };
  }

  /** A stale wake-up is harmless: the reducer frees only a seat still away past its hold. */
  hold(playerId: string, at: number): void {
    const { timers, life } = this.parts;
    timers.cancelHold(playerId);
    if (!life.armsTimers) return;
    timers.hold(playerId, at, () =>
      this.fire({ type: 'hold-expired', now: this.clock(), playerId }, 'seat hold failed'),
    );
  }

  private schedule(token: number, at: number): void {
    const { timers, life } = this.parts;
    timers.cancelRound();
    if (!life.armsTimers) return;
    timers.schedule(at, () =>
      this.fire({ type: 'timer', now: this.clock(), token }, 'table timer failed'),
    );
  }

  /**
   * What the game can work out while the table waits (the next round's odds while the cards
   * are turned, so the result step finds them ready), once each. After the events are out:
   * the deal reaches the players first.
   */
  private workAheadSoon(): void {
    const { table } = this.parts;
    const ahead = table.game.workAhead(table.current);
    if (!ahead || ahead.key === this.workedAheadFor) return;
    this.workedAheadFor = ahead.key;
    setImmediate(ahead.run);
  }
}
