import type { ShoeReply } from '@banco/protocol';
import { commitmentOf, playShoe } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { redeal } from './shoes.js';

const SEEDS = { serverSeed: 'a'.repeat(64), clientSeed: 'table-1', shoeNumber: 1 };

/** The public record of the first rounds of a fair 8-deck shoe, as GET /api/shoes/:id gives it. */
function record(game: ShoeReply['game'] = 'punto-banco'): ShoeReply {
  const played = playShoe({ ...SEEDS, decks: 8, cut: 16, lastHand: 'plus-one' });
  if (!played.ok) throw new Error(played.error.message);
  return {
    id: 's',
    tableId: 't',
    number: 1,
    commitment: commitmentOf(SEEDS.serverSeed),
    clientSeed: SEEDS.clientSeed,
    decks: 8,
    cut: 16,
    lastHand: 'plus-one',
    game,
    burnShown: null,
    startedAt: '2026-12-07T00:00:00.000Z',
    endedAt: '2026-12-07T00:10:00.000Z',
    serverSeed: SEEDS.serverSeed,
    rounds: played.value.rounds.slice(0, 5).map((r, i) => ({
      number: i + 1,
      cards: [...r.dealt],
      outcome: r.outcome,
      voided: false,
    })),
    verification: null,
  };
}

describe("the soak's shoe re-deal", () => {
  it('R11 passes a shoe recorded as it was dealt', () => {
    expect(redeal(record())).toBeNull();
  });

  it('R11 finds a card the table recorded out of turn', () => {
    const shoe = record();
    const cards = shoe.rounds[2]!.cards;
    shoe.rounds[2] = { ...shoe.rounds[2]!, cards: [cards[1]!, cards[0]!, ...cards.slice(2)] };
    expect(redeal(shoe)).toMatch(/^round 3: recorded /);
  });

  it('R11 finds a result the cards do not give', () => {
    const shoe = record();
    const first = shoe.rounds[0]!;
    shoe.rounds[0] = { ...first, outcome: first.outcome === 'tie' ? 'player' : 'tie' };
    expect(redeal(shoe)).toMatch(/^round 1: recorded tie|^round 1: recorded player/);
  });

  it('R11.1 finds a seed that does not hash to the commitment', () => {
    expect(redeal({ ...record(), commitment: '0'.repeat(64) })).toMatch(/commitment/);
  });

  it('R19 finds a Chemin de Fer coup no legal deal of the shoe gives', () => {
    const shoe = record('chemin-de-fer');
    shoe.rounds = [{ number: 1, cards: ['KH', 'KH', 'KH', 'KH'], outcome: 'tie', voided: false }];
    expect(redeal(shoe)).toMatch(/^coup 1: /);
  });
});
