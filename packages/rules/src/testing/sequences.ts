/**
 * Visits every ordered way of drawing `length` items from `items` without replacement: the
 * brute-force count that the odds engine's arithmetic must agree with (R13.1).
 */
export function forEachSequence<T>(
  items: readonly T[],
  length: number,
  visit: (sequence: readonly T[]) => void,
): void {
  const used = new Array<boolean>(items.length).fill(false);
  const sequence: T[] = [];
  const extend = (): void => {
    if (sequence.length === length) {
      visit(sequence);
      return;
    }
    items.forEach((item, i) => {
      if (used[i]) return;
      used[i] = true;
      sequence.push(item);
      extend();
      sequence.pop();
      used[i] = false;
    });
  };
  extend();
}
