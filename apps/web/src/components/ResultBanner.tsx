import type { TableEvent } from '@banco/protocol';
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

const VOIDED_WHY: Record<Extract<TableEvent, { type: 'round.voided' }>['reason'], string> = {
  restart: 'The table restarted',
  shutdown: 'The table stopped',
  failure: 'A fault at the table stopped it',
  empty: 'Nobody was left at the table',
};

/** A round that ended without cards or settlement (T9.2): its result is that stakes went back. */
export function VoidedBanner({
  voided,
}: {
  voided: Extract<TableEvent, { type: 'round.voided' }>;
}) {
  return (
    <div className="banner banner--voided" data-testid="voided-banner" data-round={voided.round}>
      {/* A headline the size of a result's, the why below it small: it must fit between the
          top seats, where a result banner sits, and hide none of them. */}
      <span className="banner__title">Round {voided.round} called off.</span>{' '}
      <span className="banner__detail">
        {VOIDED_WHY[voided.reason]}.
        {voided.reason === 'empty' ? null : ' Every stake was returned.'}
      </span>
    </div>
  );
}
