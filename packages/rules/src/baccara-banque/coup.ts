/**
 * One coup of Baccara Banque as a reducer: stakes open → closed and dealt → the tableaux's
 * choices on 5 → the banker's free choice → settled (R20–R24). Pure: the table feeds in events
 * (calls, choices, a window running out as `by-rule`) and stores the returned state, shoe
 * included, as JSON. What the rules decide by themselves (the deal, naturals, forced draws)
 * happens inside the step that unblocks it, so the only states that wait are those where a
 * person has to act. The banker's default (R23.6) is the caller's `BankerRule`, passed with
 * every step, never a rule of this file.
 */
import { cardValue, handTotal, RANKS, rankOf, type CardCode } from '../cards.js';
import { err, ok, type Result } from '../result.js';
import {
  checkChoice,
  checkChoices,
  checkShoeReady,
  COUP_DEALT,
  dealInOrder,
  drawCard,
  NO_CHOICE_PENDING,
  puntoRule,
  startCoup,
  withStep,
  type Answer,
  type ChoiceCoupState,
  type ChoiceEvent,
  type DecidedBy,
} from '../coup-steps.js';
import { closeRound, ranksUnseen, type ShoeState } from '../shoe.js';
import { isNatural } from '../tableau.js';
import type { RuleId } from '../tableau.js';
import type { BankerRule, DrawOption } from './banker-choice.js';
import {
  cagnotteOf as cagnotteRule,
  type BankerPosition,
  type TableauView,
} from './banker-position.js';
import {
  checkCagnotteBp,
  settleCoup,
  type CoupOutcomes,
  type CoupSettlement,
  type TableauOutcome,
} from './settle.js';
import { nextHolders, TABLEAUX, sideOf, type Holders, type Seat, type Tableau } from './sides.js';
import {
  checkCall,
  resolveStakes,
  type CoverResult,
  type PlayerCall,
  type StakeCall,
} from './stakes.js';

export interface CoupRules {
  /** R24.4: basis points 0–200. */
  readonly cagnotteBp: number;
  /** R23.6: a 'by-rule' room makes every choice by the rule at once. */
  readonly choices: 'free' | 'by-rule';
  /** R22.6: whether players without a seat may stake what the seated left. */
  readonly watchersMayStake: boolean;
}

/** What the caller lends every step: the banker's default choice (R23.6). */
export interface CoupPlay {
  readonly bankerRule: BankerRule;
}

export type Hand = Tableau | 'banker';
export type { DecidedBy } from '../coup-steps.js';

/** R23.3: the punto rule on 5 when the holder does not choose: draw, as in Chemin de Fer (R16.4). */
export const PUNTO_RULE_ON_5: DrawOption = 'draw';

/** The story of the coup, one line per thing that happened, in order. */
export type CoupStep =
  | { readonly kind: 'covered'; readonly cover: CoverResult }
  | {
      readonly kind: 'dealt';
      readonly right: readonly CardCode[];
      readonly left: readonly CardCode[];
      readonly banker: readonly CardCode[];
    }
  /** R23.1 / R23.2: `paid` is a lone tableau natural, settled at once while the other plays on. */
  | {
      readonly kind: 'natural';
      readonly hand: Hand;
      readonly total: number;
      readonly paid: boolean;
    }
  | {
      readonly kind: 'draw' | 'stand';
      readonly hand: Hand;
      /** Two-card total when the hand decided. */
      readonly total: number;
      readonly card?: CardCode;
      readonly by: DecidedBy;
      readonly rule: RuleId;
    }
  | {
      readonly kind: 'result';
      readonly outcomes: CoupOutcomes;
      readonly totals: Readonly<Record<Hand, number>>;
    };

/** How far a tableau has got. */
export type TableauProgress = 'open' | 'natural' | 'stood' | 'drew';

interface Opened {
  readonly rules: CoupRules;
  readonly shoe: ShoeState;
  readonly banker: Seat;
  readonly bank: number;
  /** R22.2: who holds each side's cards this coup. */
  readonly holders: Holders;
  /** Seated punters when the stakes opened (the banker's seat excluded). */
  readonly punters: readonly Seat[];
}

interface Dealt extends Opened {
  readonly cover: CoverResult;
  readonly cards: Readonly<Record<Hand, readonly CardCode[]>>;
  readonly progress: Readonly<Record<Tableau, TableauProgress>>;
  readonly story: readonly CoupStep[];
  /** R20.2: the stop card came out before or during this coup, so it is the shoe's last. */
  readonly lastCoup: boolean;
}

