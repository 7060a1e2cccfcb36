import { describe, expect, it } from 'vitest';
import {
  draftBets,
  draftStep,
  draftTotal,
  EMPTY_DRAFT,
  type Draft,
  type DraftContext,
} from './draft';

const ctx: DraftContext = {
  limits: {
    player: { min: 1_000, max: 50_000 },
    banker: { min: 1_000, max: 50_000 },
    tie: { min: 1_000, max: 10_000 },
  },
  available: 100_000,
};

function run(
  actions: Parameters<typeof draftStep>[1][],
  context = ctx,
): { draft: Draft; refusals: unknown[] } {
  let draft = EMPTY_DRAFT;
  const refusals: unknown[] = [];
  for (const action of actions) {
    const step = draftStep(draft, action, context);
    draft = step.draft;
    refusals.push(step.refusal);
  }
  return { draft, refusals };
}

describe('bet draft', () => {
  it('stacks chips on spots and totals them', () => {
    const { draft } = run([
      { type: 'add', spot: 'banker', amount: 2_500 },
      { type: 'add', spot: 'banker', amount: 1_000 },
      { type: 'add', spot: 'tie', amount: 1_000 },
    ]);
    expect(draft.stacks).toEqual({ banker: 3_500, tie: 1_000 });
    expect(draftTotal(draft.stacks)).toBe(4_500);
    expect(draftBets(draft.stacks)).toEqual([
      { spot: 'banker', amount: 3_500 },
      { spot: 'tie', amount: 1_000 },
    ]);
  });

  it('undo steps back one change at a time, and does nothing on an empty history', () => {
    const { draft } = run([
      { type: 'add', spot: 'player', amount: 1_000 },
      { type: 'add', spot: 'player', amount: 5_000 },
      { type: 'undo' },
    ]);
    expect(draft.stacks).toEqual({ player: 1_000 });
    const back = draftStep(draft, { type: 'undo' }, ctx).draft;
    expect(back.stacks).toEqual({});
    expect(draftStep(back, { type: 'undo' }, ctx).draft).toBe(back);
  });

  it('clear empties the draft and can itself be undone', () => {
    const { draft } = run([{ type: 'add', spot: 'player', amount: 1_000 }, { type: 'clear' }]);
    expect(draft.stacks).toEqual({});
    expect(draftStep(draft, { type: 'undo' }, ctx).draft.stacks).toEqual({ player: 1_000 });
  });

  it('rebet puts back last round’s bets, leaving out spots the table no longer takes', () => {
    const { draft } = run([
      { type: 'add', spot: 'tie', amount: 1_000 },
      {
        type: 'rebet',
        bets: [
          { spot: 'banker', amount: 5_000 },
          { spot: 'super6', amount: 1_000 },
        ],
      },
    ]);
    expect(draft.stacks).toEqual({ banker: 5_000 });
    expect(draftStep(draft, { type: 'undo' }, ctx).draft.stacks).toEqual({ tie: 1_000 });
  });

  it('double doubles every stack', () => {
    const { draft } = run([
      { type: 'add', spot: 'player', amount: 2_500 },
      { type: 'add', spot: 'tie', amount: 1_000 },
      { type: 'double' },
    ]);
    expect(draft.stacks).toEqual({ player: 5_000, tie: 2_000 });
  });

  it('refuses a chip over the spot maximum next to that spot, and keeps the draft', () => {
    const { draft, refusals } = run([
      { type: 'add', spot: 'tie', amount: 5_000 },
      { type: 'add', spot: 'tie', amount: 10_000 },
    ]);
    expect(refusals).toEqual([null, { spot: 'tie', code: 'OVER_MAX' }]);
    expect(draft.stacks).toEqual({ tie: 5_000 });
  });

  it('refuses a double that would break a maximum', () => {
    const { draft, refusals } = run([
      { type: 'add', spot: 'tie', amount: 6_000 },
      { type: 'double' },
    ]);
    expect(refusals[1]).toEqual({ spot: 'tie', code: 'OVER_MAX' });
    expect(draft.stacks).toEqual({ tie: 6_000 });
  });

  it('refuses more than the balance, beside the spot that was clicked', () => {
    const poor = { ...ctx, available: 3_000 };
    const { draft, refusals } = run(
      [
        { type: 'add', spot: 'banker', amount: 2_500 },
        { type: 'add', spot: 'player', amount: 1_000 },
      ],
      poor,
    );
    expect(refusals[1]).toEqual({ spot: 'player', code: 'INSUFFICIENT_BALANCE' });
    expect(draft.stacks).toEqual({ banker: 2_500 });
    const doubled = draftStep(draft, { type: 'double' }, poor);
    expect(doubled.refusal).toEqual({ spot: null, code: 'INSUFFICIENT_BALANCE' });
    const rebet = draftStep(
      EMPTY_DRAFT,
      { type: 'rebet', bets: [{ spot: 'banker', amount: 5_000 }] },
      poor,
    );
    expect(rebet.refusal).toEqual({ spot: null, code: 'INSUFFICIENT_BALANCE' });
    expect(rebet.draft).toBe(EMPTY_DRAFT);
  });

  it('refuses a spot the table does not offer', () => {
    const step = draftStep(EMPTY_DRAFT, { type: 'add', spot: 'dragonBanker', amount: 1_000 }, ctx);
    expect(step.refusal).toEqual({ spot: 'dragonBanker', code: 'SPOT_DISABLED' });
    expect(step.draft).toBe(EMPTY_DRAFT);
  });
});
