import type { ReactNode } from 'react';
import { handShort, type HandShown as Hand } from '../../lib/hand-shown';
import { rowMarks } from './row-marks';

const OUTCOME = { player: 'Player', banker: 'Banker', tie: 'Tie' } as const;

export interface ShoeRound {
  readonly number: number;
  /** The round as the rules package read it; null where there is nothing to show. */
  readonly played: { player: Hand; banker: Hand; outcome: keyof typeof OUTCOME } | null;
  /** The last column's cell, when the table has one (the fairness check's comparison). */
  readonly check?: ReactNode;
  readonly testId?: string;
  readonly same?: string;
  readonly bad?: boolean;
}

/**
 * A shoe's rounds, one row each: cards and total of each hand and who won. One table for
 * /shoes and /fairness, which add a column of their own.
 */
export function RoundsOfShoe({
  rounds,
  label,
  checkHeading,
  linked = null,
}: {
  rounds: readonly ShoeRound[];
  /** The scroll region's name (it takes focus, so it must have one). */
  label: { text: string } | { by: string };
  checkHeading?: string;
  /** The round a link points at (/shoes?…&round=N): marked, and focusable so it can take focus. */
  linked?: number | null;
}) {
  const hand = (h: Hand | undefined) => (h ? handShort(h) : '—');
  return (
    <div
      className="table-scroll"
      tabIndex={0}
      role="region"
      {...('text' in label ? { 'aria-label': label.text } : { 'aria-labelledby': label.by })}
    >
      <table>
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">Player</th>
            <th scope="col">Banker</th>
            <th scope="col">Result</th>
            {checkHeading ? <th scope="col">{checkHeading}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rounds.map((r) => (
            <tr
              key={r.number}
              data-testid={r.testId}
              data-same={r.same}
              {...rowMarks(r.number, linked, r.bad)}
            >
              <th scope="row">{r.number}</th>
              <td>{hand(r.played?.player)}</td>
              <td>{hand(r.played?.banker)}</td>
              <td>{r.played ? OUTCOME[r.played.outcome] : '—'}</td>
              {checkHeading ? <td>{r.check}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
