/**
 * Deals a whole shoe from a given card order (burn, rounds, cut card) and tallies it.
 * The simulator calls this after every shuffle; tests call it with hand-made orders.
 */
import { CARD_VALUES, CARDS_PER_DECK, RANK_BURN_VALUES } from '../cards.js';
import { err, ok, type Result } from '../result.js';
import { validateCutCardRule, type CutCardRule } from '../shoe-config.js';
import {
  FAST_BANKER_DREW,
  FAST_BANKER_NATURAL,
  FAST_BANKER_TOTAL_SHIFT,
  FAST_BANKER_WINS,
  FAST_CARDS_USED_SHIFT,
  FAST_OUTCOME_MASK,
  FAST_PLAYER_DREW,
  FAST_PLAYER_NATURAL,
  FAST_PLAYER_WINS,
  resolveFast,
} from './fast-round.js';
import { reachableCards } from './shuffle.js';

/** Plain totals over every shoe played; all are counts of rounds, hands or cards. */
export interface SimulationCounts {
  shoes: number;
  rounds: number;
  playerWins: number;
  bankerWins: number;
  ties: number;
  /** R8.3: the hand's first two cards share a rank. */
  playerPairs: number;
  bankerPairs: number;
  /** R4.1, counted per hand; a round can hold two. */
  playerNaturals: number;
  bankerNaturals: number;
  /** R9.12's event: Banker wins with a final total of 6. */
  bankerWinsWithSix: number;
  playerThirdCards: number;
  bankerThirdCards: number;
  /** The shown card plus the cards it burns (R10.3). */
  cardsBurned: number;
  /** Cards that went to Player or Banker. */
  cardsDealt: number;
  /** Cards still in the shoe when it ended. */
  cardsLeft: number;
}

export function emptyCounts(): SimulationCounts {
  return {
    shoes: 0,
    rounds: 0,
    playerWins: 0,
    bankerWins: 0,
    ties: 0,
    playerPairs: 0,
    bankerPairs: 0,
    playerNaturals: 0,
    bankerNaturals: 0,
    bankerWinsWithSix: 0,
    playerThirdCards: 0,
    bankerThirdCards: 0,
    cardsBurned: 0,
    cardsDealt: 0,
    cardsLeft: 0,
  };
}

const RANK_BY_CARD = Uint8Array.from({ length: CARDS_PER_DECK }, (_, card) => card % 13);
const BURN_BY_CARD = Uint8Array.from(
  { length: CARDS_PER_DECK },
  (_, card) => RANK_BURN_VALUES[card % 13]!,
);

const OUTCOME_AND_BANKER_TOTAL = FAST_OUTCOME_MASK | (0xf << FAST_BANKER_TOTAL_SHIFT);
const BANKER_WINS_WITH_SIX = FAST_BANKER_WINS | (6 << FAST_BANKER_TOTAL_SHIFT);

/**
 * The unchecked core shared by playShoeOrder and simulateShoes. `values` is scratch with
 * at least reachableCards(cards.length, rule) slots, and the rule must already be valid
 * for `cards.length` cards (validateCutCardRule).
 * Returns the index of the first card not taken out of the shoe.
 */
export function dealShoe(
  cards: Uint8Array,
  values: Uint8Array,
  rule: CutCardRule,
  counts: SimulationCounts,
): number {
  const cardCount = cards.length;
  const reachable = reachableCards(cardCount, rule);
  for (let i = 0; i < reachable; i++) values[i] = CARD_VALUES[cards[i]!]!;

  // R10.3: the shown card, then as many unseen cards as its burn value.
  const burned = 1 + BURN_BY_CARD[cards[0]!]!;
  // R10.4: the cut card lies in front of this index.
  const cutIndex = cardCount - rule.cut;

  // Per-shoe tallies stay in locals (registers) and reach the counts object once per shoe.
  let position = burned;
  let rounds = 0;
  let playerWins = 0;
  let bankerWins = 0;
  let playerPairs = 0;
  let bankerPairs = 0;
  let playerNaturals = 0;
  let bankerNaturals = 0;
  let bankerWinsWithSix = 0;
  let playerThirdCards = 0;
  let bankerThirdCards = 0;

  // R10.5 / R10.6: every round that starts in front of the cut card is dealt. Once the cut
  // card is out (drawn during a round, or lying right before the next round's first card),
  // finish-current stops and plus-one deals exactly one more round.
  let extraRounds = rule.lastHand === 'plus-one' ? 1 : 0;
  while (position < cutIndex || extraRounds-- > 0) {
    const packed = resolveFast(values, position);
    const outcome = packed & FAST_OUTCOME_MASK;
    // Outcomes are random, so `if (…) count++` would mispredict about once a round; adding
    // the comparison's 0 or 1 costs no branch at all.
    rounds++;
    playerWins += +(outcome === FAST_PLAYER_WINS);
    bankerWins += +(outcome === FAST_BANKER_WINS);
    bankerWinsWithSix += +((packed & OUTCOME_AND_BANKER_TOTAL) === BANKER_WINS_WITH_SIX);
    playerNaturals += +((packed & FAST_PLAYER_NATURAL) !== 0);
    bankerNaturals += +((packed & FAST_BANKER_NATURAL) !== 0);
    playerThirdCards += +((packed & FAST_PLAYER_DREW) !== 0);
    bankerThirdCards += +((packed & FAST_BANKER_DREW) !== 0);
    // R3.1 puts Player's first two cards at +0 and +2, Banker's at +1 and +3.
    playerPairs += +(RANK_BY_CARD[cards[position]!] === RANK_BY_CARD[cards[position + 2]!]);
    bankerPairs += +(RANK_BY_CARD[cards[position + 1]!] === RANK_BY_CARD[cards[position + 3]!]);
    position += (packed >>> FAST_CARDS_USED_SHIFT) & 0b111;
  }

  counts.shoes++;
  counts.rounds += rounds;
  counts.playerWins += playerWins;
  counts.bankerWins += bankerWins;
  counts.ties += rounds - playerWins - bankerWins;
  counts.playerPairs += playerPairs;
  counts.bankerPairs += bankerPairs;
  counts.playerNaturals += playerNaturals;
  counts.bankerNaturals += bankerNaturals;
  counts.bankerWinsWithSix += bankerWinsWithSix;
  counts.playerThirdCards += playerThirdCards;
  counts.bankerThirdCards += bankerThirdCards;
  counts.cardsBurned += burned;
  counts.cardsDealt += position - burned;
  counts.cardsLeft += cardCount - position;
  return position;
}

/**
 * Deals one shoe in exactly the order given (index 0 first out), adding its tallies to
 * `counts`. Returns the index of the first card left in the shoe.
 */
export function playShoeOrder(
  cards: Uint8Array,
  rule: CutCardRule,
  counts: SimulationCounts,
): Result<number> {
  const checked = validateCutCardRule(rule, cards.length);
  if (!checked.ok) return checked;
  const badCard = cards.findIndex((card) => card >= CARDS_PER_DECK);
  if (badCard >= 0) {
    return err(
      'INVALID_CARD',
      `card ${badCard} is ${cards[badCard]}, but card indices run 0 to ${CARDS_PER_DECK - 1}`,
    );
  }
  return ok(dealShoe(cards, new Uint8Array(cards.length), checked.value, counts));
}
