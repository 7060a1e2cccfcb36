/**
 * The Chemin de Fer drawing table (R16): Punto Banco's tableau with three cells left to the
 * player who holds the hand. Totals and card values are integers 0..9 (R1.2, R2.1).
 */
import { puntoRule, type DrawOption } from '../coup-steps.js';
import type { RuleId } from '../tableau.js';

// R14.4 naturals are Punto Banco's (R4.1): one definition, in tableau.ts.
export { isNatural } from '../tableau.js';

// A hand's two options where it may choose: one definition, in coup-steps.ts.
export { DRAW_OPTIONS, type DrawOption } from '../coup-steps.js';

/** The three cells where a hand may choose (R16.1, R16.3). */
export type ChoiceCell = 'punto-5' | 'banker-3-vs-9' | 'banker-5-vs-4';

export const CHOICE_CELLS: readonly ChoiceCell[] = ['punto-5', 'banker-3-vs-9', 'banker-5-vs-4'];

/**
 * R16.4: what "the rule" does at each choice cell: the option a croupier takes for a player
 * who plays by the rule or lets the window run out. Draw everywhere: the punto's optimal mix
 * draws on 5 nine times in eleven (R18.2), and against a punto who draws on 5 drawing is the
 * banker's better option at both of his cells, in the infinite deck and in a full six-deck shoe
 * (R18.1; the test in draw-table.test.ts recomputes it). It is also Punto Banco's tableau, so a
 * newcomer from that table meets no surprise.
 */
export const RULE_OPTION: Readonly<Record<ChoiceCell, DrawOption>> = {
  'punto-5': 'draw',
  'banker-3-vs-9': 'draw',
  'banker-5-vs-4': 'draw',
};

export type Decision =
  | { readonly kind: 'draw' | 'stand'; readonly rule: RuleId }
  | { readonly kind: 'choice'; readonly cell: ChoiceCell; readonly rule: RuleId };

/** R16.1: the punto, with no natural on the table. */
export function puntoDecision(total: number): Decision {
  const forced = puntoRule(total);
  if (forced === null) return { kind: 'choice', cell: 'punto-5', rule: 'R16.1' };
  return { kind: forced, rule: 'R16.1' };
}

/**
 * R16.2 / R16.3: the banker, with no natural on the table. `puntoThird` is the value of the
 * punto's third card (face up), or null when the punto stood.
 */
export function bankerDecision(bankerTotal: number, puntoThird: number | null): Decision {
  if (puntoThird === null) {
    return { kind: bankerTotal <= 5 ? 'draw' : 'stand', rule: 'R16.2' };
  }
  const t = puntoThird;
  const rule: RuleId = 'R16.3';
  const drawIf = (draws: boolean): Decision => ({ kind: draws ? 'draw' : 'stand', rule });
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return drawIf(true);
    case 3:
      return t === 9 ? { kind: 'choice', cell: 'banker-3-vs-9', rule } : drawIf(t !== 8);
    case 4:
      return drawIf(t >= 2 && t <= 7);
    case 5:
      return t === 4 ? { kind: 'choice', cell: 'banker-5-vs-4', rule } : drawIf(t >= 5 && t <= 7);
    case 6:
      return drawIf(t === 6 || t === 7);
    default:
      return drawIf(false);
  }
}

/** A decision with any choice made by `choose` (by default the rule, R16.4). */
export function draws(
  decision: Decision,
  choose: (cell: ChoiceCell) => DrawOption = (cell) => RULE_OPTION[cell],
): boolean {
  return decision.kind === 'choice' ? choose(decision.cell) === 'draw' : decision.kind === 'draw';
}
