/**
 * T16.3–T16.9: a Baccara Banque coup on the shared table's shoe, seats, ledger and timers: the
 * staking window, the stakes held, the cards, the choices, the settlement and the bank after it.
 * Each function is one step of the reducer; chips only move through the core's effects.
 */
import type { Outcome } from '@banco/rules';
import { handTotal, roundStatus } from '@banco/rules';
import type { LedgerAnswer } from '../../core/game.js';
import type { TableInput } from '../../core/inputs.js';
import { applyRefills, refillsDue } from '../../core/refills.js';
import { endShoe } from '../../core/shoe-end.js';
import { startNextRound } from '../../core/shoe-flow.js';
import type { StakeReturn } from '../../core/state.js';
import type { Step } from '../../core/step.js';
import type { BanqueCoup, BanqueHeld } from './banque-state.js';
import { banqueOf, coupViewOf, emitBanque, pendingOf, sendOwnCards, setBanque, setCoup } from './banque-view.js';
import { bankerChoiceValues } from './choice-values.js';
import {
  chooseCoup,
  dealCoup,
  PUNTO_RULE_OPTION,
  tableauResult,
  TABLEAUX,
  type DealtCoup,
  type Tableau,
} from './coup.js';
import { holderNow, nextHolder, sideOf, stakingOrder } from './sides.js';
import { acceptStakes, settleStakes, type Accepted } from './stakes.js';
import { bankLimits, choiceMs, playingSeats, windowMs } from './windows.js';

/** The ledger's spot for a stake: a label only (right, left, across). */
const SPOT = { right: 'player', left: 'banker', cheval: 'tie' } as const;

/** T16.3: the bank is held and somebody can stake against it: the staking window opens. */
export function openCoup(step: Step): void {
  const { state } = step;
  const table = banqueOf(state);
  const bank = table.bank;
  if (!bank || table.coup || table.auction || bank.topUpUntil !== null || !state.shoe) return;
  const status = roundStatus(state.shoe.state);
  if (status !== 'can-deal' && status !== 'last-round') return;
  const seats = playingSeats(state);
  const order = stakingOrder(seats, bank.seat);
  // Nobody to stake yet: the coup opens when someone sits down (seatTaken).
  if (order.length === 0) return;
  const seq = state.roundSeq + 1;
  const holders = {
    right: holderNow(seats, 'right', bank.seat, table.holders.right),
    left: holderNow(seats, 'left', bank.seat, table.holders.left),
  };
  const stakingClosesAt = step.now + windowMs(state);
  step.update({ roundSeq: seq });
  setBanque(step, {
    holders,
    coup: {
      seq,
      roundId: null,
      banker: bank.seat,
      bankerId: bank.playerId,
      bank: bank.amount,
      stage: 'opening',
      stakingClosesAt,
      order,
      holders,
      calls: [],
      accepted: null,
      held: [],
      awaiting: 0,
      refused: false,
      dealt: null,
      choiceDeadline: null,
    },
  });
  step.wakeAt(stakingClosesAt);
  step.effect({
    type: 'open-round',
    seq,
    shoeId: state.shoe.id,
    shoeRound: state.shoe.state.roundsDealt + 1,
    holder: bank.seat,
    refills: refillsDue(state),
  });
  emitBanque(step, 'staking', bank.seat);
}

