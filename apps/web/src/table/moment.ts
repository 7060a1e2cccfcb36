import type { TableState } from '../store/table-state';

/**
 * The moment a refusal belongs to: it is said until the next one starts. At a Punto Banco
 * table that is the round; at a Chemin de Fer table each offer of the bank, each cover, each
 * choice is a moment of its own, with its own countdown.
 */
export function momentOf(state: TableState): string {
  const round = `round ${state.round?.seq ?? '-'}`;
  const view = state.chemin;
  if (!view) return round;
  const coup = view.coup;
  if (!coup) return `${round} offer ${view.nextCoup} ${view.offerUntil ?? '-'}`;
  const clock = coup.pending?.deadline ?? coup.coverClosesAt ?? '-';
  return `${round} coup ${coup.coup} ${coup.phase} ${clock}`;
}
