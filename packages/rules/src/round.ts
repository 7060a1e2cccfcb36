import { cardValue, handTotal, rankOf, type CardCode } from './cards.js';
import { err, ok, type Result } from './result.js';
import { bankerDecision, isNatural, playerDecision, type RuleId } from './tableau.js';

export type Side = 'player' | 'banker';
export type Outcome = 'player' | 'banker' | 'tie';

export interface Hand {
  readonly cards: readonly CardCode[];
  readonly total: number;
  /** R4.1 */
  readonly natural: boolean;
  /** R8.3: the first two cards share a rank. */
  readonly pair: boolean;
}

/** One line of "why": which rule made a hand draw or stand. */
export interface TraceStep {
  readonly hand: Side;
  readonly action: 'draw' | 'stand';
  /** The hand's total when the decision was made (two cards). */
  readonly total: number;
  /** Only for Banker decisions after Player drew (R7). */
  readonly playerThirdValue?: number;
  /** The card drawn, when the action is draw. */
  readonly card?: CardCode;
  readonly rule: RuleId;
  /** A sentence a newcomer can read, e.g. "Banker 4, Player's third card 2 → draws (R7.4)". */
  readonly text: string;
}

export interface RoundResult {
  readonly player: Hand;
  readonly banker: Hand;
  readonly outcome: Outcome;
  /** Cards in the order they left the shoe (R3.1). */
  readonly dealt: readonly CardCode[];
  readonly trace: readonly TraceStep[];
}

const NAMES: Record<Side, string> = { player: 'Player', banker: 'Banker' };

function makeHand(cards: CardCode[]): Hand {
  const twoCardTotal = handTotal(cards.slice(0, 2));
  return {
    cards,
    total: handTotal(cards),
    natural: isNatural(twoCardTotal),
    pair: rankOf(cards[0]!) === rankOf(cards[1]!),
  };
}

/** R8.1 */
export function compareTotals(playerTotal: number, bankerTotal: number): Outcome {
  if (playerTotal > bankerTotal) return 'player';
  if (bankerTotal > playerTotal) return 'banker';
  return 'tie';
}

function describe(step: Omit<TraceStep, 'text'>): string {
  const verb = step.action === 'draw' ? 'draws' : 'stands';
  const drawn = step.card ? ` ${step.card}` : '';
  const against =
    step.playerThirdValue === undefined ? '' : `, Player's third card ${step.playerThirdValue}`;
  return `${NAMES[step.hand]} ${step.total}${against} → ${verb}${drawn} (${step.rule})`;
}

function withText(step: Omit<TraceStep, 'text'>): TraceStep {
  // Not a spread followed by a new key: why in placeRuns (grid.ts).
  return Object.assign({}, step, { text: describe(step) });
}

/**
 * Plays one round from a card source in dealing order (R3.1): Player, Banker, Player,
 * Banker, then Player's third card if any, then Banker's. `draw` is called once per card
 * and only for cards the tableau requires, so a shoe is never asked for more than it deals.
 */
export function resolveRound(draw: () => CardCode): RoundResult {
  const player: CardCode[] = [];
  const banker: CardCode[] = [];
  const dealt: CardCode[] = [];
  const take = (hand: CardCode[]): CardCode => {
    const card = draw();
    hand.push(card);
    dealt.push(card);
    return card;
  };
  take(player);
  take(banker);
  take(player);
  take(banker);

  const trace: TraceStep[] = [];
  const playerTwo = handTotal(player);
  const bankerTwo = handTotal(banker);

  if (isNatural(playerTwo) || isNatural(bankerTwo)) {
    trace.push(naturalStand('player', playerTwo), naturalStand('banker', bankerTwo));
  } else {
    const playerChoice = playerDecision(playerTwo);
    let playerThirdValue: number | null = null;
    if (playerChoice.draws) {
      const card = take(player);
      playerThirdValue = cardValue(card);
      trace.push(
        withText({
          hand: 'player',
          action: 'draw',
          total: playerTwo,
          card,
          rule: playerChoice.rule,
        }),
      );
    } else {
      trace.push(
        withText({ hand: 'player', action: 'stand', total: playerTwo, rule: playerChoice.rule }),
      );
    }
    const bankerChoice = bankerDecision(bankerTwo, playerThirdValue);
    const versus = playerThirdValue === null ? {} : { playerThirdValue };
    if (bankerChoice.draws) {
      const card = take(banker);
      trace.push(
        withText({
          hand: 'banker',
          action: 'draw',
          total: bankerTwo,
          ...versus,
          card,
          rule: bankerChoice.rule,
        }),
      );
    } else {
      trace.push(
        withText({
          hand: 'banker',
          action: 'stand',
          total: bankerTwo,
          ...versus,
          rule: bankerChoice.rule,
        }),
      );
    }
  }

  const playerHand = makeHand(player);
  const bankerHand = makeHand(banker);
  return {
    player: playerHand,
    banker: bankerHand,
    outcome: compareTotals(playerHand.total, bankerHand.total),
    dealt,
    trace,
  };
}

/** R4.1 names a hand's own natural; R4.2 is why a hand without one stands beside it. */
function naturalStand(hand: Side, total: number): TraceStep {
  const own = isNatural(total);
  const rule: RuleId = own ? 'R4.1' : 'R4.2';
  const reason = own ? ' is a natural' : ', a natural is on the table';
  return {
    hand,
    action: 'stand',
    total,
    rule,
    text: `${NAMES[hand]} ${total}${reason} → stands (${rule})`,
  };
}

/**
 * Plays a round from a fixed list of cards (lessons, replays, tests). Errors when the list
 * is shorter than the tableau needs.
 */
export function resolveFromCards(cards: readonly CardCode[]): Result<RoundResult> {
  let next = 0;
  // Past the end we feed a placeholder: decisions after that point are discarded anyway.
  const result = resolveRound(() => cards[next++] ?? 'KS');
  return next > cards.length
    ? err('NOT_ENOUGH_CARDS', `the round needs ${next} cards, only ${cards.length} given`)
    : ok(result);
}