/** T16.4: every punter called (or the window ran out): the stakes that play go to escrow. */
export function closeStaking(step: Step): void {
  const coup = banqueOf(step.state).coup;
  if (!coup || coup.stage !== 'staking') return;
  step.cancelWakeUp();
  const calls = new Map(coup.calls.map((c) => [c.seat, c.call]));
  const accepted = acceptStakes(coup.bank, coup.order, calls, sideOf);
  if (accepted.length === 0 || coup.roundId === null) return voidCoup(step);
  // T16.4: the bank is held only as far as it is covered: the most the banker can lose.
  const covered = accepted.reduce((a, s) => a + s.amount, 0);
  const callers = new Map(coup.calls.map((c) => [c.seat, c.playerId]));
  const bySeat = new Map<number, Accepted[]>();
  for (const s of accepted) bySeat.set(s.seat, [...(bySeat.get(s.seat) ?? []), s]);
  const held: BanqueHeld[] = [
    { seat: coup.banker, playerId: coup.bankerId, role: 'bank', amount: covered, stakes: [], betIds: null },
    ...[...bySeat].map(([seat, stakes]) => ({
      seat,
      playerId: callers.get(seat)!,
      role: 'stake' as const,
      amount: stakes.reduce((a, s) => a + s.amount, 0),
      stakes,
      betIds: null,
    })),
  ];
  setCoup(step, { stage: 'escrowing', accepted, held, awaiting: held.length, refused: false });
  const roundId = coup.roundId;
  step.effect({
    type: 'escrow-all',
    escrows: held.map((h) => ({
      roundId,
      seat: h.seat,
      playerId: h.playerId,
      confirmId: `banque-${h.role}`,
      bets:
        h.role === 'bank'
          ? [{ spot: 'banker' as const, amount: h.amount }]
          : h.stakes.map((s) => ({ spot: SPOT[s.on], amount: s.amount })),
    })),
  });
}

function onEscrow(step: Step, input: Extract<TableInput, { type: 'escrowed' | 'escrow-refused' }>): void {
  const coup = banqueOf(step.state).coup;
  if (!coup || coup.stage !== 'escrowing') return;
  let { held, refused } = coup;
  if (input.type === 'escrowed') {
    const betIds = input.bets.map((b) => b.id);
    held = held.map((h) =>
      h.playerId === input.playerId && h.seat === input.seat ? { ...h, betIds, balance: input.balance } : h,
    );
  } else {
    refused = true;
  }
  const awaiting = coup.awaiting - 1;
  setCoup(step, { held, refused, awaiting });
  if (awaiting > 0) return;
  // T16.4: a stake the ledger would not hold calls the coup off before any card.
  if (refused) return voidCoup(step);
  const balances = new Map(held.map((h) => [h.playerId, h.balance]));
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  deal(step, held.map((h) => h.playerId));
}

/** T16.5: once a card has left the shoe the coup is dealt. */
function deal(step: Step, moved: readonly string[]): void {
  const coup = banqueOf(step.state).coup!;
  const dealt = dealCoup(step.state.shoe!.state);
  if (!dealt.ok) throw new Error(`a staked coup could not be dealt: ${dealt.error.message}`);
  setCoup(step, { dealt: dealt.value, stage: 'dealt' });
  armChoice(step);
  emitBanque(step, 'dealt', null, moved);
  sendOwnCards(step);
  if (dealt.value.phase.kind === 'over') settle(step);
}

/** T16.6, T16.7: a choice the coup waits on gets its window (none in a by-rule room). */
function armChoice(step: Step): void {
  const coup = banqueOf(step.state).coup!;
  const pending = pendingOf(coup);
  if (!pending) return setCoup(step, { choiceDeadline: null });
  const window = choiceMs(step.state);
  const deadline = window === null || pending.seat === null ? step.now : step.now + window;
  setCoup(step, { choiceDeadline: deadline });
  step.wakeAt(deadline);
}

/** A choice was made (by its holder, or by the rule): tell the table, then go on. */
export function afterChoice(step: Step, next: DealtCoup, seat: number | null): void {
  const before = pendingOf(banqueOf(step.state).coup!);
  setCoup(step, { dealt: next });
  armChoice(step);
  emitBanque(step, 'chose', seat);
  const now = pendingOf(banqueOf(step.state).coup!);
  // B5.3: the banker's cards again with the exact values, once it is his turn.
  if (now && now.hand !== before?.hand) sendOwnCards(step, [now.hand]);
  if (next.phase.kind === 'over') settle(step);
}

