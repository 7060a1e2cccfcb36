import type { CommandPayload } from '@banco/protocol';
import type { Reply } from '../core/inputs.js';
import type { SerialQueue } from './queue.js';

/** A bets.confirm waiting in the queue with the others that arrived while the table was busy. */
export interface WaitingConfirm {
  playerId: string;
  payload: CommandPayload<'bets.confirm'>;
  answer(reply: Reply): void;
  fail(error: unknown): void;
}

/**
 * Group commit: confirms that arrive while the table is busy (typically waiting for the ledger)
 * join one place in the queue, where the effect loop escrows their stakes in one round trip.
 * Anything else queued after them starts a new place: inputs still run in arrival order.
 */
export class ConfirmBatch {
  /** The group still gathering, and the queue's count when it took its place. */
  private gathering: { group: WaitingConfirm[]; place: number } | null = null;

  constructor(
    private readonly queue: SerialQueue,
    /** Carries out a group's confirms, their escrows in one round trip (the effect loop). */
    private readonly runGroup: (group: readonly WaitingConfirm[]) => Promise<void>,
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
}