/** A coup whose cards are out: what `bankerPosition` and a table's private messages read. */
export type DealtCoup = Dealt;

/**
 * Staking, then the choices (a punto choice names its tableau); 'not-dealt' (R20.3 / R22.7) hands
 * every stake back and leaves the bank as it was.
 */
export type CoupState = ChoiceCoupState<
  Opened,
  Dealt,
  PlayerCall,
  CoupSettlement,
  'staking',
  { readonly tableau: Tableau }
>;

export type CoupEvent =
  | {
      readonly type: 'call';
      readonly player: string;
      readonly seat: Seat | null;
      readonly call: StakeCall;
    }
  | { readonly type: 'close-stakes' }
  | ChoiceEvent<Seat>;

export interface OpenCoup {
  readonly rules: CoupRules;
  readonly shoe: ShoeState;
  readonly banker: Seat;
  readonly bank: number;
  readonly holders: Holders;
  /** Occupied seats now; the punters are those on a side, the banker's excepted. */
  readonly seats: readonly Seat[];
}

/** R22.3: the banker's bank opens for stakes. */
export function openCoup(input: OpenCoup): Result<CoupState> {
  const cagnotte = checkCagnotteBp(input.rules.cagnotteBp);
  if (!cagnotte.ok) return cagnotte;
  const choices = checkChoices(input.rules.choices);
  if (!choices.ok) return choices;
  const ready = checkShoeReady(input.shoe, 'R20.2');
  if (!ready.ok) return ready;
  if (!Number.isSafeInteger(input.bank) || input.bank <= 0) {
    return err('BANK_EMPTY', 'the bank is empty: top it up or retire (R21.5)');
  }
  const punters = [...new Set(input.seats)].filter((s) => s !== input.banker && sideOf(s) !== null);
  if (punters.length === 0 && !input.rules.watchersMayStake) {
    return err('NO_PUNTERS', 'a bank needs at least one punter seated on a side');
  }
  return ok({
    phase: 'staking',
    rules: input.rules,
    shoe: input.shoe,
    banker: input.banker,
    bank: input.bank,
    // R22.2: a holder who left, or who now holds the bank, hands on to the next one along.
    holders: nextHolders(input.holders, { right: false, left: false }, input.seats, input.banker),
    punters: punters.sort((a, b) => a - b),
    calls: [],
  });
}

function draw(state: Dealt, hand: Hand): Result<Dealt> {
  const drawn = drawCard(state);
  if (!drawn.ok) return drawn;
  const { state: next, card } = drawn.value;
  return ok({ ...next, cards: { ...next.cards, [hand]: [...next.cards[hand], card] } });
}
const two = (cards: readonly CardCode[]) => handTotal(cards.slice(0, 2));

function outcomeOf(tableau: number, banker: number): TableauOutcome {
  return tableau > banker ? 'tableau' : tableau < banker ? 'banker' : 'tie';
}

function settle(state: Dealt): Result<CoupState> {
  const closed = closeRound(state.shoe);
  if (!closed.ok) return closed;
  const banker = handTotal(state.cards.banker);
  const totals = {
    right: handTotal(state.cards.right),
    left: handTotal(state.cards.left),
    banker,
  };
  const versus = (t: Tableau) =>
    // R23.2: a lone natural was paid against the banker's first two cards.
    outcomeOf(totals[t], state.progress[t] === 'natural' ? two(state.cards.banker) : banker);
  const outcomes = { right: versus('right'), left: versus('left') };
  const first = TABLEAUX.filter(
    (t) =>
      state.progress[t] === 'natural' &&
      state.progress[t === 'right' ? 'left' : 'right'] !== 'natural',
  );
  const settlement = settleCoup(
    state.bank,
    state.cover.stakes,
    outcomes,
    state.rules.cagnotteBp,
    first,
  );
  const done = withStep({ ...state, shoe: closed.value }, { kind: 'result', outcomes, totals });
  return ok({ ...done, phase: 'settled', settlement });
}

/**
 * R23.4: the banker's view of the coup at his choice: his own total, each tableau as it shows
 * (stood, drew a face-up card, or a natural paid), the stakes still at risk, and the counts of
 * every card he has not seen (the shoe, the burn's face-down cards, the tableaux's face-down
 * cards). Nothing he could not know goes in.
 */
