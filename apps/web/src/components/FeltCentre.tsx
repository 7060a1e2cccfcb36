import type { ReactNode } from 'react';
import type { TableState } from '../store/table-state';
import { Hand } from './Hand';
import { ResultBanner, VoidedBanner } from './ResultBanner';
import { SettlementLine } from './SettlementLine';

export interface FeltCentreProps {
  state: TableState;
  /** False where nobody squeezes (the practice table turns its cards itself). */
  squeeze?: boolean;
  /** Between the banner and the hands: the clock, or the practice table's status line. */
  above?: ReactNode;
  /** Under the hands, before the settlement: the Deal and Reveal buttons. */
  children?: ReactNode;
  /** After the settlement line: the practice table's "You bet …". */
  after?: ReactNode;
}

/** The middle of the oval, the same at a live table and a practice one: banner, hands, payout. */
export function FeltCentre({ state, squeeze = true, above, children, after }: FeltCentreProps) {
  const result = state.result;
  const layout = state.round?.layout ?? { player: [], banker: [] };
  const peek = squeeze ? state.peek : null;
  return (
    <div className="felt__center">
      {/* At the top, where it hides no seat: the banner says what "Round over." would. */}
      {result ? (
        <ResultBanner
          round={result.round}
          outcome={result.outcome}
          player={result.player.total}
          banker={result.banker.total}
        />
      ) : state.voided ? (
        <VoidedBanner voided={state.voided} />
      ) : null}
      {above}
      <div className="hands">
        {(['player', 'banker'] as const).map((side) => (
          <Hand
            key={side}
            side={side}
            cards={layout[side]}
            peek={peek?.hand === side ? peek : null}
            why={state.why[side]}
            winner={result?.outcome === side}
          />
        ))}
      </div>
      {children}
      <SettlementLine settlement={state.settlement} />
      {after}
    </div>
  );
}
