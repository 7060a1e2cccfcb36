import type { ReactNode } from 'react';
import { cardShort } from '../../lib/format';
import {
  playWords,
  resultWords,
  type BanqueCoupRow,
  type BanqueHand,
  type HandShown,
} from '../../banque/shoe-coups';

const HANDS: readonly BanqueHand[] = ['right', 'left', 'banker'];
const shown = (h: HandShown) => `${h.cards.map(cardShort).join(' ')} (${h.total})`;

/**
 * A Baccara Banque shoe's coups, one row each: both tableaux's and the banker's cards and
 * totals, how the coup played (naturals, who drew or stood and by whose decision), and each
 * tableau's result. /shoes shows it as it is; /fairness adds its comparison column.
 */
export function BanqueCoupsTable({
  rows,
  label,
  linked = null,
  check,
}: {
  rows: readonly BanqueCoupRow[];
  label: string;
  linked?: number | null;
  check?: { heading: string; cell: (row: BanqueCoupRow) => ReactNode; bad: (n: number) => boolean };
}) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table data-testid="banque-coups">
        <thead>
          <tr>
            <th scope="col">Coup</th>
            <th scope="col">Right tableau</th>
            <th scope="col">Left tableau</th>
            <th scope="col">Banker</th>
            <th scope="col">How it played</th>
            <th scope="col">Result</th>
            {check ? <th scope="col">{check.heading}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.number}
              id={`round-${row.number}`}
              data-testid={`banque-coup-${row.number}`}
              className={
                [
                  check?.bad(row.number) ? 'fair-rounds__bad' : '',
                  row.number === linked ? 'rounds__linked' : '',
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              {...(row.number === linked
                ? { tabIndex: -1, 'aria-current': 'location' as const }
                : {})}
            >
              <th scope="row">{row.number}</th>
              {row.hands ? (
                HANDS.map((h) => (
                  <td key={h} data-testid={`coup-${h}`}>
                    {shown(row.hands![h])}
                  </td>
                ))
              ) : (
                <td colSpan={3}>
                  {row.dealt.length === 0
                    ? 'No card dealt'
                    : `Dealt ${row.dealt.map(cardShort).join(' ')}`}
                </td>
              )}
              <td data-testid="coup-play" className="table-scroll__words">
                {playWords(row).join('. ') || (row.hands ? 'Every hand stood' : '—')}
              </td>
              <td data-testid="coup-result">{resultWords(row)}</td>
              {check ? <td>{check.cell(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
