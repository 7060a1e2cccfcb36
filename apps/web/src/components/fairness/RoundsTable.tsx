import { cardShort } from '../../lib/format';
import type { RoundRow } from '../../fairness/replay';
import { RoundsOfShoe } from '../rounds/RoundsOfShoe';

const cards = (list: readonly string[]) => list.map(cardShort).join(' ');

/** The replayed rounds beside what the table recorded, marked round by round. */
export function RoundsTable({ rows }: { rows: readonly RoundRow[] }) {
  return (
    <section aria-labelledby="rounds-title" className="fair-rounds">
      <h2 id="rounds-title">Round by round</h2>
      <RoundsOfShoe
        label={{ by: 'rounds-title' }}
        checkHeading="Table recorded"
        rounds={rows.map((row) => ({
          number: row.number,
          played: row.replay,
          testId: `fair-round-${row.number}`,
          same: row.same === null ? 'none' : String(row.same),
          bad: row.same === false,
          check:
            row.same === null
              ? 'not recorded'
              : row.same
                ? '✓ the same'
                : `✗ ${row.recorded ? cards(row.recorded.cards) : ''}`,
        }))}
      />
    </section>
  );
}
