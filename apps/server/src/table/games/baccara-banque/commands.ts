import type { CommandPayload } from '@banco/protocol';
import { CHIP_UNIT } from '@banco/rules';
import type { TableCommand } from '../../core/inputs.js';
import { seatOf } from '../../core/seats.js';
import type { SeatState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import { bid, decline, retireBank, topUp } from './bank.js';
import { banqueOf, emitBanque, pendingOf, refusalCode, setCoup } from './banque-view.js';
import { chooseCoup } from './coup.js';
import { afterChoice, allCalled, closeStaking } from './coup-flow.js';

type BanqueCommand = Extract<TableCommand, { readonly name: `banque.${string}` }>;

/** B2, T16: the Baccara Banque commands. */
export function runBanqueCommand(step: Step, playerId: string, command: BanqueCommand): void {
  if (!step.state.settings.baccaraBanque) {
    return step.refuse('WRONG_PHASE', `${command.name} is for Baccara Banque tables`);
  }
  const seat = seatOf(step.state, playerId);
  if (!seat) return step.refuse('NOT_SEATED', 'take a seat to play at this table');
  switch (command.name) {
    case 'banque.bid':
      return bid(step, seat.seat, playerId, seat.balance, command.payload.amount);
    case 'banque.decline':
      return decline(step, seat.seat);
    case 'banque.stake':
      return stake(step, seat, command.payload);
    case 'banque.punto.choose':
      return choose(step, seat, command.payload.coup, command.payload.tableau, command.payload.option);
    case 'banque.banker.choose':
      return choose(step, seat, command.payload.coup, 'banker', command.payload.option);
    case 'banque.retire':
      return retire(step, seat);
    case 'banque.topup':
      return topUp(step, seat.seat, seat.balance);
    default: {
      const unknown: never = command;
      throw new TypeError(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** B2.3, T16.4: a punter's one call in the staking window; the last one closes it. */
function stake(step: Step, seat: SeatState, payload: CommandPayload<'banque.stake'>): void {
  const coup = banqueOf(step.state).coup;
  if (!coup) return step.refuse('WRONG_PHASE', 'no bank is open for stakes');
  if (payload.coup !== coup.seq) return step.refuse('STALE_ROUND', `coup ${coup.seq} is in play`);
  if (coup.stage !== 'staking' && coup.stage !== 'opening') {
    return step.refuse('STAKING_CLOSED', 'the staking is closed for this coup');
  }
  if (seat.seat === coup.banker) {
    return step.refuse('BANKER_CANNOT_STAKE', 'the banker does not stake against his own bank');
  }
  if (!coup.order.includes(seat.seat)) {
    return step.refuse('NOT_YOUR_SIDE', 'your seat is on neither side of this coup');
  }
  if (coup.calls.some((c) => c.seat === seat.seat)) {
    return step.refuse('ALREADY_CALLED', 'you have staked this coup already');
  }
  const { call } = payload;
  if (call.kind === 'stake') {
    if (call.amount % CHIP_UNIT !== 0) return step.refuse('FRACTIONAL_CHIPS', 'a stake is whole chips');
    if (call.amount > coup.bank) {
      return step.refuse('INVALID_STAKE', `a stake is at most the bank, ${coup.bank}`);
    }
  }
  const offered = call.kind === 'stake' ? call.amount : call.kind === 'banco' ? coup.bank : 0;
  if (offered > seat.balance) {
    return step.refuse('INSUFFICIENT_BALANCE', 'your balance does not cover this stake');
  }
  const calls = [...coup.calls, { seat: seat.seat, playerId: seat.player.id, call }];
  setCoup(step, { calls });
  emitBanque(step, 'staked', seat.seat);
  step.succeed();
  const now = banqueOf(step.state).coup!;
  if (now.stage === 'staking' && allCalled(now)) closeStaking(step);
}

/** B2.4, B2.5, T16.6, T16.7: a tableau's holder on 5, the banker's free choice. */
function choose(
  step: Step,
  seat: SeatState,
  coupSeq: number,
  hand: 'right' | 'left' | 'banker',
  option: 'draw' | 'stand',
): void {
  const coup = banqueOf(step.state).coup;
  if (!coup) return step.refuse('NO_CHOICE_PENDING', 'nobody has a choice to make now');
  if (coupSeq !== coup.seq) return step.refuse('STALE_ROUND', `coup ${coup.seq} is in play`);
  const pending = pendingOf(coup);
  if (!pending || !coup.dealt) return step.refuse('NO_CHOICE_PENDING', 'nobody has a choice to make now');
  if (pending.hand !== hand || pending.seat !== seat.seat) {
    return step.refuse('NOT_YOUR_CHOICE', `the ${pending.hand} hand chooses now`);
  }
  const next = chooseCoup(coup.dealt, hand, option);
  if (!next.ok) return step.refuse(refusalCode(next.error.code), next.error.message);
  step.succeed();
  afterChoice(step, next.value, seat.seat);
}

/** B2.6, T16.10: between coups, after at least one, the banker leaves the bank. */
function retire(step: Step, seat: SeatState): void {
  const table = banqueOf(step.state);
  const bank = table.bank;
  if (!bank || bank.seat !== seat.seat) return step.refuse('NOT_YOUR_BANK', 'you do not hold the bank');
  if (table.coup && table.coup.stage !== 'opening' && table.coup.stage !== 'staking') {
    return step.refuse('CANNOT_RETIRE', 'a coup is in play');
  }
  if (bank.coups === 0 && bank.topUpUntil === null) {
    return step.refuse('CANNOT_RETIRE', 'a banker plays at least one coup');
  }
  if (table.coup) {
    return step.refuse('CANNOT_RETIRE', 'the staking is open: retire after this coup');
  }
  step.succeed();
  retireBank(step, seat.seat);
}