export function bankerPosition(state: DealtCoup): BankerPosition {
  const unseen = ranksUnseen(state.shoe);
  const view = (t: Tableau): TableauView => {
    const cards = state.cards[t];
    if (state.progress[t] === 'natural') return { state: 'natural' };
    for (const card of cards.slice(0, 2)) unseen[RANKS.indexOf(rankOf(card))]! += 1;
    return cards[2] === undefined
      ? { state: 'stood' }
      : { state: 'drew', third: cardValue(cards[2]) };
  };
  // A lone natural's stakes are passed too: already lost to the banker whichever way he goes,
  // they still count in the coup's net, on which the cagnotte is taken (R24.4).
  const staked = (on: Tableau | 'cheval') =>
    state.cover.stakes.filter((s) => s.on === on).reduce((sum, s) => sum + s.amount, 0);
  const right = view('right');
  const left = view('left');
  return {
    shoe: { kind: 'finite', unseen },
    bankerTotal: two(state.cards.banker),
    right,
    left,
    stakes: { right: staked('right'), left: staked('left'), cheval: staked('cheval') },
    // R23.3: the banker takes each holder to play the rule on 5.
    puntoOnFive: PUNTO_RULE_ON_5,
    cagnotte: cagnotteRule(state.rules.cagnotteBp),
  };
}

function apply(state: Dealt, hand: Hand, answer: Answer, rule: RuleId): Result<Dealt> {
  const total = two(state.cards[hand]);
  let next: Dealt;
  if (answer.option === 'draw') {
    const drawn = draw(state, hand);
    if (!drawn.ok) return drawn;
    next = withStep(drawn.value, {
      kind: 'draw',
      hand,
      total,
      card: drawn.value.cards[hand][2]!,
      by: answer.by,
      rule,
    });
  } else {
    next = withStep(state, { kind: 'stand', hand, total, by: answer.by, rule });
  }
  if (hand === 'banker') return ok(next);
  return ok({
    ...next,
    progress: { ...next.progress, [hand]: answer.option === 'draw' ? 'drew' : 'stood' },
  });
}

/**
 * Plays on from a dealt coup until someone must choose or it is settled. `chosen` answers the
 * choice the coup was waiting for, if it was.
 */
function playOn(start: Dealt, chosen: Answer | null, play: CoupPlay): Result<CoupState> {
  let state = start;
  let answer = chosen;
  for (const tableau of TABLEAUX) {
    if (state.progress[tableau] !== 'open') continue;
    const forced = tableauForced(two(state.cards[tableau]));
    let how: Answer;
    if (answer !== null) {
      // R23.3: the holder's call; on 0–4 and 6–7 the table carries out the punto rule whatever
      // he said, as a croupier would.
      how = { option: forced ?? answer.option, by: answer.by };
      answer = null;
    } else if (state.rules.choices === 'by-rule' || state.holders[tableau] === null) {
      how = { option: forced ?? PUNTO_RULE_ON_5, by: 'rule' };
    } else {
      // R20.5: every holder calls, so that a wait never tells the table a tableau holds 5.
      return ok({ ...state, phase: 'punto-choice', tableau });
    }
    const applied = apply(state, tableau, how, 'R23.3');
    if (!applied.ok) return applied;
    state = applied.value;
  }
  let how = answer;
  if (how === null && state.rules.choices === 'by-rule') {
    how = { option: play.bankerRule(bankerPosition(state)), by: 'rule' };
  }
  if (how === null) return ok({ ...state, phase: 'banker-choice' });
  const applied = apply(state, 'banker', how, 'R23.4');
  if (!applied.ok) return applied;
  return settle(applied.value);
}

