import { STANDARD_RULES, factsOf, payoutFor } from '@banco/rules';
import { Beats } from '../Beats';
import { FIRST_DEAL } from '../deals';
import { LessonHands } from '../LessonHands';
import { Quiz } from '../Quiz';
import { OUTCOME_WORDS } from '../words';
import { sumWords } from './counting';
import type { StepProps } from './types';

/** Step 5: a natural stops the drawing; the hand's result is not the bet's result. */
export function NaturalStep({ onComplete }: StepProps) {
  const round = FIRST_DEAL;
  const { player, banker } = round;
  const bankerDrew = banker.cards.length > 2;
  const bankerBet = payoutFor('banker', factsOf(round), STANDARD_RULES).result;
  const natural = player.natural ? player : banker;
  const naturalName = player.natural ? 'Player' : 'Banker';
  return (
    <>
      <p>
        As soon as each hand has two cards, look for an 8 or a 9. A two-card 8 or 9 is a{' '}
        <strong>natural</strong>: both hands stop right there and the totals are compared. No third
        card for anyone, however low the other hand is.
      </p>
      <p>
        Here is the deal from step 3 again: {naturalName} has {sumWords(natural.cards)}.
      </p>
      <LessonHands round={round} shown={round.dealt.length} totals result />
      <p className="lesson-result" data-testid="lesson-result">
        {OUTCOME_WORDS[round.outcome]} {Math.max(player.total, banker.total)} to{' '}
        {Math.min(player.total, banker.total)}
      </p>
      <Beats
        onComplete={onComplete}
        beats={[
          {
            key: 'banker-draws',
            render: (done) => (
              <Quiz
                testId="quiz-banker-draws"
                question={`Banker has only ${banker.total}. Does Banker take a third card?`}
                choices={[
                  { id: 'yes', label: 'Yes, a low hand draws' },
                  { id: 'no', label: 'No, nobody draws' },
                ]}
                answer={bankerDrew ? 'yes' : 'no'}
                explainWrong={() =>
                  `${naturalName}’s two cards make ${natural.total}, a natural. The natural is checked first, and with one on the table neither hand draws, whatever the other holds.`
                }
                explainRight={`Banker’s ${banker.total} stays ${banker.total}: the natural comes first.`}
                onSolved={done}
              />
            ),
          },
          {
            key: 'bet-result',
            render: (done) => (
              <Quiz
                testId="quiz-bet-result"
                question={`${OUTCOME_WORDS[round.outcome]}. Someone had bet on Banker. What happens to that bet?`}
                choices={[
                  { id: 'win', label: 'It wins: they were part of the round' },
                  { id: 'lose', label: 'It loses: Banker’s hand lost' },
                  { id: 'push', label: 'It comes back: nobody drew a card' },
                ]}
                answer={bankerBet}
                explainWrong={(picked) =>
                  picked === 'win'
                    ? '“Player wins” is about the cards. A bet wins only when the result it named comes; a Banker bet needed Banker to win.'
                    : 'A stake comes back only on a tie (for Player and Banker bets). Here one hand won, so the bet on the other loses.'
                }
                explainRight="Keep the two apart: the hand result is about the cards, the bet result is about what you picked."
                onSolved={done}
              />
            ),
          },
        ]}
      />
    </>
  );
}
