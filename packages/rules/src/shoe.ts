/**
 * The shoe (R10) as an immutable value: every step returns a new state and leaves the old one
 * untouched, and the state is plain JSON so a server can store it and pick up where it was.
 */
import { burnValue, isCardCode, RANKS, rankOf, type CardCode } from './cards.js';
import { err, ok, type Result } from './result.js';
import { resolveFromCards, type RoundResult } from './round.js';
import { validateCutCardRule, type CutCardRule, type LastHandRule } from './shoe-config.js';

export const SHOE_FORMAT = 'banco-shoe/1';

/** When the cut card came out: inside round `round`, or just in front of its first card. */
export interface CutCardEvent {
  readonly round: number;
  readonly when: 'during-round' | 'before-round';
}

export interface ShoeState {
  readonly format: typeof SHOE_FORMAT;
  readonly cut: number;
  readonly lastHand: LastHandRule;
  /** Index 0 is the first card out. */
  readonly cards: readonly CardCode[];
  /** Index of the next card to leave the shoe. */
  readonly next: number;
  /** Null until the burn (R10.3); `burned` counts the cards discarded after the shown one. */
  readonly burn: { readonly shown: CardCode; readonly burned: number } | null;
  /** Completed rounds. */
  readonly roundsDealt: number;
  /** Index of the current round's first card, or null between rounds. */
  readonly roundStart: number | null;
  readonly cutCard: CutCardEvent | null;
}

export type RoundStatus =
  | 'burn-needed'
  /** Between rounds; the next round is not the last. */
  | 'can-deal'
  /** Between rounds; the next round is the last one. */
  | 'last-round'
  | 'in-round'
  | 'finished';

/** Any card order, e.g. for lessons and tests; table shoes come from createFairShoe (R10.2). */
export function createShoe(
  cards: readonly CardCode[],
  rule: Partial<CutCardRule> = {},
): Result<ShoeState> {
  const badIndex = cards.findIndex((card) => typeof card !== 'string' || !isCardCode(card));
  if (badIndex >= 0) {
    return err('INVALID_CARD', `card ${badIndex} ("${String(cards[badIndex])}") is not a card`);
  }
  const checked = validateCutCardRule(rule, cards.length);
  if (!checked.ok) return checked;
  return ok({
    format: SHOE_FORMAT,
    cut: checked.value.cut,
    lastHand: checked.value.lastHand,
    cards: cards.slice(),
    next: 0,
    burn: null,
    roundsDealt: 0,
    roundStart: null,
    cutCard: null,
  });
}

export function cardsLeft(state: ShoeState): number {
  return state.cards.length - state.next;
}

/** R13.3: rank counts (A, 2 … 10, J, Q, K) of the cards still in the shoe, for the odds engine. */
export function ranksLeft(state: ShoeState): number[] {
  const ranks = RANKS.map(() => 0);
  for (const card of state.cards.slice(state.next)) ranks[RANKS.indexOf(rankOf(card))]! += 1;
  return ranks;
}

/**
 * R13.5: rank counts of every card a player has not seen: those still in the shoe and those the
 * burn discarded face down (R10.3). Live odds come from these, so they tell nobody anything about
 * the burned cards that a player at a real table could not know.
 */
export function ranksUnseen(state: ShoeState): number[] {
  const ranks = ranksLeft(state);
  const faceDown = state.burn === null ? [] : state.cards.slice(1, 1 + state.burn.burned);
  for (const card of faceDown) ranks[RANKS.indexOf(rankOf(card))]! += 1;
  return ranks;
}

/** R10.4: the index of the first card behind the cut card. */
export function cutIndex(state: ShoeState): number {
  return state.cards.length - state.cut;
}

/** R10.5 / R10.6: the number of the shoe's last round, once the cut card has settled it. */
export function lastRoundNumber(state: ShoeState): number | null {
  const { cutCard, lastHand } = state;
  if (cutCard === null) {
    const cutIsNext =
      state.burn !== null && state.roundStart === null && state.next >= cutIndex(state);
    if (!cutIsNext) return null;
    return lastHand === 'plus-one' ? state.roundsDealt + 1 : state.roundsDealt;
  }
  if (cutCard.when === 'before-round' || lastHand === 'finish-current') return cutCard.round;
  return cutCard.round + 1;
}

export function roundStatus(state: ShoeState): RoundStatus {
  if (state.burn === null) return 'burn-needed';
  if (state.roundStart !== null) return 'in-round';
  const last = lastRoundNumber(state);
  if (last === null) return 'can-deal';
  if (state.roundsDealt >= last) return 'finished';
  return state.roundsDealt + 1 === last ? 'last-round' : 'can-deal';
}

/** R10.3 */
export function burnShoe(
  state: ShoeState,
): Result<{ state: ShoeState; shown: CardCode; burned: CardCode[] }> {
  if (state.burn !== null) return err('ALREADY_BURNED', 'this shoe has already been burned');
  const shown = state.cards[0];
  if (shown === undefined) return err('SHOE_EMPTY', 'an empty shoe cannot be burned');
  const count = burnValue(shown);
  const burned = state.cards.slice(1, 1 + count);
  return ok({
    state: { ...state, next: 1 + burned.length, burn: { shown, burned: burned.length } },
    shown,
    burned,
  });
}

const NOT_DEALABLE: Record<Exclude<RoundStatus, 'can-deal' | 'last-round'>, [string, string]> = {
  'burn-needed': ['BURN_NEEDED', 'the shoe must be burned before the first round (R10.3)'],
  'in-round': ['ROUND_IN_PROGRESS', 'the current round has not ended'],
  finished: ['SHOE_FINISHED', 'the cut card has ended this shoe (R10.5, R10.6)'],
};

