import { banqueCoupRows } from '../../banque/shoe-coups';
import { checkBanqueShoe } from '../../fairness/banque-replay';
import { RerunFailed, VerdictFrame } from '../fairness/VerdictFrame';
import type { ShoeCheckProps } from '../shoes/shoe-game-props';
import { BanqueCoupsTable } from './BanqueCoupsTable';

/** /fairness: a Baccara Banque shoe re-run by R25, its verdict, then each coup beside the record. */
export default function BanqueShoeCheck({ record, revealed }: ShoeCheckProps) {
  const rows = banqueCoupRows(record);
  const check = checkBanqueShoe(revealed, rows);
  if (!check.ok) return <RerunFailed message={check.message} />;
  const byNumber = new Map(check.rows.map((r) => [r.number, r]));
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
            coups dealt are the shoe’s next cards in dealing order, legally drawn, with the results
            their totals give.
          </p>
        )}
      </VerdictFrame>
      <section aria-labelledby="coups-title" className="fair-rounds">
        <h2 id="coups-title">Coup by coup</h2>
        <BanqueCoupsTable
          rows={rows.filter((r) => r.dealt.length > 0)}
          label="Coups re-run"
          check={{
            heading: 'Table recorded',
            bad: (n) => byNumber.get(n)?.same === false,
            cell: (row) => {
              const c = byNumber.get(row.number);
              return c?.same ? '✓ the same' : `✗ ${c?.why ?? 'not reached'}`;
            },
          }}
        />
      </section>
    </>
  );
}
