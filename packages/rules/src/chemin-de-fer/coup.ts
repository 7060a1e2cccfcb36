/**
 * One coup of Chemin de Fer as a reducer: bank posted → covered → dealt → choices → settled
 * (R14–R17). Pure: the table feeds in events (calls, choices, a window running out as
 * `by-rule`) and stores the returned state, shoe included, as JSON. Everything the rules
 * decide by themselves (the deal, naturals, forced draws) happens inside the step that
 * unblocks it, so the only states that wait are the ones where a person has to act.
 */
import { cardValue, handTotal, type CardCode } from '../cards.js';
import { err, ok, type Result } from '../result.js';
import { compareTotals, type Outcome } from '../round.js';
import { closeRound, dealCard, roundStatus, startRound, type ShoeState } from '../shoe.js';
import type { RuleId } from '../tableau.js';
import { checkBankLimits, checkPost, puntersOf, type BankLimits, type BankOffer } from './bank.js';
import {
  checkCall,
  resolveCover,
  type CoverCall,
  type CoverResult,
  type Seat,
  type SeatCall,
} from './cover.js';
import {
  bankerDecision,
  isNatural,
  puntoDecision,
  RULE_OPTION,
  type ChoiceCell,
  type Decision,
  type DrawOption,
} from './draw-table.js';
import { checkCagnottePercent, settleCoup, type CoupSettlement } from './settle.js';

export interface CoupRules {
  /** R17.2: whole percent 0–5. */
  readonly cagnottePercent: number;
  /** R16.4: 'by-rule' rooms make every choice by the rule. */
  readonly choices: 'free' | 'by-rule';
  readonly limits: BankLimits;
}

export type Hand = 'punto' | 'banker';

/** How a hand came to draw or stand. */
export type DecidedBy = 'table' | 'choice' | 'rule';

/** The story of the coup, one line per thing that happened, in order. */
export type CoupStep =
  | { readonly kind: 'covered'; readonly cover: CoverResult }
  | {
      readonly kind: 'dealt';
      readonly punto: readonly CardCode[];
      readonly banker: readonly CardCode[];
    }
  | { readonly kind: 'natural'; readonly hand: Hand; readonly total: number }
  | {
      readonly kind: 'draw' | 'stand';
      readonly hand: Hand;
      /** Two-card total when the hand decided. */
      readonly total: number;
      /** For the banker after the punto drew (R16.3). */
      readonly puntoThird?: number;
      readonly card?: CardCode;
      readonly cell?: ChoiceCell;
      readonly by: DecidedBy;
      readonly rule: RuleId;
    }
  | {
      readonly kind: 'result';
      readonly outcome: Outcome;
      readonly punto: number;
      readonly banker: number;
    };

interface Posted {
  readonly rules: CoupRules;
  readonly shoe: ShoeState;
  readonly banker: Seat;
  readonly bank: number;
  /** The offer the bank was posted on; a tie or an undealt coup hands it back (R17.5). */
  readonly offer: BankOffer;
  /** R15.3: who had the first claim to a banco on this coup. */
  readonly bancoSuivi: Seat | null;
  /** R15.2, in call order. */
  readonly punters: readonly Seat[];
}

interface Dealt extends Posted {
  readonly cover: CoverResult;
  readonly punto: readonly CardCode[];
  readonly bankerCards: readonly CardCode[];
  /** The punto has drawn or stood (or a natural ended the coup). */
  readonly puntoDone: boolean;
  readonly story: readonly CoupStep[];
  /** R14.2: the stop card came out before or during this coup, so it is the shoe's last. */
  readonly lastCoup: boolean;
}

