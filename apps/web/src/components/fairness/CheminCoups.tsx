import type { CheminShoeCheck } from '../../fairness/chemin-replay';
import { cardShort } from '../../lib/format';
import { RerunFailed, VerdictFrame } from './VerdictFrame';

const OUTCOME = { player: 'Punto wins', banker: 'Banker wins', tie: 'Tie' } as const;
const CELL = {
  'punto-5': 'punto on 5',
  'banker-3-vs-9': 'banker on 3 v 9',
  'banker-5-vs-4': 'banker on 5 v 4',
} as const;

/** A Chemin de Fer shoe re-run coup by coup: its verdict, then each coup beside the record. */
export function CheminCoups({ check }: { check: CheminShoeCheck }) {
  if (!check.ok) return <RerunFailed message={check.message} />;
  const same = check.rows.filter((r) => r.same).length;
  return (
    <>
      <VerdictFrame
        verdict={check.difference ? 'different' : 'verified'}
        facts={[
          { term: 'Commitment', value: check.commitment, mono: true },
          { term: 'Burn', value: `${check.burnShown} shown` },
        ]}
      >
        {check.difference ? (
          <p>
            <span aria-hidden="true">✗ </span>
            <strong>This shoe differs.</strong>{' '}
            <span data-testid="fair-difference">{check.difference}.</span>
          </p>
        ) : (
          <p>
            <span aria-hidden="true">✓ </span>
            <strong>Verified.</strong> The server seed hashes to the commitment, and all {same}{' '}
            coups dealt are exactly the cards this shoe deals with the choices made at them.
          </p>
        )}
      </VerdictFrame>
      <section aria-labelledby="coups-title" className="fair-rounds">
        <h2 id="coups-title">Coup by coup</h2>
        <table className="page__table" data-testid="fair-coups">
          <thead>
            <tr>
              <th scope="col">Coup</th>
              <th scope="col">Punto</th>
              <th scope="col">Banker</th>
              <th scope="col">Choices</th>
              <th scope="col">Result</th>
              <th scope="col">Table recorded</th>
            </tr>
          </thead>
          <tbody>
            {check.rows.map((row) => (
              <tr key={row.number} data-testid={`fair-coup-${row.number}`} data-same={row.same}>
                <th scope="row">{row.number}</th>
                <td>
                  {row.puntoCards.map(cardShort).join(' ')} ({row.punto})
                </td>
                <td>
                  {row.bankerCards.map(cardShort).join(' ')} ({row.banker})
                </td>
                <td>{row.choices.map((c) => `${CELL[c.cell]}: ${c.option}`).join(', ') || '–'}</td>
                <td>{row.outcome ? OUTCOME[row.outcome] : '–'}</td>
                <td>{row.same ? '✓ the same' : `✗ ${row.why ?? ''}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
