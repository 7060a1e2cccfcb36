import { resultSentence, type Outcome } from '../lib/words';

export interface ResultBannerProps {
  round: number;
  outcome: Outcome;
  player: number;
  banker: number;
}

/** The round's result, shown after losers were swept and winners paid. */
export function ResultBanner({ round, outcome, player, banker }: ResultBannerProps) {
  return (
    <div
      className={`banner banner--${outcome}`}
      data-testid="result-banner"
      data-outcome={outcome}
      data-round={round}
    >
      {resultSentence(outcome, player, banker)}
    </div>
  );
}
