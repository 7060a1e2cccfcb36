/**
 * What a learner types as a balance ("109.50", "109,5", "1,000") read as integer minor units,
 * never through a float. null when it is not an amount of chips.
 */
export function parseChips(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '');
  // "1,000" groups thousands; "109,50" uses a decimal comma.
  const grouped = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(cleaned);
  const normal = grouped ? cleaned.replace(/,/g, '') : cleaned.replace(',', '.');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(normal);
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = match[2] === undefined ? 0 : Number(match[2].padEnd(2, '0'));
  const minor = whole * 100 + cents;
  return Number.isSafeInteger(minor) ? minor : null;
}
