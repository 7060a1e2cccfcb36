import { cardValue, handTotal, type CardCode } from '@banco/rules';

/** "4 + 4 = 8" or "7 + 8 = 15, keep the last digit: 5", worked out by the rules package. */
export function sumWords(cards: readonly CardCode[]): string {
  const values = cards.map(cardValue);
  const sum = values.reduce((a, b) => a + b, 0);
  const total = handTotal(cards);
  const added = `${values.join(' + ')} = ${sum}`;
  return sum === total ? added : `${added}, keep the last digit: ${total}`;
}

export const DIGIT_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => ({
  id: String(d),
  label: String(d),
}));
