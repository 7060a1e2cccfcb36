import { err, ok, type Result } from '@banco/rules';
import type { ShoeSession, TableState } from '../../core/state.js';
import type { CheminTable } from './chemin-state.js';
import { cheminOf } from './chemin-view.js';

// T15.9, T9.10: the coup's shoe is the table's shoe further on; a save leaves its cards out
// (the table's shoe gives them back) and keeps everything else of the coup as it was.

/** What must be stored before the table goes on: the bank and the stage of the coup. */
export function cheminKey(state: TableState): string {
  const chemin = cheminOf(state);
  const coup = chemin.coup;
  const stage = coup ? `${coup.seq}:${coup.stage}:${coup.coup.phase}:${coup.awaiting}` : '-';
  return `${stage}|${JSON.stringify(chemin.offer)}|${chemin.bancoSuivi}`;
}

export function storedChemin(chemin: CheminTable, shoe: ShoeSession | null): unknown {
  const coup = chemin.coup;
  if (!coup || coup.coup.shoe.cards !== shoe?.state.cards) return chemin;
  return {
    ...chemin,
    coup: { ...coup, coup: { ...coup.coup, shoe: { ...coup.coup.shoe, cards: undefined } } },
  };
}

export function restoredChemin(value: unknown, shoe: ShoeSession | null): Result<CheminTable> {
  const chemin = value as CheminTable | undefined;
  if (typeof chemin !== 'object' || chemin === null || typeof chemin.offer !== 'object') {
    return err('BAD_CHEMIN', 'the stored Chemin de Fer table has no bank');
  }
  const coup = chemin.coup;
  if (!coup || Array.isArray(coup.coup.shoe.cards)) return ok(chemin);
  if (!shoe) return err('BAD_SHOE', 'the stored coup has a shoe but the table none');
  return ok({
    ...chemin,
    coup: { ...coup, coup: { ...coup.coup, shoe: { ...coup.coup.shoe, cards: shoe.state.cards } } },
  });
}
