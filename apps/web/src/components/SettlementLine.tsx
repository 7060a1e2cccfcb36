import { chips } from '../lib/format';
import type { Settlement } from '../store/table-state';

/**
 * Settlement as the dealer does it (T6.3): losing bets are swept to the bank first, then the
 * winners are paid. The pay line fades in after the sweep (CSS), instantly with reduced motion.
 */
export function SettlementLine({ settlement }: { settlement: Settlement }) {
  const { collected, paid } = settlement;
  if (!collected) return null;
  const wins = paid?.winners.filter((w) => w.result === 'win') ?? [];
  const pushes = paid?.winners.filter((w) => w.result === 'push') ?? [];
  const sum = (list: typeof wins) => list.reduce((total, w) => total + w.returned, 0);
  const paidWords = [
    wins.length > 0 ? `Winners paid: ${chips(sum(wins))}` : 'No winners to pay',
    ...(pushes.length > 0 ? [`stakes returned: ${chips(sum(pushes))}`] : []),
  ].join(' · ');
  return (
    <p className="settlement" data-testid="settlement">
      <span className="settlement__sweep">
        {collected.total > 0
          ? `Losing bets swept to the bank: ${chips(collected.total)}`
          : 'No losing bets to sweep'}
      </span>
      {paid ? <span className="settlement__pay">{paidWords}</span> : null}
    </p>
  );
}
