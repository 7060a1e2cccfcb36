import { describe, expect, it } from 'vitest';
import { burnValue, cardCode, parseCard, type CardCode } from '../cards.js';
import { resolveRound } from '../round.js';
import { MIN_CUT, maxCut, type CutCardRule, type LastHandRule } from '../shoe-config.js';
import { emptyCounts, playShoeOrder, type SimulationCounts } from './play-shoe.js';
import { seedRng } from './prng.js';
import { reachableCards, shuffleFront, unshuffledShoe } from './shuffle.js';

/** A shoe of `length` cards: the given ones first, then Kings. */
function shoeOf(front: readonly string[], length = 52): Uint8Array {
  const cards = new Uint8Array(length).fill(12); // KS
  front.forEach((code, i) => {
    const card = parseCard(code);
    if (!card.ok) throw new Error(card.error.message);
    cards[i] = card.value;
  });
  return cards;
}

function play(cards: Uint8Array, rule: CutCardRule): { end: number; counts: SimulationCounts } {
  const counts = emptyCounts();
  const end = playShoeOrder(cards, rule, counts);
  if (!end.ok) throw new Error(end.error.message);
  return { end: end.value, counts };
}

const repeat = <T>(times: number, items: readonly T[]): T[] =>
  Array.from({ length: times }, () => items).flat();

// Four-card rounds whose outcome tells which round it was (R4.1, R4.2, R8.1).
const PLAYER_NATURAL = ['9S', 'KS', 'KH', 'KD'];
const BANKER_NATURAL = ['KS', '9H', 'KC', 'KD'];
const TIE_NATURALS = ['9S', '9H', 'KC', 'KD'];

describe('R10.3 burn', () => {
  it('shows the first card and discards its burn value, with 10, J, Q, K burning ten', () => {
    // King shown: ten unseen cards (2s here, which would spoil the rounds if dealt), then rounds.
    const cards = shoeOf(['KS', ...repeat(10, ['2S']), ...repeat(12, PLAYER_NATURAL)]);
    const { counts } = play(cards, { cut: 11, lastHand: 'finish-current' });
    expect(counts.cardsBurned).toBe(11);
    expect(counts.rounds).toBeGreaterThan(0);
    expect(counts.playerWins).toBe(counts.rounds);
    expect(counts.playerNaturals).toBe(counts.rounds);
  });

  it('burns one further card under an ace and seven under a 7', () => {
    expect(play(shoeOf(['AS']), { cut: 16, lastHand: 'plus-one' }).counts.cardsBurned).toBe(2);
    expect(play(shoeOf(['7D']), { cut: 16, lastHand: 'plus-one' }).counts.cardsBurned).toBe(8);
  });
});

describe('R10.4 R10.5 R10.6 where the shoe ends (52 cards, cut 16: the cut card is in front of index 36)', () => {
  // Burn 2S: cards 1–2 go, rounds start at 3, 7, …, 35. The round at 35 draws card 36.
  const cutDrawnMidRound = shoeOf([
    '2S',
    'QS',
    'QH',
    ...repeat(9, PLAYER_NATURAL), // rounds at 3 … 35
    ...BANKER_NATURAL, // at 39
    ...TIE_NATURALS, // at 43
  ]);
  // Burn 3S: rounds start at 4, 8, …, 32 and the next would start exactly at 36.
  const cutBeforeARound = shoeOf([
    '3S',
    'QS',
    'QH',
    'QD',
    ...repeat(8, PLAYER_NATURAL), // rounds at 4 … 32
    ...BANKER_NATURAL, // at 36
    ...TIE_NATURALS, // at 40
  ]);

  it('R10.5 plus-one: the round that draws the cut card is finished and exactly one more is played', () => {
    const { end, counts } = play(cutDrawnMidRound, { cut: 16, lastHand: 'plus-one' });
    expect(counts).toMatchObject({ rounds: 10, playerWins: 9, bankerWins: 1, ties: 0 });
    expect(end).toBe(43);
    expect(counts).toMatchObject({ cardsBurned: 3, cardsDealt: 40, cardsLeft: 9 });
  });

  it('R10.5 plus-one: a round that would start at the cut card is the last one', () => {
    const { end, counts } = play(cutBeforeARound, { cut: 16, lastHand: 'plus-one' });
    expect(counts).toMatchObject({ rounds: 9, playerWins: 8, bankerWins: 1, ties: 0 });
    expect(end).toBe(40);
  });

  it('R10.6 finish-current: the round that draws the cut card is the last one', () => {
    const { end, counts } = play(cutDrawnMidRound, { cut: 16, lastHand: 'finish-current' });
    expect(counts).toMatchObject({ rounds: 9, playerWins: 9, bankerWins: 0, ties: 0 });
    expect(end).toBe(39);
  });

  it('R10.6 finish-current: a round that would start at the cut card is not dealt', () => {
    const { end, counts } = play(cutBeforeARound, { cut: 16, lastHand: 'finish-current' });
    expect(counts).toMatchObject({ rounds: 8, playerWins: 8, bankerWins: 0, ties: 0 });
    expect(end).toBe(36);
  });
});

