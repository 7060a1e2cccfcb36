import type { TableState } from '../store/table-state';

/**
 * The moment a refusal belongs to: it is said until the next one starts. At a Punto Banco
 * table that is the round; at a Chemin de Fer table each offer of the bank, each cover, each
 * choice is a moment of its own, with its own countdown.
 */
export function momentOf(state: TableState): string {
  const round = `round ${state.round?.seq ?? '-'}`;
  const view = state.chemin;
  if (!view) {
    // Another game's table: each of its own events starts a moment (an auction, a call, a choice).
    const game = Object.values(state.game.events).reduce((v, e) => Math.max(v, e.version), 0);
    return game === 0 ? round : `${round} game ${game}`;
  }
  const coup = view.coup;
  if (!coup) return `${round} offer ${view.nextCoup} ${view.offerUntil ?? '-'}`;
  const clock = coup.pending?.deadline ?? coup.coverClosesAt ?? '-';
  return `${round} coup ${coup.coup} ${coup.phase} ${clock}`;
}
