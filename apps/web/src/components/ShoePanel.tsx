import type { ShoeView } from '@banco/protocol';
import { cardShort } from '../lib/format';
import type { Notices } from '../store/table-state';

export interface ShoePanelProps {
  shoe: ShoeView | null;
  holderName: string | null;
  houseDeals: boolean;
  story: readonly string[];
  notices: Notices;
}

/** Who holds the shoe and why, the shoe's story so far, and its fairness facts. */
export function ShoePanel({ shoe, holderName, houseDeals, story, notices }: ShoePanelProps) {
  return (
    <section className="panel shoe" aria-label="The shoe">
      <h2 className="panel__title">The shoe</h2>
      <p className="shoe__holder" data-testid="shoe-holder">
        {houseDeals || holderName === null ? 'The house deals' : `${holderName} holds the shoe`}
      </p>
      <ol className="story" data-testid="shoe-story" aria-label="What happened with the shoe">
        {story.map((line, i) => (
          <li key={`${i}-${line}`}>{line}</li>
        ))}
      </ol>
      {notices.cutCard ? (
        <p
          className="notice notice--cut"
          data-testid={notices.cutCard.lastRound ? 'last-round-notice' : 'cut-card-notice'}
        >
          {notices.cutCard.lastRound
            ? 'Cut card out: this is the last round of the shoe.'
            : 'Cut card out: one more round after this one, then a new shoe.'}
        </p>
      ) : null}
      {notices.shoeEnded ? (
        <p className="notice" data-testid="shoe-ended-notice">
          Shoe {notices.shoeEnded.number} is over. Its server seed is now public: anyone can re-deal
          it and check every card.
        </p>
      ) : null}
      {shoe ? (
        <dl className="facts">
          <dt>Shoe</dt>
          <dd>
            No. {shoe.number}, {shoe.decks} decks
          </dd>
          <dt>Cards left</dt>
          <dd data-testid="cards-left">
            {shoe.cardsLeft} / {shoe.decks * 52}
          </dd>
          <dt>Burn card</dt>
          <dd data-testid="burn-card">
            {shoe.burnShown
              ? `${cardShort(shoe.burnShown)} shown, ${shoe.burned} burned`
              : 'not yet'}
          </dd>
          <dt>Commitment</dt>
          <dd className="facts__hash" data-testid="commitment" title={shoe.commitment}>
            {shoe.commitment.slice(0, 16)}…
          </dd>
        </dl>
      ) : null}
    </section>
  );
}
