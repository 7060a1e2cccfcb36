import { useEffect, useState } from 'react';

/**
 * The local clock, read again only when a countdown to `deadline` shows a new whole second, and
 * at `mark` (local clock, ms) when there is one; never after the deadline. A countdown that read
 * the clock four times a second woke its page four times as often as its digits changed.
 */
export function useSecondEdges(deadline: number, mark?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const left = deadline - at;
      if (left <= 0) return;
      // The digits change when the time left reaches a whole second; a timer that fires a
      // little early finds the same digits and waits the rest.
      const toEdge = left % 1_000 || 1_000;
      timer = setTimeout(
        tick,
        mark !== undefined && mark > at ? Math.min(toEdge, mark - at) : toEdge,
      );
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline, mark]);
  return now;
}
