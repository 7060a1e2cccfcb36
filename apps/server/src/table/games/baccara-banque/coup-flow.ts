/**
 * T16.3–T16.9: a Baccara Banque coup on the shared table's shoe, seats, ledger and timers: the
 * stakes, what they hold in escrow, the cards, the choices, the settlement and the bank after
 * it. The game itself is the rules package's (`baccaraBanque`, R20–R24); each function here is
 * one step of the reducer, and chips only move through the core's effects.
 */
import { baccaraBanque, handTotal, roundStatus, type Outcome } from '@banco/rules';
import type { LedgerAnswer } from '../../core/game.js';
import type { TableInput } from '../../core/inputs.js';
import { applyRefills } from '../../core/refills.js';
import { endShoe } from '../../core/shoe-end.js';
import { startNextRound } from '../../core/shoe-flow.js';
import type { StakeReturn } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { BanqueCoup, BanqueHeld } from './banque-state.js';
import {
  banqueOf,
  coupViewOf,
  emitBanque,
  sendOwnCards,
  setBanque,
  setCoup,
} from './banque-view.js';
import { retireBank } from './bank.js';
import { choiceMs, limitsOf, PLAY, playingSeats, watchersMayCover, windowMs } from './windows.js';

/** The ledger's spot for each part of a coup: labels only (right, left, across). */
const SPOT = { right: 'player', left: 'banker', cheval: 'tie' } as const;

/**
 * T16.4, T16.8: the bank is held as two bets, all of it but one minor unit on `banker` and that
 * unit on `tie`, because a ledger bet is lost whole, pushed, or won (back at least its stake),
 * while a bank may come back with any part of itself: a bank that shrank loses the large bet
 * and "wins" its smaller part back on the unit (back ≥ 1), one that grew or held wins or
 * pushes the large bet and pushes the unit.
 */
function bankBets(bank: number) {
  return [
    { on: 'bank' as const, amount: bank - 1 },
    { on: 'bank-unit' as const, amount: 1 },
  ];
}

const spotOf = (on: BanqueHeld['bets'][number]['on']) =>
  on === 'bank' ? 'banker' : on === 'bank-unit' ? 'tie' : SPOT[on];

function bankReturns(bank: number, after: number): [number, number] {
  if (after >= bank) return [after - 1, 1];
  return [0, after];
}

/** Every seated punter has called: the stakes need not wait for their window. */
export function allCalled(coup: BanqueCoup): boolean {
  const state = coup.coup;
  return (
    state.phase === 'staking' && state.punters.every((s) => state.calls.some((c) => c.seat === s))
  );
}

/**
 * R22.4, R22.7: nothing is left to cover: a banco (whole or shared) voids every other call, or
 * the stakes take the whole bank on both tableaux.
 */
export function covered(coup: BanqueCoup): boolean {
  const state = coup.coup;
  if (state.phase !== 'staking') return true;
  const { kind, onTableau } = baccaraBanque.resolveStakes(
    state.bank,
    state.banker,
    state.calls,
    state.punters,
  );
  return kind !== 'stakes' || (onTableau.right >= state.bank && onTableau.left >= state.bank);
}

/**
 * T16.3, T16.13: the seated have all called, or their time ran out. In a room that lets watchers
 * cover, a bank the seated left uncovered stays open for the watchers' calls for one more window
 * (R22.6: watchers come after every seated punter); otherwise the stakes close now.
 */
export function seatedDone(step: Step): void {
  const coup = banqueOf(step.state).coup;
  if (!coup || coup.stage !== 'staking') return;
  if (coup.watchersTurn || !watchersMayCover(step.state) || covered(coup)) {
    return closeStakes(step);
  }
  const stakesCloseAt = step.now + windowMs(step.state);
  setCoup(step, { watchersTurn: true, stakesCloseAt });
  step.wakeAt(stakesCloseAt);
  emitBanque(step, 'watchers-turn', null);
}

/**
 * T16.4: the stakes close (their time, or every punter called): exactly what plays moves to
 * escrow before any card, the bank whole and each accepted stake; what was not taken never
 * leaves its wallet.
 */
