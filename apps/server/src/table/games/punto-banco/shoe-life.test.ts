import { describe, expect, it } from 'vitest';
import { tableEventSchema, type TableSettings } from '@banco/protocol';
import {
  allRoads,
  burnShoe,
  burnValue,
  commitmentOf,
  createFairShoe,
  createShoe,
  dealRound,
  playShoe,
  roundStatus,
  type CardCode,
  type LastHandRule,
  type ShoeState,
} from '@banco/rules';
import { TIMINGS } from '../../core/settings.js';
import { HARNESS_CLIENT_SEED, ReducerHarness } from '../../testing/reducer-harness.js';
import { fireUntil, ROUNDS, scriptedShoe, typesOf } from '../../testing/scripted-shoes.js';
import { puntoOf } from './state.js';

const SEED = 'a'.repeat(64);
const CARD_EVENTS = ['cards.dealt', 'turn.started', 'cards.revealed', 'round.result'];

/** Plays rounds by timeouts until the table has announced `count` results. */
function playRounds(t: ReducerHarness, count: number): void {
  const target = t.ofType('round.result').length + count;
  for (let i = 0; t.ofType('round.result').length < target; i++) {
    if (i > count * 20) throw new Error('the table stopped playing');
    t.fire();
  }
}

/** How the rules package plays this card list to its end: rounds and where the cut card came. */
function expectedShoe(cards: CardCode[], cut: number, lastHand: LastHandRule) {
  const created = createShoe(cards, { cut: Math.min(cut, cards.length - 20), lastHand });
  if (!created.ok) throw new Error(created.error.message);
  const burned = burnShoe(created.value);
  if (!burned.ok) throw new Error(burned.error.message);
  let state: ShoeState = burned.value.state;
  let rounds = 0;
  while (roundStatus(state) !== 'finished') {
    const dealt = dealRound(state);
    if (!dealt.ok) throw new Error(dealt.error.message);
    state = dealt.value.state;
    rounds += 1;
  }
  return { rounds, cutCard: state.cutCard! };
}

describe('a new shoe (T7.1, T7.2)', () => {
  it('T7.1 R11.1: the commitment, client seed and shoe number go out before the first card', () => {
    const t = new ReducerHarness({ ...TIMINGS.instant });
    t.sit('ann', 1);
    const types = typesOf(t.events);
    expect(types.slice(0, 4)).toEqual(['seat.taken', 'shoe.new', 'shoe.shuffled', 'shoe.burned']);
    const shoeNew = t.ofType('shoe.new')[0]!;
    expect(shoeNew).toMatchObject({
      shoeId: 'shoe-1',
      number: 1,
      commitment: commitmentOf(SEED),
      decks: 8,
      cut: 16,
      lastHand: 'plus-one',
      seedingUntil: t.now,
    });
    expect(t.ofType('shoe.shuffled')[0]!).toMatchObject({
      contributions: [],
      shoe: {
        shoeId: 'shoe-1',
        number: 1,
        commitment: commitmentOf(SEED),
        clientSeed: HARNESS_CLIENT_SEED,
        burnShown: null,
        burned: 0,
        cardsLeft: 416,
        roundsDealt: 0,
        cutCardOut: false,
      },
    });
    expect(JSON.stringify(shoeNew)).not.toContain(SEED);
    playRounds(t, 1);
    const first = typesOf(t.events).findIndex((type) => CARD_EVENTS.includes(type));
    expect(first).toBeGreaterThan(types.indexOf('shoe.new'));
    // The server seed stays inside the table while the shoe is in play.
    for (const event of t.events) expect(JSON.stringify(event)).not.toContain(SEED);
  });

  it('T7.2 R10.3: the first card is shown and burns as many more as its burn value', () => {
    for (const shown of ['AS', '7D', 'KH', '10C'] as const) {
      const burn: CardCode[] = [
        shown,
        ...Array.from({ length: burnValue(shown) }, () => '2S' as const),
      ];
      const t = new ReducerHarness({}, [scriptedShoe([ROUNDS.bothDraw], { burn })]);
      t.sit('ann', 1);
      expect(t.last('shoe.burned')).toMatchObject({ shown, burned: burnValue(shown) });
      expect(t.effects.find((e) => e.type === 'record-shuffle')).toEqual({
        type: 'record-shuffle',
        shoeId: 'shoe-1',
        clientSeed: HARNESS_CLIENT_SEED,
        shown,
      });
      expect(t.state.shoe!.state).toMatchObject({
        next: 1 + burnValue(shown),
        burn: { shown, burned: burnValue(shown) },
      });
      // The first round takes the cards right after the burned ones.
      fireUntil(t, 'result');
      expect(t.last('round.result')).toMatchObject({
        player: { cards: ['2H', '3D', '4C'] },
        banker: { cards: ['KC', 'QS', '5S'] },
      });
    }
  });

  it('T7.2: a fair shoe burns by its own first card', () => {
    const t = new ReducerHarness();
    t.sit('ann', 1);
    const fair = createFairShoe({
      serverSeed: SEED,
      clientSeed: HARNESS_CLIENT_SEED,
      shoeNumber: 1,
      decks: 8,
      cut: 16,
      lastHand: 'plus-one',
    });
    if (!fair.ok) throw new Error(fair.error.message);
    const shown = fair.value.cards[0]!;
    expect(t.last('shoe.burned')).toMatchObject({ shown, burned: burnValue(shown) });
  });
});

