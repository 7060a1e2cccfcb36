import { stakeProblem, type Spot } from '@banco/rules';
import type { TableSettings } from '@banco/protocol';

/**
 * The bet a player is building before Confirm (T3.1). It never leaves the browser until
 * Confirm; the server checks it again and has the last word.
 */
export type Stacks = Partial<Record<Spot, number>>;

export interface Draft {
  stacks: Stacks;
  /** Earlier stacks, newest last, for Undo. */
  history: Stacks[];
}

export interface DraftContext {
  limits: TableSettings['limits'];
  /** What the player can still stake: the seat's balance. */
  available: number;
}

export type DraftAction =
  | { type: 'add'; spot: Spot; amount: number }
  | { type: 'undo' }
  | { type: 'clear' }
  | { type: 'rebet'; bets: readonly { spot: string; amount: number }[] }
  | { type: 'double' };

export type DraftRefusalCode = 'SPOT_DISABLED' | 'OVER_MAX' | 'INSUFFICIENT_BALANCE';

export interface DraftRefusal {
  /** The spot the refusal belongs beside; null for the whole draft. */
  spot: Spot | null;
  code: DraftRefusalCode;
}

export interface DraftStep {
  draft: Draft;
  refusal: DraftRefusal | null;
}

export const EMPTY_DRAFT: Draft = { stacks: {}, history: [] };

export const draftTotal = (stacks: Stacks): number =>
  Object.values(stacks).reduce<number>((sum, amount) => sum + (amount ?? 0), 0);

/** The draft as a confirm command carries it: one entry per spot, in a stable order. */
export function draftBets(stacks: Stacks): { spot: Spot; amount: number }[] {
  return (Object.entries(stacks) as [Spot, number | undefined][])
    .filter((entry): entry is [Spot, number] => (entry[1] ?? 0) > 0)
    .map(([spot, amount]) => ({ spot, amount }));
}

/** The first limit the stacks break, if any (checked spot by spot, then the balance). */
function check(stacks: Stacks, ctx: DraftContext): DraftRefusal | null {
  for (const { spot, amount } of draftBets(stacks)) {
    const limit = ctx.limits[spot];
    if (!limit) return { spot, code: 'SPOT_DISABLED' };
    // While drafting, only a limit more chips cannot mend is a refusal: the server checks the rest.
    if (stakeProblem(amount, limit) === 'OVER_MAX') return { spot, code: 'OVER_MAX' };
  }
  return draftTotal(stacks) > ctx.available ? { spot: null, code: 'INSUFFICIENT_BALANCE' } : null;
}

function attempt(draft: Draft, stacks: Stacks, ctx: DraftContext, blame?: Spot): DraftStep {
  const refusal = check(stacks, ctx);
  if (refusal) {
    return {
      draft,
      refusal: refusal.spot === null && blame ? { ...refusal, spot: blame } : refusal,
    };
  }
  return { draft: { stacks, history: [...draft.history, draft.stacks] }, refusal: null };
}

export function draftStep(draft: Draft, action: DraftAction, ctx: DraftContext): DraftStep {
  switch (action.type) {
    case 'add': {
      const stacks = {
        ...draft.stacks,
        [action.spot]: (draft.stacks[action.spot] ?? 0) + action.amount,
      };
      return attempt(draft, stacks, ctx, action.spot);
    }
    case 'undo': {
      const previous = draft.history[draft.history.length - 1];
      if (!previous) return { draft, refusal: null };
      return { draft: { stacks: previous, history: draft.history.slice(0, -1) }, refusal: null };
    }
    case 'clear':
      if (draftTotal(draft.stacks) === 0) return { draft, refusal: null };
      return { draft: { stacks: {}, history: [...draft.history, draft.stacks] }, refusal: null };
    case 'rebet': {
      const stacks: Stacks = {};
      for (const bet of action.bets) {
        // Spots this table no longer offers are left out rather than refused.
        if (bet.spot in ctx.limits) stacks[bet.spot as Spot] = bet.amount;
      }
      if (draftTotal(stacks) === 0) return { draft, refusal: null };
      return attempt(draft, stacks, ctx);
    }
    case 'double': {
      if (draftTotal(draft.stacks) === 0) return { draft, refusal: null };
      const stacks: Stacks = {};
      for (const { spot, amount } of draftBets(draft.stacks)) stacks[spot] = amount * 2;
      return attempt(draft, stacks, ctx);
    }
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}
