import { refusalWords, type RefusalCode } from '../lib/words';
import type { TableState } from '../store/table-state';

/** The top bar's word for the link to the table, and why it was refused when it was. */
export function connectionWords(state: Pick<TableState, 'connection' | 'refusal'>): string {
  switch (state.connection) {
    case 'live':
      return 'Live';
    case 'connecting':
      return 'Connecting…';
    case 'reconnecting':
      return 'Reconnecting…';
    case 'refused':
      return (state.refusal && refusalWords(state.refusal.code as RefusalCode)) ?? 'Disconnected';
  }
}