/**
 * Opens the next round. `cutCardOut` is true when the cut card shows in front of this
 * round's first card. `lastRound` is true when the round is already known to be the shoe's
 * last; under finish-current the round that brings the cut card out only becomes the last
 * when it does, so watch drawCard's `cutCardOut` too.
 */
export function startRound(
  state: ShoeState,
): Result<{ state: ShoeState; round: number; cutCardOut: boolean; lastRound: boolean }> {
  const status = roundStatus(state);
  if (status !== 'can-deal' && status !== 'last-round') {
    const [code, message] = NOT_DEALABLE[status];
    return err(code, message);
  }
  const round = state.roundsDealt + 1;
  const cutCardOut = state.cutCard === null && state.next >= cutIndex(state);
  const cutCard: CutCardEvent | null = cutCardOut ? { round, when: 'before-round' } : state.cutCard;
  return ok({
    state: { ...state, roundStart: state.next, cutCard },
    round,
    cutCardOut,
    lastRound: status === 'last-round',
  });
}

function currentRoundCards(state: ShoeState, roundStart: number): readonly CardCode[] {
  return state.cards.slice(roundStart, state.next);
}

/** Complete when the tableau (R3–R7) asks for no further card. */
function completedRound(cards: readonly CardCode[]): RoundResult | null {
  const played = resolveFromCards(cards);
  return played.ok && played.value.dealt.length === cards.length ? played.value : null;
}

/** Moves `count` cards out of the shoe, noting the cut card if one of them is behind it. */
function takeCards(state: ShoeState, count: number): { state: ShoeState; cutCardOut: boolean } {
  const at = cutIndex(state);
  const cutCardOut = state.cutCard === null && state.next <= at && at < state.next + count;
  const cutCard: CutCardEvent | null = cutCardOut
    ? { round: state.roundsDealt + 1, when: 'during-round' }
    : state.cutCard;
  return { state: { ...state, next: state.next + count, cutCard }, cutCardOut };
}

// R10.7 makes running dry unreachable for any shoe createShoe accepts; kept as a value anyway.
const shoeEmpty = () => err('SHOE_EMPTY', 'the shoe has no more cards');

/**
 * One card of the current round, whatever the Punto Banco tableau says: for a game whose own
 * rules decide when a coup needs a card (Chemin de Fer, R14), so it shares this shoe and its cut
 * card instead of keeping a copy. Punto Banco deals through drawCard, which checks the tableau.
 */
export function dealCard(
  state: ShoeState,
): Result<{ state: ShoeState; card: CardCode; cutCardOut: boolean }> {
  if (state.roundStart === null) return err('NO_ROUND_IN_PROGRESS', 'start a round first');
  const card = state.cards[state.next];
  if (card === undefined) return shoeEmpty();
  return ok({ ...takeCards(state, 1), card });
}

/** Closes the current round, whatever it dealt; the game that dealt it vouches for its cards. */
export function closeRound(state: ShoeState): Result<ShoeState> {
  if (state.roundStart === null) return err('NO_ROUND_IN_PROGRESS', 'no round to end');
  return ok({ ...state, roundStart: null, roundsDealt: state.roundsDealt + 1 });
}

/**
 * One card of the current round, for a server that deals step by step. Refuses a card the
 * tableau does not call for, so a round can never take more than it needs. `cutCardOut` is
 * true when this card is the first behind the cut card (R10.5, R10.6).
 */
export function drawCard(
  state: ShoeState,
): Result<{ state: ShoeState; card: CardCode; cutCardOut: boolean }> {
  if (state.roundStart === null) return err('NO_ROUND_IN_PROGRESS', 'start a round first');
  if (completedRound(currentRoundCards(state, state.roundStart)) !== null) {
    return err('ROUND_COMPLETE', 'the tableau needs no more cards this round; end it');
  }
  return dealCard(state);
}

/** Closes the current round once its cards are all out and returns how it played. */
export function endRound(state: ShoeState): Result<{ state: ShoeState; round: RoundResult }> {
  if (state.roundStart === null) return err('NO_ROUND_IN_PROGRESS', 'no round to end');
  const round = completedRound(currentRoundCards(state, state.roundStart));
  if (round === null) return err('ROUND_INCOMPLETE', 'the tableau still needs cards');
  const closed = closeRound(state);
  if (!closed.ok) return closed;
  return ok({ state: closed.value, round });
}

/**
 * A whole round in one step, the same as startRound, drawCard until the tableau is done and
 * endRound. `cutCardOut` is true when the cut card came out in front of or during the round;
 * `lastRound` when no round may follow it.
 */
export function dealRound(
  state: ShoeState,
): Result<{ state: ShoeState; round: RoundResult; cutCardOut: boolean; lastRound: boolean }> {
  const started = startRound(state);
  if (!started.ok) return started;
  // No round takes more than six cards (R3.2); resolveRound ignores the ones it does not need.
  const played = resolveFromCards(state.cards.slice(state.next, state.next + 6));
  if (!played.ok) return shoeEmpty();
  const taken = takeCards(started.value.state, played.value.dealt.length);
  const ended: ShoeState = { ...taken.state, roundStart: null, roundsDealt: state.roundsDealt + 1 };
  return ok({
    state: ended,
    round: played.value,
    cutCardOut: started.value.cutCardOut || taken.cutCardOut,
    lastRound: roundStatus(ended) === 'finished',
  });
}
