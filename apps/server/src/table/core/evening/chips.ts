import { CHIP, type PlayerInfo } from '@banco/protocol';
import type { RoomChipsEntry } from '../../../db/ledger-types.js';
import { hostRoom } from '../host-room.js';
import { seatOf } from '../seats.js';
import { tableMinimum } from '../settings.js';
import type { Step } from '../step.js';
import { eveningOf, roomChips, setEvening, type EveningState } from './evening-state.js';
import { tellEvening } from './tell.js';

export type { RoomChipsEntry };

/** The stack a player has now: their seat's balance, or what the night keeps for them. */
function stackNow(step: Step, evening: EveningState, playerId: string): number | null {
  const seat = seatOf(step.state, playerId);
  if (seat) return seat.balance;
  return evening.stacks.find((s) => s.playerId === playerId)?.stack ?? null;
}

/**
 * Moves a room stack by `amount` (T11.15): the ledger entry (issuer ↔ stack, T10.8), the seat or
 * the night's record, and the table told. Returns the new stack.
 */
function moveStack(
  step: Step,
  player: PlayerInfo,
  entry: Omit<RoomChipsEntry, 'key' | 'playerId'>,
): number {
  const evening = eveningOf(step.state)!;
  const before = stackNow(step, evening, player.id) ?? 0;
  const stack = before + entry.amount;
  const known = evening.stacks.find((s) => s.playerId === player.id);
  const line = {
    playerId: player.id,
    name: player.name,
    stack,
    granted: (known?.granted ?? 0) + entry.amount,
  };
  const n = evening.entries + 1;
  const recorded = { ...entry, playerId: player.id, key: `${step.state.tableId}:${n}` };
  setEvening(step, {
    entries: n,
    stacks: known
      ? evening.stacks.map((s) => (s.playerId === player.id ? line : s))
      : [...evening.stacks, line],
    unrecorded: [...(evening.unrecorded ?? []), recorded],
  });
  const seat = seatOf(step.state, player.id);
  if (seat) {
    step.update({
      seats: step.state.seats.map((s) => (s.seat === seat.seat ? { ...s, balance: stack } : s)),
    });
  }
  step.effect({ type: 'room-chips', entry: recorded });
  const kind = entry.kind === 'GRANT' ? 'grant' : entry.kind === 'TOP_UP' ? 'top-up' : 'adjust';
  step.emit({
    type: 'evening.stack',
    playerId: player.id,
    seat: seat?.seat ?? null,
    kind,
    amount: entry.amount,
    stack,
    approvedBy: entry.approvedBy,
    reason: entry.reason,
  });
  return stack;
}

/** T11.17: the ledger holds the entry with this key: a restart need not write it again. */
export function entryRecorded(step: Step, key: string): void {
  const evening = eveningOf(step.state);
  if (!evening?.unrecorded?.some((e) => e.key === key)) return;
  setEvening(step, { unrecorded: evening.unrecorded.filter((e) => e.key !== key) });
}

/** T11.15: a first room stack, granted as the player first sits. */
export function grantStack(
  step: Step,
  player: PlayerInfo,
  amount: number,
  approvedBy: string,
): number {
  return moveStack(step, player, { kind: 'GRANT', amount, approvedBy, reason: null });
}

/** T11.15: whole chips only, as every stake (T3.4). */
const fractional = (amount: number) => amount % CHIP !== 0;

/** The table's part of a top-up request: refusals first, then the rule or the host's queue. */
export function requestTopUp(step: Step, playerId: string, amount: number): void {
  const chips = roomChips(step.state);
  const evening = eveningOf(step.state);
  if (!chips || !evening) {
    return step.refuse(
      'NOT_ROOM_CHIPS',
      'this room plays with wallets: there is nothing to top up',
    );
  }
  const seat = seatOf(step.state, playerId);
  if (!seat) return step.refuse('NOT_SEATED', 'only a seated player asks for a top-up');
  if (fractional(amount)) return step.refuse('FRACTIONAL_CHIPS', 'top-ups are whole chips');
  if (evening.topUps.some((t) => t.playerId === playerId)) {
    return step.refuse(
      'REQUEST_PENDING',
      'you already asked for a top-up; the host has not answered',
    );
  }
  const taken = evening.topUpsTaken[playerId] ?? 0;
  const { perNight, autoBelowMinimum } = chips.topUps;
  if (perNight !== null && taken >= perNight) {
    return step.refuse(
      'TOP_UP_ABOVE_RULE',
      `this room allows ${perNight} top-up${perNight === 1 ? '' : 's'} a night; you have had ${taken}`,
    );
  }
  if (seat.balance + amount > chips.startingStack) {
    return step.refuse(
      'TOP_UP_ABOVE_RULE',
      `a top-up brings a stack up to the starting stack (${chips.startingStack / CHIP} chips) at most`,
    );
  }
  step.succeed();
  if (autoBelowMinimum && seat.balance < tableMinimum(step.state.settings)) {
    return applyTopUp(step, seat.player, amount, 'rule');
  }
  setEvening(step, {
    topUps: [...evening.topUps, { playerId, name: seat.player.name, amount, at: step.now }],
    topUpDeclined: withoutKey(evening.topUpDeclined, playerId),
  });
  step.emit({
    type: 'evening.stack',
    playerId,
    seat: seat.seat,
    kind: 'top-up-asked',
    amount,
    stack: seat.balance,
    approvedBy: null,
    reason: null,
  });
  tellEvening(step, [playerId]);
}

