import type { TableInput } from '../../core/inputs.js';
import { endShoeIfOver, startNextRound } from '../../core/shoe-flow.js';
import type { Step } from '../../core/step.js';
import { dealCards, openRound } from './round-flow.js';
import { roundRecord } from './settle-round.js';
import type { PuntoBancoPhase, RoundState } from './state.js';
import { revealStep } from './turning.js';

// T9: a Punto Banco round after a restart, as the server stops, or when a database effect
// keeps failing. Every path ends the round settled or refunded.

type VoidReason = Extract<TableInput, { type: 'round-voided' }>['reason'];

/**
 * T9.1–T9.3: the round picks up from the phase it stored (nobody is connected yet, so the house
 * does whatever a player would have done; a round still in betting is voided). T9.7: as the
 * server stops, a round in betting is voided and the house finishes one whose betting closed.
 */
export function recoverRound(step: Step, reason: 'restart' | 'shutdown'): void {
  const { phase, settings } = step.state;
  switch (phase.kind) {
    case 'result':
      if (reason === 'shutdown') return;
      // The result was settled and stored; a finished shoe may not have been ended yet.
      endShoeIfOver(step, { announce: false });
      // T12.3: a self-paced table goes on waiting for round.next after a restart too.
      if (phase.nextAt === null && settings.selfPaced) return;
      return startNextRound(step);
    case 'opening':
      if (reason === 'shutdown') {
        step.update({ phase: { kind: 'waiting' } });
        step.effect({ type: 'void-round', seq: phase.seq, reason: 'shutdown' });
        return;
      }
      // No bet can exist yet: the same round is opened again (the ledger keys it by seq).
      step.update({ roundSeq: phase.seq - 1 });
      return openRound(step);
    case 'betting':
      return voidRound(step, phase.round, reason);
    case 'dealing':
    case 'turning':
      return finishByHouse(step);
    case 'settling':
      return settleAgain(step, phase);
    default:
      return;
  }
}

/** T9.8: a round the failed effect leaves unfinishable is voided, its stakes refunded by rule. */
export function roundEffectFailed(step: Step, effect: string): void {
  const { phase } = step.state;
  if (effect === 'settle' && phase.kind === 'settling') {
    return voidRound(step, phase.round, 'failure');
  }
  if (effect === 'open-round' && phase.kind === 'opening') {
    step.update({ phase: { kind: 'waiting' } });
    step.effect({ type: 'void-round', seq: phase.seq, reason: 'failure' });
  }
}

/**
 * T9.2: every stake of the round goes back. Cards it already took from the shoe stay out of
 * it (they are recorded with the voided round, so the shoe still verifies: T9.6).
 */
function voidRound(step: Step, round: RoundState, reason: VoidReason): void {
  step.cancelWakeUp();
  const cards = round.result?.dealt;
  if (round.shoeAfter) {
    step.update({ shoe: { ...step.state.shoe!, state: round.shoeAfter } });
    endShoeIfOver(step, { announce: true });
  }
  step.update({ phase: { kind: 'waiting' } });
  step.effect({ type: 'void-round', seq: round.seq, reason, ...(cards ? { cards } : {}) });
}

/** T6.5: a settlement in doubt is simply asked for again: it settles nothing twice. */
function settleAgain(step: Step, phase: Extract<PuntoBancoPhase, { kind: 'settling' }>): void {
  step.effect({
    type: 'settle',
    roundId: phase.round.roundId,
    round: roundRecord(phase.round),
    settled: phase.settled,
  });
}

/** T9.3: the house deals and turns whatever is left, at once; the round goes to settlement. */
function finishByHouse(step: Step): void {
  const { phase } = step.state;
  if (phase.kind === 'dealing') dealCards(step, phase.round, null);
  for (let now = step.state.phase; now.kind === 'turning'; now = step.state.phase) {
    revealStep(step, now.round, null);
  }
}
