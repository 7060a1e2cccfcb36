import {
  STANDARD_RULES,
  factsOf,
  payoutFor,
  resolveFromCards,
  settle,
  type CardCode,
  type Payout,
  type RoundResult,
  type Side,
  type Spot,
} from '@banco/rules';

/**
 * The lesson's arranged deals and its practice money. Every total, draw and payout is asked of
 * the rules package; only the cards and the stakes are chosen here.
 */
function scripted(cards: CardCode[]): RoundResult {
  const round = resolveFromCards(cards);
  if (!round.ok) throw new Error(`lesson deal ${cards.join(' ')}: ${round.error.message}`);
  if (round.value.dealt.length !== cards.length) {
    throw new Error(`lesson deal ${cards.join(' ')} leaves cards unused`);
  }
  return round.value;
}

/** 4, 2, 4, 3: Player 8 (a natural) against Banker 5. Steps 3, 5 and 6. */
export const FIRST_DEAL = scripted(['4S', '2H', '4D', '3C']);
/** Player 5 draws an 8 (total 3); Banker 3 stands on that 8; a tie at 3. Steps 6 and 7. */
export const SECOND_DEAL = scripted(['2S', 'KD', '3H', '3C', '8H']);
/** Player 6 and Banker 7 both stand: Banker wins. Step 6. */
export const BANKER_DEAL = scripted(['6H', '7D', 'KS', 'QC']);

export interface DealtCard {
  readonly side: Side;
  readonly card: CardCode;
  /** Which card of its hand: 0, 1 or 2 (the third). */
  readonly position: number;
}

/** The cards in the order they leave the shoe, each with the hand it goes to (R3.1). */
export function dealSequence(round: RoundResult): DealtCard[] {
  const seen: Record<Side, number> = { player: 0, banker: 0 };
  return round.dealt.map((card, i) => {
    const side: Side =
      i < 4
        ? i % 2 === 0
          ? 'player'
          : 'banker'
        : i === 4 && round.player.cards.length === 3
          ? 'player'
          : 'banker';
    const position = seen[side]++;
    return { side, card, position };
  });
}

/** Practice chips, in minor units like every amount in Banco (100 = 1 chip). */
export const PRACTICE_START = 100_00;
export const PRACTICE_STAKE = 10_00;
export const PRACTICE_STAKES: readonly number[] = [5_00, 10_00, 25_00];

export interface SettlementExercise {
  readonly id: string;
  readonly spot: Spot;
  readonly stake: number;
  readonly round: RoundResult;
  /** The balance while the bet waits: the start less the stake. */
  readonly before: number;
  /** What the settlement hands back: stake and winnings, the stake alone, or nothing. */
  readonly returned: number;
  readonly payout: Payout;
  readonly after: number;
}

function exercise(id: string, spot: Spot, round: RoundResult): SettlementExercise {
  const before = PRACTICE_START - PRACTICE_STAKE;
  const settled = settle([{ id, spot, amount: PRACTICE_STAKE }], factsOf(round), STANDARD_RULES);
  if (!settled.ok) throw new Error(`lesson exercise ${id}: ${settled.error.message}`);
  const returned = settled.value[0]!.returned;
  return {
    id,
    spot,
    stake: PRACTICE_STAKE,
    round,
    before,
    returned,
    payout: payoutFor(spot, factsOf(round), STANDARD_RULES),
    after: before + returned,
  };
}

/** Step 6: the seed's five cases (110, 90, 100, 180, 109.50), each settled by the rules. */
export const SETTLEMENT_EXERCISES: readonly SettlementExercise[] = [
  exercise('player-wins', 'player', FIRST_DEAL),
  exercise('player-loses', 'player', BANKER_DEAL),
  exercise('player-pushes', 'player', SECOND_DEAL),
  exercise('tie-wins', 'tie', SECOND_DEAL),
  exercise('banker-wins', 'banker', BANKER_DEAL),
];

export interface PayoutLine {
  readonly spot: Spot;
  readonly when: RoundResult;
  readonly payout: Payout;
}

/** Step 6's list of what each main bet pays, read from the rules for a round of each kind. */
const payoutLine = (spot: Spot, when: RoundResult): PayoutLine => ({
  spot,
  when,
  payout: payoutFor(spot, factsOf(when), STANDARD_RULES),
});

export const MAIN_PAYOUTS: readonly PayoutLine[] = [
  payoutLine('player', FIRST_DEAL),
  payoutLine('banker', BANKER_DEAL),
  payoutLine('tie', SECOND_DEAL),
  payoutLine('player', SECOND_DEAL),
];
