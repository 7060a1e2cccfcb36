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
      Round {voided.round} called off. {VOIDED_WHY[voided.reason]}.
      {voided.reason === 'empty' ? null : ' Every stake was returned.'}
    </div>
  );
}
