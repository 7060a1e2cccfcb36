import { cheminCoupRows, HAND_NAME, playWords, resultWords } from '../../chemin/shoe-coups';
import { handShort } from '../../lib/hand-shown';
import { CoupsTable } from '../rounds/CoupsTable';
import { CoupsOfShoe } from '../shoes/CoupsOfShoe';
import type { ShoeRoundsProps } from '../shoes/shoe-game-props';

type Row = ReturnType<typeof cheminCoupRows>[number];

const HANDS = (['punto', 'banker'] as const).map((h) => ({
  key: h,
  heading: HAND_NAME[h],
  cell: (row: Row) => (row.hands ? handShort(row.hands[h]) : null),
}));

/**
 * /shoes: a Chemin de Fer shoe's coups, read by the game's own rules (R14–R17): each hand's
 * cards and total, who drew or stood and whether the drawing table or a choice decided (R16),
 * and who won. Never Punto Banco's rows: its fixed table would explain the punto's 5 wrongly.
 */
export default function CheminShoeRounds(props: ShoeRoundsProps) {
  const { record, linked = null } = props;
  const rows = cheminCoupRows(record);
  return (
    <CoupsOfShoe {...props} rows={rows} result={resultWords}>
      <CoupsTable
        rows={rows}
        label={`Coups of shoe ${record.number}`}
        testId="chemin-coups"
        hands={HANDS}
        play={(row) => playWords(row).join('. ') || '—'}
        result={resultWords}
        linked={linked}
      />
    </CoupsOfShoe>
  );
}
