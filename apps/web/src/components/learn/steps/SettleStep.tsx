import { chips } from '../../../lib/format';
import { AmountQuiz } from '../AmountQuiz';
import { Beats } from '../Beats';
import { MAIN_PAYOUTS, SETTLEMENT_EXERCISES, type SettlementExercise } from '../deals';
import { OUTCOME_WORDS, SPOT_NAMES, oddsWords } from '../words';
import type { StepProps } from './types';

function resultWords({ round }: SettlementExercise): string {
  const { player, banker, outcome } = round;
  return `Player ${player.total}, Banker ${banker.total}: ${OUTCOME_WORDS[outcome]}`;
}

/** Why a typed balance is wrong, guessing the usual slips from the numbers themselves. */
export function settlementHint(e: SettlementExercise, typed: number): string {
  const winnings = e.returned - e.stake;
  const start = e.before + e.stake;
  if (e.payout.result === 'lose') {
    return typed === e.before - e.stake
      ? `The ${chips(e.stake)} already left your balance when you confirmed; a lost bet is not taken twice. Nothing comes back, so the balance stays ${chips(e.before)}.`
      : `The bet lost: it is collected and nothing comes back, so the balance stays at ${chips(e.before)}.`;
  }
  if (e.payout.result === 'push') {
    return `On a tie, Player and Banker bets push: the ${chips(e.stake)} comes back, nothing more. ${chips(e.before)} + ${chips(e.stake)} = ${chips(e.after)}.`;
  }
  if (typed === e.before + winnings) {
    return `You added the winnings (${chips(winnings)}) but the stake comes back too: ${chips(e.before)} + ${chips(e.stake)} + ${chips(winnings)}.`;
  }
  if (typed === start + winnings && typed !== e.after) {
    return `Your ${chips(e.stake)} had already left the ${chips(start)}: start from ${chips(e.before)}.`;
  }
  if (e.spot === 'banker' && typed === e.before + e.stake * 2) {
    return `That would pay Banker 1:1. A Banker win pays ${oddsWords(e.payout)}: the 5% commission keeps ${chips(e.stake - winnings)} of the ${chips(e.stake)}, so you win ${chips(winnings)}.`;
  }
  return `${SPOT_NAMES[e.spot]} pays ${oddsWords(e.payout)}: you win ${chips(winnings)} and get your ${chips(e.stake)} back, ${chips(e.returned)} in all. ${chips(e.before)} + ${chips(e.returned)} = ${chips(e.after)}.`;
}

function rightWords(e: SettlementExercise): string {
  if (e.payout.result === 'lose') return `Nothing comes back: ${chips(e.before)}.`;
  if (e.payout.result === 'push') return `The stake comes back: ${chips(e.after)}.`;
  const gain = e.after - (e.before + e.stake);
  return `${chips(e.returned)} comes back, a net gain of ${chips(gain)} on the ${chips(e.before + e.stake)} you began with.`;
}

/** Step 6: what each bet pays, and five balances to work out. */
export function SettleStep({ onComplete }: StepProps) {
  return (
    <>
      <p>
        When the result is known, the table settles: losing bets are collected first, then winners
        are paid. A winner gets its stake back <em>and</em> its winnings, so getting 20 back on a 10
        bet is a gain of 10, not 20. This lesson uses the usual payouts:
      </p>
      <ul className="lesson-payouts" data-testid="lesson-payouts">
        {MAIN_PAYOUTS.map(({ spot, payout, when }) => (
          <li key={`${spot}-${when.outcome}`}>
            {payout.result === 'push' ? (
              <>
                On a tie, bets on Player and Banker <strong>push</strong>: the stake comes back.
              </>
            ) : (
              <>
                {SPOT_NAMES[spot]} wins pay{' '}
                <strong data-testid={`odds-${spot}`}>{oddsWords(payout)}</strong>
                {spot === 'banker' ? ' (even money less a 5% commission on the winnings)' : ''}.
              </>
            )}
          </li>
        ))}
      </ul>
      <p>
        Other tables have other payouts, such as no-commission Banker; you will find them on the
        rules page. Each exercise starts from {chips(SETTLEMENT_EXERCISES[0]!.before)} in your
        balance, after a {chips(SETTLEMENT_EXERCISES[0]!.stake)} bet was confirmed.
      </p>
      <Beats
        onComplete={onComplete}
        beats={SETTLEMENT_EXERCISES.map((e, i) => ({
          key: e.id,
          render: (done) => (
            <AmountQuiz
              testId={`settle-${e.id}`}
              question={
                <>
                  <span className="lesson-exercise__n">
                    {i + 1} of {SETTLEMENT_EXERCISES.length}
                  </span>{' '}
                  You bet <strong>{chips(e.stake)}</strong> on <strong>{SPOT_NAMES[e.spot]}</strong>
                  . Balance while it waits: <strong>{chips(e.before)}</strong>. The cards:{' '}
                  <strong>{resultWords(e)}</strong>.
                </>
              }
              label="Your new balance"
              answer={e.after}
              explainWrong={(typed) => settlementHint(e, typed)}
              explainRight={rightWords(e)}
              onSolved={done}
            />
          ),
        }))}
      />
    </>
  );
}
