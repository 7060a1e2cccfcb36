import type { CommandPayload } from '@banco/protocol';
import type { EscrowEffect } from './escrow-all.js';
import type { Reply, TableInput } from '../core/inputs.js';
import type { SerialQueue } from './queue.js';
import type { Reduced } from '../core/reducer.js';
import { NO_ANSWER } from './replies.js';

/** A bets.confirm waiting in the queue with the others that arrived while the table was busy. */
interface WaitingConfirm {
  playerId: string;
  payload: CommandPayload<'bets.confirm'>;
  answer(reply: Reply): void;
  fail(error: unknown): void;
}

/** What the batch needs of its table: the reducer, the effects and the escrow round trip. */
export interface ConfirmSteps {
  /** A refusal for every confirm when the table no longer takes them (T9.7), else null. */
  refusal(): Reply | null;
  reduce(input: TableInput): Promise<Reduced>;
  /** Carries out a reduction's effects and the inputs they answer with. */
  carryOut(reduced: Reduced): Promise<Reply | undefined>;
  /** Reduces an input, then carries out its effects. */
  run(input: TableInput): Promise<Reply | undefined>;
  escrowAll(effects: readonly EscrowEffect[]): Promise<TableInput[]>;
  clock(): number;
}

/**
 * Group commit: confirms that arrive while the table is busy (typically waiting for the ledger)
 * join one place in the queue, and their stakes are escrowed in one round trip. Anything else
 * queued after them starts a new place: inputs still run in arrival order.
 */
export class ConfirmBatch {
  /** The group still gathering, and the queue's count when it took its place. */
  private gathering: { group: WaitingConfirm[]; place: number } | null = null;

  constructor(
    private readonly queue: SerialQueue,
    private readonly steps: ConfirmSteps,
  ) {}

  add(playerId: string, payload: CommandPayload<'bets.confirm'>): Promise<Reply> {
    return new Promise((answer, fail) => {
      const waiting = { playerId, payload, answer, fail };
      const open = this.gathering;
      if (open && open.place === this.queue.queued) {
        open.group.push(waiting);
        return;
      }
      const group = [waiting];
      void this.queue.enqueue(() => {
        if (this.gathering?.group === group) this.gathering = null;
        return this.runGroup(group);
      });
      this.gathering = { group, place: this.queue.queued };
    });
  }

  /**
   * Runs a group of confirms one at a time through the reducer, as if each were queued alone,
   * except that the escrows they ask for go to the ledger together, and each answer (escrowed or
   * refused, each player their own) comes back through the reducer in arrival order. A player's
   * second confirm in the group waits for the first one's answer: the reducer decides it knowing
   * the first (a replay or ALREADY_CONFIRMED), never the ledger twice in one statement.
   */
  private async runGroup(group: readonly WaitingConfirm[]): Promise<void> {
    const { steps } = this;
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
          const reply = await this.reduceOne(waiting);
          if ('escrow' in reply) escrows.push({ waiting, effect: reply.escrow });
          else waiting.answer(reply.done ?? NO_ANSWER);
        }
        rest = rest.slice(taken);
        const answers = await steps.escrowAll(escrows.map((e) => e.effect));
        for (const [i, { waiting }] of escrows.entries()) {
          waiting.answer((await steps.run(answers[i]!)) ?? NO_ANSWER);
        }
      }
    } catch (error) {
      // Answered confirms ignore this; the others learn that the table failed them.
      for (const waiting of group) waiting.fail(error);
    }
  }

  /** A confirm reduced: the escrow it waits for, or its answer. */
  private async reduceOne(
    waiting: WaitingConfirm,
  ): Promise<{ escrow: EscrowEffect } | { done: Reply | undefined }> {
    const refused = this.steps.refusal();
    if (refused) return { done: refused };
    const reduced = await this.steps.reduce({
      type: 'command',
      now: this.steps.clock(),
      playerId: waiting.playerId,
      command: { name: 'bets.confirm', payload: waiting.payload },
    });
    const [effect, ...others] = reduced.effects;
    if (effect?.type === 'escrow' && others.length === 0) return { escrow: effect };
    return { done: await this.steps.carryOut(reduced) };
  }
}
