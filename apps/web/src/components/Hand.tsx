import { handTotal, isCardCode, isNatural, type CardCode } from '@banco/rules';
import type { CardsPeek } from '@banco/protocol';
import { SIDE_NAMES, whySentence, type Side, type WhyStep } from '../lib/words';
import { Card } from './Card';
import { SqueezeCard } from './SqueezeCard';

export interface HandProps {
  side: Side;
  /** The hand as the table shows it: null for a card still face down. */
  cards: readonly (string | null)[];
  /** This player's private peek at the face-down cards, when they turn them. */
  peek: CardsPeek | null;
  why: WhyStep | undefined;
  winner: boolean;
}

/** The pause between cards of the opening deal: Player, Banker, Player, Banker. */
const DEAL_STEP_S = 0.3;

/** Which face-down positions the peek's faces belong to, in order. */
function peekFaces(cards: readonly (string | null)[], peek: CardsPeek | null): (string | null)[] {
  if (!peek) return cards.map(() => null);
  // The initial peek shows the first two cards; the third-card peek shows the third.
  const first = peek.stage === 'initial' ? 0 : 2;
  return cards.map((card, i) => (card === null ? (peek.cards[i - first] ?? null) : null));
}

export function Hand({ side, cards, peek, why, winner }: HandProps) {
  const faces = cards.filter((c): c is CardCode => c !== null && isCardCode(c));
  const total = faces.length > 0 ? handTotal(faces) : null;
  const firstTwo = cards.slice(0, 2);
  const natural =
    firstTwo.length === 2 &&
    firstTwo.every((c) => c !== null) &&
    isNatural(handTotal(firstTwo as CardCode[]));
  const peeked = peekFaces(cards, peek);
  const name = SIDE_NAMES[side];
  return (
    <section
      className={`hand hand--${side}${winner ? ' hand--winner' : ''}`}
      data-testid={`hand-${side}`}
      aria-label={`${name} hand`}
    >
      <header className="hand__head">
        <h2 className="hand__name">{name}</h2>
        <span className="hand__total" data-testid={`total-${side}`} aria-label={`${name} total`}>
          {total === null ? '–' : total}
        </span>
        {natural ? (
          <span className="badge badge--natural" data-testid={`natural-${side}`}>
            Natural
          </span>
        ) : null}
      </header>
      <div className="hand__cards">
        {cards.length === 0 ? <div className="card card--slot" aria-hidden="true" /> : null}
        {cards.map((card, i) => {
          const mine = peeked[i];
          return mine ? (
            <SqueezeCard key={`${i}-peek`} face={mine} hand={side} index={i} third={i === 2} />
          ) : (
            <Card
              key={`${i}-${card ?? 'down'}`}
              face={card}
              hand={side}
              third={i === 2}
              delay={i < 2 ? DEAL_STEP_S * (2 * i + (side === 'banker' ? 1 : 0)) : 0}
            />
          );
        })}
      </div>
      <p className="hand__why" data-testid={`why-${side}`}>
        {why ? whySentence(why) : ' '}
      </p>
    </section>
  );
}
