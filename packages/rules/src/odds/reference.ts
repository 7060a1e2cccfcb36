import { RANK_VALUES, RANKS } from '../cards.js';
import type { RoundFacts } from '../settlement.js';
import { bankerDecision, isNatural, playerDecision } from '../tableau.js';
import type { ShoeComposition } from './composition.js';
import { STATE_COUNT, stateIndex } from './states.js';

/** R13.1 counts as BigInt, indexed like STATE_FACTS. */
export interface ExactRoundCounts {
  readonly sequences: bigint;
  readonly joint: readonly bigint[];
}

function fallingFactorial(n: bigint, k: number): bigint {
  let product = 1n;
  for (let i = 0n; i < BigInt(k); i++) product *= n - i;
  return product;
}

/**
 * The slow, independent path, in BigInt and in dealing order (R3.1): the first four cards are
 * walked as every ordered rank sequence, so pairs (R8.3) are read straight off the ranks; third
 * cards matter only by value, so they are walked by value. Unused positions are multiplied in
 * (R13.1). It shares only the tableau decisions with the fast path and exists to check it.
 */
export function referenceCounts(shoe: ShoeComposition): ExactRoundCounts {
  const left = shoe.ranks.map((count) => BigInt(count));
  const cards = BigInt(shoe.cards);
  const joint = new Array<bigint>(STATE_COUNT).fill(0n);
  /** unusedWays[k]: orderings of the positions a round that used k cards leaves unused. */
  const unusedWays = [4, 5, 6].reduce<bigint[]>((table, used) => {
    table[used] = fallingFactorial(cards - BigInt(used), 6 - used);
    return table;
  }, []);
  const valuesLeft = (): bigint[] => {
    const values = new Array<bigint>(10).fill(0n);
    left.forEach((count, rank) => (values[RANK_VALUES[rank]!]! += count));
    return values;
  };
  const add = (facts: RoundFacts, ways: bigint) => (joint[stateIndex(facts)]! += ways);

  const dealt: number[] = [];
  const dealFirstFour = (ways: bigint): void => {
    if (dealt.length === 4) {
      playThirdCards(dealt, ways);
      return;
    }
    for (let rank = 0; rank < RANKS.length; rank++) {
      const choices = left[rank]!;
      if (choices === 0n) continue;
      left[rank] = choices - 1n;
      dealt.push(rank);
      dealFirstFour(ways * choices);
      dealt.pop();
      left[rank] = choices;
    }
  };

  const playThirdCards = (ranks: readonly number[], ways: bigint): void => {
    const [player1, banker1, player2, banker2] = ranks.map((rank) => RANK_VALUES[rank]!);
    const playerTwo = (player1! + player2!) % 10;
    const bankerTwo = (banker1! + banker2!) % 10;
    const playerNatural = isNatural(playerTwo);
    const bankerNatural = isNatural(bankerTwo);
    const playerPair = ranks[0] === ranks[2];
    const bankerPair = ranks[1] === ranks[3];
    // Spelled out rather than spread: V8 makes object spread in a hot loop very slow.
    const end = (playerTotal: number, bankerTotal: number, cardsUsed: number, ways: bigint) =>
      add(
        { playerTotal, bankerTotal, playerNatural, bankerNatural, playerPair, bankerPair },
        ways * unusedWays[cardsUsed]!,
      );
    if (playerNatural || bankerNatural) {
      end(playerTwo, bankerTwo, 4, ways);
      return;
    }
    const values = valuesLeft();
    const bankerPlays = (
      playerTotal: number,
      playerThirdValue: number | null,
      cardsUsed: number,
      ways: bigint,
    ) => {
      if (!bankerDecision(bankerTwo, playerThirdValue).draws) {
        end(playerTotal, bankerTwo, cardsUsed, ways);
        return;
      }
      values.forEach((choices, value) => {
        if (choices > 0n) end(playerTotal, (bankerTwo + value) % 10, cardsUsed + 1, ways * choices);
      });
    };
    if (!playerDecision(playerTwo).draws) {
      bankerPlays(playerTwo, null, 4, ways);
      return;
    }
    values.forEach((choices, value) => {
      if (choices === 0n) return;
      values[value] = choices - 1n;
      bankerPlays((playerTwo + value) % 10, value, 5, ways * choices);
      values[value] = choices;
    });
  };

  dealFirstFour(1n);
  return { sequences: fallingFactorial(cards, 6), joint };
}
