import { resultSentence, type Outcome } from '../lib/words';

/** The round's result, after losers were swept and winners paid. */
export function ResultBanner({
  outcome,
  player,
  banker,
}: {
  outcome: Outcome;
  player: number;
  banker: number;
}) {
  return (
    <div className={`banner banner--${outcome}`} data-testid="result-banner" data-outcome={outcome}>
      {resultSentence(outcome, player, banker)}
    </div>
  );
}
