import { Beats } from '../Beats';
import { Quiz } from '../Quiz';
import type { StepProps } from './types';

/** Step 1: Player and Banker are names of hands; you bet on a result. */
export function HandsStep({ onComplete }: StepProps) {
  return (
    <>
      <p>
        A Punto Banco table deals two hands. One is called <strong>Player</strong>, the other{' '}
        <strong>Banker</strong>. Those are only names: nobody at the table plays either hand, and
        betting on Banker does not make you the bank. The cards follow a fixed procedure, and the
        hand whose total comes closer to 9 wins. Equal totals are a <strong>Tie</strong>.
      </p>
      <p>
        What you do is bet on one of three results: Player, Banker or Tie. Then you watch. In this
        lesson the cards are arranged in advance, so each example shows what it is meant to show,
        and the chips are practice chips: they are kept apart from your balance at the tables, and
        nothing here changes it.
      </p>
      <Beats
        onComplete={onComplete}
        beats={[
          {
            key: 'decide',
            render: (done) => (
              <Quiz
                testId="quiz-decide"
                question="You bet on Player. What do you get to decide about the Player hand?"
                choices={[
                  { id: 'draw', label: 'Whether it takes a third card' },
                  { id: 'nothing', label: 'Nothing: I only chose the result I expect' },
                  { id: 'cards', label: 'Which cards it receives' },
                ]}
                answer="nothing"
                explainWrong={(picked) =>
                  picked === 'draw'
                    ? 'Nobody decides that. Whether a hand draws is set by fixed rules, whoever bets on it.'
                    : 'Nobody picks cards: they come out of the shoe in order. Here they are even arranged in advance.'
                }
                explainRight="Your bet is a guess about the result. The hand itself follows the rules."
                onSolved={done}
              />
            ),
          },
          {
            key: 'results',
            render: (done) => (
              <Quiz
                testId="quiz-results"
                question="How many different results can you bet on?"
                choices={[
                  { id: 'two', label: 'Two: Player or Banker' },
                  { id: 'three', label: 'Three: Player, Banker or Tie' },
                ]}
                answer="three"
                explainWrong={() =>
                  'There is a third result: when both totals are equal, the round is a Tie, and you can bet on that too.'
                }
                explainRight="Player higher, Banker higher, or equal totals."
                onSolved={done}
              />
            ),
          },
        ]}
      />
    </>
  );
}
