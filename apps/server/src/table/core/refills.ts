import type { TableInput } from './inputs.js';
import { STARTING_BALANCE, tableMinimum } from './settings.js';
import { roomChips } from './evening/evening-state.js';
import type { TableState } from './state.js';
import type { Step } from './step.js';

type Refilled = Extract<TableInput, { type: 'round-opened' }>['refills'][number];

/**
 * T8.2: the seated wallets below the table minimum, topped up as the next round (or coup) opens.
 * Called between rounds, when nobody has a bet open.
 */
export function refillsDue(state: TableState): { seat: number; playerId: string }[] {
  // T11.15: room stacks are topped up by the host or the room's rules, never by the house.
  if (roomChips(state)) return [];
  const minimum = tableMinimum(state.settings);
  return state.seats
    .filter((s) => s.balance < minimum && s.balance < STARTING_BALANCE)
    .map((s) => ({ seat: s.seat, playerId: s.player.id }));
}

/** T8.2: the ledger topped them up; the seats show it, and the table is told. */
export function applyRefills(step: Step, refills: readonly Refilled[]): void {
  for (const refill of refills) {
    step.update({
      seats: step.state.seats.map((s) =>
        s.player.id === refill.playerId ? { ...s, balance: refill.balance } : s,
      ),
    });
    if (refill.amount > 0) step.emit({ type: 'balance.refilled', ...refill });
  }
}