function applyTopUp(step: Step, player: PlayerInfo, amount: number, approvedBy: string): void {
  const evening = eveningOf(step.state)!;
  setEvening(step, {
    topUps: evening.topUps.filter((t) => t.playerId !== player.id),
    topUpsTaken: { ...evening.topUpsTaken, [player.id]: (evening.topUpsTaken[player.id] ?? 0) + 1 },
  });
  moveStack(step, player, { kind: 'TOP_UP', amount, approvedBy, reason: null });
  tellEvening(step, [player.id]);
}

/** T11.15: the host says yes to a pending top-up. */
export function approveTopUp(step: Step, hostId: string, playerId: string): void {
  if (!hostRoom(step, hostId)) return;
  const evening = eveningOf(step.state);
  if (!roomChips(step.state) || !evening) {
    return step.refuse('NOT_ROOM_CHIPS', 'this room plays with wallets');
  }
  const asked = evening.topUps.find((t) => t.playerId === playerId);
  if (!asked) return step.refuse('NO_REQUEST', 'that player has no top-up waiting');
  step.succeed();
  applyTopUp(step, { id: playerId, name: asked.name }, asked.amount, hostId);
}

/** T11.15: the host says no, with a reason the player reads. */
export function declineTopUp(step: Step, hostId: string, playerId: string, reason: string): void {
  if (!hostRoom(step, hostId)) return;
  const evening = eveningOf(step.state);
  if (!roomChips(step.state) || !evening) {
    return step.refuse('NOT_ROOM_CHIPS', 'this room plays with wallets');
  }
  const asked = evening.topUps.find((t) => t.playerId === playerId);
  if (!asked) return step.refuse('NO_REQUEST', 'that player has no top-up waiting');
  step.succeed();
  setEvening(step, {
    topUps: evening.topUps.filter((t) => t.playerId !== playerId),
    topUpDeclined: { ...evening.topUpDeclined, [playerId]: { reason, at: step.now } },
  });
  const seat = seatOf(step.state, playerId);
  step.emit({
    type: 'evening.stack',
    playerId,
    seat: seat?.seat ?? null,
    kind: 'top-up-declined',
    amount: asked.amount,
    stack: seat?.balance ?? 0,
    approvedBy: hostId,
    reason,
  });
  tellEvening(step, [playerId]);
}

/**
 * T11.15: the host's own change of a stack, up or down, with a reason. A seat's balance is what
 * is not staked, so an adjustment never touches a stake; one below zero is refused.
 */
export function adjustStack(
  step: Step,
  hostId: string,
  playerId: string,
  amount: number,
  reason: string,
): void {
  if (!hostRoom(step, hostId)) return;
  const evening = eveningOf(step.state);
  if (!roomChips(step.state) || !evening) {
    return step.refuse('NOT_ROOM_CHIPS', 'this room plays with wallets');
  }
  if (fractional(amount)) return step.refuse('FRACTIONAL_CHIPS', 'adjustments are whole chips');
  const now = stackNow(step, evening, playerId);
  const known = evening.stacks.find((s) => s.playerId === playerId);
  const seat = seatOf(step.state, playerId);
  if (now === null || !known) {
    return step.refuse('NOT_ROOM_MEMBER', 'that player has no stack in this room');
  }
  if (now + amount < 0) {
    return step.refuse('STACK_TOO_LOW', `the stack is ${now / CHIP} chips; it cannot go below 0`);
  }
  step.succeed();
  const player = seat?.player ?? { id: playerId, name: known.name };
  moveStack(step, player, { kind: 'ADJUST', amount, approvedBy: hostId, reason });
  tellEvening(step, [playerId]);
}

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
}
