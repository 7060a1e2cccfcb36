/**
 * The fixed Punto Banco drawing rules as plain decisions, each naming the rule that made it.
 * Totals and card values are integers 0..9 (R1.2, R2.1).
 */

export type RuleId = `R${number}.${number}`;

export interface Decision {
  readonly draws: boolean;
  readonly rule: RuleId;
}

/** R4.1: a two-card 8 or 9 is a natural. */
export function isNatural(twoCardTotal: number): boolean {
  return twoCardTotal >= 8;
}

/** R5.1 / R5.2: Player, with no natural on the table, draws on 0–5 and stands on 6–7. */
export function playerDecision(playerTotal: number): Decision {
  return playerTotal <= 5 ? { draws: true, rule: 'R5.1' } : { draws: false, rule: 'R5.2' };
}

/**
 * R6 / R7: Banker's decision. `playerThirdValue` is the value of Player's third card,
 * or null when Player stood; R7 looks at that card, never at Player's new total.
 */
export function bankerDecision(bankerTotal: number, playerThirdValue: number | null): Decision {
  if (playerThirdValue === null) {
    return bankerTotal <= 5 ? { draws: true, rule: 'R6.1' } : { draws: false, rule: 'R6.2' };
  }
  const t = playerThirdValue;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return { draws: true, rule: 'R7.2' };
    case 3:
      return { draws: t !== 8, rule: 'R7.3' };
    case 4:
      return { draws: t >= 2 && t <= 7, rule: 'R7.4' };
    case 5:
      return { draws: t >= 4 && t <= 7, rule: 'R7.5' };
    case 6:
      return { draws: t === 6 || t === 7, rule: 'R7.6' };
    default:
      return { draws: false, rule: 'R7.7' };
  }
}

/**
 * BANKER_DRAWS[bankerTotal * 11 + (playerThirdValue ?? 10)] is 1 when Banker draws.
 * A flat table for the simulator and the odds engine, built from bankerDecision so the
 * two can never disagree.
 */
export const BANKER_DRAWS: Uint8Array = (() => {
  const table = new Uint8Array(10 * 11);
  for (let banker = 0; banker < 10; banker++) {
    for (let third = 0; third <= 10; third++) {
      const decision = bankerDecision(banker, third === 10 ? null : third);
      table[banker * 11 + third] = decision.draws ? 1 : 0;
    }
  }
  return table;
})();
