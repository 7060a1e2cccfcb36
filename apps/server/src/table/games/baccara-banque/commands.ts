import type { CommandPayload } from '@banco/protocol';
import { CHIP_UNIT, baccaraBanque } from '@banco/rules';
import type { WatcherWallet } from '../../core/game.js';
import type { TableCommand } from '../../core/inputs.js';
import { seatOf } from '../../core/seats.js';
import type { SeatState } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import { bid, decline, post, retireBank, topUp } from './bank.js';
import { banqueOf, emitBanque, refusalCode, setBanque, setCoup } from './banque-view.js';
import { afterChoice, allCalled, closeStakes, covered, seatedDone, voidCoup } from './coup-flow.js';
import { limitsOf, PLAY, watchersMayCover } from './windows.js';

type BanqueCommand = Extract<TableCommand, { readonly name: `banque.${string}` }>;

/** Who makes a call: a seat's player, or a watcher with their wallet (R22.6, T16.13). */
interface Caller {
  readonly seat: number | null;
  readonly playerId: string;
  readonly balance: number;
}

/** T16.13: a watcher's stake is the one command the game takes from a player without a seat. */
export const watcherPlays = (command: { name: string }): boolean => command.name === 'banque.stake';

/** B2, T16: the Baccara Banque commands; another game's table refuses them WRONG_PHASE. */
export function runBanqueCommand(
  step: Step,
  playerId: string,
  command: BanqueCommand,
  watcher?: WatcherWallet,
): void {
  if (!step.state.settings.baccaraBanque) {
    return step.refuse('WRONG_PHASE', `${command.name} is for Baccara Banque tables`);
  }
  const seat = seatOf(step.state, playerId);
  if (!seat) {
    if (command.name !== 'banque.stake' || !watchersMayCover(step.state)) {
      return step.refuse(
        'NOT_SEATED',
        command.name === 'banque.stake'
          ? 'this room does not let watchers cover the bank (R22.6): take a seat to stake'
          : 'take a seat to play at this table',
      );
    }
    if (step.state.phase.kind !== 'banque') {
      return step.refuse('WRONG_PHASE', 'the shoe is being prepared');
    }
    // The actor reads the wallet of a watcher it may take a stake from; none read is no player.
    if (!watcher) return step.refuse('UNAUTHORIZED', 'unknown player');
    return stake(step, { seat: null, playerId, balance: watcher.balance }, command.payload);
  }
  if (step.state.phase.kind !== 'banque') {
    return step.refuse('WRONG_PHASE', 'the shoe is being prepared');
  }
  switch (command.name) {
    case 'banque.bid':
      return bid(step, seat.seat, playerId, seat.balance, command.payload.amount);
    case 'banque.bank.post':
      return post(step, seat.seat, playerId, seat.balance, command.payload.amount, 'list');
    case 'banque.bank.take-over':
      return post(step, seat.seat, playerId, seat.balance, command.payload.amount, 'take-over');
    case 'banque.bank.decline':
      return decline(step, seat.seat);
    case 'banque.stake':
      return stake(
        step,
        { seat: seat.seat, playerId: seat.player.id, balance: seat.balance },
        command.payload,
      );
    case 'banque.punto.choose':
      return choose(step, seat, command.payload, command.payload.tableau);
    case 'banque.banker.choose':
      return choose(step, seat, command.payload, 'banker');
    case 'banque.bank.retire':
      return retire(step, seat);
    case 'banque.bank.top-up':
      return topUp(step, seat.seat, seat.balance, command.payload.to);
    default: {
      const unknown: never = command;
      throw new TypeError(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * B2.4, T16.3, T16.13: a punter's one call, or a watcher's in the watchers' turn; once every
 * seated punter has called, the stakes close at once, or turn to the watchers.
 */
function stake(step: Step, caller: Caller, payload: CommandPayload<'banque.stake'>): void {
  const coup = banqueOf(step.state).coup;
  if (!coup) return step.refuse('WRONG_PHASE', 'no bank is open for stakes');
  if (payload.coup !== coup.seq) return step.refuse('STALE_ROUND', `coup ${coup.seq} is in play`);
  if (coup.stage !== 'staking' && coup.stage !== 'opening') {
    return step.refuse('STAKES_CLOSED', 'the stakes are closed for this coup');
  }
  const { call } = payload;
  if (call.kind === 'stake' && call.amount % CHIP_UNIT !== 0) {
    return step.refuse('FRACTIONAL_CHIPS', 'a stake is whole chips');
  }
  const next = baccaraBanque.stepCoup(
    coup.coup,
    { type: 'call', player: caller.playerId, seat: caller.seat, call },
    PLAY,
  );
  if (!next.ok) return step.refuse(refusalCode(next.error.code), next.error.message);
  // R22.6, T16.13: watchers call after the seated, in the turn the table gives them.
  if (caller.seat === null && !coup.watchersTurn) {
    return step.refuse(
      'WATCHERS_AFTER_SEATED',
      'watchers cover what the seated leave: wait until every seated punter has called',
    );
  }
  if (baccaraBanque.offered(call, coup.coup.bank) > caller.balance) {
    return step.refuse('INSUFFICIENT_BALANCE', 'your balance does not cover this call');
  }
  setCoup(step, { coup: next.value });
  emitBanque(step, 'called', caller.seat);
  step.succeed();
  const now = banqueOf(step.state).coup!;
  if (now.stage !== 'staking') return;
  if (now.watchersTurn) {
    if (covered(now)) closeStakes(step);
  } else if (allCalled(now)) seatedDone(step);
}

/** B2.5, B2.6, T16.6, T16.7: a holder's choice on 5, the banker's free choice. */
function choose(
  step: Step,
  seat: SeatState,
  { coup: coupSeq, option }: { coup: number; option: 'draw' | 'stand' },
  hand: baccaraBanque.Hand,
): void {
  const coup = banqueOf(step.state).coup;
  if (!coup) return step.refuse('NO_CHOICE_PENDING', 'nobody has a choice to make now');
  if (coupSeq !== coup.seq) return step.refuse('STALE_ROUND', `coup ${coup.seq} is in play`);
  const phase = coup.coup.phase;
  if (coup.stage !== 'dealt' || (phase !== 'punto-choice' && phase !== 'banker-choice')) {
    return step.refuse('NO_CHOICE_PENDING', 'nobody has a choice to make now');
  }
  const pending = phase === 'punto-choice' ? coup.coup.tableau : 'banker';
  if (pending !== hand) {
    return step.refuse(
      'NOT_YOUR_CHOICE',
      pending === 'banker'
        ? 'the banker chooses now'
        : `the ${pending} tableau’s holder chooses now`,
    );
  }
  const next = baccaraBanque.stepCoup(coup.coup, { type: 'choose', seat: seat.seat, option }, PLAY);
  if (!next.ok) return step.refuse(refusalCode(next.error.code), next.error.message);
  step.succeed();
  afterChoice(step, next.value, seat.seat);
}

/** B2.7, T16.10: between coups, after at least one (or with a dry bank), the banker retires. */
function retire(step: Step, seat: SeatState): void {
  const table = banqueOf(step.state);
  if (!table.tenure || table.tenure.banker !== seat.seat) {
    return step.refuse('NOT_YOUR_BANK', 'you do not hold the bank');
  }
  const coup = table.coup;
  if (!coup) return retireBank(step, seat.seat);
  // T16.10: the next coup's stakes are open, but no card is out: it is called off, and the
  // bank retired once every chip held for it is back (endCoup).
  if (coup.stage !== 'opening' && coup.stage !== 'staking') {
    return step.refuse('COUP_DEALT', 'a coup is in play: retire after it');
  }
  const tenure = table.tenure;
  const allowed = baccaraBanque.retire(tenure, seat.seat, limitsOf(step.state));
  if (!allowed.ok) return step.refuse(refusalCode(allowed.error.code), allowed.error.message);
  setBanque(step, { retiring: seat.seat });
  step.succeed({ leavesWith: allowed.value.leavesWith });
  voidCoup(step);
}