export function closeStakes(step: Step): void {
  const coup = banqueOf(step.state).coup;
  if (!coup || coup.stage !== 'staking' || coup.coup.phase !== 'staking') return;
  step.cancelWakeUp();
  const { bank, banker, calls, punters } = coup.coup;
  const cover = baccaraBanque.resolveStakes(bank, banker, calls, punters);
  // P1.3: the coup stays as last announced until the ledger has voided it (onVoided).
  if (cover.stakes.length === 0 || coup.roundId === null) return voidCoup(step);
  const players = [...new Set(cover.stakes.map((s) => s.player))];
  const held: BanqueHeld[] = [
    {
      seat: banker,
      playerId: coup.bankerId,
      role: 'bank',
      bets: bankBets(bank),
      betIds: null,
    },
    ...players.map((player) => {
      const stakes = cover.stakes.filter((s) => s.player === player);
      return {
        // R22.6: a watcher's stakes have no seat (the ledger stores them at NO_SEAT).
        seat: stakes[0]!.seat,
        playerId: player,
        role: 'stake' as const,
        bets: stakes.map((s) => ({ on: s.on, amount: s.amount })),
        betIds: null,
      };
    }),
  ];
  setCoup(step, { stage: 'escrowing', held, awaiting: held.length, refused: false });
  // One ledger statement for the whole coup, as Chemin de Fer's cover is.
  const roundId = coup.roundId;
  step.effect({
    type: 'escrow-all',
    escrows: held.map((h) => ({
      roundId,
      seat: h.seat,
      playerId: h.playerId,
      confirmId: `banque-${h.role}`,
      bets: h.bets.map((b) => ({ spot: spotOf(b.on), amount: b.amount })),
    })),
  });
}

function onEscrow(
  step: Step,
  input: Extract<TableInput, { type: 'escrowed' | 'escrow-refused' }>,
): void {
  const coup = banqueOf(step.state).coup;
  if (!coup || coup.stage !== 'escrowing') return;
  let { held, refused } = coup;
  if (input.type === 'escrowed') {
    const { balance } = input;
    // The ledger's ids by spot: each player holds one bet a spot (T16.4).
    const idOf = (on: BanqueHeld['bets'][number]['on']) =>
      input.bets.find((b) => b.spot === spotOf(on))?.id ?? '';
    held = held.map((h) =>
      h.playerId === input.playerId ? { ...h, betIds: h.bets.map((b) => idOf(b.on)), balance } : h,
    );
  } else {
    refused = true;
  }
  const awaiting = coup.awaiting - 1;
  setCoup(step, { held, refused, awaiting });
  if (awaiting > 0) return;
  // T16.4: a stake the ledger would not hold (a wallet spent elsewhere meanwhile) calls the
  // coup off before any card: whatever was held goes back (onVoided).
  if (refused) return voidCoup(step);
  // P1.3: the wallets held change with the event that deals the coup, not before it.
  const balances = new Map(held.map((h) => [h.playerId, h.balance]));
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  deal(
    step,
    held.map((h) => h.playerId),
    watcherBalances(step, balances),
  );
}

/** R22.6: the wallets of watchers among `balances`: no seat shows them, the event does. */
function watcherBalances(
  step: Step,
  balances: ReadonlyMap<string, number | undefined>,
): { playerId: string; balance: number }[] {
  const seated = new Set(step.state.seats.map((s) => s.player.id));
  return [...balances].flatMap(([playerId, balance]) =>
    seated.has(playerId) || balance === undefined ? [] : [{ playerId, balance }],
  );
}

/** T16.5: once a card has left the shoe the coup is dealt, and plays on to a choice or the end. */
function deal(
  step: Step,
  moved: readonly string[],
  watchers: readonly { playerId: string; balance: number }[],
): void {
  const coup = banqueOf(step.state).coup!;
  const dealt = baccaraBanque.stepCoup(coup.coup, { type: 'close-stakes' }, PLAY);
  if (!dealt.ok) throw new Error(`a staked coup could not be dealt: ${dealt.error.message}`);
  setCoup(step, { coup: dealt.value, stage: 'dealt' });
  armChoice(step);
  emitBanque(step, 'dealt', null, moved, watchers);
  sendOwnCards(step);
  if (dealt.value.phase === 'settled') settle(step);
}

/** T16.6, T16.7: a choice the coup waits on gets its window. */
function armChoice(step: Step): void {
  const coup = banqueOf(step.state).coup!;
  const phase = coup.coup.phase;
  if (phase !== 'punto-choice' && phase !== 'banker-choice') {
    return setCoup(step, { choiceDeadline: null });
  }
  const window = choiceMs(step.state);
  const deadline = window === null ? step.now : step.now + window;
  setCoup(step, { choiceDeadline: deadline });
  step.wakeAt(deadline);
}

/** A choice was made (by its holder, or by the rule): tell the table, then go on. */
export function afterChoice(step: Step, next: baccaraBanque.CoupState, seat: number | null): void {
  setCoup(step, { coup: next });
  armChoice(step);
  emitBanque(step, 'chose', seat);
  // B5.3: the one who chooses next hears it with his cards (the banker with his values).
  if (next.phase === 'punto-choice') sendOwnCards(step, [next.tableau]);
  if (next.phase === 'banker-choice') sendOwnCards(step, ['banker']);
  if (next.phase === 'settled') settle(step);
}

