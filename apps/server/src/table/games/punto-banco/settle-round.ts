import { factsOf, settle, type Bet, type RuleSet } from '@banco/rules';
import type { RoundRecord } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { RoundState, SettledStake } from './state.js';

/** T6.1: the rules settle every bet; the ledger moves the chips in one transaction. */
export function settleRound(step: Step, round: RoundState): void {
  const result = round.result!;
  const rules = step.state.settings.rules as RuleSet;
  const owners = new Map<string, { seat: number; playerId: string }>();
  const bets: Bet[] = [];
  for (const seatBets of round.bets) {
    for (const bet of seatBets.bets) {
      owners.set(bet.id, { seat: seatBets.seat, playerId: seatBets.playerId });
      bets.push({ id: bet.id, spot: bet.spot, amount: bet.amount });
    }
  }
  const settled = settle(bets, factsOf(result), rules);
  if (!settled.ok) throw new Error(`bets could not be settled: ${settled.error.message}`);
  const stakes: SettledStake[] = settled.value.map((s) => ({
    betId: s.bet.id,
    ...owners.get(s.bet.id)!,
    spot: s.bet.spot,
    stake: s.bet.amount,
    result: s.result,
    returned: s.returned,
    rule: s.rule,
  }));
  step.cancelWakeUp();
  step.update({ phase: { kind: 'settling', round, settled: stakes } });
  step.effect({
    type: 'settle',
    roundId: round.roundId,
    round: roundRecord(round),
    settled: stakes,
  });
}

/** How the round ended, as the ledger keeps it with the settlement (T6.5). */
export function roundRecord(round: RoundState): RoundRecord {
  const result = round.result!;
  return {
    cards: result.dealt,
    outcome: result.outcome,
    playerTotal: result.player.total,
    bankerTotal: result.banker.total,
    trace: result.trace,
  };
}
