import { err, ok, type Result } from '@banco/rules';
import type { TableState } from '../../core/state.js';
import type { BaccaraBanqueState } from './banque-state.js';
import { banqueOf } from './banque-view.js';

// T16.9, T9.10: the coup, the bank and the auction are stored with the table's state as they
// are (the coup's shoe is short: a 3- or 6-deck shoe's card codes), and read back unchanged.

/** What must be stored before the table goes on: the bank and the stage of the coup. */
export function banqueKey(state: TableState): string {
  const table = banqueOf(state);
  const coup = table.coup;
  const stage = coup
    ? `${coup.seq}:${coup.stage}:${coup.dealt?.phase.kind ?? '-'}:${coup.dealt?.story.length ?? 0}:${coup.awaiting}`
    : '-';
  const bank = table.bank ? `${table.bank.seat}:${table.bank.amount}:${table.bank.topUpUntil}` : '-';
  return `${stage}|${bank}|${table.auction?.mode ?? '-'}:${table.auction?.seat ?? '-'}`;
}

export function restoredBanque(value: unknown): Result<BaccaraBanqueState> {
  const table = value as BaccaraBanqueState | undefined;
  if (typeof table !== 'object' || table === null || typeof table.holders !== 'object') {
    return err('BAD_BANQUE', 'the stored Baccara Banque table is unreadable');
  }
  return ok({ ...table, kind: 'baccara-banque' });
}
