import type { TableInput } from '../inputs.js';
import { startNextRound } from '../shoe-flow.js';
import type { Step } from '../step.js';
import { eveningOf } from './evening-state.js';
import { countIdleRounds, freeLongSitOuts, noteBet } from './sit-out.js';
import { offerExpired } from './waitlist.js';
import { armEveningWake, EVENING_WAKE } from './wake.js';

/**
 * What the evening makes of an input once the table has run it: rounds without a bet and bets
 * (T11.14), and its own wake-up: an offer run out (T11.13), a sit-out past the seat hold
 * (T11.14), the finish time (T11.16).
 */
export function afterInput(step: Step, input: TableInput): void {
  if (!eveningOf(step.state) || step.state.room?.closed) return;
  switch (input.type) {
    case 'round-opened':
      return countIdleRounds(step);
    case 'escrowed':
      return noteBet(step, input.playerId);
    case 'escrow-answers':
      for (const answer of input.answers) {
        if (answer.type === 'escrowed') noteBet(step, answer.playerId);
      }
      return;
    case 'hold-expired':
      if (input.playerId !== EVENING_WAKE) return;
      offerExpired(step);
      freeLongSitOuts(step);
      if (step.state.phase.kind === 'waiting') startNextRound(step);
      armEveningWake(step);
      return;
    default:
      return;
  }
}