describe('R10.7 the smallest cuts are just enough for six-card rounds', () => {
  // After a 3S burn, every round of Kings uses six cards (R5.1, R7.2): rounds at 4, 10, …
  const sixCardRounds = shoeOf(['3S', 'QS', 'QH', 'QD']);

  it('plus-one with cut 11: the round at 40 draws card 41, the extra round takes the last card', () => {
    const { end, counts } = play(sixCardRounds, { cut: MIN_CUT['plus-one'], lastHand: 'plus-one' });
    expect(end).toBe(52);
    expect(counts).toMatchObject({ rounds: 8, ties: 8, playerThirdCards: 8, bankerThirdCards: 8 });
  });

  it('finish-current with cut 5: the round at 46 starts in front of card 47 and takes the last card', () => {
    const rule = { cut: MIN_CUT['finish-current'], lastHand: 'finish-current' } as const;
    const { end, counts } = play(sixCardRounds, rule);
    expect(end).toBe(52);
    expect(counts.rounds).toBe(8);
  });

  it('refuses cuts that could run the shoe dry, and unknown cards', () => {
    const counts = emptyCounts();
    expect(playShoeOrder(shoeOf([]), { cut: 10, lastHand: 'plus-one' }, counts)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CUT' },
    });
    const bad = shoeOf([]);
    bad[7] = 52;
    expect(playShoeOrder(bad, { cut: 16, lastHand: 'plus-one' }, counts)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CARD' },
    });
    expect(counts).toEqual(emptyCounts());
  });
});

describe('R8.3 R4.1 R5.2 R6.2 R7.6 R9.12 tallies of a hand-made shoe', () => {
  it('counts pairs by rank (not value), naturals per hand, third cards and Banker wins with 6', () => {
    const cards = shoeOf([
      'AS',
      'QS', // burn: the ace and one more
      '9S',
      'KS',
      '9H',
      'QD', // Player 9+9 = 8, natural and pair; Banker K+Q is no pair
      'KS',
      '5H',
      '9D',
      '5C', // Player 9 natural; Banker 5+5 a pair
      '4S',
      '4H',
      '4C',
      '4D', // both 8, naturals and pairs: a tie
      '2S',
      '3H',
      '4C',
      '3D', // Player 6 and Banker 6 (pair) stand: a tie
      '2S',
      '2H',
      '3C',
      '4D',
      'KH', // Player 5 draws K; Banker 6 stands on a 0: Banker wins with 6
      '2S',
      '3H',
      '3C',
      '4D',
      'KH', // Player 5 draws K; Banker 7 stands: Banker wins with 7
    ]);
    // Cut 24 puts the cut card in front of index 28, where the next round would start.
    const { end, counts } = play(cards, { cut: 24, lastHand: 'finish-current' });
    expect(end).toBe(28);
    expect(counts).toEqual({
      shoes: 1,
      rounds: 6,
      playerWins: 2,
      bankerWins: 2,
      ties: 2,
      playerPairs: 2,
      bankerPairs: 3,
      playerNaturals: 3,
      bankerNaturals: 1,
      bankerWinsWithSix: 1,
      playerThirdCards: 2,
      bankerThirdCards: 0,
      cardsBurned: 2,
      cardsDealt: 26,
      cardsLeft: 24,
    });
  });
});