/** T16.6, T16.7: the pending choice made by the rule (its window ran out, or after a restart). */
export function chooseByRule(coup: BanqueCoup): DealtCoup | null {
  const dealt = coup.dealt;
  const pending = pendingOf(coup);
  if (!dealt || !pending) return null;
  const option =
    pending.hand === 'banker' ? bankerChoiceValues(dealt, coup.accepted ?? []).best : PUNTO_RULE_OPTION;
  const next = chooseCoup(dealt, pending.hand, option, 'default');
  return next.ok ? next.value : null;
}

function results(dealt: DealtCoup): Record<Tableau, 'win' | 'lose' | 'tie'> {
  const of = (t: Tableau) => (dealt.lonePaid === t ? 'win' : tableauResult(dealt.cards, t));
  return { right: of('right'), left: of('left') };
}

/** T16.8: each tableau against the banker; the ledger pays it out in one transaction. */
export function settle(step: Step): void {
  const coup = banqueOf(step.state).coup!;
  const dealt = coup.dealt;
  if (!dealt || dealt.phase.kind !== 'over' || coup.roundId === null) return;
  step.cancelWakeUp();
  const accepted = coup.accepted ?? [];
  const bankHeld = coup.held.find((h) => h.role === 'bank')!;
  const bp = step.state.settings.baccaraBanque!.cagnotteBasisPoints;
  const settlement = settleStakes(accepted, results(dealt), bankHeld.amount, bp);
  const returned = new Map(accepted.map((s, i) => [s, settlement.returns[i]!]));
  const settled: StakeReturn[] = coup.held.flatMap((h) => {
    if (h.role === 'bank') {
      return [ret(h.betIds![0]!, h.playerId, h.amount, settlement.bankReturn)];
    }
    return h.stakes.map((s, i) => ret(h.betIds![i]!, h.playerId, s.amount, returned.get(s)!));
  });
  const outcome: Outcome = settlement.net > 0 ? 'banker' : settlement.net < 0 ? 'player' : 'tie';
  setCoup(step, { stage: 'settling', choiceDeadline: null });
  step.effect({
    type: 'settle',
    roundId: coup.roundId,
    round: {
      cards: [...dealt.cards.right, ...dealt.cards.left, ...dealt.cards.banker],
      outcome,
      playerTotal: handTotal(dealt.cards.right),
      bankerTotal: handTotal(dealt.cards.banker),
      trace: { story: dealt.story, cards: dealt.cards, lonePaid: dealt.lonePaid },
    },
    settled,
  });
}

function ret(betId: string, playerId: string, stake: number, back: number): StakeReturn {
  const result = back === 0 ? 'lose' : back === stake ? 'push' : back > stake ? 'win' : 'lose';
  return { betId, playerId, result, stake, returned: back };
}

/** T16.8, T16.9, T16.10: paid; the bank holds what it won or lost, less the cagnotte. */
function onSettled(step: Step, input: Extract<TableInput, { type: 'settled' }>): void {
  const table = banqueOf(step.state);
  const coup = table.coup;
  if (!coup || coup.stage !== 'settling' || !coup.dealt) return;
  step.update({
    seats: step.state.seats.map((s) => {
      const balance = input.balances.get(s.player.id);
      return balance === undefined ? s : { ...s, balance };
    }),
  });
  const dealt = coup.dealt;
  const accepted = coup.accepted ?? [];
  const bankHeld = coup.held.find((h) => h.role === 'bank')!;
  const bp = step.state.settings.baccaraBanque!.cagnotteBasisPoints;
  const outcome = results(dealt);
  const settlement = settleStakes(accepted, outcome, bankHeld.amount, bp);
  const seats = playingSeats(step.state);
  // T16.5: a side that lost passes its cards one seat along.
  const holders = Object.fromEntries(
    TABLEAUX.map((t) => [
      t,
      outcome[t] === 'lose' ? nextHolder(seats, t, coup.banker, coup.holders[t]) : coup.holders[t],
    ]),
  ) as Record<Tableau, number | null>;
  const bank = table.bank;
  const amount = (bank?.amount ?? coup.bank) + settlement.net - settlement.cagnotte;
  const { min } = bankLimits(step.state);
  const last = {
    ...coupViewOf(coup, 'settled'),
    settlement: {
      returns: accepted.map((s, i) => ({ ...s, returned: settlement.returns[i]! })),
      net: settlement.net,
      cagnotte: settlement.cagnotte,
      bankAfter: amount,
    },
  };
  setBanque(step, {
    holders,
    cagnotte: table.cagnotte + settlement.cagnotte,
    bank: bank
      ? {
          ...bank,
          amount,
          coups: bank.coups + 1,
          // T16.10: a bank run below the room's minimum is topped up, or the banker retires.
          topUpUntil: amount < min ? step.now + windowMs(step.state) : null,
        }
      : null,
  });
  endCoup(step, coup, dealt, last, 'settled');
}

