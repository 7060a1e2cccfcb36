import { handTotal, type RoundResult } from '@banco/rules';
import { Card } from '../Card';
import { dealSequence } from './deals';

export interface LessonHandsProps {
  readonly round: RoundResult;
  /** How many cards of the round are on the table so far. */
  readonly shown: number;
  /** Whether the totals are on show (hidden while the learner is asked to count). */
  readonly totals: boolean;
  /** Whether to light the winning hand. */
  readonly result?: boolean;
}

const NAMES = { player: 'Player', banker: 'Banker' } as const;

/** The two hands of an arranged deal: cards are only ever revealed in shoe order. */
export function LessonHands({ round, shown, totals, result = false }: LessonHandsProps) {
  const dealt = dealSequence(round).slice(0, shown);
  return (
    <div className="lesson-hands" data-testid="lesson-hands">
      {(['player', 'banker'] as const).map((side) => {
        const cards = dealt.filter((d) => d.side === side).map((d) => d.card);
        const winner = result && round.outcome === side;
        return (
          <section
            key={side}
            className={`hand hand--${side}${winner ? ' hand--winner' : ''}`}
            aria-label={`${NAMES[side]} hand`}
            data-testid={`lesson-hand-${side}`}
          >
            <header className="hand__head">
              <h3 className="hand__name">{NAMES[side]}</h3>
              {totals && cards.length > 0 ? (
                <span className="hand__total" data-testid={`lesson-total-${side}`}>
                  <span className="sr-only">total </span>
                  {handTotal(cards)}
                </span>
              ) : null}
            </header>
            <div className="hand__cards">
              {cards.length === 0 ? <div className="card card--slot" aria-hidden="true" /> : null}
              {cards.map((card, i) => (
                <Card key={`${i}-${card}`} face={card} hand={side} third={i === 2} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
