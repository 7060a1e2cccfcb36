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
import {
  checkChoice,
  checkChoices,
  checkShoeReady,
  COUP_DEALT,
  dealInOrder,
  drawCard,
  NO_CHOICE_PENDING,
  startCoup,
  withStep,
  type Answer,
  type ChoiceCoupState,
  type ChoiceEvent,
  type DecidedBy,
} from '../coup-steps.js';
import { closeRound, type ShoeState } from '../shoe.js';
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

export type { DecidedBy } from '../coup-steps.js';

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

/** Covering, then the choices; 'not-dealt' (R15.5 / R14.3) hands every stake and the bank back. */
export type CoupState = ChoiceCoupState<Posted, Dealt, SeatCall, CoupSettlement, 'covering'>;

export type CoupEvent =
  | { readonly type: 'call'; readonly seat: Seat; readonly call: CoverCall }
  | { readonly type: 'close-cover' }
  | ChoiceEvent<Seat>;

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

/** R15.1: the banker puts up a bank; the coup opens for cover. */
export function postBank(input: PostBank): Result<CoupState> {
  const cagnotte = checkCagnottePercent(input.rules.cagnottePercent);
  if (!cagnotte.ok) return cagnotte;
  const limits = checkBankLimits(input.rules.limits);
  if (!limits.ok) return limits;
  const choices = checkChoices(input.rules.choices);
  if (!choices.ok) return choices;
  const ready = checkShoeReady(input.shoe, 'R14.2');
  if (!ready.ok) return ready;
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
  const drawn = drawCard(state);
  if (!drawn.ok) return drawn;
  const { card } = drawn.value;
  const cards =
    hand === 'punto'
      ? { punto: [...state.punto, card] }
      : { bankerCards: [...state.bankerCards, card] };
  return ok({ state: { ...drawn.value.state, ...cards }, card });
}

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

function resolve(decision: Decision, rules: CoupRules, chosen: Answer | null): Answer | null {
  if (decision.kind !== 'choice') return { option: decision.kind, by: 'table' };
  if (chosen !== null) return chosen;
  if (rules.choices === 'by-rule') return { option: RULE_OPTION[decision.cell], by: 'rule' };
  return null;
}

/**
 * The hand draws or stands as `how` says, on its two-card total `two`; its line of the story
 * names the cell, who decided and the rule (and, for the banker, the punto's third card).
 */
function carryOut(
  state: Dealt,
  hand: Hand,
  two: number,
  decision: Decision,
  how: Answer,
  versus: { puntoThird?: number } = {},
): Result<Dealt> {
  const cell = decision.kind === 'choice' ? { cell: decision.cell } : {};
  if (how.option === 'stand') {
    return ok(
      withStep(state, {
        kind: 'stand',
        hand,
        total: two,
        ...versus,
        ...cell,
        by: how.by,
        rule: decision.rule,
      }),
    );
  }
  const drawn = draw(state, hand);
  if (!drawn.ok) return drawn;
  return ok(
    withStep(drawn.value.state, {
      kind: 'draw',
      hand,
      total: two,
      ...versus,
      card: drawn.value.card,
      ...cell,
      by: how.by,
      rule: decision.rule,
    }),
  );
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
    const done = carryOut(state, 'punto', two, decision, how);
    if (!done.ok) return done;
    state = { ...done.value, puntoDone: true };
  }
  const third = state.punto[2];
  const puntoThird = third === undefined ? null : cardValue(third);
  const two = total(state.bankerCards);
  const decision = bankerDecision(two, puntoThird);
  const how = resolve(decision, state.rules, answer);
  if (how === null) return ok({ ...state, phase: 'banker-choice' });
  const versus = puntoThird === null ? {} : { puntoThird };
  const done = carryOut(state, 'banker', two, decision, how, versus);
  if (!done.ok) return done;
  return settle(done.value);
}

/** R14.3: the cover closes and, if anything is covered, the four cards go out at once. */
function deal(state: CoupState & { phase: 'covering' }): Result<CoupState> {
  const cover = resolveCover(state.bank, state.punters, state.calls, state.bancoSuivi);
  if (cover.covered === 0)
    return ok({ ...state, phase: 'not-dealt', reason: 'uncovered', calls: state.calls });
  const started = startCoup(state.shoe);
  if (!started.ok) return started;
  const { phase: _phase, calls: _calls, ...posted } = state;
  const out = dealInOrder<Dealt, Hand>(
    {
      ...posted,
      ...started.value,
      cover,
      punto: [],
      bankerCards: [],
      puntoDone: false,
      story: [{ kind: 'covered', cover }],
    },
    ['punto', 'banker', 'punto', 'banker'],
    (s, hand) => {
      const drawn = draw(s, hand);
      return drawn.ok ? ok(drawn.value.state) : drawn;
    },
  );
  if (!out.ok) return out;
  let dealt = out.value;
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
      if (state.phase !== 'covering') return COUP_DEALT();
      return ok({ ...state, phase: 'not-dealt', reason: 'called-off' });
    case 'choose':
    case 'by-rule': {
      if (state.phase !== 'punto-choice' && state.phase !== 'banker-choice') {
        return NO_CHOICE_PENDING();
      }
      if (event.type === 'by-rule') return playOn(state, { option: ruleAnswer(state), by: 'rule' });
      const chooser = state.phase === 'punto-choice' ? state.cover.puntoSeat : state.banker;
      const chosen = checkChoice(chooser, event.seat, event.option);
      if (!chosen.ok) return chosen;
      return playOn(state, chosen.value);
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