export type CoupState =
  | (Posted & { readonly phase: 'covering'; readonly calls: readonly SeatCall[] })
  | (Dealt & { readonly phase: 'punto-choice' })
  | (Dealt & { readonly phase: 'banker-choice' })
  | (Dealt & { readonly phase: 'settled'; readonly settlement: CoupSettlement })
  /** R15.5 / R14.3: nothing was dealt; every stake and the bank go back. */
  | (Posted & {
      readonly phase: 'not-dealt';
      readonly reason: 'uncovered' | 'called-off';
      readonly calls: readonly SeatCall[];
    });

export type CoupEvent =
  | { readonly type: 'call'; readonly seat: Seat; readonly call: CoverCall }
  | { readonly type: 'close-cover' }
  | { readonly type: 'call-off' }
  | { readonly type: 'choose'; readonly seat: Seat; readonly option: DrawOption }
  /** The choice window ran out, or the table is recovering: the pending choice goes by the rule. */
  | { readonly type: 'by-rule' };

export interface PostBank {
  readonly rules: CoupRules;
  readonly shoe: ShoeState;
  readonly offer: BankOffer;
  /** Occupied seats now; the punters are all of them but the banker (R15.2). */
  readonly seats: readonly Seat[];
  readonly banker: Seat;
  readonly bank: number;
  readonly bancoSuivi: Seat | null;
}

const SHOE_NOT_READY: Record<string, [string, string]> = {
  'burn-needed': ['BURN_NEEDED', 'the shoe must be burned before the first coup (R10.3)'],
  'in-round': ['ROUND_IN_PROGRESS', 'the shoe is in the middle of a coup'],
  finished: ['SHOE_FINISHED', 'the stop card has ended this shoe (R14.2)'],
};

/** R15.1: the banker puts up a bank; the coup opens for cover. */
export function postBank(input: PostBank): Result<CoupState> {
  const cagnotte = checkCagnottePercent(input.rules.cagnottePercent);
  if (!cagnotte.ok) return cagnotte;
  const limits = checkBankLimits(input.rules.limits);
  if (!limits.ok) return limits;
  if (input.rules.choices !== 'free' && input.rules.choices !== 'by-rule') {
    return err(
      'INVALID_CHOICES',
      `choices are 'free' or 'by-rule', got ${String(input.rules.choices)}`,
    );
  }
  const status = roundStatus(input.shoe);
  const notReady = SHOE_NOT_READY[status];
  if (notReady) return err(notReady[0], notReady[1]);
  const bank = checkPost(input.offer, input.rules.limits, input.banker, input.bank);
  if (!bank.ok) return bank;
  const punters = puntersOf(input.seats, input.banker);
  if (punters.length === 0)
    return err('NO_PUNTERS', 'a bank needs at least one other seated player');
  return ok({
    phase: 'covering',
    rules: input.rules,
    shoe: input.shoe,
    banker: input.banker,
    bank: bank.value,
    offer: input.offer,
    bancoSuivi: input.bancoSuivi,
    punters,
    calls: [],
  });
}

const total = (cards: readonly CardCode[]) => handTotal(cards);

function draw(state: Dealt, hand: Hand): Result<{ state: Dealt; card: CardCode }> {
  const dealt = dealCard(state.shoe);
  if (!dealt.ok) return dealt;
  const { card } = dealt.value;
  const cards =
    hand === 'punto'
      ? { punto: [...state.punto, card] }
      : { bankerCards: [...state.bankerCards, card] };
  return ok({
    state: {
      ...state,
      ...cards,
      shoe: dealt.value.state,
      lastCoup: state.lastCoup || dealt.value.cutCardOut,
    },
    card,
  });
}

const withStep = (state: Dealt, step: CoupStep): Dealt => ({
  ...state,
  story: [...state.story, step],
});

function settle(state: Dealt): Result<CoupState> {
  const closed = closeRound(state.shoe);
  if (!closed.ok) return closed;
  const punto = total(state.punto);
  const banker = total(state.bankerCards);
  const outcome = compareTotals(punto, banker);
  const settlement = settleCoup(outcome, state.cover.covers, state.rules.cagnottePercent);
  const done = withStep(
    { ...state, shoe: closed.value },
    { kind: 'result', outcome, punto, banker },
  );
  return ok({ ...done, phase: 'settled', settlement });
}