/** R20.3: the stakes close and, if anything is staked, six cards go out at once. */
function deal(state: CoupState & { phase: 'staking' }, play: CoupPlay): Result<CoupState> {
  const cover = resolveStakes(state.bank, state.banker, state.calls, state.punters);
  if (cover.stakes.length === 0) {
    return ok({ ...state, phase: 'not-dealt', reason: 'uncovered', calls: state.calls });
  }
  const started = startCoup(state.shoe);
  if (!started.ok) return started;
  const { phase: _phase, calls: _calls, ...opened } = state;
  // R20.4: right tableau, left tableau, banker, twice round.
  const out = dealInOrder<Dealt, Hand>(
    {
      ...opened,
      ...started.value,
      cover,
      cards: { right: [], left: [], banker: [] },
      progress: { right: 'open', left: 'open' },
      story: [{ kind: 'covered', cover }],
    },
    ['right', 'left', 'banker', 'right', 'left', 'banker'],
    draw,
  );
  if (!out.ok) return out;
  let dealt = out.value;
  const { right, left, banker } = dealt.cards;
  dealt = withStep(dealt, { kind: 'dealt', right, left, banker });
  const totals = { right: two(right), left: two(left), banker: two(banker) };
  const naturals = (['right', 'left', 'banker'] as const).filter((h) => isNatural(totals[h]));
  if (naturals.includes('banker') || (naturals.includes('right') && naturals.includes('left'))) {
    // R23.1: the coup ends; every hand is turned over and nobody draws.
    for (const hand of naturals)
      dealt = withStep(dealt, { kind: 'natural', hand, total: totals[hand], paid: false });
    return settle({ ...dealt, progress: { right: 'natural', left: 'natural' } });
  }
  for (const hand of naturals) {
    // R23.2: a lone tableau natural is paid, and play goes on against the other tableau.
    dealt = withStep(dealt, { kind: 'natural', hand, total: totals[hand], paid: true });
    dealt = { ...dealt, progress: { ...dealt.progress, [hand]: 'natural' } };
  }
  return playOn(dealt, null, play);
}

/** R23.3: what the punto rule makes a tableau do on its two-card total; null on 5, its holder's choice. */
export const tableauForced: (total: number) => DrawOption | null = puntoRule;

/** Who must choose now, if anyone: a tableau's holder on 5 (R23.3), or the banker (R23.4). */
export function chooser(state: CoupState): Seat | null {
  if (state.phase === 'punto-choice') return state.holders[state.tableau];
  if (state.phase === 'banker-choice') return state.banker;
  return null;
}

/** One event of the coup (R20–R24); a refusal leaves the coup exactly as it was. */
export function stepCoup(state: CoupState, event: CoupEvent, play: CoupPlay): Result<CoupState> {
  switch (event.type) {
    case 'call': {
      if (state.phase !== 'staking')
        return err('STAKES_CLOSED', 'the stakes are closed for this coup');
      if (event.seat !== null && event.seat === state.banker) {
        return err('BANKER_CANNOT_STAKE', 'the banker cannot stake against his own bank');
      }
      if (
        event.seat === null ? !state.rules.watchersMayStake : !state.punters.includes(event.seat)
      ) {
        return err(
          'NOT_A_PUNTER',
          event.seat === null
            ? 'this room does not let watchers stake (R22.6)'
            : `seat ${event.seat} is not on a side of this bank`,
        );
      }
      if (state.calls.some((c) => c.player === event.player)) {
        return err('ALREADY_STAKED', 'you have already made your call on this coup');
      }
      const call = checkCall(event.call, { player: event.player, seat: event.seat }, state.bank);
      if (!call.ok) return call;
      return ok({
        ...state,
        calls: [...state.calls, { player: event.player, seat: event.seat, call: call.value }],
      });
    }
    case 'close-stakes':
      if (state.phase !== 'staking') return err('STAKES_CLOSED', 'the stakes are already closed');
      return deal(state, play);
    case 'call-off':
      // R20.3: only a coup with no card out can be called off.
      if (state.phase !== 'staking') return COUP_DEALT();
      return ok({ ...state, phase: 'not-dealt', reason: 'called-off' });
    case 'choose':
    case 'by-rule': {
      if (state.phase !== 'punto-choice' && state.phase !== 'banker-choice') {
        return NO_CHOICE_PENDING();
      }
      if (event.type === 'by-rule') {
        const option =
          state.phase === 'punto-choice' ? PUNTO_RULE_ON_5 : play.bankerRule(bankerPosition(state));
        return playOn(state, { option, by: 'rule' }, play);
      }
      const chosen = checkChoice(chooser(state), event.seat, event.option);
      if (!chosen.ok) return chosen;
      return playOn(state, chosen.value, play);
    }
  }
}

/** The coup is over: settled, or ended without a card. */
export function isOver(
  state: CoupState,
): state is Extract<CoupState, { phase: 'settled' | 'not-dealt' }> {
  return state.phase === 'settled' || state.phase === 'not-dealt';
}
