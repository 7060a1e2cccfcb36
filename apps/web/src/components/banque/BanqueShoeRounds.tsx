import { banqueCoupRows, resultWords } from '../../banque/shoe-coups';
import { CoupsOfShoe } from '../shoes/CoupsOfShoe';
import type { ShoeRoundsProps } from '../shoes/shoe-game-props';
import { BanqueCoupsTable } from './BanqueCoupsTable';

/** /shoes: a Baccara Banque shoe's coups, read by the game's own rules (R20–R24). */
export default function BanqueShoeRounds(props: ShoeRoundsProps) {
  const { record, linked = null } = props;
  const rows = banqueCoupRows(record);
  return (
    <CoupsOfShoe {...props} rows={rows} result={resultWords}>
      <BanqueCoupsTable rows={rows} label={`Coups of shoe ${record.number}`} linked={linked} />
    </CoupsOfShoe>
  );
}
