import type { TableauCell } from '../tableau';

export interface WhyStepView {
  hand: 'player' | 'banker';
  action: 'draw' | 'stand';
  total: number;
  playerThirdValue?: number;
  rule: string;
}

/** R4: a natural on the table settles both hands before any tableau is read. */
const isNaturalRule = (rule: string) => rule.startsWith('R4.');

/** The Player rule's row that decided, or null when a natural settled the round. */
export function playerRow(step: WhyStepView | undefined): number | null {
  if (!step || step.hand !== 'player' || isNaturalRule(step.rule)) return null;
  return step.total;
}

/**
 * The Banker tableau's cell that decided: Banker's two-card total down, Player's third card
 * across (none when Player stood). Null before Banker's decision and after a natural.
 */
export function bankerCell(step: WhyStepView | undefined): TableauCell | null {
  if (!step || step.hand !== 'banker' || isNaturalRule(step.rule) || step.total > 7) return null;
  return { banker: step.total, third: step.playerThirdValue ?? null };
}
