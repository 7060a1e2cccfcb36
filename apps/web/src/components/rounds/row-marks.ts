/**
 * A shoe's row as every game's table marks it: its anchor (the recap links `#round-3`), a
 * difference the fairness check found, and the round a link points at, marked and focusable so
 * it can take focus (/shoes?…&round=N).
 */
export function rowMarks(number: number, linked: number | null, bad = false) {
  const isLinked = number === linked;
  const className =
    [bad ? 'fair-rounds__bad' : '', isLinked ? 'rounds__linked' : ''].filter(Boolean).join(' ') ||
    undefined;
  return {
    id: `round-${number}`,
    className,
    ...(isLinked ? { tabIndex: -1, 'aria-current': 'location' as const } : {}),
  };
}