/** T16.8: the ledger pays out what the rules settled; the cagnotte stays with the house. */
export function settle(step: Step): void {
  const coup = banqueOf(step.state).coup!;
  const state = coup.coup;
  if (state.phase !== 'settled' || coup.roundId === null) return;
  step.cancelWakeUp();
  const { settlement } = state;
  const bank = bankReturns(coup.coup.bank, settlement.bankAfter);
  const settled: StakeReturn[] = coup.held.flatMap((h) =>
    h.bets.map((bet, i): StakeReturn => {
      const returned =
        bet.on === 'bank'
          ? bank[0]
          : bet.on === 'bank-unit'
            ? bank[1]
            : (settlement.payouts.find((p) => p.player === h.playerId && p.on === bet.on)?.back ??
              0);
      const result = returned === bet.amount ? 'push' : returned > bet.amount ? 'win' : 'lose';
      return {
        betId: h.betIds![i]!,
        playerId: h.playerId,
        result,
        stake: bet.amount,
        returned,
      };
    }),
  );
  const net = settlement.bankerGross;
  const outcome: Outcome = net > 0 ? 'banker' : net < 0 ? 'player' : 'tie';
  setCoup(step, { stage: 'settling', choiceDeadline: null });
  step.effect({
    type: 'settle',
    roundId: coup.roundId,
    round: {
      // T16.12: in the order they left the shoe, so /fairness checks them against the shoe.
      cards: dealingOrder(state),
      outcome,
      playerTotal: handTotal(state.cards.right),
      bankerTotal: handTotal(state.cards.banker),
      trace: state.story,
    },
    settled,
  });
}

/** R20.4: right, left, banker twice round, then each third card as it was drawn. */
function dealingOrder(state: Extract<baccaraBanque.CoupState, { phase: 'settled' }>) {
  const { right, left, banker } = state.cards;
  const thirds = state.story.flatMap((s) => (s.kind === 'draw' && s.card ? [s.card] : []));
  return [right[0]!, left[0]!, banker[0]!, right[1]!, left[1]!, banker[1]!, ...thirds];
}

/** T16.8, T16.10: paid; the bank holds what the settlement left in it, or has run dry. */
function onSettled(step: Step, input: Extract<TableInput, { type: 'settled' }>): void {
  const table = banqueOf(step.state);
  const coup = table.coup;
  if (!coup || coup.stage !== 'settling' || coup.coup.phase !== 'settled') return;
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = input.balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  const { settlement, banker } = coup.coup;
  const seats = playingSeats(step.state);
  const lost = {
    right: settlement.outcomes.right === 'banker',
    left: settlement.outcomes.left === 'banker',
  };
  const tenure = table.tenure ? baccaraBanque.afterCoup(table.tenure, settlement.bankAfter) : null;
  const dry = tenure !== null && baccaraBanque.isDry(tenure, limitsOf(step.state));
  setBanque(step, {
    tenure,
    // T16.5: a side that lost passes its cards one seat along.
    holders: baccaraBanque.nextHolders(coup.coup.holders, lost, seats, banker),
    bankRun: [...table.bankRun, { coup: coup.seq, banker, bank: settlement.bankAfter }],
    cagnotte: table.cagnotte + settlement.cagnotte,
    // T16.10: a bank run below the room's minimum waits for a top-up, or its banker retires.
    award: dry ? { stage: 'dry', until: step.now + windowMs(step.state) } : table.award,
  });
  endCoup(step, coup, 'settled', undefined, watcherBalances(step, input.balances));
}

/** T16.4, T16.9: a coup without a card: its ledger round is voided (every held chip back). */
export function voidCoup(
  step: Step,
  reason: 'empty' | 'restart' | 'shutdown' | 'failure' = 'empty',
): void {
  const coup = banqueOf(step.state).coup!;
  step.cancelWakeUp();
  setCoup(step, { stage: 'voiding' });
  step.effect({ type: 'void-round', seq: coup.seq, reason });
}

function onVoided(step: Step, input: Extract<TableInput, { type: 'round-voided' }>): void {
  const coup = banqueOf(step.state).coup;
  if (!coup || coup.seq !== input.seq) return;
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = input.balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  if (coup.coup.phase === 'staking') {
    // T16.4: stakes that closed with nothing covered; anything else was called off (T16.9).
    const { bank, banker, calls, punters } = coup.coup;
    const uncovered =
      input.reason === 'empty' &&
      baccaraBanque.resolveStakes(bank, banker, calls, punters).stakes.length === 0;
    const ended = baccaraBanque.stepCoup(
      coup.coup,
      { type: uncovered ? 'close-stakes' : 'call-off' },
      PLAY,
    );
    if (ended.ok) setCoup(step, { coup: ended.value });
  }
  endCoup(
    step,
    banqueOf(step.state).coup!,
    'not-dealt',
    [...input.balances.keys()],
    watcherBalances(step, input.balances),
  );
}

