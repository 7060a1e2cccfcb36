import { cardValue, handTotal, playerDecision, type CardCode } from '@banco/rules';
import { useState } from 'react';
import { bankerRowWords, bankerStoodRuleWords, playerRuleWords } from '../../tableau';
import { Beats } from '../Beats';
import { DealButton } from '../DealButton';
import { SECOND_DEAL, dealSequence } from '../deals';
import { LessonHands } from '../LessonHands';
import { Quiz } from '../Quiz';
import { OUTCOME_WORDS } from '../words';
import { DIGIT_CHOICES, sumWords } from './counting';
import type { StepProps } from './types';

const yesNo = [
  { id: 'draw', label: 'It draws a third card' },
  { id: 'stand', label: 'It stands' },
];

/** Step 7: no natural, so Player draws; Banker's decision reads Player's third card. */
export function DrawStep({ onComplete }: StepProps) {
  const round = SECOND_DEAL;
  const [shown, setShown] = useState(0);
  const sequence = dealSequence(round);
  const playerTwo = round.player.cards.slice(0, 2) as CardCode[];
  const bankerTwo = round.banker.cards.slice(0, 2) as CardCode[];
  const playerStart = playerDecision(handTotal(playerTwo));
  const third = sequence.find((d) => d.side === 'player' && d.position === 2);
  const thirdValue = third ? cardValue(third.card) : null;
  const bankerDrew = round.banker.cards.length > 2;
  return (
    <>
      <p>
        To <strong>draw</strong> is to take a third card; to <strong>stand</strong> is to take no
        more. No hand ever has more than three. When there is no natural, Player goes first:{' '}
        {playerRuleWords()}. Then Banker: if Player stood, {bankerStoodRuleWords()}. If Player drew,
        Banker&apos;s choice depends on the <em>value of Player&apos;s third card</em>, not on
        Player&apos;s new total.
      </p>
      <LessonHands
        round={round}
        shown={shown}
        totals={shown >= 4}
        result={shown >= round.dealt.length}
      />
      <Beats
        onComplete={onComplete}
        beats={[
          {
            key: 'deal-four',
            render: (done) => (
              <DealButton round={round} shown={shown} until={4} onDeal={setShown} done={done} />
            ),
          },
          {
            key: 'player-draws',
            render: (done) => (
              <Quiz
                testId="quiz-player-draws"
                question={`Player has ${sumWords(playerTwo)} and Banker ${sumWords(bankerTwo)}: no natural. What does Player do?`}
                choices={yesNo}
                answer={playerStart.draws ? 'draw' : 'stand'}
                explainWrong={() =>
                  `${playerRuleWords()}, so on ${handTotal(playerTwo)} Player ${playerStart.draws ? 'draws' : 'stands'}.`
                }
                explainRight="Press the button to deal Player’s third card."
                onSolved={done}
              />
            ),
          },
          {
            key: 'deal-third',
            render: (done) => (
              <DealButton
                round={round}
                shown={shown}
                from={4}
                until={5}
                onDeal={setShown}
                done={done}
              />
            ),
          },
          {
            key: 'player-total',
            render: (done) => (
              <Quiz
                testId="quiz-new-total"
                compact
                question="What is Player’s total now?"
                choices={DIGIT_CHOICES}
                answer={String(round.player.total)}
                explainWrong={() => `Add all three cards: ${sumWords(round.player.cards)}.`}
                explainRight={`${sumWords(round.player.cards)}.`}
                onSolved={done}
              />
            ),
          },
          {
            key: 'banker-draws',
            render: (done) => (
              <Quiz
                testId="quiz-banker-stands"
                question={`Banker has ${round.banker.total}, and Player’s third card was worth ${thirdValue}. What does Banker do?`}
                choices={yesNo}
                answer={bankerDrew ? 'draw' : 'stand'}
                explainWrong={() =>
                  `Banker looks at the card Player drew (${thirdValue}), not at Player’s new total. ${bankerRowWords(round.banker.total)}.`
                }
                explainRight={`${bankerRowWords(round.banker.total)}: with ${thirdValue}, Banker stands. The round is over.`}
                onSolved={done}
              />
            ),
          },
          {
            key: 'outcome',
            render: (done) => (
              <Quiz
                testId="quiz-outcome"
                question="What is the result?"
                choices={(['player', 'banker', 'tie'] as const).map((o) => ({
                  id: o,
                  label: OUTCOME_WORDS[o],
                }))}
                answer={round.outcome}
                explainWrong={() =>
                  `Compare the final totals: Player ${round.player.total}, Banker ${round.banker.total}. Equal totals are a tie.`
                }
                explainRight={`Both hands end on ${round.player.total}: a tie. Bets on Player and Banker would come back.`}
                onSolved={done}
              />
            ),
          },
        ]}
      />
    </>
  );
}
