import { chips } from '../lib/format';
import type { Settlement } from '../store/table-state';

/**
 * Settlement as the dealer does it (T6.3): losing bets are swept to the bank first, then the
 * winners are paid. The pay line fades in after the sweep (CSS), instantly with reduced motion.
 */
export function SettlementLine({ settlement }: { settlement: Settlement }) {
  const { collected, paid } = settlement;
  if (!collected) return null;
  const paidOut = paid?.winners.reduce((sum, w) => sum + w.returned, 0) ?? 0;
  return (
    <p className="settlement" data-testid="settlement">
      <span className="settlement__sweep">
        {collected.total > 0
          ? `Losing bets swept to the bank: ${chips(collected.total)}`
          : 'No losing bets to sweep'}
      </span>
      {paid ? (
        <span className="settlement__pay">
          {paid.winners.length > 0 ? `Winners paid: ${chips(paidOut)}` : 'No winners to pay'}
        </span>
      ) : null}
    </p>
  );
}