/** How a decision is carried out: by the table, by a choice just made, or by the rule. */
interface Answer {
  readonly option: DrawOption;
  readonly by: DecidedBy;
}

function resolve(decision: Decision, rules: CoupRules, chosen: Answer | null): Answer | null {
  if (decision.kind !== 'choice') return { option: decision.kind, by: 'table' };
  if (chosen !== null) return chosen;
  if (rules.choices === 'by-rule') return { option: RULE_OPTION[decision.cell], by: 'rule' };
  return null;
}

/**
 * Plays on from a dealt coup until someone must choose or it is settled. `chosen` is the
 * answer to the choice the coup was waiting for, if it was.
 */
function playOn(start: Dealt, chosen: Answer | null): Result<CoupState> {
  let state = start;
  let answer = chosen;
  if (!state.puntoDone) {
    const two = total(state.punto);
    const decision = puntoDecision(two);
    const how = resolve(decision, state.rules, answer);
    if (how === null) return ok({ ...state, phase: 'punto-choice' });
    answer = null;
    const cell = decision.kind === 'choice' ? { cell: decision.cell } : {};
    if (how.option === 'draw') {
      const drawn = draw(state, 'punto');
      if (!drawn.ok) return drawn;
      state = withStep(drawn.value.state, {
        kind: 'draw',
        hand: 'punto',
        total: two,
        card: drawn.value.card,
        ...cell,
        by: how.by,
        rule: decision.rule,
      });
    } else {
      state = withStep(state, {
        kind: 'stand',
        hand: 'punto',
        total: two,
        ...cell,
        by: how.by,
        rule: decision.rule,
      });
    }
    state = { ...state, puntoDone: true };
  }
  const third = state.punto[2];
  const puntoThird = third === undefined ? null : cardValue(third);
  const two = total(state.bankerCards);
  const decision = bankerDecision(two, puntoThird);
  const how = resolve(decision, state.rules, answer);
  if (how === null) return ok({ ...state, phase: 'banker-choice' });
  const versus = puntoThird === null ? {} : { puntoThird };
  const cell = decision.kind === 'choice' ? { cell: decision.cell } : {};
  if (how.option === 'draw') {
    const drawn = draw(state, 'banker');
    if (!drawn.ok) return drawn;
    state = withStep(drawn.value.state, {
      kind: 'draw',
      hand: 'banker',
      total: two,
      ...versus,
      card: drawn.value.card,
      ...cell,
      by: how.by,
      rule: decision.rule,
    });
  } else {
    state = withStep(state, {
      kind: 'stand',
      hand: 'banker',
      total: two,
      ...versus,
      ...cell,
      by: how.by,
      rule: decision.rule,
    });
  }
  return settle(state);
}

/** R14.3: the cover closes and, if anything is covered, the four cards go out at once. */
function deal(state: Posted & { calls: readonly SeatCall[] }): Result<CoupState> {
  const cover = resolveCover(state.bank, state.punters, state.calls, state.bancoSuivi);
  if (cover.covered === 0)
    return ok({ ...state, phase: 'not-dealt', reason: 'uncovered', calls: state.calls });
  const started = startRound(state.shoe);
  if (!started.ok) return started;
  let dealt: Dealt = {
    rules: state.rules,
    shoe: started.value.state,
    banker: state.banker,
    bank: state.bank,
    offer: state.offer,
    bancoSuivi: state.bancoSuivi,
    punters: state.punters,
    cover,
    punto: [],
    bankerCards: [],
    puntoDone: false,
    story: [{ kind: 'covered', cover }],
    lastCoup: started.value.lastRound || started.value.cutCardOut,
  };
  for (const hand of ['punto', 'banker', 'punto', 'banker'] as const) {
    const drawn = draw(dealt, hand);
    if (!drawn.ok) return drawn;
    dealt = drawn.value.state;
  }
  dealt = withStep(dealt, { kind: 'dealt', punto: dealt.punto, banker: dealt.bankerCards });
  const punto = total(dealt.punto);
  const banker = total(dealt.bankerCards);
  if (isNatural(punto) || isNatural(banker)) {
    // R14.4: naturals are turned over at once and nobody draws.
    for (const [hand, t] of [
      ['punto', punto],
      ['banker', banker],
    ] as const) {
      if (isNatural(t)) dealt = withStep(dealt, { kind: 'natural', hand, total: t });
    }
    return settle({ ...dealt, puntoDone: true });
  }
  return playOn(dealt, null);
}

