import type { ReactNode } from 'react';
import type { ShoeRoundsProps } from './shoe-game-props';
import { LinkedRoundNote } from './LinkedRoundNote';

/**
 * /shoes: the rows of a game whose coups follow choices, read from each coup's story (P5.1).
 * The story comes only with the shoe's seed, so a shoe in play says when who chose will be told.
 */
export function CoupsOfShoe<R extends { readonly number: number }>({
  record,
  linked = null,
  night = null,
  rows,
  result,
  children,
}: ShoeRoundsProps & {
  /** The game's rows of the shoe's coups. */
  rows: readonly R[];
  /** How a coup ended, in words. */
  result: (row: R) => string;
  /** The game's table of them. */
  children: ReactNode;
}) {
  const row = linked === null ? undefined : rows.find((r) => r.number === linked);
  return (
    <div className="shoe-rounds">
      {linked !== null ? (
        <LinkedRoundNote
          unit="coup"
          shoe={record.number}
          round={linked}
          night={night}
          result={row ? result(row) : null}
        />
      ) : null}
      {record.serverSeed === null ? (
        <p>Who drew and by whose choice is published with the shoe’s seed, when it ends.</p>
      ) : null}
      {children}
    </div>
  );
}
