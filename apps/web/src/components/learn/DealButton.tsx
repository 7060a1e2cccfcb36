import type { RoundResult } from '@banco/rules';
import { cardSpoken } from '../../lib/format';
import { dealSequence } from './deals';

const NAMES = { player: 'Player', banker: 'Banker' } as const;
const ORDINALS = ['first', 'second', 'third'];

export interface DealButtonProps {
  readonly round: RoundResult;
  readonly shown: number;
  /** This button deals the cards after the first `from` (already on the table)… */
  readonly from?: number;
  /** …up to this many cards of the round, one press a card. */
  readonly until: number;
  readonly onDeal: (shown: number) => void;
  readonly done: () => void;
}

/** One press deals the next card of the arranged deal; the learner never picks a card. */
export function DealButton({ round, shown, from = 0, until, onDeal, done }: DealButtonProps) {
  const sequence = dealSequence(round);
  // Only the button that dealt the latest card speaks about it.
  const last = shown > from && shown <= until ? sequence[shown - 1] : undefined;
  const next = sequence[shown];
  const finished = shown >= until;
  return (
    <div className="deal">
      {finished ? null : (
        <button
          type="button"
          className="primary"
          onClick={() => {
            onDeal(shown + 1);
            if (shown + 1 >= until) done();
          }}
        >
          Deal the next card
        </button>
      )}
      <p className="deal__said" role="status" data-testid="deal-said">
        {last
          ? `${NAMES[last.side]}'s ${ORDINALS[last.position]} card: the ${cardSpoken(last.card)}.`
          : ''}
        {next && !finished ? ` Next card goes to ${NAMES[next.side]}.` : ''}
      </p>
    </div>
  );
}
