import { err, ok, type Result } from '@banco/rules';
import type { ShoeSession, TableState } from '../../core/state.js';
import type { BanqueTable } from './banque-state.js';
import { banqueOf } from './banque-view.js';

// T16.9, T9.10: the coup's shoe is the table's shoe further on; a save leaves its cards out
// (the table's shoe gives them back) and keeps everything else of the bank and coup as it was.

/** What must be stored before the table goes on: the bank, its award and the coup's stage. */
export function banqueKey(state: TableState): string {
  const table = banqueOf(state);
  const coup = table.coup;
  const stage = coup ? `${coup.seq}:${coup.stage}:${coup.coup.phase}:${coup.awaiting}` : '-';
  const tenure = table.tenure
    ? `${table.tenure.banker}:${table.tenure.bank}:${table.tenure.coups}`
    : '-';
  return `${stage}|${tenure}|${JSON.stringify(table.award)}|${JSON.stringify(table.holders)}`;
}

export function storedBanque(table: BanqueTable, shoe: ShoeSession | null): unknown {
  const coup = table.coup;
  if (!coup || coup.coup.shoe.cards !== shoe?.state.cards) return table;
  return {
    ...table,
    coup: { ...coup, coup: { ...coup.coup, shoe: { ...coup.coup.shoe, cards: undefined } } },
  };
}

export function restoredBanque(value: unknown, shoe: ShoeSession | null): Result<BanqueTable> {
  const table = value as BanqueTable | undefined;
  if (typeof table !== 'object' || table === null || typeof table.award !== 'object') {
    return err('BAD_BANQUE', 'the stored Baccara Banque table has no bank');
  }
  const coup = table.coup;
  if (!coup || Array.isArray(coup.coup.shoe.cards)) return ok(table);
  if (!shoe) return err('BAD_SHOE', 'the stored coup has a shoe but the table none');
  return ok({
    ...table,
    coup: { ...coup, coup: { ...coup.coup, shoe: { ...coup.coup.shoe, cards: shoe.state.cards } } },
  });
}
