import { cardShort } from '../../lib/format';
import type { RoundRow } from '../../fairness/replay';

const OUTCOME = { player: 'Player', banker: 'Banker', tie: 'Tie' } as const;
const cards = (list: readonly string[]) => list.map(cardShort).join(' ');

/** The replayed rounds beside what the table recorded, marked round by round. */
export function RoundsTable({ rows }: { rows: readonly RoundRow[] }) {
  return (
    <section aria-labelledby="rounds-title" className="fair-rounds">
      <h2 id="rounds-title">Round by round</h2>
      <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="rounds-title">
        <table>
          <thead>
            <tr>
              <th scope="col">Round</th>
              <th scope="col">Player</th>
              <th scope="col">Banker</th>
              <th scope="col">Result</th>
              <th scope="col">Table recorded</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.number}
                data-testid={`fair-round-${row.number}`}
                data-same={row.same === null ? 'none' : String(row.same)}
                className={row.same === false ? 'fair-rounds__bad' : undefined}
              >
                <th scope="row">{row.number}</th>
                <td>
                  {row.replay
                    ? `${cards(row.replay.player.cards)} (${row.replay.player.total})`
                    : '—'}
                </td>
                <td>
                  {row.replay
                    ? `${cards(row.replay.banker.cards)} (${row.replay.banker.total})`
                    : '—'}
                </td>
                <td>{row.replay ? OUTCOME[row.replay.outcome] : '—'}</td>
                <td>
                  {row.same === null
                    ? 'not recorded'
                    : row.same
                      ? '✓ the same'
                      : `✗ ${row.recorded ? cards(row.recorded.cards) : ''}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