describe('the end of a shoe (T7.3)', () => {
  /** Fast windows, so that a whole short shoe plays by timeouts alone. */
  const instant = (overrides: Partial<TableSettings>) => ({ ...TIMINGS.instant, ...overrides });

  it('T7.3 R10.5: a cut card in front of a round is announced before its deal and makes it the last', () => {
    // 62 cards: the burn (2), then 4-card rounds; the cut card lies in front of card 46, the
    // first card of round 12.
    const cards = scriptedShoe([ROUNDS.playerWin, ROUNDS.tie], { length: 60 });
    expect(cards).toHaveLength(62);
    const expected = expectedShoe(cards, 16, 'plus-one');
    expect(expected).toEqual({ rounds: 12, cutCard: { round: 12, when: 'before-round' } });
    const t = new ReducerHarness(instant({ cut: 16 }), [cards]);
    t.sit('ann', 1);
    playRounds(t, 11);
    expect(t.ofType('shoe.cut-card')).toEqual([]);
    expect(t.ofType('shoe.ended')).toEqual([]);
    const from = t.events.length;
    playRounds(t, 1);
    const types = typesOf(t.events.slice(from));
    expect(types.indexOf('shoe.cut-card')).toBe(types.indexOf('cards.dealt') - 1);
    expect(types.slice(types.indexOf('settlement.paid'))).toEqual([
      'settlement.paid',
      'round.result',
      'shoe.ended',
    ]);
    expect(t.last('shoe.cut-card')).toMatchObject({
      round: 12,
      when: 'before-round',
      lastRound: true,
    });
    expect(t.last('round.result')).toMatchObject({ round: 12, shoeRound: 12, odds: null });
    expect(t.last('shoe.ended')).toMatchObject({
      shoeId: 'shoe-1',
      number: 1,
      serverSeed: SEED,
      clientSeed: HARNESS_CLIENT_SEED,
      commitment: commitmentOf(SEED),
      rounds: 12,
    });
    expect(t.effects.filter((e) => e.type === 'end-shoe')).toEqual([
      { type: 'end-shoe', shoeId: 'shoe-1' },
    ]);
    for (const event of t.events) expect(tableEventSchema.safeParse(event).success).toBe(true);
  });

  it('T7.3 R10.5: a cut card during a round is announced with it, and one more round is played', () => {
    const cards = scriptedShoe([ROUNDS.bothDraw], { length: 60 });
    const expected = expectedShoe(cards, 14, 'plus-one');
    expect(expected).toEqual({ rounds: 12, cutCard: { round: 11, when: 'during-round' } });
    const t = new ReducerHarness(instant({ cut: 14 }), [cards]);
    t.sit('ann', 1);
    playRounds(t, 11);
    const [cut] = t.ofType('shoe.cut-card');
    expect(cut).toMatchObject({ round: 11, when: 'during-round', lastRound: false });
    expect(cut!.version).toBe(t.last('round.result')!.version - 1);
    expect(t.last('round.result')?.odds).not.toBeNull();
    expect(t.ofType('shoe.ended')).toEqual([]);
    playRounds(t, 1);
    expect(t.ofType('shoe.cut-card')).toHaveLength(1);
    expect(t.last('round.result')).toMatchObject({ round: 12, odds: null });
    expect(t.last('shoe.ended')).toMatchObject({ rounds: 12, serverSeed: SEED });
    expect(t.last('shoe.ended')!.version).toBe(t.last('round.result')!.version + 1);
  });

  it('T7.3 R10.6: with finish-current the round that brings out the cut card is the last', () => {
    const cards = scriptedShoe([ROUNDS.bothDraw], { length: 60 });
    expect(expectedShoe(cards, 14, 'finish-current')).toEqual({
      rounds: 11,
      cutCard: { round: 11, when: 'during-round' },
    });
    const t = new ReducerHarness(instant({ cut: 14, lastHand: 'finish-current' }), [cards]);
    t.sit('ann', 1);
    playRounds(t, 10);
    const from = t.events.length;
    playRounds(t, 1);
    expect(typesOf(t.events.slice(from)).slice(-3)).toEqual([
      'shoe.cut-card',
      'round.result',
      'shoe.ended',
    ]);
    expect(t.last('shoe.cut-card')).toMatchObject({
      round: 11,
      when: 'during-round',
      lastRound: true,
    });
    expect(t.last('shoe.ended')).toMatchObject({ rounds: 11 });
  });

  it('T7.1 R12.1: after the shoe ends the next round starts a new shoe, with fresh roads', () => {
    // With cut 14 the cut card comes out during round 12; round 13 is the last (R10.5).
    const cards = scriptedShoe([ROUNDS.playerWin, ROUNDS.tie], { length: 60 });
    expect(expectedShoe(cards, 14, 'plus-one').rounds).toBe(13);
    const second = scriptedShoe([ROUNDS.tie]);
    const t = new ReducerHarness(instant({ cut: 14 }), [cards, second]);
    t.sit('ann', 1);
    playRounds(t, 13);
    expect(t.last('round.result')!.roads).not.toEqual(JSON.parse(JSON.stringify(allRoads([]))));
    expect(t.state.phase.kind).toBe('result');
    const from = t.events.length;
    t.fire();
    expect(typesOf(t.events.slice(from))).toEqual([
      'shoe.new',
      'shoe.shuffled',
      'shoe.burned',
      'betting.opened',
    ]);
    expect(t.last('shoe.shuffled')!.shoe).toMatchObject({
      shoeId: 'shoe-2',
      number: 2,
      burnShown: null,
      roundsDealt: 0,
    });
    expect(t.last('betting.opened')).toMatchObject({ round: 14, shoeRound: 1 });
    // The holder keeps the shoe across the change of shoe.
    expect(puntoOf(t.state).holder).toBe(1);
    playRounds(t, 1);
    const result = t.last('round.result')!;
    expect(result).toMatchObject({ round: 14, shoeRound: 1, outcome: 'tie' });
    const road = {
      outcome: 'tie',
      playerPair: false,
      bankerPair: false,
      playerTotal: 9,
      bankerTotal: 9,
    } as const;
    expect(result.roads).toEqual(JSON.parse(JSON.stringify(allRoads([road]))));
  });

  it('T7.3 R11.1: the published seed re-runs the whole shoe exactly as the table dealt it', () => {
    const t = new ReducerHarness({ ...TIMINGS.instant });
    t.sit('ann', 1);
    for (let i = 0; i < 1_000 && t.ofType('shoe.ended').length === 0; i++) t.fire();
    const ended = t.last('shoe.ended')!;
    const announced = t.ofType('shoe.shuffled')[0]!.shoe;
    expect(commitmentOf(ended.serverSeed)).toBe(announced.commitment);
    expect(ended).toMatchObject({
      shoeId: announced.shoeId,
      number: announced.number,
      clientSeed: announced.clientSeed,
    });
    const replay = playShoe({
      serverSeed: ended.serverSeed,
      clientSeed: ended.clientSeed,
      shoeNumber: ended.number,
      decks: announced.decks,
      cut: announced.cut,
      lastHand: announced.lastHand,
    });
    if (!replay.ok) throw new Error(replay.error.message);
    expect(replay.value.commitment).toBe(announced.commitment);
    expect(t.ofType('shoe.burned')[0]).toMatchObject({
      shown: replay.value.burn.shown,
      burned: replay.value.burn.burned.length,
    });
    const results = t.ofType('round.result');
    expect(results).toHaveLength(ended.rounds);
    expect(results.map((r) => [r.outcome, r.player.cards, r.banker.cards])).toEqual(
      replay.value.rounds.map((r) => [r.outcome, r.player.cards, r.banker.cards]),
    );
    expect(t.ofType('shoe.cut-card')).toMatchObject([
      { round: replay.value.cutCard!.round, when: replay.value.cutCard!.when },
    ]);
    expect(tableEventSchema.safeParse(ended).success).toBe(true);
  });
});
