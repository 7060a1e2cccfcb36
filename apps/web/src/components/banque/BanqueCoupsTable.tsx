import type { ReactNode } from 'react';
import { HAND_NAME, playWords, resultWords, type BanqueCoupRow } from '../../banque/shoe-coups';
import { CoupsTable, type HandColumn } from '../rounds/CoupsTable';
import { handShort } from '../../lib/hand-shown';

const HANDS: readonly HandColumn<BanqueCoupRow>[] = (['right', 'left', 'banker'] as const).map(
  (h) => ({
    key: h,
    heading: HAND_NAME[h],
    cell: (row) => (row.hands ? handShort(row.hands[h]) : null),
  }),
);

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
    <CoupsTable
      rows={rows}
      label={label}
      testId="banque-coups"
      hands={HANDS}
      play={(row) => playWords(row).join('. ') || (row.hands ? 'Every hand stood' : '—')}
      result={resultWords}
      linked={linked}
      check={check}
    />
  );
}
