import { checkCheminShoe } from '../../fairness/chemin-replay';
import { CheminCoups } from '../fairness/CheminCoups';
import type { ShoeCheckProps } from '../shoes/shoe-game-props';

/** /fairness: R14, a coup's cards follow its choices, so only the recorded coups are re-run. */
export default function CheminShoeCheck({ record, revealed }: ShoeCheckProps) {
  const check = checkCheminShoe(
    { ...revealed, contributions: null },
    record.rounds.map((r) => ({
      number: r.number,
      cards: r.voided ? [] : r.cards,
      outcome: r.voided ? null : r.outcome,
    })),
  );
  return <CheminCoups check={check} />;
}
