import type { TableInput } from './inputs.js';
import { shuffleShoe, startNextRound } from './shoe-flow.js';
import type { Step } from './step.js';

// T9: what a table does when it comes back from its stored state, when the server stops,
// and when a database effect keeps failing. Every path ends a round settled or refunded; the
// round in play is its game's to finish or call off.

/**
 * T9.1–T9.3: the table picks up from the phase it stored. Nobody is connected yet, so the house
 * does whatever a player would have done.
 */
export function resume(step: Step): void {
  const { phase, settings, room } = step.state;
  step.cancelWakeUp();
  // T11.7: closed before the restart; whoever keeps rooms may not have heard (it is idempotent).
  if (room?.closed) return step.effect({ type: 'room-closed' });
  switch (phase.kind) {
    case 'waiting':
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
    default:
      return step.game.recover(step, 'restart');
  }
}

/**
 * T9.7: the server is stopping. The table says so and opens nothing more; the game ends the
 * round in play (a round in betting voided, one past it finished by the house).
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
  if (phase.kind === 'waiting' || phase.kind === 'shuffling' || phase.kind === 'seeding') return;
  step.game.recover(step, 'shutdown');
}

/**
 * T9.8: a database effect failed every retry. A round it leaves unfinishable is voided and its
 * stakes refunded by rule instead of waiting for ever; other effects change no round.
 */
export function onEffectFailed(
  step: Step,
  input: Extract<TableInput, { type: 'effect-failed' }>,
): void {
  // No shoe: wait for the next seat (or restart) to try again.
  if (input.effect === 'new-shoe' && step.state.phase.kind === 'shuffling') {
    step.update({ phase: { kind: 'waiting' } });
    return;
  }
  step.game.effectFailed(step, input.effect);
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