/** One event of the coup (R14–R17); a refusal leaves the coup exactly as it was. */
export function stepCoup(state: CoupState, event: CoupEvent): Result<CoupState> {
  switch (event.type) {
    case 'call': {
      if (state.phase !== 'covering')
        return err('COVER_CLOSED', 'the bank is no longer open for cover');
      if (event.seat === state.banker)
        return err('BANKER_CANNOT_COVER', 'the banker cannot cover his own bank');
      if (!state.punters.includes(event.seat))
        return err('NOT_A_PUNTER', `seat ${event.seat} is not seated at this bank`);
      if (state.calls.some((c) => c.seat === event.seat))
        return err('ALREADY_CALLED', `seat ${event.seat} has already called`);
      const call = checkCall(event.call, state.bank);
      if (!call.ok) return call;
      return ok({ ...state, calls: [...state.calls, { seat: event.seat, call: call.value }] });
    }
    case 'close-cover':
      if (state.phase !== 'covering') return err('COVER_CLOSED', 'the cover is already closed');
      return deal(state);
    case 'call-off':
      // R14.3: only a coup with no card out can be called off.
      if (state.phase !== 'covering')
        return err('COUP_DEALT', 'once a card has left the shoe the coup is played out');
      return ok({ ...state, phase: 'not-dealt', reason: 'called-off' });
    case 'choose':
    case 'by-rule': {
      if (state.phase !== 'punto-choice' && state.phase !== 'banker-choice') {
        return err('NO_CHOICE_PENDING', 'nobody has a choice to make now');
      }
      if (event.type === 'by-rule') return playOn(state, { option: ruleAnswer(state), by: 'rule' });
      const chooser = state.phase === 'punto-choice' ? state.cover.puntoSeat : state.banker;
      if (event.seat !== chooser)
        return err('NOT_YOUR_CHOICE', `the choice is seat ${String(chooser)}'s`);
      if (event.option !== 'draw' && event.option !== 'stand') {
        return err('INVALID_OPTION', `a choice is 'draw' or 'stand', got ${String(event.option)}`);
      }
      return playOn(state, { option: event.option, by: 'choice' });
    }
  }
}

/** R16.4: what the rule answers for the choice the coup is waiting on. */
function ruleAnswer(state: Dealt & { phase: 'punto-choice' | 'banker-choice' }): DrawOption {
  const decision =
    state.phase === 'punto-choice'
      ? puntoDecision(total(state.punto))
      : bankerDecision(
          total(state.bankerCards),
          state.punto[2] === undefined ? null : cardValue(state.punto[2]),
        );
  return decision.kind === 'choice' ? RULE_OPTION[decision.cell] : decision.kind;
}

/** Crash recovery and tests: a dealt coup finished with every pending choice made by the rule. */
export function finishByRule(state: CoupState): Result<CoupState> {
  let current = state;
  while (current.phase === 'punto-choice' || current.phase === 'banker-choice') {
    const next = stepCoup(current, { type: 'by-rule' });
    if (!next.ok) return next;
    current = next.value;
  }
  return ok(current);
}
