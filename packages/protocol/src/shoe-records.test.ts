import type { cheminDeFer } from '@banco/rules';
import { describe, expect, it } from 'vitest';
import { coupStepViewSchema } from './chemin-de-fer-view.js';
import { shoeReplySchema } from './history.js';
import { shoeListReply } from './shoe.js';
import { verifyCommand } from './verify-command.js';

const record = {
  id: 's1',
  tableId: 'cdf',
  number: 1,
  commitment: 'c'.repeat(64),
  clientSeed: 'seed',
  decks: 6,
  cut: 7,
  lastHand: 'finish-current',
  burnShown: '5H',
  startedAt: '2026-12-02T20:00:00.000Z',
  endedAt: null,
  serverSeed: null,
  rounds: [],
  verification: null,
};
const listed = {
  id: 's1',
  number: 1,
  startedAt: '2026-12-02T20:00:00.000Z',
  endedAt: null,
  revealed: false,
  rounds: 0,
};

describe('C6.1 a shoe record says its game', () => {
  it('C6.1 carries chemin-de-fer, and a reply without the field (an older server) is punto-banco', () => {
    expect(shoeReplySchema.parse({ ...record, game: 'chemin-de-fer' }).game).toBe('chemin-de-fer');
    expect(shoeReplySchema.parse(record).game).toBe('punto-banco');
    const list = (game?: string) =>
      shoeListReply.parse({ tableId: 'cdf', shoes: [{ ...listed, ...(game ? { game } : {}) }] });
    expect(list('chemin-de-fer').shoes[0]!.game).toBe('chemin-de-fer');
    expect(list().shoes[0]!.game).toBe('punto-banco');
  });

  it('C6.1 refuses a game that is not a room kind', () => {
    expect(shoeReplySchema.safeParse({ ...record, game: 'whist' }).success).toBe(false);
    expect(
      shoeListReply.safeParse({ tableId: 'cdf', shoes: [{ ...listed, game: 'whist' }] }).success,
    ).toBe(false);
  });
});

describe('B6.2 a revealed Baccara Banque shoe carries each coup’s story', () => {
  const revealed = {
    ...record,
    game: 'baccara-banque',
    serverSeed: 'f'.repeat(64),
    endedAt: '2026-12-02T21:00:00.000Z',
  };
  const round = { number: 1, cards: ['AH', '2S'], outcome: null, voided: false };

  it('B6.2 keeps the story’s steps as the rules wrote them, null before the shoe is revealed', () => {
    const story = [
      { step: 'dealt', right: ['AH', '2S'] },
      { step: 'draw', hand: 'right', total: 3, card: '9C', by: 'choice' },
    ];
    const parsed = shoeReplySchema.parse({ ...revealed, rounds: [{ ...round, story }] });
    expect(parsed.rounds[0]!.story).toEqual(story);
    const inPlay = shoeReplySchema.parse({ ...record, rounds: [{ ...round, story: null }] });
    expect(inPlay.rounds[0]!.story).toBeNull();
  });

  it('B6.2 refuses a story that is not a list of steps', () => {
    expect(
      shoeReplySchema.safeParse({ ...revealed, rounds: [{ ...round, story: 'dealt' }] }).success,
    ).toBe(false);
    expect(
      shoeReplySchema.safeParse({ ...revealed, rounds: [{ ...round, story: ['dealt'] }] }).success,
    ).toBe(false);
  });
});

describe('C6.3 a revealed Chemin de Fer shoe carries each coup’s story', () => {
  const revealed = {
    ...record,
    game: 'chemin-de-fer',
    serverSeed: 'f'.repeat(64),
    endedAt: '2026-12-02T21:00:00.000Z',
  };
  /** Punto 5 left to the rule, which draws (R16.4); the banker, 3 against a 9, stands by choice. */
  const story: cheminDeFer.CoupStep[] = [
    {
      kind: 'covered',
      cover: {
        kind: 'banco',
        covers: [{ seat: 2, amount: 500 }],
        covered: 500,
        uncovered: 0,
        puntoSeat: 2,
      },
    },
    { kind: 'dealt', punto: ['2H', '3D'], banker: ['AC', '2S'] },
    {
      kind: 'draw',
      hand: 'punto',
      total: 5,
      card: '9C',
      cell: 'punto-5',
      by: 'rule',
      rule: 'R16.1',
    },
    {
      kind: 'stand',
      hand: 'banker',
      total: 3,
      puntoThird: 9,
      cell: 'banker-3-vs-9',
      by: 'choice',
      rule: 'R16.3',
    },
    { kind: 'result', outcome: 'player', punto: 4, banker: 3 },
  ];
  const round = {
    number: 1,
    cards: ['2H', '3D', '9C', 'AC', '2S'],
    outcome: 'player',
    voided: false,
  };

  it('C6.3 every step the rules write reads as a settled story step: cells and who decided', () => {
    const sent = JSON.parse(JSON.stringify(story));
    const parsed = shoeReplySchema.parse({ ...revealed, rounds: [{ ...round, story: sent }] });
    const steps = (parsed.rounds[0]!.story ?? []).map((s) => coupStepViewSchema.parse(s));
    expect(steps).toEqual(sent);
    expect(steps.filter((s) => 'by' in s).map((s) => 'by' in s && [s.cell, s.by])).toEqual([
      ['punto-5', 'rule'],
      ['banker-3-vs-9', 'choice'],
    ]);
  });

  it('C6.3 a step with a cell the drawing table does not have is not a Chemin de Fer step', () => {
    const step = { ...story[2], cell: 'punto-6' };
    expect(coupStepViewSchema.safeParse(step).success).toBe(false);
    expect(coupStepViewSchema.safeParse({ ...story[2], by: 'croupier' }).success).toBe(false);
  });
});

describe('C6.2 the verify command of a Chemin de Fer shoe', () => {
  const shoe = {
    serverSeed: 'f'.repeat(64),
    clientSeed: 'cdf',
    shoeNumber: 2,
    decks: 6,
    cut: 7,
    lastHand: 'finish-current',
  };
  it("C6.2 ends --game chemin-de-fer; a Punto Banco shoe's command is as before", () => {
    expect(verifyCommand({ ...shoe, game: 'chemin-de-fer' })).toBe(
      `pnpm banco verify --server-seed ${'f'.repeat(64)} --client-seed cdf --shoe 2 --decks 6 --cut 7 --last-hand finish-current --game chemin-de-fer`,
    );
    expect(verifyCommand({ ...shoe, game: 'punto-banco' })).toBe(verifyCommand(shoe));
    expect(verifyCommand(shoe)).not.toContain('--game');
  });
});