/**
 * A second, deliberately literal reading of R10.3–R10.6 on card codes, resolving rounds with
 * the reference resolveRound and a flag for "the cut card has come out".
 */
function referenceShoe(order: readonly CardCode[], rule: CutCardRule): SimulationCounts {
  const counts = emptyCounts();
  counts.shoes = 1;
  let next = 0;
  const take = (): CardCode => {
    const card = order[next++];
    if (card === undefined) throw new Error('the shoe ran out of cards');
    return card;
  };
  counts.cardsBurned = 1 + burnValue(take());
  next = counts.cardsBurned;
  const cutIndex = order.length - rule.cut;
  let cutCardOut = false;
  let lastRound = false;
  for (;;) {
    if (!cutCardOut && next >= cutIndex) {
      cutCardOut = true;
      if (rule.lastHand === 'finish-current') break;
      lastRound = true;
    }
    const start = next;
    const round = resolveRound(take);
    counts.rounds++;
    if (round.outcome === 'player') counts.playerWins++;
    if (round.outcome === 'banker') counts.bankerWins++;
    if (round.outcome === 'tie') counts.ties++;
    if (round.outcome === 'banker' && round.banker.total === 6) counts.bankerWinsWithSix++;
    if (round.player.pair) counts.playerPairs++;
    if (round.banker.pair) counts.bankerPairs++;
    if (round.player.natural) counts.playerNaturals++;
    if (round.banker.natural) counts.bankerNaturals++;
    if (round.player.cards.length === 3) counts.playerThirdCards++;
    if (round.banker.cards.length === 3) counts.bankerThirdCards++;
    counts.cardsDealt += round.dealt.length;
    if (lastRound) break;
    if (!cutCardOut && start < cutIndex && next > cutIndex) {
      cutCardOut = true;
      if (rule.lastHand === 'finish-current') break;
      lastRound = true;
    }
  }
  counts.cardsLeft = order.length - next;
  return counts;
}

function rulesFor(cardCount: number): CutCardRule[] {
  const lastHands: LastHandRule[] = ['plus-one', 'finish-current'];
  return lastHands.flatMap((lastHand) =>
    [MIN_CUT[lastHand], 16, maxCut(cardCount)].map((cut) => ({ cut, lastHand })),
  );
}

describe('R10.3 R10.5 R10.6 R10.7 shuffled shoes, many seeds', () => {
  it('agree exactly with a literal reference reading of the rules', () => {
    let compared = 0;
    for (const decks of [1, 2, 8]) {
      const cards = unshuffledShoe(decks);
      for (const rule of rulesFor(cards.length)) {
        const rng = seedRng(decks * 1000 + rule.cut);
        for (let shoe = 0; shoe < 25; shoe++) {
          shuffleFront(cards, cards.length, rng);
          const fast = play(cards, rule);
          const reference = referenceShoe(Array.from(cards, cardCode), rule);
          expect(fast.counts).toEqual(reference);
          compared++;
        }
      }
    }
    expect(compared).toBe(3 * 6 * 25);
  });

  it('never deal a card past the reachable front, which never passes the end of the shoe', () => {
    const overdraws: string[] = [];
    for (const decks of [1, 2, 3, 8]) {
      const cards = unshuffledShoe(decks);
      for (const rule of rulesFor(cards.length)) {
        const reachable = reachableCards(cards.length, rule);
        const rng = seedRng(decks + rule.cut * 16);
        for (let shoe = 0; shoe < 400; shoe++) {
          // Shuffled only as far as the simulator shuffles: the rest is never reached.
          shuffleFront(cards, reachable, rng);
          const { end } = play(cards, rule);
          if (end > reachable || reachable > cards.length) {
            overdraws.push(`${decks} decks, ${rule.lastHand} cut ${rule.cut}: ${end}`);
          }
        }
      }
    }
    expect(overdraws).toEqual([]);
  });
});
