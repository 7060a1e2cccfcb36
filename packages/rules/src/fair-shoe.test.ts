import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFairShoe, playShoe, type FairShoeRequest, type PlayedShoe } from './fair-shoe.js';
import type { CardCode } from './cards.js';
import { fairShuffle } from './fairness.js';
import { resolveFromCards } from './round.js';
import { MIN_CUT, type LastHandRule } from './shoe-config.js';
import {
  burnShoe,
  dealRound,
  drawCard,
  endRound,
  roundStatus,
  startRound,
  type ShoeState,
} from './shoe.js';

const seedFor = (i: number) => createHash('sha256').update(`fair-shoe-test-${i}`).digest('hex');

function played(request: FairShoeRequest): PlayedShoe {
  const result = playShoe(request);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('R11 published test vector', () => {
  it('R11 R10.3 R10.5 seed a×64, client "table-1", shoe 1, 8 decks, cut 16, plus-one', () => {
    const shoe = played({
      serverSeed: 'a'.repeat(64),
      clientSeed: 'table-1',
      shoeNumber: 1,
      decks: 8,
      cut: 16,
      lastHand: 'plus-one',
    });
    const first = shoe.rounds[0]!;
    expect(first.player.cards).toEqual(['QC', '2S', '4S']);
    expect(first.banker.cards).toEqual(['7C', '8D', 'QC']);
    expect(first.player.total).toBe(6);
    expect(first.banker.total).toBe(5);
    expect(first.outcome).toBe('player');
  });
});

describe('R11.1 R10.3 a played shoe', () => {
  it('R11.1 reports the commitment, version and settings it was played with', () => {
    const serverSeed = seedFor(0);
    const shoe = played({ serverSeed, clientSeed: 'c', shoeNumber: 9, decks: 6 });
    expect(shoe.commitment).toBe(createHash('sha256').update(serverSeed).digest('hex'));
    expect(shoe.version).toBe(1);
    expect(shoe.config).toEqual({ decks: 6, cut: 16, lastHand: 'plus-one' });
  });

  it('R10.3 burns as many cards as the shown card’s burn value', () => {
    const burnValueOf = (card: string) => {
      const rank = card.slice(0, -1);
      return rank === 'A' ? 1 : ['10', 'J', 'Q', 'K'].includes(rank) ? 10 : Number(rank);
    };
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const request = { serverSeed: seedFor(i), clientSeed: 'burn', shoeNumber: 1, decks: 8 };
      const shoe = played(request);
      const shuffled = fairShuffle(request);
      if (!shuffled.ok) throw new Error(shuffled.error.message);
      const count = burnValueOf(shoe.burn.shown);
      seen.add(count);
      expect(shoe.burn.shown).toBe(shuffled.value[0]);
      expect(shoe.burn.burned).toEqual(shuffled.value.slice(1, 1 + count));
      expect(shoe.rounds[0]!.dealt[0]).toBe(shuffled.value[1 + count]);
    }
    // The seeds must have exercised more than one burn length for this to mean anything.
    expect(seen.size).toBeGreaterThan(3);
  });

  it('R10.1 R10.7 R11.6 bad seeds or settings are refused with their code', () => {
    const base = { serverSeed: seedFor(1), clientSeed: 'x', shoeNumber: 1 };
    const codeOf = (request: FairShoeRequest) => {
      const result = createFairShoe(request);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(codeOf(base)).toBe('ok');
    expect(codeOf({ ...base, serverSeed: seedFor(1).toUpperCase() })).toBe('INVALID_SERVER_SEED');
    expect(codeOf({ ...base, clientSeed: '' })).toBe('INVALID_CLIENT_SEED');
    expect(codeOf({ ...base, shoeNumber: 0 })).toBe('INVALID_SHOE_NUMBER');
    expect(codeOf({ ...base, decks: 9 })).toBe('INVALID_DECKS');
    expect(codeOf({ ...base, decks: 1, cut: 27 })).toBe('INVALID_CUT');
    expect(playShoe({ ...base, cut: 10 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_CUT' },
    });
  });
});

/** Every round the cards would give if the shoe were dealt to the bottom, ignoring the cut card. */
function roundSpans(cards: readonly CardCode[], from: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (let start = from; ;) {
    const round = resolveFromCards(cards.slice(start, start + 6));
    if (!round.ok) return spans;
    spans.push({ start, end: start + round.value.dealt.length - 1 });
    start += round.value.dealt.length;
  }
}

/**
 * R10.5 / R10.6 stated a second way: the first round to reach the cut card's position decides,
 * by whether it starts there or only passes it.
 */
function expectedRounds(
  spans: { start: number; end: number }[],
  cutAt: number,
  rule: LastHandRule,
) {
  const reaching = spans.findIndex((span) => span.end >= cutAt);
  if (reaching < 0) return null;
  const startsBehind = spans[reaching]!.start >= cutAt;
  if (rule === 'plus-one') return startsBehind ? reaching + 1 : reaching + 2;
  return startsBehind ? reaching : reaching + 1;
}

describe('R3.2 R10 R11 whole shoes from many seeds', () => {
  it('R2.1 R3.2 R10.3 R10.5 R10.6 R10.7 every shoe plays out within its cards', () => {
    for (let i = 0; i < 150; i++) {
      const decks = 1 + (i % 8);
      const lastHand: LastHandRule = i % 3 === 0 ? 'finish-current' : 'plus-one';
      const low = MIN_CUT[lastHand];
      const cut = low + ((i * 7) % (decks * 26 - low + 1));
      const request = { serverSeed: seedFor(i), clientSeed: `p${i}`, shoeNumber: i + 1 };
      const shoe = played({ ...request, decks, cut, lastHand });
      const shuffled = fairShuffle({ ...request, decks });
      if (!shuffled.ok) throw new Error(shuffled.error.message);
      const total = decks * 52;
      const firstRoundAt = 1 + shoe.burn.burned.length;

      let position = firstRoundAt;
      for (const round of shoe.rounds) {
        expect(round.dealt.length).toBeGreaterThanOrEqual(4);
        expect(round.dealt.length).toBeLessThanOrEqual(6);
        for (const hand of [round.player, round.banker]) {
          expect(hand.total).toBeGreaterThanOrEqual(0);
          expect(hand.total).toBeLessThanOrEqual(9);
        }
        expect(round.dealt).toEqual(shuffled.value.slice(position, position + round.dealt.length));
        position += round.dealt.length;
      }
      expect(position).toBeLessThanOrEqual(total);
      expect(position + shoe.cardsLeft).toBe(total);
      const spans = roundSpans(shuffled.value, firstRoundAt);
      expect(shoe.rounds.length).toBe(expectedRounds(spans, total - cut, lastHand));
    }
  });
});

describe('R3.1 R10.5 R10.6 dealing card by card', () => {
  function byCards(state: ShoeState) {
    const started = startRound(state);
    if (!started.ok) throw new Error(started.error.code);
    let current = started.value.state;
    let cutCardOut = started.value.cutCardOut;
    for (;;) {
      const drawn = drawCard(current);
      if (!drawn.ok) break;
      current = drawn.value.state;
      cutCardOut ||= drawn.value.cutCardOut;
    }
    const ended = endRound(current);
    if (!ended.ok) throw new Error(ended.error.code);
    return { ...ended.value, cutCardOut };
  }

  it('R3.1 R10.5 R10.6 gives the same rounds and cut card as dealing whole rounds', () => {
    const cases = [500, 501, 502, 503, 504, 505].flatMap((seed) =>
      (['plus-one', 'finish-current'] as const).map((lastHand) => ({ seed, lastHand })),
    );
    for (const { seed, lastHand } of cases) {
      const request = { serverSeed: seedFor(seed), clientSeed: 'steps', shoeNumber: 2, decks: 2 };
      const created = createFairShoe({ ...request, cut: 20, lastHand });
      if (!created.ok) throw new Error(created.error.code);
      const burned = burnShoe(created.value);
      if (!burned.ok) throw new Error(burned.error.code);
      let whole = burned.value.state;
      let stepped = whole;
      let cutCardRounds = 0;
      while (roundStatus(whole) !== 'finished') {
        const dealt = dealRound(whole);
        if (!dealt.ok) throw new Error(dealt.error.code);
        const step = byCards(stepped);
        expect(step.round).toEqual(dealt.value.round);
        expect(step.state).toEqual(dealt.value.state);
        expect(step.cutCardOut).toBe(dealt.value.cutCardOut);
        if (step.cutCardOut) cutCardRounds++;
        whole = dealt.value.state;
        stepped = step.state;
      }
      expect(roundStatus(stepped)).toBe('finished');
      // Under finish-current a cut card in front of a round ends the shoe with no round to flag.
      expect(cutCardRounds).toBe(stepped.cutCard === null ? 0 : 1);
      if (lastHand === 'plus-one') expect(cutCardRounds).toBe(1);
    }
  });
});
