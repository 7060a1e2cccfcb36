import { cardParts, cardSpoken } from '../lib/format';

export interface CardProps {
  /** The face, or null for a card lying face down. */
  face: string | null;
  hand: 'player' | 'banker';
  third?: boolean;
  /** Seconds to wait before this card slides in: the deal goes P, B, P, B, one card at a time. */
  delay?: number;
}

/** A playing card drawn in CSS: corners, a large centre pip, and a patterned back. */
export function Card({ face, hand, third = false, delay = 0 }: CardProps) {
  if (face === null) {
    return (
      <div
        className={`card card--down${third ? ' card--third' : ''}`}
        style={delay > 0 ? { animationDelay: `${delay}s` } : undefined}
        data-testid="card"
        data-face="down"
        data-hand={hand}
        data-third={third ? 'true' : undefined}
        role="img"
        aria-label={third ? 'third card, face down' : 'card, face down'}
      />
    );
  }
  return (
    <div
      className={`card card--up${third ? ' card--third' : ''}`}
      data-testid="card"
      data-face={face}
      data-hand={hand}
      data-third={third ? 'true' : undefined}
      role="img"
      aria-label={`${third ? 'third card: ' : ''}${cardSpoken(face)}`}
    >
      <CardFace face={face} />
      {third ? (
        <span className="card__third" aria-hidden="true">
          3rd
        </span>
      ) : null}
    </div>
  );
}

export function CardFace({ face }: { face: string }) {
  const { rank, symbol, red } = cardParts(face);
  return (
    <span className={`face${red ? ' face--red' : ''}`} aria-hidden="true">
      <span className="face__corner">
        {rank}
        <br />
        {symbol}
      </span>
      <span className="face__pip">{symbol}</span>
      <span className="face__corner face__corner--end">
        {rank}
        <br />
        {symbol}
      </span>
    </span>
  );
}
