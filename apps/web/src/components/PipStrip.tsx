import { useState } from 'react';
import { resultSentence, type Outcome } from '../lib/words';
import type { Pip } from '../store/pips';

export type { Pip };

const LETTER: Record<Outcome, string> = { player: 'P', banker: 'B', tie: 'T' };

export function pipLabel(pip: Pip): string {
  const score =
    pip.playerTotal === undefined || pip.bankerTotal === undefined
      ? pip.outcome === 'tie'
        ? 'Tie'
        : `${pip.outcome === 'banker' ? 'Banker' : 'Player'} wins`
      : resultSentence(pip.outcome, pip.playerTotal, pip.bankerTotal);
  return `Hand ${pip.hand}: ${score}`;
}

/**
 * The shoe's results so far, oldest first: blue Player, red Banker, green Tie. Each pip is
 * focusable and shows its score while hovered or focused.
 */
export function PipStrip({
  pips,
  limit,
  onOpen,
}: {
  pips: readonly Pip[];
  limit?: number;
  /** Opens a round's hand (its place in `pips`, 0 for the first); pips are buttons then. */
  onOpen?: (index: number) => void;
}) {
  const [active, setActive] = useState<number | null>(null);
  const shown = limit === undefined ? pips : pips.slice(-limit);
  return (
    <ol className="pips" data-testid="pip-strip" aria-label="Results of this shoe">
      {shown.length === 0 ? <li className="pips__empty">No results in this shoe yet</li> : null}
      {shown.map((pip) => {
        const label = pipLabel(pip);
        const tipId = `pip-tip-${pip.hand}`;
        const open = active === pip.hand;
        return (
          <li key={pip.hand} className="pips__item">
            <span
              className={`pip pip--${pip.outcome}`}
              data-outcome={pip.outcome}
              tabIndex={0}
              role={onOpen ? 'button' : 'img'}
              aria-label={onOpen ? `${label}. Open this hand` : label}
              onClick={onOpen ? () => onOpen(pips.indexOf(pip)) : undefined}
              onKeyDown={
                onOpen
                  ? (e) => {
                      if (e.key !== 'Enter' && e.key !== ' ') return;
                      e.preventDefault();
                      onOpen(pips.indexOf(pip));
                    }
                  : undefined
              }
              aria-describedby={open ? tipId : undefined}
              onMouseEnter={() => setActive(pip.hand)}
              onMouseLeave={() => setActive((a) => (a === pip.hand ? null : a))}
              onFocus={() => setActive(pip.hand)}
              onBlur={() => setActive((a) => (a === pip.hand ? null : a))}
            >
              <span aria-hidden="true">{LETTER[pip.outcome]}</span>
            </span>
            {open ? (
              <span className="pip__tip" id={tipId} role="tooltip">
                {label}
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