function endCoup(
  step: Step,
  coup: BanqueCoup,
  what: 'settled' | 'not-dealt',
  moved: readonly string[] = coup.held.map((h) => h.playerId),
  watchers: readonly { playerId: string; balance: number }[] = [],
): void {
  const state = coup.coup;
  if (!baccaraBanque.isOver(state)) return;
  // The table's shoe is the coup's: the cards it took are gone from it.
  if (state.phase === 'settled' && step.state.shoe) {
    step.update({ shoe: { ...step.state.shoe, state: state.shoe } });
  }
  setBanque(step, { coup: null, last: coupViewOf(coup) });
  emitBanque(step, what, null, moved, watchers);
  const table = banqueOf(step.state);
  if (table.award.stage === 'dry') emitBanque(step, 'dry', table.tenure?.banker ?? null);
  // T7.3 (R20.2): the coup the stop card came out in was the shoe's last; the bank ends with it.
  const retiring = banqueOf(step.state).retiring;
  if (retiring !== undefined) {
    setBanque(step, { retiring: undefined });
    step.cancelWakeUp();
    return retireBank(step, retiring, false);
  }
  if (step.state.shoe && roundStatus(step.state.shoe.state) === 'finished') {
    setBanque(step, { tenure: null, bankerId: null, award: { stage: 'none', why: 'shoe-over' } });
    emitBanque(step, 'shoe-over', null);
    endShoe(step, { announce: true });
  }
  startNextRound(step);
}

function onRoundOpened(step: Step, input: Extract<TableInput, { type: 'round-opened' }>): void {
  const coup = banqueOf(step.state).coup;
  if (!coup || coup.seq !== input.seq || coup.stage !== 'opening') return;
  applyRefills(step, input.refills);
  setCoup(step, { roundId: input.roundId, stage: 'staking' });
  if (allCalled(banqueOf(step.state).coup!)) seatedDone(step);
}

/** The ledger's answers to the coup's effects; a voiding not the coup's is the table's. */
export function banqueLedger(step: Step, input: LedgerAnswer): boolean {
  switch (input.type) {
    case 'round-opened':
      onRoundOpened(step, input);
      return true;
    case 'escrowed':
    case 'escrow-refused':
      onEscrow(step, input);
      return true;
    case 'settled':
      onSettled(step, input);
      return true;
    case 'round-voided':
      if (banqueOf(step.state).coup?.seq !== input.seq) return false;
      onVoided(step, input);
      return true;
  }
}

/**
 * T16.9 (T9.2, T9.3): after a restart, or as the server stops, a coup with no card out is
 * called off and every held chip refunded; a dealt coup is finished, each pending choice made by
 * the rule, and settled (again: the ledger settles each stake once).
 */
export function recoverBanque(step: Step, reason: 'restart' | 'shutdown'): void {
  const coup = banqueOf(step.state).coup;
  if (!coup) {
    if (reason === 'restart') startNextRound(step);
    return;
  }
  switch (coup.stage) {
    case 'opening':
    case 'staking':
    case 'escrowing':
    case 'voiding':
      return voidCoup(step, reason);
    case 'dealt': {
      let state = coup.coup;
      while (state.phase === 'punto-choice' || state.phase === 'banker-choice') {
        const next = baccaraBanque.stepCoup(state, { type: 'by-rule' }, PLAY);
        if (!next.ok) throw new Error(`a dealt coup could not be finished: ${next.error.message}`);
        state = next.value;
      }
      setCoup(step, { coup: state, choiceDeadline: null });
      emitBanque(step, 'chose', null);
      return settle(step);
    }
    case 'settling':
      setCoup(step, { stage: 'dealt' });
      return settle(step);
    default: {
      const unknown: never = coup.stage;
      throw new TypeError(`unknown stage ${String(unknown)}`);
    }
  }
}

/** The table's timer in a coup: the stakes close, or a choice is made by the rule (T16.6). */
export function coupClock(step: Step): void {
  const coup = banqueOf(step.state).coup;
  if (!coup) return;
  // T16.13: the seated's time is up: the watchers' turn, or the stakes close.
  if (coup.stage === 'staking') return seatedDone(step);
  if (coup.stage === 'dealt') {
    const next = baccaraBanque.stepCoup(coup.coup, { type: 'by-rule' }, PLAY);
    if (next.ok) afterChoice(step, next.value, null);
  }
}
