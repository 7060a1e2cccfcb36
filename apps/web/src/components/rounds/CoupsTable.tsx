import type { ReactNode } from 'react';
import { cardShort } from '../../lib/format';
import { rowMarks } from './row-marks';

/** One column of a game's hands: a hand's cards and total, or whatever the game puts there. */
export interface HandColumn<R> {
  readonly key: string;
  readonly heading: string;
  readonly cell: (row: R) => ReactNode;
}

/**
 * A game's coups of one shoe, one row each: its hands, how it played (who drew or stood, by
 * whose decision) and its result. A game with choices gives its own hands and words; /shoes
 * shows the table as it is and /fairness adds its comparison column.
 */
export function CoupsTable<
  R extends {
    readonly number: number;
    /** Null when the coup took no card, or its record has no story to split them by. */
    readonly hands: unknown;
    /** Its cards in the order the table recorded them. */
    readonly dealt: readonly string[];
  },
>({
  rows,
  label,
  testId,
  hands,
  play,
  result,
  linked = null,
  check,
}: {
  rows: readonly R[];
  /** The scroll region's name (it takes focus, so it must have one). */
  label: string;
  /** The table's test id; each row's is `${testId minus its last s}-${number}` (banque-coup-3). */
  testId: string;
  hands: readonly HandColumn<R>[];
  play: (row: R) => ReactNode;
  result: (row: R) => ReactNode;
  linked?: number | null;
  check?: { heading: string; cell: (row: R) => ReactNode; bad: (n: number) => boolean };
}) {
  const rowId = testId.replace(/s$/, '');
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Coup</th>
            {hands.map((h) => (
              <th key={h.key} scope="col">
                {h.heading}
              </th>
            ))}
            <th scope="col">How it played</th>
            <th scope="col">Result</th>
            {check ? <th scope="col">{check.heading}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.number}
              data-testid={`${rowId}-${row.number}`}
              {...rowMarks(row.number, linked, check?.bad(row.number))}
            >
              <th scope="row">{row.number}</th>
              {row.hands ? (
                hands.map((h) => (
                  <td key={h.key} data-testid={`coup-${h.key}`}>
                    {h.cell(row)}
                  </td>
                ))
              ) : (
                // The cards cannot be told hand by hand: one cell across the hands' columns.
                <td colSpan={hands.length}>
                  {row.dealt.length === 0
                    ? 'No card dealt'
                    : `Dealt ${row.dealt.map(cardShort).join(' ')}`}
                </td>
              )}
              <td data-testid="coup-play" className="table-scroll__words">
                {play(row)}
              </td>
              <td data-testid="coup-result">{result(row)}</td>
              {check ? <td>{check.cell(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
