import { CARDS_PER_DECK, RANKS, SUITS, cardValue, type CardCode } from '@banco/rules';
import { cardSpoken } from '../../../lib/format';
import { Card, CardFace } from '../../Card';
import { Beats } from '../Beats';
import { Quiz } from '../Quiz';
import type { StepProps } from './types';

const SUIT_WORDS = { S: 'spades', H: 'hearts', C: 'clubs', D: 'diamonds' } as const;
const SHOE_DECKS = 8;

const valueOf = (card: CardCode) => cardValue(card);

/** Step 2: four suits, thirteen ranks, and what each card counts. */
export function SuitsStep({ onComplete }: StepProps) {
  const hearts = RANKS.map((rank): CardCode => `${rank}H`);
  return (
    <>
      <p>
        Each card shows a rank (a number or a letter) and a small symbol, its <strong>suit</strong>.
        There are {SUITS.length} suits:
      </p>
      <ul className="lesson-suits" aria-label="The four suits">
        {SUITS.map((suit) => (
          <li key={suit}>
            <Card face={`A${suit}`} hand="player" />
            <span>{SUIT_WORDS[suit]}</span>
          </li>
        ))}
      </ul>
      <p>
        A suit only tells cards apart. It never changes what a card counts, and it never decides who
        wins. Each suit has {RANKS.length} ranks, so one deck holds {SUITS.length} × {RANKS.length}{' '}
        = <span data-testid="deck-cards">{SUITS.length * RANKS.length}</span> cards, without jokers.
        J, Q and K are picture cards; the King is just a card here, not a piece to protect. Our shoe
        holds {SHOE_DECKS} decks:{' '}
        <span data-testid="shoe-cards">{SHOE_DECKS * CARDS_PER_DECK}</span> cards, so the same card
        can turn up twice in a round.
      </p>
      <figure className="lesson-ranks">
        <figcaption>What each rank counts in baccarat</figcaption>
        <ol>
          {hearts.map((card) => (
            <li key={card} data-testid="rank-value" data-card={card}>
              <span className="lesson-ranks__card" aria-label={cardSpoken(card)} role="img">
                <CardFace face={card} />
              </span>
              <span className="lesson-ranks__value">{valueOf(card)}</span>
            </li>
          ))}
        </ol>
      </figure>
      <p>
        So an Ace counts {valueOf('AS')}, 2 to 9 count their number, and 10, J, Q and K count{' '}
        {valueOf('KS')}.
      </p>
      <Beats
        onComplete={onComplete}
        beats={[
          {
            key: 'king',
            render: (done) => (
              <Quiz
                testId="quiz-king"
                compact
                question="What does the King of spades count?"
                choices={[0, 10, 13].map((v) => ({ id: String(v), label: String(v) }))}
                answer={String(valueOf('KS'))}
                explainWrong={(picked) =>
                  picked === '13'
                    ? 'The King is the thirteenth rank, but in baccarat it counts 0, like 10, J and Q.'
                    : 'Some games count picture cards as 10; baccarat counts 10, J, Q and K as 0.'
                }
                explainRight="10, J, Q and K all count 0."
                onSolved={done}
              />
            ),
          },
          {
            key: 'ace',
            render: (done) => (
              <Quiz
                testId="quiz-ace"
                compact
                question="What does the Ace of diamonds count?"
                choices={[1, 11, 14].map((v) => ({ id: String(v), label: String(v) }))}
                answer={String(valueOf('AD'))}
                explainWrong={() =>
                  'An Ace can count high in other games, but in baccarat it always counts 1.'
                }
                explainRight="An Ace always counts 1 here."
                onSolved={done}
              />
            ),
          },
          {
            key: 'suit',
            render: (done) => (
              <Quiz
                testId="quiz-suit"
                question="Does the 7 of hearts count more than the 7 of clubs?"
                choices={[
                  { id: 'yes', label: 'Yes, hearts are worth more' },
                  { id: 'no', label: `No, both count ${valueOf('7C')}` },
                ]}
                answer="no"
                explainWrong={() =>
                  'Suits have no rank in baccarat. They only tell two cards apart; a 7 counts 7 in any suit.'
                }
                explainRight="The suit never changes a card’s value."
                onSolved={done}
              />
            ),
          },
        ]}
      />
    </>
  );
}
