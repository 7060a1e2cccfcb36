import type { TableInput } from './inputs.js';
import { recoverChemin } from '../games/chemin-de-fer/coup-flow.js';
import {
  endShoeIfOver,
  openRound,
  shuffleShoe,
  startNextRound,
  dealCards,
} from '../games/punto-banco/round-flow.js';
import type { Phase, RoundState } from './state.js';
import type { Step } from './step.js';
import { revealStep } from '../games/punto-banco/turning.js';

// T9: what a table does when it comes back from its stored state, when the server stops,
// and when a database effect keeps failing. Every path ends a round settled or refunded.

type VoidReason = Extract<TableInput, { type: 'round-voided' }>['reason'];

/**
 * T9.1–T9.3: the table picks up from the phase it stored. Nobody is connected yet, so the house
 * does whatever a player would have done; a round still in betting is voided.
 */
export function resume(step: Step): void {
  const { phase, settings, room } = step.state;
  step.cancelWakeUp();
  // T11.7: closed before the restart; whoever keeps rooms may not have heard (it is idempotent).
  if (room?.closed) return step.effect({ type: 'room-closed' });
  switch (phase.kind) {
    case 'waiting':
    case 'result':
      // The result was settled and stored; a finished shoe may not have been ended yet.
      if (phase.kind === 'result') endShoeIfOver(step, { announce: false });
      // T12.3: a self-paced table goes on waiting for round.next after a restart too.
      if (phase.kind === 'result' && phase.nextAt === null && settings.selfPaced) return;
      return startNextRound(step);
    case 'shuffling':
      // T9.8: the same number again; the ledger returns the shoe if it was stored.
      step.effect({ type: 'new-shoe', number: step.state.lastShoeNumber + 1 });
      return;
    case 'seeding': {
      // The commitment is out and the seed stored: the window opens again, same shoe.
      const deadline = step.now + settings.seedMs;
      step.update({ phase: { ...phase, deadline } });
      if (settings.seedMs > 0 && !room?.closing) step.wakeAt(deadline);
      else shuffleShoe(step);
      return;
    }
    case 'opening':
      // No bet can exist yet: the same round is opened again (the ledger keys it by seq).
      step.update({ roundSeq: phase.seq - 1 });
      return openRound(step);
    case 'betting':
      return voidRound(step, phase.round, 'restart');
    case 'dealing':
    case 'turning':
      return finishByHouse(step);
    case 'settling':
      return settleAgain(step, phase);
    case 'chemin':
      return recoverChemin(step, 'restart');
    default: {
      const unknown: never = phase;
      throw new TypeError(`unknown phase ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * T9.7: the server is stopping. The table says so, opens nothing more, voids a round in betting
 * and has the house finish one whose betting has closed.
 */
export function shutDown(step: Step): void {
  step.update({ closing: true });
  step.emit({
    type: 'table.closing',
    reason: 'shutdown',
    message: 'the server is restarting: bets in betting are refunded, a dealt round is finished',
  });
  const { phase } = step.state;
  step.cancelWakeUp();
  switch (phase.kind) {
    case 'betting':
      return voidRound(step, phase.round, 'shutdown');
    case 'opening':
      step.update({ phase: { kind: 'waiting' } });
      step.effect({ type: 'void-round', seq: phase.seq, reason: 'shutdown' });
      return;
    case 'dealing':
    case 'turning':
      return finishByHouse(step);
    case 'settling':
      return settleAgain(step, phase);
    case 'chemin':
      return recoverChemin(step, 'shutdown');
    case 'waiting':
    case 'shuffling':
    case 'seeding':
    case 'result':
      return;
    default: {
      const unknown: never = phase;
      throw new TypeError(`unknown phase ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * T9.8: a database effect failed every retry. A round it leaves unfinishable is voided and its
 * stakes refunded by rule instead of waiting for ever; other effects change no round.
 */
export function onEffectFailed(
  step: Step,
  input: Extract<TableInput, { type: 'effect-failed' }>,
): void {
  const { phase } = step.state;
  if (input.effect === 'settle' && phase.kind === 'settling') {
    return voidRound(step, phase.round, 'failure');
  }
  if (input.effect === 'open-round' && phase.kind === 'opening') {
    step.update({ phase: { kind: 'waiting' } });
    step.effect({ type: 'void-round', seq: phase.seq, reason: 'failure' });
    return;
  }
  // No shoe: wait for the next seat (or restart) to try again.
  if (input.effect === 'new-shoe' && phase.kind === 'shuffling') {
    step.update({ phase: { kind: 'waiting' } });
  }
}

/** The refunds are in: players hear it, and the next round opens. */
export function onRoundVoided(
  step: Step,
  input: Extract<TableInput, { type: 'round-voided' }>,
): void {
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = input.balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  step.emit({
    type: 'round.voided',
    round: input.seq,
    reason: input.reason,
    refunds: [...input.balances].map(([playerId, balance]) => ({ playerId, balance })),
  });
  if (step.state.phase.kind === 'waiting') startNextRound(step);
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
function settleAgain(step: Step, phase: Extract<Phase, { kind: 'settling' }>): void {
  step.effect({
    type: 'settle',
    roundId: phase.round.roundId,
    result: phase.round.result!,
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
