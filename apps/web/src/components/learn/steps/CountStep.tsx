import { handTotal, type CardCode } from '@banco/rules';
import { useState } from 'react';
import { Beats } from '../Beats';
import { DealButton } from '../DealButton';
import { FIRST_DEAL } from '../deals';
import { LessonHands } from '../LessonHands';
import { Quiz } from '../Quiz';
import { DIGIT_CHOICES, sumWords } from './counting';
import type { StepProps } from './types';

const SEVEN_EIGHT: CardCode[] = ['7C', '8D'];

/** Step 3: add the values and keep the last digit, on the lesson's first deal. */
export function CountStep({ onComplete }: StepProps) {
  const [shown, setShown] = useState(0);
  const round = FIRST_DEAL;
  const [counted, setCounted] = useState(false);
  const sevenEight = handTotal(SEVEN_EIGHT);
  return (
    <>
      <p>
        To find a hand&apos;s total, add its card values and keep only the last digit. A 7 and an 8
        make 15, so the hand is worth {sevenEight}, not 15. No total is ever above 9, and 9 is the
        best there is: this is not blackjack, nobody goes bust.
      </p>
      <Beats
        onComplete={onComplete}
        beats={[
          {
            key: 'seven-eight',
            render: (done) => (
              <Quiz
                testId="quiz-seven-eight"
                question="A hand holds a 7 and an 8. What is it worth?"
                choices={[
                  { id: String(sevenEight), label: String(sevenEight) },
                  { id: '15', label: '15' },
                  { id: '1', label: '1' },
                ]}
                answer={String(sevenEight)}
                explainWrong={(picked) =>
                  picked === '15'
                    ? 'A baccarat total is one digit: drop the tens. 15 becomes 5.'
                    : 'Add first, then keep the last digit: 7 + 8 = 15, and the last digit of 15 is 5.'
                }
                explainRight={`${sumWords(SEVEN_EIGHT)}.`}
                onSolved={done}
              />
            ),
          },
          {
            key: 'deal',
            render: (done) => (
              <>
                <p>
                  Now a deal. The cards go out one at a time in a fixed order: Player, Banker,
                  Player, Banker. Press the button for each card and watch which hand it joins.
                </p>
                <LessonHands round={round} shown={shown} totals={counted} />
                <DealButton round={round} shown={shown} until={4} onDeal={setShown} done={done} />
              </>
            ),
          },
          {
            key: 'player-total',
            render: (done) => (
              <Quiz
                testId="quiz-player-total"
                compact
                question="What is Player’s total?"
                choices={DIGIT_CHOICES}
                answer={String(round.player.total)}
                explainWrong={() =>
                  `Add Player’s two cards: ${sumWords(round.player.cards)}. Banker’s cards do not count for Player.`
                }
                explainRight={`${sumWords(round.player.cards)}.`}
                onSolved={done}
              />
            ),
          },
          {
            key: 'banker-total',
            render: (done) => (
              <Quiz
                testId="quiz-banker-total"
                compact
                question="And Banker’s total?"
                choices={DIGIT_CHOICES}
                answer={String(round.banker.total)}
                explainWrong={() =>
                  `Banker holds the second and fourth cards: ${sumWords(round.banker.cards)}.`
                }
                explainRight={`${sumWords(round.banker.cards)}. The totals now show on the table.`}
                onSolved={() => {
                  setCounted(true);
                  done();
                }}
              />
            ),
          },
        ]}
      />
    </>
  );
}
