import { bankerDecision, playerDecision, type RuleId } from '@banco/rules';

/** Banker's two-card totals the tableau covers: 8 and 9 are naturals and never draw (R4.1). */
export const BANKER_ROWS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7];
/** Player's two-card totals the Player rule covers. */
export const PLAYER_ROWS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7];
/** null is "Player stood (no third card)"; 0–9 are the value of Player's third card. */
export const THIRD_COLUMNS: readonly (number | null)[] = [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** One look-up in the Banker tableau. */
export interface TableauCell {
  /** Banker's two-card total, 0–7. */
  readonly banker: number;
  /** The value of Player's third card, or null when Player stood. */
  readonly third: number | null;
}

export interface CellVerdict {
  readonly draws: boolean;
  readonly rule: RuleId;
}

export function verdictOf(cell: TableauCell): CellVerdict {
  return bankerDecision(cell.banker, cell.third);
}

/** "2–7", "0–7 or 9", "6 or 7": a sorted set of digits written the way a person says it. */
export function spanWords(values: readonly number[]): string {
  const runs: string[] = [];
  let start = 0;
  while (start < values.length) {
    let end = start;
    while (end + 1 < values.length && values[end + 1] === values[end]! + 1) end++;
    const first = values[start]!;
    const last = values[end]!;
    if (first === last) runs.push(`${first}`);
    else if (last === first + 1) runs.push(`${first}`, `${last}`);
    else runs.push(`${first}–${last}`);
    start = end + 1;
  }
  if (runs.length <= 1) return runs.join('');
  return `${runs.slice(0, -1).join(', ')} or ${runs[runs.length - 1]}`;
}

function runCount(values: readonly number[]): number {
  return values.filter((v, i) => i === 0 || values[i - 1] !== v - 1).length;
}

const DIGITS: readonly number[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * When Banker on this total draws after Player drew, in words, worked out from the rules
 * package so the sentence can never drift from the table.
 */
export function bankerRowWords(banker: number): string {
  const drawOn = DIGITS.filter((t) => bankerDecision(banker, t).draws);
  const standOn = DIGITS.filter((t) => !bankerDecision(banker, t).draws);
  if (standOn.length === 0) return `Banker on ${banker} always draws, whatever Player's third card`;
  if (drawOn.length === 0) return `Banker on ${banker} always stands, whatever Player's third card`;
  // Name whichever set reads shorter: "unless 8" for 3, "only when 2–7" for 4.
  const shorter = runCount(standOn) - runCount(drawOn) || standOn.length - drawOn.length;
  if (shorter < 0) {
    return `Banker on ${banker} draws unless Player's third card is ${spanWords(standOn)}`;
  }
  return `Banker on ${banker} draws only when Player's third card is ${spanWords(drawOn)}`;
}

/** The totals on which a hand that stands alone (Player, or Banker when Player stood) draws. */
function simpleRuleWords(decide: (total: number) => CellVerdict): string {
  const drawOn = PLAYER_ROWS.filter((t) => decide(t).draws);
  const standOn = PLAYER_ROWS.filter((t) => !decide(t).draws);
  return `draws on ${spanWords(drawOn)} and stands on ${spanWords(standOn)}`;
}

export function playerRuleWords(): string {
  return `Player ${simpleRuleWords(playerDecision)}`;
}

export function bankerStoodRuleWords(): string {
  return `Banker ${simpleRuleWords((t) => bankerDecision(t, null))}`;
}

/** The sentence that explains one lit cell, e.g. for Banker 4 against a third card of 2. */
export function explainCell(cell: TableauCell): string {
  const { draws, rule } = verdictOf(cell);
  const verb = draws ? 'draws' : 'stands';
  if (cell.third === null) {
    return `Player stood, so Banker uses the simple rule (${bankerStoodRuleWords()}): on ${cell.banker} Banker ${verb} (${rule}).`;
  }
  return `Banker has ${cell.banker} and Player's third card is worth ${cell.third}. ${bankerRowWords(cell.banker)}, so here Banker ${verb} (${rule}).`;
}

export function explainPlayer(total: number): string {
  const { draws, rule } = playerDecision(total);
  return `Player has ${total} on two cards and no natural is on the table: ${playerRuleWords()}, so Player ${draws ? 'draws' : 'stands'} (${rule}).`;
}

export function columnLabel(third: number | null): string {
  return third === null ? 'Player stood' : `Player's third card ${third}`;
}
