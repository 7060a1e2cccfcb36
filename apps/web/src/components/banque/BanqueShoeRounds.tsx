import { banqueCoupRows, resultWords } from '../../banque/shoe-coups';
import type { ShoeRoundsProps } from '../shoes/shoe-game-props';
import { BanqueCoupsTable } from './BanqueCoupsTable';

/** /shoes: a Baccara Banque shoe's coups, read by the game's own rules (R20–R24). */
export default function BanqueShoeRounds({ record, linked = null, night = null }: ShoeRoundsProps) {
  const rows = banqueCoupRows(record);
  const row = linked === null ? undefined : rows.find((r) => r.number === linked);
  const named =
    night !== null && night !== linked
      ? `Round ${night} of the night, coup ${linked} of shoe ${record.number}`
      : `Coup ${linked} of shoe ${record.number}`;
  return (
    <div className="shoe-rounds">
      {linked !== null ? (
        <p className="notice" role="status" data-testid="linked-round">
          {row
            ? `${named}: ${resultWords(row)}. Its row is highlighted below.`
            : `Shoe ${record.number} has no coup ${linked} to show.`}
        </p>
      ) : null}
      {record.serverSeed === null ? (
        <p>Who drew and by whose choice is published with the shoe’s seed, when it ends.</p>
      ) : null}
      <BanqueCoupsTable rows={rows} label={`Coups of shoe ${record.number}`} linked={linked} />
    </div>
  );
}