/** T16.4, T16.9: a coup without a card: its ledger round is voided (every held chip back). */
export function voidCoup(step: Step, reason: 'empty' | 'restart' | 'shutdown' | 'failure' = 'empty'): void {
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
  endCoup(step, coup, null, coupViewOf(coup, 'not-dealt'), 'not-dealt', [...input.balances.keys()]);
}

function endCoup(
  step: Step,
  coup: BanqueCoup,
  dealt: DealtCoup | null,
  last: ReturnType<typeof coupViewOf>,
  what: 'settled' | 'not-dealt',
  moved: readonly string[] = coup.held.map((h) => h.playerId),
): void {
  // The table's shoe is the coup's: the cards it took are gone from it.
  if (dealt && step.state.shoe) step.update({ shoe: { ...step.state.shoe, state: dealt.shoe } });
  setBanque(step, { coup: null, last });
  emitBanque(step, what, null, moved);
  const bank = banqueOf(step.state).bank;
  if (bank?.topUpUntil != null) emitBanque(step, 'dry', bank.seat);
  // T7.3: the coup the stop card came out in was the shoe's last; the bank ends with it.
  if (step.state.shoe && roundStatus(step.state.shoe.state) === 'finished') {
    setBanque(step, { bank: null });
    endShoe(step, { announce: true });
  }
  startNextRound(step);
}

function onRoundOpened(step: Step, input: Extract<TableInput, { type: 'round-opened' }>): void {
  const coup = banqueOf(step.state).coup;
  if (!coup || coup.seq !== input.seq || coup.stage !== 'opening') return;
  applyRefills(step, input.refills);
  setCoup(step, { roundId: input.roundId, stage: 'staking' });
  if (allCalled(banqueOf(step.state).coup!)) closeStaking(step);
}

export const allCalled = (coup: BanqueCoup): boolean =>
  coup.order.every((seat) => coup.calls.some((c) => c.seat === seat));

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
 * T16.9 (T9.2, T9.3): after a restart, or as the server stops, a coup with no card out is called
 * off and every held chip refunded; a dealt coup is finished, a pending choice by the rule.
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
      let now = banqueOf(step.state).coup!;
      while (pendingOf(now)) {
        const next = chooseByRule(now);
        if (!next) throw new Error('a dealt coup could not be finished by the rule');
        setCoup(step, { dealt: next });
        now = banqueOf(step.state).coup!;
      }
      setCoup(step, { choiceDeadline: null });
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

/** The table's one timer, read by what is waiting (T16.2, T16.4, T16.6, T16.7, T16.10). */
export function banqueTimerCoup(step: Step): boolean {
  const coup = banqueOf(step.state).coup;
  if (!coup) return false;
  if (coup.stage === 'staking') closeStaking(step);
  if (coup.stage === 'dealt') {
    const next = chooseByRule(coup);
    if (next) afterChoice(step, next, null);
  }
  return true;
}
